import { type Db, schema } from '@app/db';
import { chapterLineName, type Movement, type MovementAccountBrief, type MovementKey, type MovementKind, type MovementType, type Part } from '@app/domain';
import { and, asc, eq, isNull } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import { fail } from '../../errors.ts';
import type { BookingScope } from '../ledger/bookingScope.ts';
import { holdingOrder } from '../ledger/frozen.ts';
import { bookable } from '../scope.ts';

// Movements.get: the saved movement read back — its head, then (together) the supplier and account
// briefs, the positions with their payment shares, the transfer positions, the payments and the
// budget state — put together as the save answers it.

const {
  accounts,
  chapterBudgets,
  chapters,
  movementPaymentShares,
  movementPayments,
  movementPositions,
  movementTransferPositions,
  movements,
  paymentOrderItems,
  paymentOrders,
  reservations,
  suppliers,
} = schema;

type MovementRow = typeof movements.$inferSelect;

/** The movement of the scope with that kind and record number; RecordNotFound without one. */
async function findMovement(db: Db, scope: BookingScope, input: Pick<MovementKey, 'kind' | 'recordNumber'>): Promise<MovementRow> {
  const [row] = await db
    .select()
    .from(movements)
    .where(
      and(
        eq(movements.departmentId, scope.departmentId),
        eq(movements.year, scope.year),
        eq(movements.kind, input.kind),
        eq(movements.recordNumber, input.recordNumber),
      ),
    )
    .limit(1);
  if (!row) fail('RecordNotFound', { field: 'recordNumber', params: { recordNumber: input.recordNumber } });
  return row;
}

/** The supplier brief of the head (none: no row). */
function supplierBrief(db: Db, supplierId: number | null) {
  return supplierId === null
    ? Promise.resolve([])
    : db
        .select({
          id: suppliers.id,
          code: suppliers.code,
          name1: suppliers.name1,
          name2: suppliers.name2,
          paymentTerm: suppliers.paymentTerm,
          chapterProposal: suppliers.chapterProposal,
        })
        .from(suppliers)
        .where(eq(suppliers.id, supplierId));
}

/** The account brief of the head (none: no row). */
function accountBrief(db: Db, accountId: number | null) {
  return accountId === null
    ? Promise.resolve([])
    : db
        .select({
          id: accounts.id,
          code: accounts.code,
          type: accounts.type,
          descriptionDeu: accounts.descriptionDeu,
          descriptionIta: accounts.descriptionIta,
        })
        .from(accounts)
        .where(eq(accounts.id, accountId));
}

/** The positions in their order, each with its line, chapter and reservation. */
function positionRows(db: Db, movementId: number) {
  return db
    .select({
      id: movementPositions.id,
      amount: movementPositions.amount,
      cancelledAmount: movementPositions.cancelledAmount,
      note: movementPositions.note,
      chapterId: chapters.id,
      chapter: chapters.chapter,
      chapterYear: chapterBudgets.chapterYear,
      part: chapters.part,
      emptyChapter: chapters.emptyChapter,
      descriptionDeu: chapters.descriptionDeu,
      descriptionIta: chapters.descriptionIta,
      lineDeu: chapterBudgets.descriptionDeu,
      lineIta: chapterBudgets.descriptionIta,
      reservationId: movementPositions.reservationId,
      reservationRecordNumber: reservations.recordNumber,
      reservationAmount: movementPositions.reservationAmount,
    })
    .from(movementPositions)
    .innerJoin(chapterBudgets, eq(chapterBudgets.id, movementPositions.chapterBudgetId))
    .innerJoin(chapters, eq(chapters.id, chapterBudgets.chapterId))
    .leftJoin(reservations, eq(reservations.id, movementPositions.reservationId))
    .where(eq(movementPositions.movementId, movementId))
    .orderBy(asc(movementPositions.sort));
}

