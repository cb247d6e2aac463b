import { type Db, execRows, schema, toCents } from '@app/db';
import { canPayByHandFrom, type ReopenInput, type SettledInstalment, type SettleInput, settleDateProblem } from '@app/domain';
import { and, eq, sql } from 'drizzle-orm';
import { fail } from '../../errors.ts';
import { shareBookableHead } from '../ledger/head.ts';
import { type InstalmentRow, instalmentRows, ofScope, paymentsDepartment, type PaymentScope } from './rows.ts';

const { accounts, movementPayments } = schema;

/**
 * Paying an open instalment by hand (DOMAIN decision 21; Payments/Settle): cash, card or a manual
 * transfer, without homebanking. The instalment is one the scope year pays (rows.ts ofScope: its own
 * year's, or an earlier year's carried into it), so it counts as paid on the line where it counts —
 * its own line, or after the carry-over the residue line — by its date paid alone (ledger/counting.ts);
 * the cash leaves the chosen account that day (ledger/cashSources.ts reads movement_payments.account_id).
 * Both calls run in one transaction behind the scope's head (shareBookableHead: YearLocked, BudgetClosed,
 * BudgetNotApproved) with the movement and the instalment locked as an order's store locks them.
 */

/** The instalment of the scope (InvalidValue on paymentId when unknown, of another movement or another scope), locked. */
async function lockedInstalment(tx: Db, scope: PaymentScope, input: { movementId: number; paymentId: number }): Promise<InstalmentRow> {
  const [row] = await instalmentRows(tx, sql`pay.id = ${input.paymentId} and ${ofScope(scope)}`, { lock: true });
  if (!row || row.movementId !== input.movementId) fail('InvalidValue', { field: 'paymentId', params: { paymentId: input.paymentId } });
  if (row.orderNumber !== null) fail('PaymentInOrder', { field: 'paymentId', params: { paymentId: input.paymentId, orderNumber: row.orderNumber } });
  return row;
}

/** The department's cash or bank account the instalment leaves (InvalidValue on accountId otherwise; an inactive one too). */
async function payingAccount(tx: Db, scope: PaymentScope, accountId: number | null): Promise<{ id: number; code: string }> {
  const [account] =
    accountId === null
      ? []
      : await tx
          .select({ id: accounts.id, code: accounts.code, type: accounts.type, inactive: accounts.inactive })
          .from(accounts)
          .where(and(eq(accounts.id, accountId), eq(accounts.departmentId, scope.departmentId)));
  if (!account || account.inactive || !canPayByHandFrom(account.type)) fail('InvalidValue', { field: 'accountId', params: { accountId: accountId ?? '' } });
  return account;
}

async function answer(tx: Db, paymentId: number): Promise<SettledInstalment> {
  const [row] = await execRows<{
    payment_id: number | string;
    movement_id: number | string;
    year: number | string;
    record_number: number | string;
    amount: string;
    date_paid: string | null;
    account_id: number | string | null;
    account_code: string | null;
    note: string;
  }>(
    tx,
    sql`select pay.id as payment_id, m.id as movement_id, m.year, m.record_number, pay.amount::text as amount, pay.date_paid::text as date_paid,
          case when pay.date_paid is null then null else coalesce(pay.account_id, m.account_id) end as account_id, a.code as account_code, pay.note
        from movement_payments pay join movements m on m.id = pay.movement_id
        left join accounts a on a.id = coalesce(pay.account_id, m.account_id) and pay.date_paid is not null
        where pay.id = ${paymentId}`,
  );
  if (!row) throw new Error(`instalment ${paymentId} vanished`);
  return {
    paymentId: Number(row.payment_id),
    movementId: Number(row.movement_id),
    year: Number(row.year),
    recordNumber: Number(row.record_number),
    amount: toCents(row.amount),
    datePaid: row.date_paid,
    accountId: row.account_id === null ? null : Number(row.account_id),
    accountCode: row.account_code ?? '',
    note: row.note,
  };
}

/**
 * Payments/Settle (POST): the open instalment gets its date paid (a booking date of the scope year, not
 * before the document date: settleDateProblem), the account it left (default: the movement's) and the
 * note. Refused: an instalment already paid (InvalidValue), one in a stored order (PaymentInOrder: the
 * bank pays it), an account not of the department or not cash/bank (InvalidValue on accountId).
 */
export async function settleInstalment(db: Db, scope: PaymentScope, input: SettleInput): Promise<SettledInstalment> {
  return db.transaction(async (tx) => {
    await shareBookableHead(tx, scope);
    await paymentsDepartment(tx, scope);
    const row = await lockedInstalment(tx, scope, input);
    if (row.datePaid !== null) fail('InvalidValue', { field: 'paymentId', params: { paymentId: input.paymentId, datePaid: row.datePaid } });
    const dateError = settleDateProblem({ year: scope.year, today: scope.today, datePaid: input.datePaid, documentDate: row.documentDate });
    if (dateError) fail(dateError.code, { field: dateError.field, params: { documentDate: row.documentDate ?? '' } });
    const account = await payingAccount(tx, scope, input.accountId ?? row.accountId);
    await tx.update(movementPayments).set({ datePaid: input.datePaid, accountId: account.id, note: input.note }).where(eq(movementPayments.id, row.paymentId));
    return answer(tx, row.paymentId);
  });
}

/**
 * Payments/Settle (DELETE), "wieder offen": a paid instalment of the scope year that no stored order
 * holds (PaymentInOrder: a registered one is taken back as a bank return) is open again — date paid,
 * account and note cleared. Only in the year it was paid (InvalidDate on datePaid otherwise: that
 * year's books), while that year is open; an open instalment is InvalidValue.
 */
export async function reopenInstalment(db: Db, scope: PaymentScope, input: ReopenInput): Promise<SettledInstalment> {
  return db.transaction(async (tx) => {
    await shareBookableHead(tx, scope);
    await paymentsDepartment(tx, scope);
    const row = await lockedInstalment(tx, scope, input);
    if (row.datePaid === null) fail('InvalidValue', { field: 'paymentId', params: { paymentId: input.paymentId } });
    if (!row.datePaid.startsWith(`${scope.year}-`)) fail('InvalidDate', { field: 'datePaid', params: { datePaid: row.datePaid } });
    await tx.update(movementPayments).set({ datePaid: null, accountId: null, note: '' }).where(eq(movementPayments.id, row.paymentId));
    return answer(tx, row.paymentId);
  });
}
