import { type Db, execRows, toCents } from '@app/db';
import {
  districtOfCode,
  districtTotals,
  finalAccountDeadline,
  forecastDeadline,
  lateApprovals,
  monthEnds,
  type UnionDepartment,
  unionFinalAccountState,
  unionForecastState,
  type UnionOverview,
  unionTotals,
} from '@app/domain';
import { type SQL, sql } from 'drizzle-orm';
import type { Session } from '../../context.ts';
import { visibleDepartmentIds } from '../access.ts';
import { departmentLinesSql } from '../ledger/chapterFigures.ts';
import { cashFlowRowsSql } from '../ledger/cashSources.ts';
import { paidInYearSql } from '../ledger/counting.ts';
import { firstYearSql } from '../ledger/firstYear.ts';
import { sqlList } from '../ledger/sql.ts';

/**
 * Overview/Union (issue 30): the union's dashboard over every department the actor sees (as the union list,
 * services/overview.ts), one statement per widget whatever the number of departments:
 * 1. the departments with their forecast's and final account's approvals (the states, the late list);
 * 2. the cash: every account's opening balance and the year's flows per month (the cash journal's sources for
 *    all the departments at once, ledger/cashSources.ts `departmentYears`), summed per department;
 * 3. the open payments: the unpaid instalments the year pays (Payments/Open's rows, ledger/counting.ts paidInYearSql);
 * 4. the chapter lines: residues carried (residue lines' final budget), exceeded expense chapters and whether
 *    every line's residue is determined (ledger/chapterFigures.ts departmentLinesSql: the use of each expense line
 *    of the year from the line indexes, as the availability check counts it).
 * The sums per district and for the union, and what is late, are domain rules (domain/unionOverview.ts).
 */

type Actor = Pick<Session, 'userId' | 'accessLevel'>;

interface RawDepartment {
  id: number | string;
  code: string;
  name_deu: string;
  name_ita: string;
  has_forecast: boolean;
  forecast_approved: string | null;
  final_approved: string | null;
}

interface RawCash {
  department_id: number | string;
  month: number | string;
  amount: string | number | null;
}

interface RawOpen {
  department_id: number | string;
  n: number | string;
  amount: string | number | null;
}

interface RawLines {
  department_id: number | string;
  lines: number | string;
  active_residues: string | number | null;
  passive_residues: string | number | null;
  exceeded: number | string;
  all_determined: boolean;
}

/** The departments shown: those the actor sees, narrowed to the district (its departments and itself). */
function shownCondition(ids: number[] | null, district: string | undefined): SQL {
  const visible = ids === null ? sql`true` : ids.length ? sql`d.id in (${sqlList(ids)})` : sql`false`;
  const inDistrict = district ? sql`d.code <> '000' and substr(d.code, 1, 1) = ${district.slice(0, 1)}` : sql`true`;
  return sql`${visible} and ${inDistrict}`;
}

/** 1. The departments (by code) with the approvals of the year and whether the forecast has an amount. */
async function departmentStates(db: Db, shown: SQL, year: number): Promise<RawDepartment[]> {
  return execRows<RawDepartment>(
    db,
    sql`select d.id, d.code, trim(d.name1_deu || ' ' || d.name2_deu) as name_deu, trim(d.name1_ita || ' ' || d.name2_ita) as name_ita,
          exists (select 1 from chapter_budgets l where l.department_id = d.id and l.year = ${year} and l.chapter_year = ${year} and l.budget_initial <> 0) as has_forecast,
          h.forecast_approved::text as forecast_approved, h.final_approved::text as final_approved
        from departments d
        left join budget_heads h on h.department_id = d.id and h.year = ${year}
        where ${shown}
        order by d.code`,
  );
}

/**
 * 2. Per department month 0 (the opening balance: the first year's typed balances and every flow of the years
 * before) and months 1..12 (the year's flows by the month the cash moved; a flow of the year dated outside it at
 * the year's edge) — as Accounts/Balance and Overview/Year count them (ledger/cashBalances.ts, dashboard/yearFigures.ts).
 */
async function cashMonths(db: Db, ids: number[], year: number): Promise<RawCash[]> {
  const list = sqlList(ids);
  // each department with its years first..year, computed once (a CTE the sources' semi-joins read)
  const flows = cashFlowRowsSql({ departmentYears: sql`select dy.department_id, dy.year from dy` });
  return execRows<RawCash>(
    db,
    sql`with dy as (
          select ud.id as department_id, gs.year from departments ud
          cross join lateral generate_series(${firstYearSql(sql`ud.id`, year)}, ${year}::int) gs (year) where ud.id in (${list})
        ),
        typed as (
          select a.department_id, 0 as month, sum(ab.initial_balance) as amount
          from account_balances ab join accounts a on a.id = ab.account_id
          where a.department_id in (${list}) and ab.year <= ${year} and ab.year = ${firstYearSql(sql`a.department_id`, year)}
          group by a.department_id
        ),
        moved as (
          select a.department_id,
                 case when f.year < ${year} then 0
                      when f.booked_on < make_date(${year}::int, 1, 1) then 1
                      when f.booked_on > make_date(${year}::int, 12, 31) then 12
                      else extract(month from f.booked_on)::int end as month,
                 sum(f.amount) as amount
          from (${flows}) f (account_id, year, amount, booked_on, source, movement_id, payment_id, transfer_id, counter_account_id, record_number)
          join accounts a on a.id = f.account_id
          where f.year <= ${year}
          group by 1, 2
        )
        select department_id, month, sum(amount)::text as amount from (select * from typed union all select * from moved) x group by 1, 2`,
  );
}