/** The payments' shares on the positions, with their payment's paid date. */
function shareRows(db: Db, movementId: number) {
  return db
    .select({ positionId: movementPaymentShares.positionId, amount: movementPaymentShares.amount, datePaid: movementPayments.datePaid })
    .from(movementPaymentShares)
    .innerJoin(movementPayments, eq(movementPayments.id, movementPaymentShares.paymentId))
    .where(eq(movementPayments.movementId, movementId));
}

/** The transfer positions in their order, each with both lines and chapters. */
function transferRows(db: Db, movementId: number) {
  const fromLine = alias(chapterBudgets, 'from_line');
  const toLine = alias(chapterBudgets, 'to_line');
  const fromChapter = alias(chapters, 'from_chapter');
  const toChapter = alias(chapters, 'to_chapter');
  return db
    .select({
      id: movementTransferPositions.id,
      amount: movementTransferPositions.amount,
      cancelledAmount: movementTransferPositions.cancelledAmount,
      note: movementTransferPositions.note,
      fromChapterId: fromChapter.id,
      fromChapter: fromChapter.chapter,
      fromYear: fromLine.chapterYear,
      fromPart: fromChapter.part,
      fromEmpty: fromChapter.emptyChapter,
      fromDeu: fromChapter.descriptionDeu,
      fromIta: fromChapter.descriptionIta,
      fromLineDeu: fromLine.descriptionDeu,
      fromLineIta: fromLine.descriptionIta,
      toChapterId: toChapter.id,
      toChapter: toChapter.chapter,
      toYear: toLine.chapterYear,
      toPart: toChapter.part,
      toEmpty: toChapter.emptyChapter,
      toDeu: toChapter.descriptionDeu,
      toIta: toChapter.descriptionIta,
      toLineDeu: toLine.descriptionDeu,
      toLineIta: toLine.descriptionIta,
    })
    .from(movementTransferPositions)
    .innerJoin(fromLine, eq(fromLine.id, movementTransferPositions.fromChapterBudgetId))
    .innerJoin(fromChapter, eq(fromChapter.id, fromLine.chapterId))
    .innerJoin(toLine, eq(toLine.id, movementTransferPositions.toChapterBudgetId))
    .innerJoin(toChapter, eq(toChapter.id, toLine.chapterId))
    .where(eq(movementTransferPositions.movementId, movementId))
    .orderBy(asc(movementTransferPositions.sort));
}

/** The payments in their order, with what a payment by hand recorded and the stored order holding each (a returned transfer's order holds it no more). */
function paymentRows(db: Db, movementId: number) {
  return db
    .select({
      id: movementPayments.id,
      amount: movementPayments.amount,
      dateDue: movementPayments.dateDue,
      datePaid: movementPayments.datePaid,
      accountId: movementPayments.accountId,
      note: movementPayments.note,
      orderNumber: paymentOrders.orderNumber,
    })
    .from(movementPayments)
    .leftJoin(paymentOrderItems, and(eq(paymentOrderItems.paymentId, movementPayments.id), isNull(paymentOrderItems.returnedOn)))
    .leftJoin(paymentOrders, eq(paymentOrders.id, paymentOrderItems.orderId))
    .where(eq(movementPayments.movementId, movementId))
    .orderBy(asc(movementPayments.sort));
}

type PositionRow = Awaited<ReturnType<typeof positionRows>>[number];
type ShareRow = Awaited<ReturnType<typeof shareRows>>[number];
type TransferRow = Awaited<ReturnType<typeof transferRows>>[number];

/** A chapter line as a position or a transfer side shows it (chapterLineName: an empty chapter's line names itself). */
function side(line: {
  chapterId: number;
  chapter: string;
  chapterYear: number;
  part: number;
  emptyChapter: boolean;
  deu: string;
  ita: string;
  lineDeu: string;
  lineIta: string;
}) {
  return {
    chapterId: line.chapterId,
    chapter: line.chapter,
    chapterYear: line.chapterYear,
    part: line.part as Part,
    descriptionDeu: chapterLineName(line.emptyChapter, line.deu, line.lineDeu),
    descriptionIta: chapterLineName(line.emptyChapter, line.ita, line.lineIta),
  };
}

