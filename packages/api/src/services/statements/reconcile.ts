/**
 * Reconciliation of an account with its bank statements (issue 28): the bank's closing balance of the latest
 * stored statement closing up to the day, beside the book balance of the account at the end of that day — the
 * cash of the ledger (ledger/cashSources.ts: the year's initial balance plus the year's flows booked up to the
 * day, the same sums as Accounts/Balance) — and what explains the difference from the first day of the account's
 * first statement of the year on: the statement lines the books don't have (skipped, or their booking deleted
 * since) and the cash bookings no statement line booked.
 */
import { type Db, execRows, toCents } from '@app/db';
import { type Reconciliation, type StatementBrief, type StatementListInput, sumCents } from '@app/domain';
import { sql } from 'drizzle-orm';
import { fail } from '../../errors.ts';
import type { BookingScope, YearScope } from '../ledger/bookingScope.ts';
import { accountBalanceRows } from '../ledger/cashBalances.ts';
import { cashFlowRowsSql } from '../ledger/cashSources.ts';
import { firstYearSql } from '../ledger/firstYear.ts';

type Input = { accountId: number; date: string | null };

/** The flows that count in the scope year: of every movement since the department's first year (a bill carried over and paid now is this year's). */
function yearFlows(scope: YearScope) {
  return { departmentId: scope.departmentId, yearFrom: firstYearSql(scope.departmentId, scope.year), yearTo: scope.year };
}

async function accountOf(db: Db, scope: YearScope, accountId: number): Promise<{ id: number; code: string; iban: string }> {
  const [row] = await execRows<{ id: number | string; code: string; iban: string }>(
    db,
    sql`select id, code, iban from accounts where id = ${accountId} and department_id = ${scope.departmentId}`,
  );
  if (!row) fail('InvalidValue', { field: 'accountId', params: { accountId } });
  return { id: Number(row.id), code: row.code, iban: row.iban };
}

/** The book balance of an account at the end of `date` (a day of the scope year). */
export async function bookBalance(db: Db, scope: YearScope, accountId: number, date: string): Promise<number> {
  const [balance] = await accountBalanceRows(db, scope, sql`a.id = ${accountId}`);
  const [flows] = await execRows<{ total: string | null }>(
    db,
    sql`select sum(f.amount)::text as total from (${cashFlowRowsSql(yearFlows(scope))})
        f (account_id, year, amount, booked_on) where f.account_id = ${accountId} and f.year = ${scope.year} and f.booked_on <= ${date}`,
  );
  return (balance?.initialBalance ?? 0) + toCents(flows?.total ?? null);
}

export async function reconcile(db: Db, scope: BookingScope, input: Input): Promise<Reconciliation> {
  const account = await accountOf(db, scope, input.accountId);
  const yearEnd = `${scope.year}-12-31`;
  const [latest] = await execRows<{ id: number | string; closing_balance: string | null; closing_date: string }>(
    db,
    sql`select id, closing_balance::text as closing_balance, closing_date::text as closing_date from bank_statements
        where account_id = ${account.id} and department_id = ${scope.departmentId} and closing_date is not null
          and closing_date <= ${input.date ?? (scope.today < yearEnd ? scope.today : yearEnd)} and closing_date >= ${`${scope.year}-01-01`}
        order by closing_date desc, id desc limit 1`,
  );
  const date = input.date ?? latest?.closing_date ?? (scope.today < yearEnd ? scope.today : yearEnd);
  const [first] = await execRows<{ from_date: string | null }>(
    db,
    sql`select min(coalesce(from_date, opening_date + 1, created_on))::text as from_date from bank_statements
        where account_id = ${account.id} and year = ${scope.year}`,
  );
  const periodFrom = first?.from_date ?? null;
  const books = await bookBalance(db, scope, account.id, date);
  const unbooked = periodFrom ? await unbookedLines(db, account.id, periodFrom, date) : [];
  const notOnStatement = periodFrom ? await bookingsNotOnStatement(db, scope, account.id, periodFrom, date) : [];
  const bankBalance = latest?.closing_balance != null ? toCents(latest.closing_balance) : null;
  const difference = bankBalance === null ? null : bankBalance - books;
  const explained =
    (sumCents(unbooked.map((l) => (l.creditDebit === 'CRDT' ? l.amount : -l.amount))) ?? 0) - (sumCents(notOnStatement.map((b) => b.amount)) ?? 0);
  return {
    accountId: account.id,
    accountCode: account.code,
    iban: account.iban,
    date,
    statementId: latest ? Number(latest.id) : null,
    bankBalance,
    bookBalance: books,
    difference,
    periodFrom,
    unbooked,
    notOnStatement,
    unexplained: difference === null ? null : difference - explained,
  };
}

