import { type Db, execRows } from '@app/db';
import { departmentFirstYear } from '@app/domain';
import { type SQL, sql } from 'drizzle-orm';
import type { YearScope } from './bookingScope.ts';

/**
 * The department's first year in the system (DOMAIN decision 25, domain `departmentFirstYear`), one
 * SQL expression for every screen that asks: opening balances (cash/accountBalances.ts and the cash
 * sources' first year), manual residues (residues/manual.ts), the typed previous-year forecast amounts
 * (budget/forecast.ts) and the menu (services/scope.ts). Its `first_year` when set, else the first
 * year with a budget line, a typed opening balance or an account transfer, else the year asked about.
 * Each minimum is an index lookup (chapter_budgets_uq, account_balances' key, account_transfers_record_uq),
 * so a list over many departments stays one statement.
 */
export function firstBookedYearSql(departmentId: number | SQL): SQL {
  return sql`least(
    (select min(fl.year) from chapter_budgets fl where fl.department_id = ${departmentId}),
    (select min(fb.year) from account_balances fb join accounts fa on fa.id = fb.account_id where fa.department_id = ${departmentId}),
    (select min(ft.year) from account_transfers ft where ft.department_id = ${departmentId}))`;
}

/** The first year of the department as an SQL integer expression (`year`: the year asked about). */
export function firstYearSql(departmentId: number | SQL, year: number | SQL): SQL {
  return sql`coalesce((select fd.first_year from departments fd where fd.id = ${departmentId}), ${firstBookedYearSql(departmentId)}, ${year}::int)`;
}

/** Is the scope year the department's first year? */
export function isFirstYearSql(scope: YearScope): SQL {
  return sql`(${firstYearSql(scope.departmentId, scope.year)} = ${scope.year}::int)`;
}

/** Is the scope year the department's first year? One query for the two facts, the domain rule decides. */
export async function isFirstYear(db: Db, scope: YearScope): Promise<boolean> {
  const [row] = await execRows<{ first_year: number | string | null; first_booked_year: number | string | null }>(
    db,
    sql`select (select fd.first_year from departments fd where fd.id = ${scope.departmentId}) as first_year, ${firstBookedYearSql(scope.departmentId)} as first_booked_year`,
  );
  const year = (value: number | string | null | undefined) => (value === null || value === undefined ? null : Number(value));
  return departmentFirstYear({ firstYear: year(row?.first_year), firstBookedYear: year(row?.first_booked_year) }, scope.year) === scope.year;
}
