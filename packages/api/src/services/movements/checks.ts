import { type Db, execRows, schema, toBool } from '@app/db';
import {
  AccessLevel,
  Area,
  checkMovementDates,
  defaultDueDate,
  isTransferType,
  type MovementAccountBrief,
  type MovementKind,
  type MovementSave,
  type MovementSupplierBrief,
  MovementType,
  missingHeadFields,
  movementTypeAllowed,
  Part,
  paymentsForSave,
  splitInstalments,
} from '@app/domain';
import { and, eq, sql } from 'drizzle-orm';
import { fail } from '../../errors.ts';
import type { BookingScope } from '../ledger/bookingScope.ts';
import { shareBookableHead } from '../ledger/head.ts';
import { failInOrder, holdingOrder, type HoldingOrder } from '../ledger/frozen.ts';
import { type ChapterLine, resolveLines } from '../ledger/lines.ts';

// The checks of a movement save (spec 3 §5, DOMAIN decisions 2–5), in the order the save judges them:
// the reads they need (one pipelined round trip), the type and its role rules, the saved record, the
// head fields and what they refer to, the dates, the chapter lines and the payments.

const { movements } = schema;

type MovementRow = typeof movements.$inferSelect;

/** The head fields as the save stores them (hidden ones emptied: normalizeMovementHead). */
export type SaveHead = Pick<MovementSave, 'recordDate' | 'documentNumber' | 'documentDate' | 'supplierId' | 'accountId' | 'templateCode'>;
export type SavePosition = MovementSave['positions'][number];
export type SaveTransfer = MovementSave['transferPositions'][number];
/** A transfer position with its resolved sides. */
export type TransferSide = SaveTransfer & { from: ChapterLine; to: ChapterLine };

/** The movement of the scope with that kind and record number, locked FOR UPDATE. */
export async function lockMovement(tx: Db, scope: BookingScope, kind: MovementKind, recordNumber: number): Promise<MovementRow | undefined> {
  const [row] = await tx
    .select()
    .from(movements)
    .where(
      and(eq(movements.departmentId, scope.departmentId), eq(movements.year, scope.year), eq(movements.kind, kind), eq(movements.recordNumber, recordNumber)),
    )
    .for('update');
  return row;
}

/** What the head refers to, read in one statement (with the department row share-locked). */
export interface HeadChecks {
  openPaymentsAllowed: boolean;
  /** null: none asked for; undefined: asked for but not of the department. */
  supplier: MovementSupplierBrief | null | undefined;
  account: MovementAccountBrief | null | undefined;
  templateFound: boolean;
}

/**
 * The department (share-locked: openPaymentsAllowed can't be switched off while the booking runs), the
 * supplier and the account as the answer shows them, and whether the template exists — each only of the
 * scope's department; one round trip instead of four. Null when the department doesn't exist.
 */
async function headChecks(
  tx: Db,
  departmentId: number,
  head: { supplierId: number | null; accountId: number | null; templateCode: number | null },
): Promise<HeadChecks | null> {
  const supplier =
    head.supplierId === null
      ? sql`null::json`
      : sql`(select json_build_object('id', s.id, 'code', s.code, 'name1', s.name1, 'name2', s.name2, 'paymentTerm', s.payment_term,
          'chapterProposal', s.chapter_proposal) from suppliers s where s.id = ${head.supplierId} and s.department_id = d.id)`;
  const account =
    head.accountId === null
      ? sql`null::json`
      : sql`(select json_build_object('id', a.id, 'code', a.code, 'type', a.type, 'descriptionDeu', a.description_deu, 'descriptionIta', a.description_ita)
          from accounts a where a.id = ${head.accountId} and a.department_id = d.id)`;
  const template =
    head.templateCode === null ? sql`true` : sql`exists (select 1 from movement_templates t where t.code = ${head.templateCode} and t.department_id = d.id)`;
  const [row] = await execRows<{ open_payments_allowed: unknown; supplier: unknown; account: unknown; template: unknown }>(
    tx,
    sql`select d.open_payments_allowed, ${supplier} as supplier, ${account} as account, ${template} as template
      from departments d where d.id = ${departmentId} for share of d`,
  );
  if (!row) return null;
  // json arrives parsed (postgres.js, PGlite); a driver handing back text is parsed here
  const json = <T>(v: unknown): T | null => (v === null || v === undefined ? null : ((typeof v === 'string' ? JSON.parse(v) : v) as T));
  return {
    openPaymentsAllowed: toBool(row.open_payments_allowed),
    supplier: head.supplierId === null ? null : (json<MovementSupplierBrief>(row.supplier) ?? undefined),
    account: head.accountId === null ? null : (json<MovementAccountBrief>(row.account) ?? undefined),
    templateFound: toBool(row.template),
  };
}

