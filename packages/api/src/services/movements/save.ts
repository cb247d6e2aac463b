import { type Db, execRows, schema, toCents } from '@app/db';
import {
  AccessLevel,
  checkMovementDates,
  defaultDueDate,
  dropZeroPositions,
  isTransferType,
  kindOfType,
  type Movement,
  type MovementDeleteResult,
  type MovementKey,
  type MovementKind,
  type MovementSave,
  MovementType,
  missingHeadFields,
  normalizeMovementHead,
  Part,
  paymentsForSave,
  reservationParts,
  splitInstalments,
} from '@app/domain';
import { and, eq, sql } from 'drizzle-orm';
import { fail } from '../../errors.ts';
import { chapterFigureRows } from '../chapterFigures.ts';
import { lockLastRecordNumber, newRecordNumber, type RecordKind, releaseLastRecordNumber } from '../recordCounters.ts';
import { type ChapterLine, resolveLines } from './lines.ts';
import { usedByPositionsSql } from '../reservations/figures.ts';
import { getMovement } from './read.ts';
import { assertNotInOrder } from '../payments/frozen.ts';
import { type MovementScope, shareBookableHead } from './scope.ts';

const {
  accounts,
  departments,
  movementPaymentShares,
  movementPayments,
  movementPositions,
  movementTemplates,
  movementTransferPositions,
  movements,
  suppliers,
} = schema;

type MovementRow = typeof movements.$inferSelect;

/** The record counter of a kind: revenues and expenses are numbered separately. */
export function counterOf(kind: MovementKind): RecordKind {
  return kind === 'revenues' ? 'revenue' : 'expense';
}

/** The movement of the scope with that kind and record number, locked FOR UPDATE. */
async function lockMovement(tx: Db, scope: MovementScope, kind: MovementKind, recordNumber: number): Promise<MovementRow | undefined> {
  const [row] = await tx
    .select()
    .from(movements)
    .where(
      and(eq(movements.departmentId, scope.departmentId), eq(movements.year, scope.year), eq(movements.kind, kind), eq(movements.recordNumber, recordNumber)),
    )
    .for('update');
  return row;
}

/** Amount per chapter line (expense lines only) that a set of positions and transfer positions consumes. */
function expenseUse(lines: { line: ChapterLine; amount: number }[]): Map<number, { line: ChapterLine; amount: number }> {
  const use = new Map<number, { line: ChapterLine; amount: number }>();
  for (const { line, amount } of lines) {
    if (line.part !== Part.Expenses) continue;
    const entry = use.get(line.lineId) ?? { line, amount: 0 };
    entry.amount += amount;
    use.set(line.lineId, entry);
  }
  return use;
}

/** What a saved movement consumes per expense line (for the availability check of an edit). */
async function savedExpenseUse(tx: Db, movementId: number): Promise<Map<number, number>> {
  const positions = await tx
    .select({
      lineId: movementPositions.chapterBudgetId,
      amount: sql<number>`${movementPositions.amount} - ${movementPositions.reservationAmount}`.mapWith(toCents),
    })
    .from(movementPositions)
    .where(eq(movementPositions.movementId, movementId));
  const transfers = await tx
    .select({ from: movementTransferPositions.fromChapterBudgetId, to: movementTransferPositions.toChapterBudgetId, amount: movementTransferPositions.amount })
    .from(movementTransferPositions)
    .where(eq(movementTransferPositions.movementId, movementId));
  const use = new Map<number, number>();
  const add = (lineId: number, amount: number) => use.set(lineId, (use.get(lineId) ?? 0) + amount);
  for (const p of positions) add(p.lineId, p.amount);
  for (const t of transfers) {
    add(t.from, t.amount);
    add(t.to, t.amount);
  }
  return use;
}

/**
 * The reservations the positions use (DOMAIN decision 7), their rows locked FOR UPDATE: each must be of
 * the scope, on the position's line, not cancelled and open — a reservation this movement already
 * used may stay linked after it was closed (README Decisions) — else InvalidValue on the position's
 * reservationId; only expense positions may use one. Answers per position the part taken from the
 * reservation's unused amount without this movement's previous consumption (positions in order, each
 * at most its amount; 0 without reservation); the rest of a larger position is ordinary spending.
 */
