import { type Db, execRows, moneyParam } from '@app/db';
import {
  checkResidueAmount,
  type ResidueExport,
  type ResidueExportGroup,
  type ResidueExportInput,
  type ResidueFinal,
  type ResidueFinalSaveInput,
  type ResiduePosition,
  residueBounds,
  type ResidueSource,
  chapterFigures,
} from '@app/domain';
import { sql } from 'drizzle-orm';
import { fail } from '../../errors.ts';
import { type BudgetHead, lockOpenHead, readHead } from '../ledger/head.ts';
import { residueLines, residuePosition } from './lines.ts';
import type { BookingScope } from '../ledger/bookingScope.ts';

/**
 * Residue determination (spec 3 §2 "Determination", §4, §5; DOMAIN.md "Year end", decision 14): the
 * final residue per chapter line of the scope, within 0 / the remaining reservations / the availability.
 */

/** Residue writes need an open year (YearLocked), an approved forecast (BudgetNotApproved) and an open budget (BudgetClosed). */
export async function lockResidueHead(tx: Db, scope: BookingScope): Promise<BudgetHead> {
  const head = await lockOpenHead(tx, scope);
  if (head.finalApproved) fail('BudgetClosed');
  if (!head.forecastApproved) fail('BudgetNotApproved');
  return head;
}

/** Budget/Residues/Final GET: the positions of one source with their bounds and flags. */
export async function getResidueFinal(db: Db, scope: BookingScope, source: 1 | 2): Promise<ResidueFinal> {
  const [head, lines] = await Promise.all([readHead(db, scope), residueLines(db, scope)]);
  const closed = head.finalApproved !== null;
  const writable = !closed && head.forecastApproved !== null;
  const current = (chapterYear: number) => chapterYear === scope.year;
  return {
    source,
    positions: lines.filter((l) => current(l.chapterYear) === (source === 1)).map((l) => residuePosition(l, writable)),
    isBudgetClosed: closed,
    allDetermined: lines.every((l) => l.finalResidue !== null),
  };
}

/**
 * Budget/Residues/Final PUT: every sent amount checked against its line's bounds (refused as a whole:
 * InvalidValue / SmallerThanExistingResidue naming `positions.<i>.amount`), written in one statement;
 * the lines of the source that can't hold a residue (availability 0) are determined with 0 by the same
 * save. Runs behind the budget head's FOR UPDATE lock, so no booking moves the figures meanwhile.
 */
export async function saveResidueFinal(db: Db, scope: BookingScope, input: ResidueFinalSaveInput): Promise<ResidueFinal> {
  await db.transaction(async (tx) => {
    await lockResidueHead(tx, scope);
    const lines = await residueLines(tx, scope, { source: input.budgetType });
    const byId = new Map(lines.map((l) => [l.lineId, l]));
    const values = new Map<number, number>();
    input.positions.forEach((p, i) => {
      const line = byId.get(p.budgetId);
      if (!line || values.has(p.budgetId)) fail('InvalidValue', { field: `positions.${i}.budgetId` });
      const bounds = residueBounds(chapterFigures(line));
      const error = checkResidueAmount(p.amount, bounds);
      if (error)
        fail(error, {
          field: `positions.${i}.amount`,
          params: { chapter: line.chapter, chapterYear: line.chapterYear, minimum: bounds.minimum, maximum: bounds.maximum },
        });
      values.set(p.budgetId, p.amount);
    });
    for (const line of lines) {
      if (values.has(line.lineId) || line.finalResidue !== null) continue;
      if (residueBounds(chapterFigures(line)).maximum === 0) values.set(line.lineId, 0);
    }
    await writeFinalResidues(tx, values);
  });
  return getResidueFinal(db, scope, input.budgetType);
}

/** Sets final_residue of the given lines in one statement. */
async function writeFinalResidues(tx: Db, values: ReadonlyMap<number, number>): Promise<void> {
  if (values.size === 0) return;
  const rows = sql.join(
    [...values].map(([id, cents]) => sql`(${id}::int, ${moneyParam(cents)}::numeric)`),
    sql`, `,
  );
  await execRows(tx, sql`update chapter_budgets set final_residue = v.amount from (values ${rows}) v (id, amount) where chapter_budgets.id = v.id`);
}

function groupTotals(positions: readonly ResiduePosition[]): ResidueExportGroup['totals'] {
  const sum = (pick: (p: ResiduePosition) => number) => positions.reduce((total, p) => total + pick(p), 0);
  return {
    allocated: sum((p) => p.budget.allocated),
    payments: sum((p) => p.budget.payments),
    available: sum((p) => p.budget.available),
    reservations: sum((p) => p.budget.reservations),
    openPayments: sum((p) => p.budget.openPayments),
    finalResidue: sum((p) => p.amount),
  };
}

/**
 * Budget/Residues/Export GET: the lines of the source (0 all) filtered by residue (with: the amount
 * shown, determined or proposed, above 0), grouped per source (current first) and part with totals.
 */
export async function residueExport(db: Db, scope: BookingScope, input: ResidueExportInput): Promise<ResidueExport> {
  const lines = await residueLines(db, scope, { source: input.source as ResidueSource });
  const positions = lines.map((l) => residuePosition(l, false)).filter((p) => (p.amount > 0 ? input.includeWithResidue : input.includeWithoutResidue));
  const groups: ResidueExportGroup[] = [];
  for (const source of [1, 2] as const) {
    for (const part of [1, 2] as const) {
      const inGroup = positions.filter((p) => (p.chapter.chapterYear === scope.year) === (source === 1) && p.chapter.part === part);
      if (inGroup.length > 0) groups.push({ source, part, positions: inGroup, totals: groupTotals(inGroup) });
    }
  }
  return {
    source: input.source,
    isDetailed: input.detailed,
    includeWithResidue: input.includeWithResidue,
    includeWithoutResidue: input.includeWithoutResidue,
    groups,
    positions: groups.flatMap((g) => g.positions),
  };
}