/** The value of a settled read, or its error thrown now (where the rule it serves stands). */
function settled<T>(result: PromiseSettledResult<T>): T {
  if (result.status === 'rejected') throw result.reason;
  return result.value;
}

/** The save's reads: the head checks judged at once, the chapter lines left for their own step. */
export interface SaveReads {
  checks: HeadChecks;
  positionLines: PromiseSettledResult<ChapterLine[]>;
  transferLines: PromiseSettledResult<ChapterLine[]>;
}

/**
 * The reads the rules need, sent together (on PostgreSQL one round trip: postgres.js pipelines a
 * transaction's concurrent statements): the budget head's share lock (shareBookableHead), the head
 * checks and the chapter lines of the positions and of both sides of each transfer. The head and the
 * department are judged here; the lines where their rule stands (checkLines).
 */
export async function readForSave(
  tx: Db,
  scope: BookingScope,
  head: SaveHead,
  positions: readonly SavePosition[],
  transfers: readonly SaveTransfer[],
): Promise<SaveReads> {
  const [bookableHead, headRead, positionLines, transferLines] = await Promise.allSettled([
    shareBookableHead(tx, scope),
    headChecks(tx, scope.departmentId, head),
    resolveLines(
      tx,
      scope,
      positions.map((p, i) => ({ ref: p, field: `positions.${i}.chapter` })),
    ),
    resolveLines(
      tx,
      scope,
      transfers.flatMap((t, i) => [
        { ref: { chapterYear: t.chapterYearFrom, chapterId: t.chapterFromId, chapter: t.chapterFrom }, field: `transferPositions.${i}.chapterFrom` },
        { ref: { chapterYear: t.chapterYearTo, chapterId: t.chapterToId, chapter: t.chapterTo }, field: `transferPositions.${i}.chapterTo` },
      ]),
    ),
  ]);
  settled(bookableHead);
  const checks = settled(headRead);
  if (!checks) fail('NotFound', { field: 'departmentId' });
  return { checks, positionLines, transferLines };
}

/**
 * The type: allowed to the caller (role rules of spec 3 §6, DOMAIN decision 5, whoever calls), positions
 * or transfer positions as the type takes them (the inter-part transfers of an expense type only for a
 * supervisor), and at least one row.
 */
export function checkTypeRules(
  scope: BookingScope,
  kind: MovementKind,
  type: MovementType,
  checks: HeadChecks,
  positions: readonly SavePosition[],
  transfers: readonly SaveTransfer[],
): void {
  if (!movementTypeAllowed(type, { openPaymentsAllowed: checks.openPaymentsAllowed, isUnion: scope.area === Area.Union })) fail('Forbidden', { field: 'type' });
  const transferType = isTransferType(type);
  if (transferType && positions.length > 0) fail('InvalidValue', { field: 'positions' });
  if (!transferType && transfers.length > 0) {
    if (kind === 'revenues') fail('InvalidValue', { field: 'transferPositions' });
    if (scope.accessLevel !== AccessLevel.Supervisor) fail('Forbidden', { field: 'transferPositions' });
  }
  if (positions.length === 0 && transfers.length === 0) fail('InvalidValue', { field: transferType ? 'transferPositions' : 'positions' });
}

/**
 * The record: undefined for a new one (next number), else the saved one locked FOR UPDATE — it must
 * exist, not be cancelled, keep its type and have no payment in an order.
 */