async function unbookedLines(db: Db, accountId: number, from: string, to: string): Promise<Reconciliation['unbooked']> {
  const rows = await execRows<{
    statement_id: number | string;
    line_index: number | string;
    booking_date: string;
    amount: string;
    credit_debit: 'CRDT' | 'DBIT';
    counterparty_name: string;
    remittance: string;
    outcome: string;
  }>(
    db,
    sql`select e.statement_id, e.line_index, e.booking_date::text as booking_date, e.amount::text as amount, e.credit_debit, e.counterparty_name, e.remittance, e.outcome
        from bank_statement_entries e
        where e.account_id = ${accountId} and e.booking_date between ${from} and ${to}
          and (e.outcome = 'skipped' or (e.outcome = 'booked' and e.movement_id is null))
          and not exists (select 1 from bank_statement_entries b where b.account_id = e.account_id and b.entry_key = e.entry_key and b.outcome <> 'skipped')
        order by e.booking_date, e.statement_id, e.line_index`,
  );
  return rows.map((r) => ({
    statementId: Number(r.statement_id),
    index: Number(r.line_index),
    bookingDate: r.booking_date,
    amount: toCents(r.amount),
    creditDebit: r.credit_debit,
    counterpartyName: r.counterparty_name,
    remittance: r.remittance,
    outcome: r.outcome,
  }));
}

async function bookingsNotOnStatement(db: Db, scope: YearScope, accountId: number, from: string, to: string): Promise<Reconciliation['notOnStatement']> {
  const rows = await execRows<{
    source: string;
    booked_on: string;
    amount: string;
    movement_id: number | string | null;
    payment_id: number | string | null;
    transfer_id: number | string | null;
    record_number: number | string | null;
  }>(
    db,
    sql`select f.source, f.booked_on::text as booked_on, f.amount::text as amount, f.movement_id, f.payment_id, f.transfer_id, f.record_number
        from (${cashFlowRowsSql(yearFlows(scope))})
          f (account_id, year, amount, booked_on, source, movement_id, payment_id, transfer_id, counter_account_id, record_number)
        where f.account_id = ${accountId} and f.year = ${scope.year} and f.booked_on between ${from} and ${to}
          and not exists (select 1 from bank_statement_entries e where e.account_id = ${accountId} and e.movement_id = f.movement_id)
          and not exists (select 1 from bank_statement_entry_payments ep join bank_statement_entries e on e.id = ep.entry_id
                          where e.account_id = ${accountId} and ep.payment_id = f.payment_id
                            and ep.role = case when f.source = 'paymentReturn' then 'returned' else 'paid' end)
        order by f.booked_on, f.source, f.record_number`,
  );
  const num = (v: number | string | null) => (v === null ? null : Number(v));
  return rows.map((r) => ({
    source: r.source,
    bookedOn: r.booked_on,
    amount: toCents(r.amount),
    movementId: num(r.movement_id),
    paymentId: num(r.payment_id),
    transferId: num(r.transfer_id),
    recordNumber: num(r.record_number),
  }));
}

/** The stored statements of the scope year (of one account or all), newest first. */
export async function listStatements(db: Db, scope: YearScope, input: Pick<StatementListInput, 'accountId'>): Promise<StatementBrief[]> {
  const rows = await execRows<Record<string, string | number | null>>(
    db,
    sql`select s.id, s.account_id, a.code as account_code, s.iban, s.message, s.statement_id, s.created_on::text as created_on,
          s.from_date::text as from_date, s.to_date::text as to_date, s.opening_balance::text as opening_balance,
          s.closing_balance::text as closing_balance, s.closing_date::text as closing_date, s.file_name, s.sha256, s.imported_at, s.entry_count,
          (select count(*) from bank_statement_entries e where e.statement_id = s.id and e.outcome <> 'skipped') as booked_count
        from bank_statements s join accounts a on a.id = s.account_id
        where s.department_id = ${scope.departmentId} and s.year = ${scope.year} ${input.accountId ? sql`and s.account_id = ${input.accountId}` : sql``}
        order by s.closing_date desc nulls last, s.id desc`,
  );
  const text = (v: unknown) => (v === null || v === undefined ? null : String(v));
  return rows.map((r) => ({
    id: Number(r.id),
    accountId: Number(r.account_id),
    accountCode: String(r.account_code),
    iban: String(r.iban),
    message: String(r.message),
    statementId: String(r.statement_id),
    createdOn: String(r.created_on),
    fromDate: text(r.from_date),
    toDate: text(r.to_date),
    openingBalance: r.opening_balance === null ? null : toCents(r.opening_balance),
    closingBalance: r.closing_balance === null ? null : toCents(r.closing_balance),
    closingDate: text(r.closing_date),
    fileName: String(r.file_name),
    sha256: String(r.sha256).trim(),
    importedAt: new Date(r.imported_at as string).toISOString(),
    entryCount: Number(r.entry_count),
    bookedCount: Number(r.booked_count),
  }));
}
