import { type Db, execRows, schema } from '@app/db';
import {
  dropZeroPositions,
  kindOfType,
  type Movement,
  type MovementDeleteResult,
  type MovementKey,
  type MovementKind,
  type MovementSave,
  normalizeMovementHead,
} from '@app/domain';
import { eq, sql } from 'drizzle-orm';
import { fail } from '../../errors.ts';
import type { BookingScope } from '../ledger/bookingScope.ts';
import { shareBookableHead } from '../ledger/head.ts';
import { assertCashWithinBounds } from '../ledger/cashBalances.ts';
import { assertLinesWithinBounds } from '../ledger/chapterBounds.ts';
import type { FigureRawRow } from '../ledger/chapterFigures.ts';
import { assertNotInOrder } from '../ledger/frozen.ts';
import type { ChapterLine } from '../ledger/lines.ts';
import { checkTypedRecordNumber, deleteOrCancel, type RecordKind } from '../ledger/recordCounters.ts';
import { assertAvailable, availabilityQueries, expenseUse, savedExpenseUse } from './availability.ts';
import {
  checkDates,
  checkHeadFields,
  checkLines,
  checkTypeRules,
  type HeadChecks,
  lockMovement,
  lockSavedRecord,
  paymentsOf,
  readForSave,
  type SavePosition,
  type TransferSide,
  typedPaymentsOf,
} from './checks.ts';
import { correctRegisteredBill } from './correct.ts';
import { type ReservationUse, reservationUse } from './reservationUse.ts';
import { type MovementHeadValues, type WrittenMovement, writeMovementRows } from './write.ts';

// Movements.save in its steps: the checks (checks.ts), the reservations the positions use
// (reservationUse.ts), the availability (availability.ts) and the write (write.ts); this module runs
// them in the rules' order inside one transaction and builds the answer from what was written.

const { movementPayments, movementPositions, movementTransferPositions, movements } = schema;

type MovementRow = typeof movements.$inferSelect;

/** The record counter of a kind: revenues and expenses are numbered separately. */
export function counterOf(kind: MovementKind): RecordKind {
  return kind === 'revenues' ? 'revenue' : 'expense';
}

/** Deletes a saved movement's positions, transfer positions and payments (its head stays). */
async function deleteMovementRows(tx: Db, movementId: number): Promise<void> {
  await tx.delete(movementPositions).where(eq(movementPositions.movementId, movementId));
  await tx.delete(movementTransferPositions).where(eq(movementTransferPositions.movementId, movementId));
  await tx.delete(movementPayments).where(eq(movementPayments.movementId, movementId));
}

/**
 * What payments by hand recorded on the saved instalments (DOMAIN decision 21: the account and the note)
 * carried onto the new rows: instalment k keeps them while it is saved with the same amount and date
 * paid, so re-saving a bill (its notes, a due date) never moves its cash to another account.
 */
async function keptByHand(tx: Db, movementId: number, payments: CheckedSave['payments']): Promise<CheckedSave['payments']> {
  const saved = await tx
    .select({ amount: movementPayments.amount, datePaid: movementPayments.datePaid, accountId: movementPayments.accountId, note: movementPayments.note })
    .from(movementPayments)
    .where(eq(movementPayments.movementId, movementId))
    .orderBy(movementPayments.sort, movementPayments.id);
  return payments.map((p, k) => {
    const old = saved[k];
    const same = old !== undefined && p.datePaid !== null && old.datePaid === p.datePaid && old.amount === p.amount;
    return same ? { ...p, accountId: old.accountId, note: old.note } : p;
  });
}

/**
 * A cancelled movement's rows (DOMAIN decisions 1 and 27): its positions and transfer positions stay
 * with their chapters and notes at amount 0, the amount they had kept in `cancelled_amount` (shown,
 * counted nowhere), unlinked from any reservation (what they used is given back), so the chapter
 * register lists the record on its chapters; its instalments stay as they were
 * (amount, due date, date paid, account, note), marked by the movement's `cancelled`, and count 0
 * everywhere: every read of instalments joins the movement and leaves a cancelled one out
 * (`not m.cancelled`). Their shares of the positions go (the positions are 0).
 */
