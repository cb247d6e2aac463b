import { type Db, execRows, schema, toCents } from '@app/db';
import { type AccountMonths, type BudgetChapter, monthEnds } from '@app/domain';
import { eq, sql } from 'drizzle-orm';
import type { BookingScope, YearScope } from '../ledger/bookingScope.ts';
import { accountBalanceRowsSql } from '../ledger/cashBalances.ts';
import { cashFlowRowsSql } from '../ledger/cashSources.ts';
import { chapterFigureRows, toBudgetChapter } from '../ledger/chapterFigures.ts';
import { firstYearSql } from '../ledger/firstYear.ts';

/**
 * The year's figures the home page draws (issue 30), each from the ledger's one source of it: the chapters of
 * the year's chart with the figures Budget/Chapters answers (one query), and every account's balance at each
 * month's end from the cash journal's flows (one query). Nothing is stored as a total.
 */

/** Every chapter of the scope year's chart with its figures (Budget/Chapters without paging, both parts). */
export async function yearChapters(db: Db, scope: Pick<BookingScope, 'departmentId' | 'year' | 'area'>): Promise<BudgetChapter[]> {
  const { rows } = await chapterFigureRows(db, { departmentId: scope.departmentId, year: scope.year, area: scope.area });
  return rows.map(toBudgetChapter);
}

interface RawMonthRow {
  account_id: number | string;
  code: string;
  description_deu: string;
  description_ita: string;
  initial_balance: string | number;
  month: number | string | null;
  amount: string | number | null;
}

/**
 * Each account of the department (those in use: active, or ever carrying cash) with its opening balance of the
 * year and its balance at the end of each month: the opening balance plus the year's flows (the cash journal's
 * sources, ledger/cashSources.ts) up to that month. A flow of the year dated outside it counts at the year's edge,
 * so December's figure is always the account's final balance. Sorted as Accounts/Balance (type, code).
 */
export async function accountMonthEnds(db: Db, scope: YearScope): Promise<AccountMonths[]> {
  const year = scope.year;
  const flows = cashFlowRowsSql({ departmentId: scope.departmentId, yearFrom: firstYearSql(scope.departmentId, year), yearTo: year });
  const rows = await execRows<RawMonthRow>(
    db,
    sql`with b as (${accountBalanceRowsSql(scope)}),
      m as (
        select f.account_id,
               case when f.booked_on < make_date(${year}::int, 1, 1) then 1
                    when f.booked_on > make_date(${year}::int, 12, 31) then 12
                    else extract(month from f.booked_on)::int end as month,
               sum(f.amount) as amount
        from (${flows}) f (account_id, year, amount, booked_on, source, movement_id, payment_id, transfer_id, counter_account_id, record_number)
        where f.year = ${year}
        group by 1, 2
      )
      select b.account_id, b.code, b.description_deu, b.description_ita, b.initial_balance, m.month, m.amount
      from b left join m on m.account_id = b.account_id
      where not b.inactive or b.booked > 0
      order by b.type, b.code, b.account_id, m.month`,
  );
  const accounts: AccountMonths[] = [];
  const flowsOf = new Map<number, number[]>();
  for (const r of rows) {
    const accountId = Number(r.account_id);
    let flowsByMonth = flowsOf.get(accountId);
    if (!flowsByMonth) {
      flowsByMonth = new Array<number>(12).fill(0);
      flowsOf.set(accountId, flowsByMonth);
      accounts.push({
        accountId,
        accountCode: r.code,
        descriptionDeu: r.description_deu,
        descriptionIta: r.description_ita,
        initialBalance: toCents(r.initial_balance),
        monthEnds: [],
      });
    }
    if (r.month !== null) flowsByMonth[Number(r.month) - 1] = toCents(r.amount);
  }
  return accounts.map((a) => ({ ...a, monthEnds: monthEnds(a.initialBalance, flowsOf.get(a.accountId) ?? []) }));
}

/** Does the department pay bills in instalments (open payments allowed)? */
export async function allowsOpenPayments(db: Db, departmentId: number): Promise<boolean> {
  const [row] = await db.select({ allowed: schema.departments.openPaymentsAllowed }).from(schema.departments).where(eq(schema.departments.id, departmentId));
  return Boolean(row?.allowed);
}
