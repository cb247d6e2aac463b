import { type Db, execRows, schema, toCents } from '@app/db';
import type { Movement, MovementSave } from '@app/domain';
import { eq, sql } from 'drizzle-orm';
import type { BookingScope } from '../ledger/bookingScope.ts';
import type { FigureRawRow } from '../ledger/chapterFigures.ts';
import { failInOrder, type HoldingOrder } from '../ledger/frozen.ts';
import type { ChapterLine } from '../ledger/lines.ts';
import { assertAvailable, availabilityQueries, expenseUse, savedExpenseUse } from './availability.ts';
import type { SaveHead, SavePosition, TransferSide } from './checks.ts';
import { getMovement } from './getMovement.ts';

const { movementPositions } = schema;

type MovementRow = typeof schema.movements.$inferSelect;

/** A save of a bill an order registered: what the caller checked and resolved. */
export interface RegisteredBillSave {
  existing: MovementRow;
  heldBy: HoldingOrder;
  head: SaveHead;
  /** The typed instalments (typedPaymentsOf): empty means "as stored". */
  typedPayments: MovementSave['payments'];
  positions: readonly SavePosition[];
  positionLines: readonly ChapterLine[];
  transferSides: readonly TransferSide[];
  confirmed: boolean;
}

interface StoredRows {
  positions: { id: number; lineId: number; amount: number; note: string; reservationId: number | null; reservationAmount: number }[];
  transfers: { from: number; to: number; amount: number; note: string }[];
  payments: { amount: number; dateDue: string; datePaid: string | null }[];
}

async function storedRows(tx: Db, movementId: number): Promise<StoredRows> {
  const [positions, transfers, payments] = await Promise.all([
    execRows<{ id: number; line_id: number; amount: string; note: string; reservation_id: number | null; reservation_amount: string }>(
      tx,
      sql`select id, chapter_budget_id as line_id, amount, note, reservation_id, reservation_amount from movement_positions
          where movement_id = ${movementId} order by sort, id`,
    ),
    execRows<{ from_id: number; to_id: number; amount: string; note: string }>(
      tx,
      sql`select from_chapter_budget_id as from_id, to_chapter_budget_id as to_id, amount, note from movement_transfer_positions
          where movement_id = ${movementId} order by sort, id`,
    ),
    execRows<{ amount: string; date_due: string; date_paid: string | null }>(
      tx,
      sql`select amount, date_due::text, date_paid::text from movement_payments where movement_id = ${movementId} order by sort, id`,
    ),
  ]);
  return {
    positions: positions.map((p) => ({
      id: Number(p.id),
      lineId: Number(p.line_id),
      amount: toCents(p.amount),
      note: p.note,
      reservationId: p.reservation_id === null ? null : Number(p.reservation_id),
      reservationAmount: toCents(p.reservation_amount),
    })),
    transfers: transfers.map((t) => ({ from: Number(t.from_id), to: Number(t.to_id), amount: toCents(t.amount), note: t.note })),
    payments: payments.map((p) => ({ amount: toCents(p.amount), dateDue: p.date_due, datePaid: p.date_paid })),
  };
}

/** The first field the save changes beyond the positions' chapters and notes, or null. */
function frozenChange(save: RegisteredBillSave, stored: StoredRows): string | null {
  const { existing: row, head } = save;
  const headFields = ['recordDate', 'documentDate', 'documentNumber', 'supplierId', 'accountId', 'templateCode'] as const;
  const changedHead = headFields.find((f) => (head[f] ?? null) !== (row[f] ?? null));
  if (changedHead) return changedHead;
  const typed = save.typedPayments;
  if (typed.length > 0) {
    if (typed.length !== stored.payments.length) return 'payments';
    const k = typed.findIndex((p, i) => {
      const s = stored.payments[i];
      return !s || p.amount !== s.amount || p.dateDue !== s.dateDue || (p.datePaid ?? null) !== s.datePaid;
    });
    if (k >= 0) return `payments.${k}`;
  }
  if (save.transferSides.length !== stored.transfers.length) return 'transferPositions';
  const t = save.transferSides.findIndex((side, i) => {
    const s = stored.transfers[i];
    return !s || side.from.lineId !== s.from || side.to.lineId !== s.to || side.amount !== s.amount || side.note !== s.note;
  });
  if (t >= 0) return `transferPositions.${t}`;
  if (save.positions.length !== stored.positions.length) return 'positions';
  const p = save.positions.findIndex((position, i) => position.amount !== stored.positions[i]?.amount);
  return p >= 0 ? `positions.${p}.amount` : null;
}

/**
 * The correction of a bill a registered order paid (DOMAIN decision 22, issue 24 item 3), inside the
 * save's transaction (the year open, the budget not closed, the movement locked): only the positions'
 * chapters and notes may change; the head, the amounts, the instalments and the transfer positions stay
 * as the bank paid them (else PaymentInOrder naming the order and the field). A position moves to
 * another chapter only while every instalment of the bill was paid within the scope year (a share still
 * open at 31.12. is carried on its line: PaymentInOrder on the chapter); the new line passed the usual
 * checks (active line of the scope, the movement's part) and the availability asks as usual. A moved
 * position leaves its reservation (the link is cleared: the reservation gets back what the position
 * consumed, as when a position is deleted); an unmoved one keeps its link. Positions, instalments and
 * their shares keep their rows (the order's items point at the instalments), so the order, its protocol
 * and the cash stay as they are. Answers the movement as Movements.get reads it.
 */
export async function correctRegisteredBill(tx: Db, scope: BookingScope, save: RegisteredBillSave): Promise<Movement> {
  const { existing, heldBy, positions, positionLines } = save;
  const stored = await storedRows(tx, existing.id);
  const changed = frozenChange(save, stored);
  if (changed) failInOrder(heldBy, changed);
  const moved = positions.map((_, i) => positionLines[i]?.lineId !== stored.positions[i]?.lineId);
  if (moved.some(Boolean)) {
    const paidInYear = stored.payments.every((p) => p.datePaid !== null && p.datePaid <= `${scope.year}-12-31`);
    if (!paidInYear) failInOrder(heldBy, `positions.${moved.indexOf(true)}.chapter`);
    const use = expenseUse([
      ...positions.map((p, i) => {
        const s = stored.positions[i];
        return { line: positionLines[i] as ChapterLine, amount: moved[i] || !s ? p.amount : s.amount - s.reservationAmount };
      }),
      ...save.transferSides.flatMap((t) => [
        { line: t.from, amount: t.amount },
        { line: t.to, amount: t.amount },
      ]),
    ]);
    const before = await savedExpenseUse(tx, existing.id);
    const figures = [];
    for (const q of availabilityQueries(scope, use, existing.id)) figures.push({ chapterYear: q.chapterYear, rows: await execRows<FigureRawRow>(tx, q.sql) });
    assertAvailable(scope, use, before, figures, save.confirmed);
  }
  for (const [i, s] of stored.positions.entries()) {
    const position = positions[i];
    const line = positionLines[i];
    if (!position || !line || (!moved[i] && position.note === s.note)) continue;
    await tx
      .update(movementPositions)
      .set(moved[i] ? { chapterBudgetId: line.lineId, note: position.note, reservationId: null, reservationAmount: 0 } : { note: position.note })
      .where(eq(movementPositions.id, s.id));
  }
  return getMovement(tx, scope, { kind: save.existing.kind as Movement['kind'], recordNumber: existing.recordNumber });
}
