import { type Db, execRows, toBool, toCents } from '@app/db';
import { type AccountBalance, type AccountType, MAX_CENTS, sumCents } from '@app/domain';
import { fail } from '../../errors.ts';
import { type SQL, sql } from 'drizzle-orm';
import type { YearScope } from './bookingScope.ts';
import { cashFlowsSql } from './cashSources.ts';
import { firstYearSql } from './firstYear.ts';

/**
 * Account balances of a scope (department, year), one statement (DOMAIN decision 8):
 * - the typed initial balances live in account_balances for the department's first year only
 *   (ledger/firstYear.ts, DOMAIN decision 25);
 * - initial balance of year Y = the first year's typed initial + every booking of the years
 *   first..Y−1 (the previous year's final balance, always current: nothing is copied, because
 *   accounts are per department, not per year);
 * - movements balance = the bookings of year Y (sources.ts); final = initial + movements.
 * A year before the first year has no initial balance.
 */

export type CashBalanceScope = YearScope;

/**
 * One row per account of the department: `initial_balance`, `movements_balance` (numeric), `booked`
 * (rows that carried cash: flows up to the year or a typed initial balance) and `booked_in_year` (those
 * of the scope year itself). `accountFilter` narrows the accounts (a condition on alias `a`).
 */
export function accountBalanceRowsSql(scope: CashBalanceScope, accountFilter: SQL = sql`true`): SQL {
  const first = firstYearSql(scope.departmentId, scope.year);
  return sql`select a.id as account_id, a.code, a.type, a.description_deu, a.description_ita, a.inactive,
      coalesce(typed.initial_balance, 0) + coalesce(f.before, 0) as initial_balance,
      coalesce(f.current, 0) as movements_balance,
      coalesce(f.n, 0) + case when typed.initial_balance is null then 0 else 1 end as booked,
      coalesce(f.n_year, 0) + case when typed.year = ${scope.year} then 1 else 0 end as booked_in_year
    from accounts a
    left join account_balances typed on typed.account_id = a.id and typed.year = ${first} and typed.year <= ${scope.year}
    left join (
      select flows.account_id,
        sum(flows.amount) filter (where flows.year < ${scope.year}) as before,
        sum(flows.amount) filter (where flows.year = ${scope.year}) as current,
        count(*) as n,
        count(*) filter (where flows.year = ${scope.year}) as n_year
      from (${cashFlowsSql({ departmentId: scope.departmentId, yearFrom: first, yearTo: scope.year })}) flows (account_id, year, amount)
      group by flows.account_id
    ) f on f.account_id = a.id
    where a.department_id = ${scope.departmentId} and ${accountFilter}`;
}

/**
 * The scope's cash balance (Accounts/Balance/Total, the home card) as a one-row relation: `cash_balance`
 * the sum of the accounts' final balances as numeric text (null while no account ever carried cash: no
 * booking, no typed balance) and `cash_booked_in_year`, the cash rows of the scope year itself.
 */
export function cashTotalSql(scope: CashBalanceScope): SQL {
  return sql`(select case when sum(b.booked) = 0 then null else sum(b.initial_balance + b.movements_balance)::text end as cash_balance,
      coalesce(sum(b.booked_in_year), 0) as cash_booked_in_year
    from (${accountBalanceRowsSql(scope)}) b)`;
}

interface RawBalanceRow {
  account_id: number | string;
  code: string;
  type: number | string;
  description_deu: string;
  description_ita: string;
  inactive: boolean | string;
  initial_balance: string | number;
  movements_balance: string | number;
}

function toBalance(r: RawBalanceRow): AccountBalance {
  const initialBalance = toCents(r.initial_balance);
  const movementsBalance = toCents(r.movements_balance);
  return {
    accountId: Number(r.account_id),
    accountCode: r.code,
    type: Number(r.type) as AccountType,
    descriptionDeu: r.description_deu,
    descriptionIta: r.description_ita,
    initialBalance,
    movementsBalance,
    finalBalance: initialBalance + movementsBalance,
    inactive: toBool(r.inactive),
  };
}

/** The balances of the department's accounts in the year, sorted by type and code (one query). */
export async function accountBalanceRows(db: Db, scope: CashBalanceScope, accountFilter?: SQL): Promise<AccountBalance[]> {
  const rows = await execRows<RawBalanceRow>(db, sql`select * from (${accountBalanceRowsSql(scope, accountFilter)}) b order by b.type, b.code`);
  return rows.map(toBalance);
}

/** The scope's cash balance in cents (0 while nothing carried cash). */
export async function cashTotal(db: Db, scope: CashBalanceScope): Promise<number> {
  const [row] = await execRows<{ cash_balance: string | null }>(db, sql`select c.cash_balance from ${cashTotalSql(scope)} c`);
  return toCents(row?.cash_balance ?? null);
}

/**
 * Cash totals across records (issue 26): after a write that moves cash, inside its transaction, every
 * account's final balance and the scope's cash total must still hold in Cents — in the scope year and in
 * every later year opened (their initial balances carry this year's cash); otherwise InvalidValue on
 * `field` (`{ max }`) and the write rolls back — the reads of the department keep answering.
 */
export async function assertCashWithinBounds(db: Db, scope: CashBalanceScope, field: string): Promise<void> {
  const later = await execRows<{ year: number | string }>(db, sql`select year from financial_years where year > ${scope.year} order by year`);
  for (const year of [scope.year, ...later.map((r) => Number(r.year))]) {
    const finals = (await accountBalanceRows(db, { departmentId: scope.departmentId, year })).map((b) => b.finalBalance);
    if (finals.some((f) => Math.abs(f) > MAX_CENTS) || sumCents(finals) === null) fail('InvalidValue', { field, params: { max: MAX_CENTS } });
  }
}