async function cancelMovementRows(tx: Db, movementId: number): Promise<void> {
  await execRows(tx, sql`delete from movement_payment_shares s using movement_payments pay where s.payment_id = pay.id and pay.movement_id = ${movementId}`);
  await tx
    .update(movementPositions)
    .set({ cancelledAmount: sql`${movementPositions.amount}`, amount: 0, reservationId: null, reservationAmount: 0 })
    .where(eq(movementPositions.movementId, movementId));
  await tx
    .update(movementTransferPositions)
    .set({ cancelledAmount: sql`${movementTransferPositions.amount}`, amount: 0 })
    .where(eq(movementTransferPositions.movementId, movementId));
}

/** A save whose every rule passed: what the availability step and the write need. */
interface CheckedSave {
  kind: MovementKind;
  /** The saved record being edited; undefined: a new one. */
  existing: MovementRow | undefined;
  /** The number typed for a new record saved "as new" (checkTypedRecordNumber), else null. */
  typedNumber: number | null;
  head: MovementHeadValues;
  positions: readonly SavePosition[];
  positionLines: readonly ChapterLine[];
  transferSides: readonly TransferSide[];
  payments: { amount: number; dateDue: string; datePaid: string | null; accountId?: number | null; note?: string }[];
  shares: number[][];
  reserved: ReservationUse;
  confirmed: boolean;
}

/**
 * The availability step and the write: what the movement takes from each expense line (what its
 * reservations consume was counted as reserved: only the rest is new spending) and took in its saved
 * version; the saved record's head updated and its rows deleted, or a typed number checked; then the
 * head (new: numbered in the same statement) and every row written in one statement that also reads
 * the availability figures, and AvailableExceeded judged on them (thrown, it rolls the save back).
 */
