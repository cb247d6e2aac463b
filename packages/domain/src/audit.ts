import { z } from 'zod';
import { IsoDate } from './dates.ts';
import { MovementKindSchema } from './movementTypes.ts';
import { MAX_PAGE_SIZE, PageInput } from './paging.ts';
import { Int } from './primitives.ts';
import { Year } from './scope.ts';

/** The business actions of the audit trail (issue 27). */
export const AUDIT_ACTIONS = [
  'created',
  'changed',
  'deleted',
  'cancelled',
  'approved',
  'reopened',
  'registered',
  'exported',
  'stored',
  'settled',
  'returned',
  'copied',
  'unlocked',
  'imported',
  'carriedOver',
  'statusChanged',
  'setUp',
  'signedIn',
  'signInFailed',
  'signedOut',
  'passwordChanged',
] as const;
export type AuditAction = (typeof AUDIT_ACTIONS)[number];

/** The entities of the audit trail (issue 27): what a row's write touches (the table by procedure in api/services/audit/actions.ts). */
export const AUDIT_ENTITIES = [
  'movement',
  'reservation',
  'accountTransfer',
  'accountBalance',
  'budgetForecast',
  'budgetSurplus',
  'budgetChange',
  'budgetAdjustment',
  'paymentOrder',
  'document',
  'bankStatement',
  'statementRule',
  'residue',
  'finalBalance',
  'financialYear',
  'chart',
  'chartTitle',
  'chartCategory',
  'chartChapter',
  'template',
  'department',
  'supplier',
  'bank',
  'account',
  'user',
  'userDepartment',
  'session',
  'system',
] as const;
export type AuditEntity = (typeof AUDIT_ENTITIES)[number];

/**
 * The audit trail's list (issue 27): filters by date range (the day in UTC), user (id, or a part of the
 * name as it was written), department, year, entity, record number and action; newest first, paged.
 * A record's history (the "Verlauf" button) adds `kind` (a movement's revenues/expenses: both are the
 * entity `movement`, numbered apart; matched on the kind the save's input names) or `entityId`; a residue line's
 * history `chapterLine` (the rows whose changed database rows include that chapter line).
 */
export const AuditListInput = PageInput.extend({
  from: IsoDate.optional(),
  to: IsoDate.optional(),
  userId: Int.min(1).optional(),
  userName: z.string().trim().max(100).optional(),
  departmentId: Int.min(1).optional(),
  // a financial year (the column is a smallint: a larger number would fail in the database, a 500)
  year: Year.optional(),
  entity: z.string().max(40).optional(),
  entityId: z.string().max(64).optional(),
  kind: MovementKindSchema.optional(),
  recordNumber: Int.min(1).optional(),
  action: z.string().max(20).optional(),
  /** The rows that changed this chapter line (`chapter_budgets.id`: a residue line's history; the captured rows name it). */
  chapterLine: Int.min(1).optional(),
});
export type AuditListInput = z.input<typeof AuditListInput>;

/**
 * A chapter a trail row's change names by id, resolved by the list (one query a page): a chapter line
 * (`of: 'line'`, `chapter_budgets.id`: movement and change positions, reservations, residue lines) or a chart
 * chapter (`of: 'chapter'`, `chapters.id`), with its code, year and description (a line's own names for an
 * editable chapter, else the chart's). A chapter deleted since is not resolved.
 */
export const AuditRef = z.object({
  of: z.enum(['line', 'chapter']),
  id: z.number().int(),
  chapter: z.string(),
  chapterYear: z.number().int(),
  descriptionDeu: z.string(),
  descriptionIta: z.string(),
});
export type AuditRef = z.infer<typeof AuditRef>;

/**
 * A record a trail row names by id besides chapters (a position's reservation, a movement's account and supplier, a
 * transfer's accounts, a link's department and user): resolved by the list like AuditRef, so the detail reads a
 * business name or record number instead of an id — an account and a supplier as `code name`, a reservation by its
 * record number, a bank by its name, a department by its code, a user by the sign-in name.
 */