/** 3. Per department the unpaid instalments the year pays (Payments/Open without filters): count and total. */
async function openPaymentTotals(db: Db, ids: number[], year: number): Promise<RawOpen[]> {
  return execRows<RawOpen>(
    db,
    sql`select m.department_id, count(*) as n, sum(pay.amount)::text as amount
        from movement_payments pay join movements m on m.id = pay.movement_id
        where m.kind = 'expenses' and m.type = 2 and not m.cancelled and pay.date_paid is null
          and ${paidInYearSql(sql`m.department_id in (${sqlList(ids)})`, year)}
        group by m.department_id`,
  );
}

/** 4. Per department its lines' residues carried, exceeded expense chapters of the year, and whether every line is determined. */
async function lineTotals(db: Db, ids: number[], year: number): Promise<RawLines[]> {
  return execRows<RawLines>(
    db,
    sql`select l.department_id, count(*) as lines,
          sum(l.budget_final) filter (where l.chapter_year < ${year} and l.part = 1)::text as active_residues,
          sum(l.budget_final) filter (where l.chapter_year < ${year} and l.part = 2)::text as passive_residues,
          count(*) filter (where l.chapter_year = ${year} and l.part = 2
                             and l.budget_final - l.used < 0) as exceeded,
          bool_and(l.final_residue is not null) as all_determined
        from (${departmentLinesSql(ids, year)}) l
        group by l.department_id`,
  );
}

const byDepartment = <T extends { department_id: number | string }>(rows: readonly T[]) => {
  const map = new Map<number, T[]>();
  for (const r of rows) {
    const id = Number(r.department_id);
    map.set(id, [...(map.get(id) ?? []), r]);
  }
  return map;
};

/** Overview/Union: per department, per district and for the union (domain UnionOverview). */
export async function unionOverview(
  db: Db,
  actor: Actor,
  input: { departmentId: number; year: number; district?: string | undefined },
  today: string,
): Promise<UnionOverview> {
  const { year } = input;
  const visible = await visibleDepartmentIds(db, actor, input.departmentId);
  const states = await departmentStates(db, shownCondition(visible, input.district), year);
  const ids = states.map((d) => Number(d.id));
  const [cash, open, lines] = ids.length
    ? await Promise.all([cashMonths(db, ids, year), openPaymentTotals(db, ids, year), lineTotals(db, ids, year)])
    : [[], [], []];
  const cashOf = byDepartment(cash);
  const openOf = byDepartment(open);
  const linesOf = byDepartment(lines);
  const departments = states.map((d): UnionDepartment => {
    const id = Number(d.id);
    const flows = new Array<number>(13).fill(0);
    for (const r of cashOf.get(id) ?? []) flows[Number(r.month)] = toCents(r.amount);
    const o = openOf.get(id)?.[0];
    const l = linesOf.get(id)?.[0];
    const forecastApproval = d.forecast_approved?.slice(0, 10) ?? null;
    const finalApproval = d.final_approved?.slice(0, 10) ?? null;
    return {
      departmentId: id,
      code: d.code,
      nameDeu: d.name_deu,
      nameIta: d.name_ita,
      district: districtOfCode(d.code),
      forecast: unionForecastState({ hasForecast: Boolean(d.has_forecast), approval: forecastApproval, year, today }),
      forecastApproval,
      finalAccount: unionFinalAccountState({ allDetermined: l !== undefined && Boolean(l.all_determined), approval: finalApproval, year, today }),
      finalApproval,
      cashMonthEnds: monthEnds(flows[0] ?? 0, flows.slice(1)),
      openPaymentsCount: Number(o?.n ?? 0),
      openPayments: toCents(o?.amount ?? null),
      activeResidues: toCents(l?.active_residues ?? null),
      passiveResidues: toCents(l?.passive_residues ?? null),
      exceededChapters: Number(l?.exceeded ?? 0),
    };
  });
  return {
    year,
    date: today,
    forecastDeadline: forecastDeadline(year),
    finalAccountDeadline: finalAccountDeadline(year),
    departments,
    districts: districtTotals(departments),
    union: unionTotals(null, departments),
    late: lateApprovals(departments, year, today),
  };
}
