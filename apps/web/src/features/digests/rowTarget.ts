/**
 * Where a digest row opens (a click or Enter on the row): the screen of its record in the digest's
 * year — a movement at movements/{revenues|expenses}/{recordNumber}, a budget change at
 * budget/changes/edit/{recordNumber} (the adjustment, record -1, at budget/adjustment/edit), a
 * reservation at reservations/edit?nr=…, an account transfer at accounts/transfer?nr=….
 */
import type { DigestKind, MovementKind } from '@app/domain';
import { scopePath, type ScopeRef } from '../scope/scopePath.ts';

export interface DigestRowSource {
  /** Without a kind (the supplier digest's rows) the row is a movement of `movementKind`. */
  kind?: DigestKind | undefined;
  movementKind: MovementKind | null;
  recordNumber: number;
  /** The record's own year when it is not the digest's (a bill of an earlier year on a residue line). */
  recordYear?: number | null | undefined;
}

/** The address of the row's record in the scope (department and the digest's year, or the record's own year), or null when it has none. */
export function digestRowHref(row: DigestRowSource, digestScope: ScopeRef): string | null {
  const scope = { ...digestScope, year: row.recordYear ?? digestScope.year };
  switch (row.kind) {
    case undefined:
    case 'revenue':
    case 'paymentDone':
    case 'paymentOpen':
    case 'paymentReturn':
    case 'transfer': {
      const kind = row.movementKind ?? (row.kind === 'revenue' ? 'revenues' : row.kind === 'transfer' ? null : 'expenses');
      return kind && row.recordNumber > 0 ? scopePath(scope, `movements/${kind}/${row.recordNumber}`) : null;
    }
    case 'budgetChange':
      if (row.recordNumber === -1) return scopePath(scope, 'budget/adjustment/edit');
      return row.recordNumber > 0 ? scopePath(scope, `budget/changes/edit/${row.recordNumber}`) : null;
    case 'reservation':
      return row.recordNumber > 0 ? `${scopePath(scope, 'reservations/edit')}?nr=${row.recordNumber}` : null;
    case 'accountTransfer':
      return row.recordNumber > 0 ? `${scopePath(scope, 'accounts/transfer')}?nr=${row.recordNumber}` : null;
  }
}

/** The page that shows the newest rows (the last one), at least 1. */
export function lastPage(total: number, pageSize: number): number {
  return Math.max(1, Math.ceil(total / pageSize));
}