export async function lockSavedRecord(
  tx: Db,
  scope: BookingScope,
  input: Pick<MovementSave, 'kind' | 'type' | 'recordNumber' | 'asNew'>,
): Promise<{ existing: MovementRow; heldBy: HoldingOrder | null } | undefined> {
  const isNew = input.recordNumber === null || input.asNew;
  if (isNew || input.recordNumber === null) return undefined;
  const existing = await lockMovement(tx, scope, input.kind, input.recordNumber);
  if (!existing) fail('RecordNotFound', { field: 'recordNumber', params: { recordNumber: input.recordNumber } });
  if (existing.cancelled) fail('InvalidValue', { field: 'recordNumber', params: { recordNumber: input.recordNumber, reason: 'cancelled' } });
  if (existing.type !== input.type) fail('InvalidValue', { field: 'type' });
  // a bill at the bank (DOMAIN decision 6): frozen in a stored order, correctable once registered (decision 22)
  const heldBy = await holdingOrder(tx, existing.id);
  if (heldBy && !heldBy.registered) failInOrder(heldBy);
  return { existing, heldBy };
}

/** The head fields (spec 3 §5): the type's required ones there, supplier and account of the department, the template found. */
export function checkHeadFields(type: MovementType, head: SaveHead, checks: HeadChecks): void {
  const [missing] = missingHeadFields(type, head);
  if (missing) fail('InvalidValue', { field: missing });
  if (checks.supplier === undefined) fail('InvalidValue', { field: 'supplierId' });
  if (checks.account === undefined) fail('InvalidValue', { field: 'accountId' });
  if (!checks.templateFound) fail('InvalidValue', { field: 'templateCode' });
}

/** The dates (DOMAIN decision 2): record and document date, and the paid dates of the typed instalments. */
export function checkDates(scope: BookingScope, head: SaveHead, typedPayments: MovementSave['payments']): void {
  const dateError = checkMovementDates({
    year: scope.year,
    today: scope.today,
    recordDate: head.recordDate,
    documentDate: head.documentDate,
    datePaid: typedPayments.map((p) => p.datePaid),
  });
  if (dateError) fail(dateError.code, { field: dateError.field });
}

/**
 * The chapter lines (their read's error thrown here): positions on lines of the kind's part, transfers
 * between a revenue and an expense line.
 */
export function checkLines(
  kind: MovementKind,
  transfers: readonly SaveTransfer[],
  reads: Pick<SaveReads, 'positionLines' | 'transferLines'>,
): { positionLines: ChapterLine[]; transferSides: TransferSide[] } {
  const partOfKind = kind === 'revenues' ? Part.Revenues : Part.Expenses;
  const positionLines = settled(reads.positionLines);
  positionLines.forEach((line, i) => {
    if (line.part !== partOfKind) fail('InvalidValue', { field: `positions.${i}.chapter`, params: { chapter: line.chapter } });
  });
  const transferLines = settled(reads.transferLines);
  const transferSides = transfers.map((t, i) => {
    const from = transferLines[2 * i] as ChapterLine;
    const to = transferLines[2 * i + 1] as ChapterLine;
    if (from.part === to.part) fail('InvalidValue', { field: `transferPositions.${i}.chapterTo`, params: { chapter: to.chapter } });
    return { ...t, from, to };
  });
  return { positionLines, transferSides };
}

/**
 * The payments (DOMAIN decision 3: WrongPaymentTotal when typed instalments miss the total) and their
 * split over the positions (decision 4); the default due date is the document date (else the record
 * date) plus the supplier's payment term.
 */
export function paymentsOf(
  type: MovementType,
  head: SaveHead,
  checks: HeadChecks,
  positions: readonly SavePosition[],
  typedPayments: MovementSave['payments'],
): { cashTotal: number; payments: Exclude<ReturnType<typeof paymentsForSave>, 'WrongPaymentTotal'>; shares: number[][] } {
  const paymentTerm = checks.supplier?.paymentTerm ?? null;
  const cashTotal = positions.reduce((sum, p) => sum + p.amount, 0);
  const defaultDue = defaultDueDate(head.documentDate ?? head.recordDate, paymentTerm);
  const payments = paymentsForSave({ type, total: cashTotal, rows: typedPayments, recordDate: head.recordDate, defaultDue });
  if (payments === 'WrongPaymentTotal') fail('WrongPaymentTotal', { field: 'payments', params: { total: cashTotal } });
  const shares =
    payments.length > 0
      ? splitInstalments(
          positions.map((p) => p.amount),
          payments.map((p) => p.amount),
        )
      : [];
  return { cashTotal, payments, shares };
}

/** The instalments typed in the save (only PaymentOpen keeps them). */
export function typedPaymentsOf(type: MovementType, payments: MovementSave['payments']): MovementSave['payments'] {
  return type === MovementType.PaymentOpen ? payments : [];
}