async function reservationUse(
  tx: Db,
  scope: MovementScope,
  kind: MovementKind,
  positions: readonly { amount: number; reservationId: number | null }[],
  lines: readonly ChapterLine[],
  movementId: number | null,
): Promise<number[]> {
  const ids = [...new Set(positions.flatMap((p) => (p.reservationId === null ? [] : [p.reservationId])))];
  if (ids.length === 0) return positions.map(() => 0);
  const idList = sql.join(
    ids.map((id) => sql`${id}`),
    sql`, `,
  );
  await execRows(tx, sql`select id from reservations where id in (${idList}) order by id for update`);
  const linked =
    movementId === null ? sql`false` : sql`exists (select 1 from movement_positions p where p.reservation_id = r.id and p.movement_id = ${movementId})`;
  const rows = await execRows<{ id: number | string; line_id: number | string; closed: unknown; linked: unknown; unused: string | number }>(
    tx,
    sql`select r.id, r.chapter_budget_id as line_id, r.closed, ${linked} as linked,
          greatest(0::numeric, r.amount_booked - r.amount_used_typed - ${usedByPositionsSql(movementId === null ? undefined : [movementId])}) as unused
        from reservations r
        where r.id in (${idList}) and r.department_id = ${scope.departmentId} and r.year = ${scope.year} and not r.cancelled`,
  );
  const truthy = (v: unknown) => v === true || v === 't';
  positions.forEach((p, i) => {
    if (p.reservationId === null) return;
    const row = rows.find((r) => Number(r.id) === p.reservationId);
    const usable = row && kind === 'expenses' && Number(row.line_id) === lines[i]?.lineId && (!truthy(row.closed) || truthy(row.linked));
    if (!usable) fail('InvalidValue', { field: `positions.${i}.reservationId`, params: { reservationId: p.reservationId } });
  });
  return reservationParts(positions, new Map(rows.map((r) => [Number(r.id), toCents(r.unused)])));
}

/**
 * AvailableExceeded (a confirmation, not a block): an expense line whose availability after planned
 * expenses, without this movement, minus what the movement now books on it turns negative, when the
 * movement books more on it than before. Residue lines are checked with their own figures.
 */
async function assertAvailable(
  tx: Db,
  scope: MovementScope,
  use: Map<number, { line: ChapterLine; amount: number }>,
  before: Map<number, number>,
  movementId: number | null,
  confirmed: boolean,
): Promise<void> {
  if (use.size === 0) return;
  const years = [...new Set([...use.values()].map((u) => u.line.chapterYear))];
  const exceeded: string[] = [];
  for (const chapterYear of years) {
    const ofYear = [...use.values()].filter((u) => u.line.chapterYear === chapterYear);
    const { rows } = await chapterFigureRows(tx, {
      departmentId: scope.departmentId,
      year: scope.year,
      area: scope.area,
      chapterYear,
      chapterIds: ofYear.map((u) => u.line.chapterId),
      withBudgetOnly: true,
      excludeMovementIds: movementId === null ? undefined : [movementId],
    });
    for (const u of ofYear) {
      const figures = rows.find((r) => r.lineId === u.line.lineId);
      if (!figures) continue;
      const increased = u.amount > (before.get(u.line.lineId) ?? 0);
      if (increased && figures.availableAfterPlannedExpenses - u.amount < 0)
        exceeded.push(chapterYear === scope.year ? u.line.chapter : `${u.line.chapter}/${chapterYear}`);
    }
  }
  if (exceeded.length > 0 && !confirmed) fail('AvailableExceeded', { params: { chapter: exceeded.join(',') } });
}

/**
 * Movements.save: head, positions, transfer positions and payments as one whole, in one transaction
 * behind the budget head's share lock (so budget changes and approvals never interleave with bookings).
 * Every rule of spec 3 §5 and DOMAIN.md decisions 1–5 is checked before anything is written.
 */
