import { z } from 'zod';
import { Id, safeString } from './primitives.ts';
import { IsoDate } from './dates.ts';
import { Cents } from './money.ts';
import { ScopeInput } from './scope.ts';
import { AccountType } from './accounts.ts';
import { checkBookingDate, type MovementDateError } from './movementTypes.ts';
import { OrderKey } from './paymentOrders.ts';
import { NullNum, NullText, Num, Text } from './outputs.ts';

// Paying by hand and bank returns (DOMAIN decisions 21 and 22; issue 24 items 1 and 2): an open
// instalment paid without homebanking (cash, card, a manual transfer) on a chosen account, undone
// ("wieder offen") while the year is open; a registered order's instalment the bank returned, open
// again. The use cases live in the server's services/payments (byHand.ts, returns.ts).

export const INSTALMENT_NOTE_MAX = 200;

/**
 * Payments/Settle (POST): the instalment (`paymentId` of the movement `movementId`), the date it was
 * paid, the account it left (null: the movement's account) and an optional note.
 */
export const SettleInput = ScopeInput.extend({
  movementId: Id,
  paymentId: Id,
  datePaid: IsoDate,
  accountId: Id.nullish().transform((v) => v ?? null),
  note: safeString().trim().max(INSTALMENT_NOTE_MAX, 'TooLong').default(''),
});
export type SettleInput = z.infer<typeof SettleInput>;

/** Payments/Settle (DELETE): the instalment paid by hand that is open again ("wieder offen"). */
export const ReopenInput = ScopeInput.extend({ movementId: Id, paymentId: Id });
export type ReopenInput = z.infer<typeof ReopenInput>;

/** The instalment after a payment by hand or its undo. */
export const SettledInstalment = z.strictObject({
  paymentId: Num,
  movementId: Num,
  /** The movement's year: an earlier one for a bill carried over into the scope year. */
  year: Num,
  recordNumber: Num,
  amount: Cents,
  datePaid: NullText,
  /** The account the cash left (null while open). */
  accountId: NullNum,
  accountCode: Text,
  note: Text,
});
export type SettledInstalment = z.infer<typeof SettledInstalment>;

/** Payments/Orders/Returned: a registered order's instalment the bank returned, and the date of the return. */
export const ReturnInput = OrderKey.extend({ paymentId: Id, returnedOn: IsoDate });
export type ReturnInput = z.infer<typeof ReturnInput>;

/** The accounts an instalment can be paid from by hand: cash or bank (not the postal account). */
export function canPayByHandFrom(accountType: number): boolean {
  return accountType === AccountType.Cash || accountType === AccountType.Bank;
}

/**
 * The date of a payment by hand (DOMAIN decision 21): a booking date of the scope year (1.1–31.12,
 * not after today: DateAfter31.12 / InvalidDate) and not before the bill's document date (InvalidDate).
 */
export function settleDateProblem(input: { year: number; today: string; datePaid: string; documentDate: string | null }): MovementDateError | null {
  const error = checkBookingDate(input.datePaid, input.year, input.today, 'datePaid');
  if (error) return error;
  if (input.documentDate !== null && input.datePaid < input.documentDate) return { code: 'InvalidDate', field: 'datePaid' };
  return null;
}

/**
 * The date of a bank return (DOMAIN decision 22): a booking date of the scope year, not before the
 * date the order paid it, and the payment itself in the scope year or the year before (a December
 * transfer the bank returns in January: the return is booked in the new year, the old year's books
 * keep the payment). InvalidDate / DateAfter31.12.
 */
export function returnDateProblem(input: { year: number; today: string; returnedOn: string; datePaid: string }): MovementDateError | null {
  const error = checkBookingDate(input.returnedOn, input.year, input.today, 'returnedOn');
  if (error) return error;
  const paidYear = Number(input.datePaid.slice(0, 4));
  if (input.returnedOn < input.datePaid || !(paidYear === input.year || paidYear === input.year - 1)) return { code: 'InvalidDate', field: 'returnedOn' };
  return null;
}