export const AuditNameKind = z.enum(['account', 'supplier', 'reservation', 'bank', 'department', 'user']);
export type AuditNameKind = z.infer<typeof AuditNameKind>;
export const AuditName = z.object({
  of: AuditNameKind,
  id: z.number().int(),
  textDeu: z.string(),
  textIta: z.string(),
});
export type AuditName = z.infer<typeof AuditName>;

export const AuditRow = z.object({
  id: z.number().int(),
  at: z.string(),
  userId: z.number().int().nullable(),
  userName: z.string(),
  clientAddress: z.string(),
  departmentId: z.number().int().nullable(),
  /** The department's code today (null: no department, or one deleted since). */
  departmentCode: z.string().nullable(),
  year: z.number().int().nullable(),
  entity: z.string(),
  entityId: z.string().nullable(),
  recordNumber: z.number().int().nullable(),
  action: z.string(),
  procedure: z.string(),
  changes: z.unknown(),
  /** The chapters `changes` names by id (see AuditRef). */
  refs: z.array(AuditRef).optional(),
  /** The other records `changes` names by id (see AuditName). */
  names: z.array(AuditName).optional(),
});
export type AuditRow = z.infer<typeof AuditRow>;

/**
 * Matching rows counted at most (the list's count stops there, so a page of a union's whole trail is served from the
 * index in milliseconds instead of counting half a million rows): beyond it `total` is this cap and `more` is true.
 */
export const AUDIT_COUNT_CAP = 10_000;

export const AuditPage = z.object({
  entities: z.array(AuditRow),
  page: z.number().int(),
  pageSize: z.number().int(),
  totalPages: z.number().int(),
  total: z.number().int(),
  /** More rows match than `total` (AUDIT_COUNT_CAP): narrow the filter to page through all of them. */
  more: z.boolean(),
});

/** One row a save changed (audit_capture, migration 0022): table, I/U/D, key, before/after of each changed column (money in cents). */
export interface AuditChangedRow {
  table: string;
  op: 'I' | 'U' | 'D';
  key: string | null;
  fields: Record<string, { before?: unknown; after?: unknown }>;
}

/** What a trail row's `changes` holds: the save's sanitised input and the rows it changed (`omittedRows` beyond 500). */
export interface AuditChanges {
  input: unknown;
  rows: AuditChangedRow[];
  omittedRows: number;
}

/** Reads a row's `changes` (`{ input, rows }`; a row written before the capture holds the input alone). */
export function auditChanges(changes: unknown): AuditChanges {
  if (changes && typeof changes === 'object' && !Array.isArray(changes) && 'rows' in changes && Array.isArray((changes as { rows: unknown }).rows)) {
    const c = changes as { input?: unknown; rows: AuditChangedRow[]; omittedRows?: number };
    return { input: c.input ?? null, rows: c.rows, omittedRows: c.omittedRows ?? 0 };
  }
  return { input: changes ?? null, rows: [], omittedRows: 0 };
}

/**
 * Every row a filtered trail read matches, page after page (`pageSize`, default MAX_PAGE_SIZE) until a short page:
 * the list's count stops at AUDIT_COUNT_CAP, so neither `total` nor `totalPages` can tell where the rows end; a
 * short (or empty) page can. The CSV and PDF export of the Änderungsprotokoll and the audit pack's trail read so,
 * beyond the cap too.
 */
export async function readAllAuditPages<I extends object, R>(
  read: (input: I & { page: number; pageSize: number }) => Promise<{ entities: R[] }>,
  input: I,
  pageSize: number = MAX_PAGE_SIZE,
): Promise<R[]> {
  const rows: R[] = [];
  for (let page = 1; ; page++) {
    const answer = await read({ ...input, page, pageSize });
    rows.push(...answer.entities);
    if (answer.entities.length < pageSize) return rows;
  }
}
