import { type Db, execRows, schema, toBool, toCents } from '@app/db';
import {
  AccessLevel,
  Area,
  checkMovementDates,
  defaultDueDate,
  dropZeroPositions,
  isTransferType,
  kindOfType,
  type Movement,
  type MovementDeleteResult,
  type MovementKey,
  type MovementKind,
  type MovementAccountBrief,
  type MovementSave,
  type MovementSupplierBrief,
  MovementType,
  missingHeadFields,
  movementTypeAllowed,
  normalizeMovementHead,
  Part,
  paymentsForSave,
  reservationParts,
  splitInstalments,
} from '@app/domain';
import { and, eq, sql } from 'drizzle-orm';
import { fail } from '../../errors.ts';
import type { FigureRawRow } from '../ledger/chapterFigures.ts';
import { checkTypedRecordNumber, deleteOrCancel, type RecordKind } from '../ledger/recordCounters.ts';
import { assertAvailable, availabilityQueries, expenseUse, savedExpenseUse } from './availability.ts';
import { writeMovementRows } from './write.ts';
import { type ChapterLine, resolveLines } from '../ledger/lines.ts';
import { reservationRemainingSql } from '../ledger/counting.ts';
import { assertNotInOrder } from '../ledger/frozen.ts';
import type { BookingScope } from '../ledger/bookingScope.ts';
import { shareBookableHead } from '../ledger/head.ts';
import { sqlList } from '../ledger/sql.ts';

const { movementPayments, movementPositions, movementTransferPositions, movements } = schema;

type MovementRow = typeof movements.$inferSelect;

/** The record counter of a kind: revenues and expenses are numbered separately. */
export function counterOf(kind: MovementKind): RecordKind {
  return kind === 'revenues' ? 'revenue' : 'expense';
}

/** The movement of the scope with that kind and record number, locked FOR UPDATE. */
async function lockMovement(tx: Db, scope: BookingScope, kind: MovementKind, recordNumber: number): Promise<MovementRow | undefined> {
  const [row] = await tx
    .select()
    .from(movements)
    .where(
      and(eq(movements.departmentId, scope.departmentId), eq(movements.year, scope.year), eq(movements.kind, kind), eq(movements.recordNumber, recordNumber)),
    )
    .for('update');
  return row;
}

/**
 * The reservations the positions use (DOMAIN decision 7), their rows locked FOR UPDATE: each must be of
 * the scope, on the position's line, not cancelled and open — a reservation this movement already
 * used may stay linked after it was closed (README Decisions) — else InvalidValue on the position's
 * reservationId; only expense positions may use one. Answers per position the part taken from the
 * reservation's unused amount without this movement's previous consumption (positions in order, each
 * at most its amount; 0 without reservation; the rest of a larger position is ordinary spending), and
 * the reservations' record numbers (for the answer).
 */
async function reservationUse(
  tx: Db,
  scope: BookingScope,
  kind: MovementKind,
  positions: readonly { amount: number; reservationId: number | null }[],
  lines: readonly ChapterLine[],
  movementId: number | null,
): Promise<{ consumed: number[]; recordNumbers: Map<number, number> }> {
  const ids = [...new Set(positions.flatMap((p) => (p.reservationId === null ? [] : [p.reservationId])))];
  if (ids.length === 0) return { consumed: positions.map(() => 0), recordNumbers: new Map() };
  const idList = sqlList(ids);
  await execRows(tx, sql`select id from reservations where id in (${idList}) order by id for update`);
  const linked =
    movementId === null ? sql`false` : sql`exists (select 1 from movement_positions p where p.reservation_id = r.id and p.movement_id = ${movementId})`;
  const rows = await execRows<{
    id: number | string;
    record_number: number | string;
    line_id: number | string;
    closed: unknown;
    linked: unknown;
    unused: string | number;
  }>(
    tx,
    sql`select r.id, r.record_number, r.chapter_budget_id as line_id, r.closed, ${linked} as linked,
          ${reservationRemainingSql(movementId === null ? undefined : [movementId])} as unused
        from reservations r
        where r.id in (${idList}) and r.department_id = ${scope.departmentId} and r.year = ${scope.year} and not r.cancelled`,
  );
  positions.forEach((p, i) => {
    if (p.reservationId === null) return;
    const row = rows.find((r) => Number(r.id) === p.reservationId);
    const usable = row && kind === 'expenses' && Number(row.line_id) === lines[i]?.lineId && (!toBool(row.closed) || toBool(row.linked));
    if (!usable) fail('InvalidValue', { field: `positions.${i}.reservationId`, params: { reservationId: p.reservationId } });
  });
  return {
    consumed: reservationParts(positions, new Map(rows.map((r) => [Number(r.id), toCents(r.unused)]))),
    recordNumbers: new Map(rows.map((r) => [Number(r.id), Number(r.record_number)])),
  };
}