export async function saveMovement(db: Db, scope: MovementScope, input: MovementSave): Promise<Movement> {
  const { kind, type } = input;
  if (kindOfType(type) !== kind) fail('InvalidValue', { field: 'type' });
  const recordNumber = await db.transaction(async (tx): Promise<number> => {
    await shareBookableHead(tx, scope);
    // share-locked: openPaymentsAllowed can't be switched off while this booking runs
    const [department] = await tx
      .select({ openPaymentsAllowed: departments.openPaymentsAllowed })
      .from(departments)
      .where(eq(departments.id, scope.departmentId))
      .for('share');
    if (!department) fail('NotFound', { field: 'departmentId' });

    // role rules of spec 3 §6 (DOMAIN decision 5), whoever calls
    if (type === MovementType.Wages && scope.area !== 1) fail('Forbidden', { field: 'type' });
    if (type === MovementType.PaymentOpen && !department.openPaymentsAllowed) fail('Forbidden', { field: 'type' });
    const transferType = isTransferType(type);
    const positions = dropZeroPositions(input.positions);
    const transfers = dropZeroPositions(input.transferPositions);
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

    // head fields (spec 3 §5): hidden ones are not stored, required ones must be there
    const headIn = normalizeMovementHead(type, {
      recordDate: input.recordDate,
      documentNumber: input.documentNumber,
      documentDate: input.documentDate,
      supplierId: input.supplierId,
      accountId: input.accountId,
      templateCode: input.templateCode,
    });
    const [missing] = missingHeadFields(type, headIn);
    if (missing) fail('InvalidValue', { field: missing });
    const { documentNumber, documentDate, supplierId, accountId, templateCode } = headIn;

    let paymentTerm: number | null = null;
    if (supplierId !== null) {
      const [supplier] = await tx
        .select({ paymentTerm: suppliers.paymentTerm })
        .from(suppliers)
        .where(and(eq(suppliers.id, supplierId), eq(suppliers.departmentId, scope.departmentId)));
      if (!supplier) fail('InvalidValue', { field: 'supplierId' });
      paymentTerm = supplier.paymentTerm;
    }
    if (accountId !== null) {
      const [account] = await tx
        .select({ id: accounts.id })
        .from(accounts)
        .where(and(eq(accounts.id, accountId), eq(accounts.departmentId, scope.departmentId)));
      if (!account) fail('InvalidValue', { field: 'accountId' });
    }
    if (templateCode !== null) {
      const [template] = await tx
        .select({ id: movementTemplates.id })
        .from(movementTemplates)
        .where(and(eq(movementTemplates.code, templateCode), eq(movementTemplates.departmentId, scope.departmentId)));
      if (!template) fail('InvalidValue', { field: 'templateCode' });
    }

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
    const positionLines = await resolveLines(
      tx,
      scope,
      positions.map((p, i) => ({ ref: p, field: `positions.${i}.chapter` })),
    );
    positionLines.forEach((line, i) => {
      if (line.part !== partOfKind) fail('InvalidValue', { field: `positions.${i}.chapter`, params: { chapter: line.chapter } });
    });
    const transferLines = await resolveLines(
      tx,
      scope,
      transfers.flatMap((t, i) => [
        { ref: { chapterYear: t.chapterYearFrom, chapterId: t.chapterFromId, chapter: t.chapterFrom }, field: `transferPositions.${i}.chapterFrom` },
        { ref: { chapterYear: t.chapterYearTo, chapterId: t.chapterToId, chapter: t.chapterTo }, field: `transferPositions.${i}.chapterTo` },
      ]),
    );
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
    const consumed = await reservationUse(tx, scope, kind, positions, positionLines, existing?.id ?? null);
    const use = expenseUse([
      ...positions.map((p, i) => ({ line: positionLines[i] as ChapterLine, amount: p.amount - (consumed[i] ?? 0) })),
      ...transferSides.flatMap((t) => [
        { line: t.from, amount: t.amount },
        { line: t.to, amount: t.amount },
      ]),
    ]);
    const before = existing ? await savedExpenseUse(tx, existing.id) : new Map<number, number>();
    await assertAvailable(tx, scope, use, before, existing?.id ?? null, input.confirmAvailableExceeded);

    // write
    const headValues = { type, recordDate: input.recordDate, documentDate, documentNumber, supplierId, accountId, templateCode };
    let movementId: number;
    let number: number;
    if (existing) {
      movementId = existing.id;
      number = existing.recordNumber;
      await tx.update(movements).set(headValues).where(eq(movements.id, movementId));
      await tx.delete(movementPositions).where(eq(movementPositions.movementId, movementId));
      await tx.delete(movementTransferPositions).where(eq(movementTransferPositions.movementId, movementId));
      await tx.delete(movementPayments).where(eq(movementPayments.movementId, movementId));
    } else {
      number = await newRecordNumber(tx, scope, counterOf(kind), input.asNew ? input.recordNumber : null);
      const [created] = await tx
        .insert(movements)
        .values({ departmentId: scope.departmentId, year: scope.year, kind, recordNumber: number, ...headValues })
        .returning({ id: movements.id });
      if (!created) throw new Error('movement insert failed');
      movementId = created.id;
    }
    const positionIds: number[] = [];
    if (positions.length) {
      const inserted = await tx
        .insert(movementPositions)
        .values(
          positions.map((p, i) => ({
            movementId,
            sort: i,
            chapterBudgetId: (positionLines[i] as ChapterLine).lineId,
            amount: p.amount,
            note: p.note,
            reservationId: p.reservationId,
            reservationAmount: consumed[i] ?? 0,
          })),
        )
        .returning({ id: movementPositions.id, sort: movementPositions.sort });
      for (const row of inserted) positionIds[row.sort] = row.id;
    }
    if (transferSides.length) {
      await tx.insert(movementTransferPositions).values(
        transferSides.map((t, i) => ({
          movementId,
          sort: i,
          fromChapterBudgetId: t.from.lineId,
          toChapterBudgetId: t.to.lineId,
          amount: t.amount,
          note: t.note,
        })),
      );
    }
    if (payments.length) {
      const inserted = await tx
        .insert(movementPayments)
        .values(payments.map((p, i) => ({ movementId, sort: i, amount: p.amount, dateDue: p.dateDue, datePaid: p.datePaid })))
        .returning({ id: movementPayments.id, sort: movementPayments.sort });
      const shareRows = inserted.flatMap((payment) =>
        (shares[payment.sort] ?? []).flatMap((amount, j) => (amount === 0 ? [] : [{ paymentId: payment.id, positionId: positionIds[j] as number, amount }])),
      );
      if (shareRows.length) await tx.insert(movementPaymentShares).values(shareRows);
    }
    return number;
  });
  return getMovement(db, scope, { kind, recordNumber });
}

