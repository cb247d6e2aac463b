import { addDays } from './dates.ts';
import { MovementType } from './movementTypes.ts';

/** One instalment of a movement (spec 3 §3 Payment): amount in integer cents, dates `YYYY-MM-DD`. */
export interface PaymentRow {
  amount: number;
  dateDue: string;
  datePaid: string | null;
}

/** The default due date (spec 3 §5): the document date plus the supplier's payment term in days (none: the document date). */
export function defaultDueDate(documentDate: string, paymentTermDays: number | null | undefined): string {
  return addDays(documentDate, paymentTermDays ?? 0);
}

/** Sum of the instalments' amounts. */
export function paymentsTotal(rows: readonly PaymentRow[]): number {
  return rows.reduce((sum, row) => sum + row.amount, 0);
}

/** Payments dialog: appends a row with the unallocated remainder (total - sum) and dateDue when the remainder > 0; else rows unchanged. */
export function proposeRemainder(rows: readonly PaymentRow[], total: number, dateDue: string): PaymentRow[] {
  const remainder = total - paymentsTotal(rows);
  const copy = rows.map((row) => ({ ...row }));
  return remainder > 0 ? [...copy, { amount: remainder, dateDue, datePaid: null }] : copy;
}

/** Removes row `index` (>= 1) and adds its amount to the previous row. The first row can't be removed (RangeError). */
export function removePaymentRow(rows: readonly PaymentRow[], index: number): PaymentRow[] {
  if (!Number.isInteger(index) || index < 1 || index >= rows.length) throw new RangeError(`no removable payment row ${index}`);
  const copy = rows.map((row) => ({ ...row }));
  const [removed] = copy.splice(index, 1);
  const previous = copy[index - 1];
  if (removed && previous) previous.amount += removed.amount;
  return copy;
}

function requirePositiveCents(amounts: readonly number[], what: string): void {
  for (const amount of amounts) {
    if (!Number.isSafeInteger(amount) || amount <= 0) throw new RangeError(`${what} must be positive whole cents: ${amount}`);
  }
}

function sum(amounts: readonly number[]): number {
  return amounts.reduce((total, amount) => total + amount, 0);
}

/**
 * result[i][j] = cents of instalment i on position j (DOMAIN.md decision 4). The instalments are
 * spread in their order; each one over the positions in proportion to what is still unallocated of
 * each position (exact integer arithmetic), rounded by largest remainder (ties to the earlier
 * position) and never above what is left of a position. So the last instalment takes exactly what is
 * left, rows sum to the instalments, columns to the positions and no cell is negative. Positions and
 * instalments must be positive whole cents with equal sums (RangeError otherwise); none of either gives [].
 */
export function splitInstalments(positionAmounts: readonly number[], instalmentAmounts: readonly number[]): number[][] {
  requirePositiveCents(positionAmounts, 'position amounts');
  requirePositiveCents(instalmentAmounts, 'instalment amounts');
  if (sum(positionAmounts) !== sum(instalmentAmounts)) {
    throw new RangeError(`instalments (${sum(instalmentAmounts)}) don't sum to the positions (${sum(positionAmounts)})`);
  }
  const left = positionAmounts.map(BigInt);
  let leftTotal = left.reduce((a, b) => a + b, 0n);
  return instalmentAmounts.map((instalment) => {
    const amount = BigInt(instalment);
    const cells = left.map((rest) => (amount * rest) / leftTotal);
    const remainders = left.map((rest, j) => ({ j, remainder: (amount * rest) % leftTotal }));
    let missing = amount - cells.reduce((a, b) => a + b, 0n);
    remainders.sort((a, b) => (a.remainder === b.remainder ? a.j - b.j : a.remainder > b.remainder ? -1 : 1));
    for (const { j } of remainders) {
      if (missing === 0n) break;
      const cell = cells[j] ?? 0n;
      if (cell < (left[j] ?? 0n)) {
        cells[j] = cell + 1n;
        missing -= 1n;
      }
    }
    for (const [j, cell] of cells.entries()) left[j] = (left[j] ?? 0n) - cell;
    leftTotal -= amount;
    return cells.map(Number);
  });
}