async function writeChecked(tx: Db, scope: BookingScope, save: CheckedSave): Promise<WrittenMovement> {
  const { kind, existing, positions, positionLines, transferSides } = save;
  const { consumed } = save.reserved;
  const use = expenseUse([
    ...positions.map((p, i) => ({ line: positionLines[i] as ChapterLine, amount: p.amount - (consumed[i] ?? 0) })),
    ...transferSides.flatMap((t) => [
      { line: t.from, amount: t.amount },
      { line: t.to, amount: t.amount },
    ]),
  ]);
  const before = existing ? await savedExpenseUse(tx, existing.id) : new Map<number, number>();
  const availability = availabilityQueries(scope, use, existing?.id ?? null);
  if (existing) {
    await tx.update(movements).set(save.head).where(eq(movements.id, existing.id));
    await deleteMovementRows(tx, existing.id);
  } else {
    await checkTypedRecordNumber(tx, scope, counterOf(kind), save.typedNumber);
  }
  const written = await writeMovementRows(tx, {
    target: existing ? { movementId: existing.id, recordNumber: existing.recordNumber } : { scope, kind, counter: counterOf(kind), head: save.head },
    positions: positions.map((p, i) => ({
      lineId: (positionLines[i] as ChapterLine).lineId,
      amount: p.amount,
      note: p.note,
      reservationId: p.reservationId,
      reservationAmount: consumed[i] ?? 0,
    })),
    transfers: transferSides.map((t) => ({ fromLineId: t.from.lineId, toLineId: t.to.lineId, amount: t.amount, note: t.note })),
    payments: save.payments,
    shares: save.shares,
    alongside: availability,
  });
  assertAvailable(
    scope,
    use,
    before,
    availability.map((a) => ({ chapterYear: a.chapterYear, rows: (written.alongside[a.name] ?? []) as FigureRawRow[] })),
    save.confirmed,
  );
  return written;
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
 * The answer, from what was checked and written (a position's paid part: its shares of the paid
 * instalments); the same as Movements.get reads back.
 */
function savedAnswer(save: CheckedSave, checks: HeadChecks, cashTotal: number, written: WrittenMovement): Movement {
  const { positions, positionLines, transferSides, payments, shares, head } = save;
  const { movementId, recordNumber, positionIds, transferIds, paymentIds } = written;
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
      reservationRecordNumber: p.reservationId === null ? null : (save.reserved.recordNumbers.get(p.reservationId) ?? null),
      reservationAmount: save.reserved.consumed[i] ?? 0,
      cancelled: false,
      originalAmount: p.amount,
    };
  });
  return {
    id: movementId,
    kind: save.kind,
    recordNumber,
    type: head.type,
    recordDate: head.recordDate,
    documentDate: head.documentDate,
    documentNumber: head.documentNumber,
    templateCode: head.templateCode,
    supplier: checks.supplier ?? null,
    account: checks.account ?? null,
    positions: positionsOut,
    transferPositions: transferSides.map((t, i) => ({
      id: transferIds[i] as number,
      from: sideOf(t.from),
      to: sideOf(t.to),
      amount: t.amount,
      note: t.note,
      cancelled: false,
      originalAmount: t.amount,
    })),
    // a saved movement is in no order (frozen otherwise: PaymentInOrder)
    payments: payments.map((p, k) => ({
      id: paymentIds[k] as number,
      amount: p.amount,
      dateDue: p.dateDue,
      datePaid: p.datePaid,
      accountId: p.accountId ?? null,
      note: p.note ?? '',
      orderNumber: null,
    })),
    total: cashTotal,
    transferTotal: transferSides.reduce((sum, t) => sum + t.amount, 0),
    cancelled: false,
    // shareBookableHead passed: approved, not closed, the year not locked
    isEditable: true,
    // a save that rewrote its rows was in no order (one in an order is corrected in place: correct.ts)
    bankOrder: null,
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
  const positions = dropZeroPositions(input.positions);
  const transfers = dropZeroPositions(input.transferPositions);
  return db.transaction(async (tx): Promise<Movement> => {
    const reads = await readForSave(tx, scope, headIn, positions, transfers);
    const { checks } = reads;
    checkTypeRules(scope, kind, type, checks, positions, transfers);
    const saved = await lockSavedRecord(tx, scope, input);
    if (saved?.heldBy) {
      // a bill a registered order paid: only its positions' chapters and notes (DOMAIN decision 22)
      const { positionLines, transferSides } = checkLines(kind, transfers, reads);
      const { existing: row, heldBy } = saved;
      const typedPayments = typedPaymentsOf(type, input.payments);
      const confirmed = input.confirmAvailableExceeded;
      return correctRegisteredBill(tx, scope, { existing: row, heldBy, head: headIn, typedPayments, positions, positionLines, transferSides, confirmed });
    }
    const existing = saved?.existing;
    checkHeadFields(type, headIn, checks);
    const typedPayments = typedPaymentsOf(type, input.payments);
    checkDates(scope, headIn, typedPayments);
    const { positionLines, transferSides } = checkLines(kind, transfers, reads);
    const { cashTotal, payments, shares } = paymentsOf(type, headIn, checks, positions, typedPayments);
    const reserved = await reservationUse(tx, scope, kind, positions, positionLines, existing?.id ?? null);
    const { documentNumber, documentDate, supplierId, accountId, templateCode } = headIn;
    const save: CheckedSave = {
      kind,
      existing,
      typedNumber: input.asNew ? input.recordNumber : null,
      head: { type, recordDate: input.recordDate, documentDate, documentNumber, supplierId, accountId, templateCode },
      positions,
      positionLines,
      transferSides,
      payments: existing ? await keptByHand(tx, existing.id, payments) : payments,
      shares,
      reserved,
      confirmed: input.confirmAvailableExceeded,
    };
    const written = await writeChecked(tx, scope, save);
    await assertCashWithinBounds(tx, scope, 'positions');
    await assertLinesWithinBounds(tx, scope, positionLines, 'positions');
    return savedAnswer(save, checks, cashTotal, written);
  });
}

/**
 * Movements.delete (DOMAIN decision 1): the latest record of its kind is deleted and its number given
 * back to the counter; an earlier one is cancelled: it keeps its number and head, its positions and
 * transfer positions at 0 (cancelMovementRows), its instalments kept counting 0; lists and digests show it as cancelled.
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
        // cancelled already: its kept amounts stay as they are
        if (row.cancelled) return;
        await cancelMovementRows(tx, row.id);
        await tx.update(movements).set({ cancelled: true }).where(eq(movements.id, row.id));
      },
    });
  });
}