/**
 * Movements.delete (DOMAIN decision 1): the latest record of its kind is deleted and its number given
 * back to the counter; an earlier one is cancelled: it keeps its number and head, its positions,
 * transfer positions and payments go (its amounts are zero), lists show it as cancelled.
 */
export async function deleteMovement(db: Db, scope: MovementScope, input: Pick<MovementKey, 'kind' | 'recordNumber'>): Promise<MovementDeleteResult> {
  return db.transaction(async (tx): Promise<MovementDeleteResult> => {
    await shareBookableHead(tx, scope);
    const row = await lockMovement(tx, scope, input.kind, input.recordNumber);
    if (!row) fail('RecordNotFound', { field: 'recordNumber', params: { recordNumber: input.recordNumber } });
    await assertNotInOrder(tx, row.id);
    const last = await lockLastRecordNumber(tx, scope, counterOf(input.kind));
    if (last === row.recordNumber) {
      await tx.delete(movements).where(eq(movements.id, row.id));
      await releaseLastRecordNumber(tx, scope, counterOf(input.kind), row.recordNumber);
      return { deleted: true, cancelled: false, recordNumber: row.recordNumber };
    }
    await tx.delete(movementPositions).where(eq(movementPositions.movementId, row.id));
    await tx.delete(movementTransferPositions).where(eq(movementTransferPositions.movementId, row.id));
    await tx.delete(movementPayments).where(eq(movementPayments.movementId, row.id));
    await tx.update(movements).set({ cancelled: true }).where(eq(movements.id, row.id));
    return { deleted: false, cancelled: true, recordNumber: row.recordNumber };
  });
}