/** What the head refers to, read in one statement (with the department row share-locked). */
interface HeadChecks {
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

/** A resolved line as a position or transfer side names it in the answer. */
function sideOf(line: ChapterLine) {
  return {
    chapterId: line.chapterId,
    chapter: line.chapter,
    chapterYear: line.chapterYear,
    part: line.part,
    descriptionDeu: line.descriptionDeu,
    descriptionIta: line.descriptionIta,
  };
}

/**
 * Movements.save: head, positions, transfer positions and payments as one whole, in one transaction
 * behind the budget head's share lock (so budget changes and approvals never interleave with bookings).
 * Every rule of spec 3 §5 and DOMAIN.md decisions 1–5 is checked before anything is written. The answer
 * is built from what was checked and written (the same as Movements.get reads back; a test compares
 * them), without reading the movement again.
 */
export async function saveMovement(db: Db, scope: BookingScope, input: MovementSave): Promise<Movement> {
  const { kind, type } = input;
  if (kindOfType(type) !== kind) fail('InvalidValue', { field: 'type' });
  // head fields (spec 3 §5): hidden ones are not stored, required ones must be there (checked below, in the rules' order)
  const headIn = normalizeMovementHead(type, {
    recordDate: input.recordDate,
    documentNumber: input.documentNumber,
    documentDate: input.documentDate,
    supplierId: input.supplierId,
    accountId: input.accountId,
    templateCode: input.templateCode,
  });
  const { documentNumber, documentDate, supplierId, accountId, templateCode } = headIn;
  const positions = dropZeroPositions(input.positions);
  const transfers = dropZeroPositions(input.transferPositions);
  return db.transaction(async (tx): Promise<Movement> => {
    // the reads the rules need are sent together (on PostgreSQL one round trip: postgres.js pipelines a
    // transaction's concurrent statements); their answers are judged below in the rules' order
    const [head, headRead, positionLinesRead, transferLinesRead] = await Promise.allSettled([
      shareBookableHead(tx, scope),
      headChecks(tx, scope.departmentId, headIn),
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
    settled(head);
    const checks = settled(headRead);
    if (!checks) fail('NotFound', { field: 'departmentId' });

    // role rules of spec 3 §6 (DOMAIN decision 5), whoever calls
    if (!movementTypeAllowed(type, { openPaymentsAllowed: checks.openPaymentsAllowed, isUnion: scope.area === Area.Union }))
      fail('Forbidden', { field: 'type' });
    const transferType = isTransferType(type);
    if (transferType && positions.length > 0) fail('InvalidValue', { field: 'positions' });
    if (!transferType && transfers.length > 0) {
      if (kind === 'revenues') fail('InvalidValue', { field: 'transferPositions' });
      if (scope.accessLevel !== AccessLevel.Supervisor) fail('Forbidden', { field: 'transferPositions' });
    }
    if (positions.length === 0 && transfers.length === 0) fail('InvalidValue', { field: transferType ? 'transferPositions' : 'positions' });

    // the record: a new one (next number) or the saved one (its type can't change)
    const isNew = input.recordNumber === null || input.asNew;
    let existing: MovementRow | undefined;
    if (!isNew && input.recordNumber !== null) {
      existing = await lockMovement(tx, scope, kind, input.recordNumber);
      if (!existing) fail('RecordNotFound', { field: 'recordNumber', params: { recordNumber: input.recordNumber } });
      if (existing.cancelled) fail('InvalidValue', { field: 'recordNumber', params: { recordNumber: input.recordNumber, reason: 'cancelled' } });
      if (existing.type !== type) fail('InvalidValue', { field: 'type' });
      await assertNotInOrder(tx, existing.id);
    }

    const [missing] = missingHeadFields(type, headIn);
    if (missing) fail('InvalidValue', { field: missing });
    if (checks.supplier === undefined) fail('InvalidValue', { field: 'supplierId' });
    if (checks.account === undefined) fail('InvalidValue', { field: 'accountId' });
    if (!checks.templateFound) fail('InvalidValue', { field: 'templateCode' });
    const paymentTerm = checks.supplier?.paymentTerm ?? null;

    // dates (DOMAIN decision 2): the paid dates of the typed instalments too
    const typedPayments = type === MovementType.PaymentOpen ? input.payments : [];
    const dateError = checkMovementDates({
      year: scope.year,
      today: scope.today,
      recordDate: input.recordDate,
      documentDate,
      datePaid: typedPayments.map((p) => p.datePaid),
    });
    if (dateError) fail(dateError.code, { field: dateError.field });

    // chapter lines: positions on lines of the kind's part, transfers between a revenue and an expense line
    const partOfKind = kind === 'revenues' ? Part.Revenues : Part.Expenses;
    const positionLines = settled(positionLinesRead);
    positionLines.forEach((line, i) => {
      if (line.part !== partOfKind) fail('InvalidValue', { field: `positions.${i}.chapter`, params: { chapter: line.chapter } });
    });
    const transferLines = settled(transferLinesRead);
    const transferSides = transfers.map((t, i) => {
      const from = transferLines[2 * i] as ChapterLine;
      const to = transferLines[2 * i + 1] as ChapterLine;
      if (from.part === to.part) fail('InvalidValue', { field: `transferPositions.${i}.chapterTo`, params: { chapter: to.chapter } });
      return { ...t, from, to };
    });

    // payments (DOMAIN decision 3) and their split over the positions (decision 4)
    const cashTotal = positions.reduce((sum, p) => sum + p.amount, 0);
    const defaultDue = defaultDueDate(documentDate ?? input.recordDate, paymentTerm);
    const payments = paymentsForSave({ type, total: cashTotal, rows: typedPayments, recordDate: input.recordDate, defaultDue });
    if (payments === 'WrongPaymentTotal') fail('WrongPaymentTotal', { field: 'payments', params: { total: cashTotal } });
    const shares =
      payments.length > 0
        ? splitInstalments(
            positions.map((p) => p.amount),
            payments.map((p) => p.amount),
          )
        : [];

    // availability (confirmation)
    // reservations the positions use; what they consume was counted as reserved: only the rest is new spending
    const { consumed, recordNumbers } = await reservationUse(tx, scope, kind, positions, positionLines, existing?.id ?? null);
    const use = expenseUse([
      ...positions.map((p, i) => ({ line: positionLines[i] as ChapterLine, amount: p.amount - (consumed[i] ?? 0) })),
      ...transferSides.flatMap((t) => [
        { line: t.from, amount: t.amount },
        { line: t.to, amount: t.amount },
      ]),
    ]);
    const before = existing ? await savedExpenseUse(tx, existing.id) : new Map<number, number>();
    const availability = availabilityQueries(scope, use, existing?.id ?? null);

    // write: the head (new: numbered in the same statement) and every row in one statement
    const headValues = { type, recordDate: input.recordDate, documentDate, documentNumber, supplierId, accountId, templateCode };
    if (existing) {
      await tx.update(movements).set(headValues).where(eq(movements.id, existing.id));
      await tx.delete(movementPositions).where(eq(movementPositions.movementId, existing.id));
      await tx.delete(movementTransferPositions).where(eq(movementTransferPositions.movementId, existing.id));
      await tx.delete(movementPayments).where(eq(movementPayments.movementId, existing.id));
    } else {
      await checkTypedRecordNumber(tx, scope, counterOf(kind), input.asNew ? input.recordNumber : null);
    }
    const written = await writeMovementRows(tx, {
      target: existing ? { movementId: existing.id, recordNumber: existing.recordNumber } : { scope, kind, counter: counterOf(kind), head: headValues },
      positions: positions.map((p, i) => ({
        lineId: (positionLines[i] as ChapterLine).lineId,
        amount: p.amount,
        note: p.note,
        reservationId: p.reservationId,
        reservationAmount: consumed[i] ?? 0,
      })),
      transfers: transferSides.map((t) => ({ fromLineId: t.from.lineId, toLineId: t.to.lineId, amount: t.amount, note: t.note })),
      payments,
      shares,
      alongside: availability,
    });
    assertAvailable(
      scope,
      use,
      before,
      availability.map((a) => ({ chapterYear: a.chapterYear, rows: (written.alongside[a.name] ?? []) as FigureRawRow[] })),
      input.confirmAvailableExceeded,
    );
    const { movementId, recordNumber: number, positionIds, transferIds, paymentIds } = written;

    // the answer, from what was written (a position's paid part: its shares of the paid instalments)
    const positionsOut = positions.map((p, i) => {
      const paid = payments.reduce((sum, payment, k) => (payment.datePaid === null ? sum : sum + (shares[k]?.[i] ?? 0)), 0);
      return {
        id: positionIds[i] as number,
        ...sideOf(positionLines[i] as ChapterLine),
        amount: p.amount,
        note: p.note,
        paid,
        open: p.amount - paid,
        reservationId: p.reservationId,
        reservationRecordNumber: p.reservationId === null ? null : (recordNumbers.get(p.reservationId) ?? null),
        reservationAmount: consumed[i] ?? 0,
      };
    });
    return {
      id: movementId,
      kind,
      recordNumber: number,
      type,
      recordDate: input.recordDate,
      documentDate,
      documentNumber,
      templateCode,
      supplier: checks.supplier ?? null,
      account: checks.account ?? null,
      positions: positionsOut,
      transferPositions: transferSides.map((t, i) => ({
        id: transferIds[i] as number,
        from: sideOf(t.from),
        to: sideOf(t.to),
        amount: t.amount,
        note: t.note,
      })),
      payments: payments.map((p, k) => ({ id: paymentIds[k] as number, amount: p.amount, dateDue: p.dateDue, datePaid: p.datePaid })),
      total: cashTotal,
      transferTotal: transferSides.reduce((sum, t) => sum + t.amount, 0),
      cancelled: false,
      // shareBookableHead passed: approved, not closed, the year not locked
      isEditable: true,
    };
  });
}

/**
 * Movements.delete (DOMAIN decision 1): the latest record of its kind is deleted and its number given
 * back to the counter; an earlier one is cancelled: it keeps its number and head, its positions,
 * transfer positions and payments go (its amounts are zero), lists show it as cancelled.
 */
export async function deleteMovement(db: Db, scope: BookingScope, input: Pick<MovementKey, 'kind' | 'recordNumber'>): Promise<MovementDeleteResult> {
  return db.transaction(async (tx): Promise<MovementDeleteResult> => {
    await shareBookableHead(tx, scope);
    const row = await lockMovement(tx, scope, input.kind, input.recordNumber);
    if (!row) fail('RecordNotFound', { field: 'recordNumber', params: { recordNumber: input.recordNumber } });
    await assertNotInOrder(tx, row.id);
    return deleteOrCancel(tx, scope, counterOf(input.kind), row.recordNumber, {
      remove: () => tx.delete(movements).where(eq(movements.id, row.id)),
      cancel: async () => {
        await tx.delete(movementPositions).where(eq(movementPositions.movementId, row.id));
        await tx.delete(movementTransferPositions).where(eq(movementTransferPositions.movementId, row.id));
        await tx.delete(movementPayments).where(eq(movementPayments.movementId, row.id));
        await tx.update(movements).set({ cancelled: true }).where(eq(movements.id, row.id));
      },
    });
  });
}