/**
 * Per position: the paid part (instalments with datePaid) and the open part; paid[j] + open[j] ==
 * position j exactly (uses splitInstalments). Positions and instalments of amount 0 take no share
 * (a position of 0 is paid 0, open 0). No payments at all (revenues, transfers): everything counts
 * as paid. Otherwise the payments must sum to the positions (RangeError).
 */
export function paidAndOpen(positionAmounts: readonly number[], payments: readonly PaymentRow[]): { paid: number[]; open: number[] } {
  const columns = positionAmounts.flatMap((amount, j) => (amount === 0 ? [] : [j]));
  requirePositiveCents(
    columns.map((j) => positionAmounts[j] ?? 0),
    'position amounts',
  );
  const open = positionAmounts.map(() => 0);
  if (payments.length === 0) return { paid: [...positionAmounts], open };
  const paid = positionAmounts.map(() => 0);
  const instalments = payments.filter((row) => row.amount !== 0);
  const split = splitInstalments(
    columns.map((j) => positionAmounts[j] ?? 0),
    instalments.map((row) => row.amount),
  );
  for (const [i, row] of split.entries()) {
    const target = instalments[i]?.datePaid ? paid : open;
    for (const [k, cell] of row.entries()) {
      const j = columns[k] ?? 0;
      target[j] = (target[j] ?? 0) + cell;
    }
  }
  return { paid, open };
}

/** Open share (0..1) for the budget preview (spec 3 §4): unpaid instalments / total of the instalments; 0 without payments. */
export function openShareRatio(payments: readonly PaymentRow[]): number {
  const total = paymentsTotal(payments);
  if (total <= 0) return 0;
  const unpaid = paymentsTotal(payments.filter((row) => row.datePaid === null));
  return unpaid / total;
}

export interface PaymentsForSaveInput {
  type: MovementType;
  /** The expense total (the cash positions) in cents. */
  total: number;
  /** The instalments typed in the payments dialog (PaymentOpen only). */
  rows: readonly PaymentRow[];
  recordDate: string;
  /** defaultDueDate(documentDate, supplier's paymentTerm). */
  defaultDue: string;
}

/**
 * The payments a movement is saved with (DOMAIN.md decision 3): revenues and transfers (0, 3, 5)
 * have none; PaymentDone (1) and Wages (4) one payment {total, dateDue: recordDate, datePaid:
 * recordDate}; PaymentOpen (2) the typed rows (rows of amount 0 dropped) when they sum to the total,
 * one payment {total, defaultDue, null} when the user never split (no rows), otherwise
 * 'WrongPaymentTotal' — never replaced; a negative row is 'WrongPaymentTotal' too. A total of 0 (no
 * positions) gives []. A negative total is a RangeError (positive amounts only).
 */
export function paymentsForSave(input: PaymentsForSaveInput): PaymentRow[] | 'WrongPaymentTotal' {
  const { type, total, rows, recordDate, defaultDue } = input;
  if (!Number.isSafeInteger(total) || total < 0) throw new RangeError(`the total must be non-negative whole cents: ${total}`);
  if (total === 0) return [];
  switch (type) {
    case MovementType.Revenue:
    case MovementType.TransferExpense:
    case MovementType.TransferRevenue:
      return [];
    case MovementType.PaymentDone:
    case MovementType.Wages:
      return [{ amount: total, dateDue: recordDate, datePaid: recordDate }];
    case MovementType.PaymentOpen: {
      if (rows.length === 0) return [{ amount: total, dateDue: defaultDue, datePaid: null }];
      if (rows.some((row) => !Number.isSafeInteger(row.amount) || row.amount < 0)) return 'WrongPaymentTotal';
      if (paymentsTotal(rows) !== total) return 'WrongPaymentTotal';
      return rows.filter((row) => row.amount !== 0).map((row) => ({ ...row }));
    }
  }
}

/** Positions of amount 0 are dropped before saving (spec 3 §5). */
export function dropZeroPositions<T extends { amount: number }>(rows: readonly T[]): T[] {
  return rows.filter((row) => row.amount !== 0);
}