/** What a position of a cancelled movement (or not) keeps: the flag and the amount it was booked at (MovementPosition). */
function kept(cancelled: boolean, amount: number, cancelledAmount: number | null) {
  return { cancelled, originalAmount: cancelled ? cancelledAmount : amount };
}

/** A position as the answer shows it: paid is the sum of its shares of the paid instalments. */
function positionOut(p: PositionRow, shares: readonly ShareRow[], cancelled: boolean): Movement['positions'][number] {
  const own = shares.filter((s) => s.positionId === p.id);
  const paid = own.filter((s) => s.datePaid !== null).reduce((sum, s) => sum + s.amount, 0);
  return {
    id: p.id,
    ...side({ ...p, deu: p.descriptionDeu, ita: p.descriptionIta }),
    amount: p.amount,
    note: p.note,
    paid,
    open: p.amount - paid,
    reservationId: p.reservationId,
    reservationRecordNumber: p.reservationRecordNumber,
    reservationAmount: p.reservationAmount,
    ...kept(cancelled, p.amount, p.cancelledAmount),
  };
}

/** A transfer position as the answer shows it. */
function transferOut(t: TransferRow, cancelled: boolean): Movement['transferPositions'][number] {
  return {
    id: t.id,
    from: side({
      chapterId: t.fromChapterId,
      chapter: t.fromChapter,
      chapterYear: t.fromYear,
      part: t.fromPart,
      emptyChapter: t.fromEmpty,
      deu: t.fromDeu,
      ita: t.fromIta,
      lineDeu: t.fromLineDeu,
      lineIta: t.fromLineIta,
    }),
    to: side({
      chapterId: t.toChapterId,
      chapter: t.toChapter,
      chapterYear: t.toYear,
      part: t.toPart,
      emptyChapter: t.toEmpty,
      deu: t.toDeu,
      ita: t.toIta,
      lineDeu: t.toLineDeu,
      lineIta: t.toLineIta,
    }),
    amount: t.amount,
    note: t.note,
    ...kept(cancelled, t.amount, t.cancelledAmount),
  };
}

/** Movements.get: head, positions (with paid and open shares), transfer positions, payments, briefs. */
export async function getMovement(db: Db, scope: BookingScope, input: Pick<MovementKey, 'kind' | 'recordNumber'>): Promise<Movement> {
  const row = await findMovement(db, scope, input);
  const [supplier, account, positions, shares, transfers, payments, state, bankOrder] = await Promise.all([
    supplierBrief(db, row.supplierId),
    accountBrief(db, row.accountId),
    positionRows(db, row.id),
    shareRows(db, row.id),
    transferRows(db, row.id),
    paymentRows(db, row.id),
    bookable(db, scope),
    holdingOrder(db, row.id),
  ]);
  const positionsOut = positions.map((p) => positionOut(p, shares, row.cancelled));
  const s = supplier[0];
  const a = account[0];
  return {
    id: row.id,
    kind: row.kind as MovementKind,
    recordNumber: row.recordNumber,
    type: row.type as MovementType,
    recordDate: row.recordDate,
    documentDate: row.documentDate,
    documentNumber: row.documentNumber,
    templateCode: row.templateCode,
    supplier: s ? { ...s, chapterProposal: s.chapterProposal ?? '' } : null,
    account: a ? ({ ...a, type: a.type as MovementAccountBrief['type'] } satisfies MovementAccountBrief) : null,
    positions: positionsOut,
    transferPositions: transfers.map((t) => transferOut(t, row.cancelled)),
    payments,
    total: positionsOut.reduce((sum, p) => sum + p.amount, 0),
    transferTotal: transfers.reduce((sum, t) => sum + t.amount, 0),
    cancelled: row.cancelled,
    isEditable: state.editable && !row.cancelled,
    bankOrder,
  };
}
