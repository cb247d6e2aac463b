import { type Db, execRows, toCents } from '@app/db';
import {
  areaOfCode,
  type DepartmentOverviewExport,
  type DepartmentOverviewExportInput,
  type DepartmentOverviewInput,
  type DepartmentOverviewPage,
  type DepartmentOverviewRow,
  type DistrictOption,
  forecastCheckResults,
  forecastState,
  type HomeBookings,
  type HomeChange,
  nextStep,
  type OverviewSort,
  type OverviewStatusFilter,
  overviewFileName,
  pageWindow,
  type ScopeHomeData,
  totalPages,
} from '@app/domain';
import { type SQL, sql } from 'drizzle-orm';
import type { Session } from '../context.ts';
import { visibleDepartmentIds } from './access.ts';
import { bookingTotalsSql, hasFigureSources } from './ledger/chapterFigures.ts';
import type { FigureScope } from './ledger/figureSources.ts';
import { cashTotalSql } from './ledger/cashBalances.ts';
import { scopeStatus } from './scope.ts';
import type { BookingScope } from './ledger/bookingScope.ts';
import { sqlList } from './ledger/sql.ts';

/**
 * Home pages. The cashier's home of one scope is a set of cards, each from one query (forecast,
 * changes, bookings; the scope status is the menu's query). The union's work list of every visible
 * department is one aggregate query with filter, sort and paging in SQL.
 */

type Actor = Pick<Session, 'userId' | 'accessLevel'>;

type HomeScope = Pick<BookingScope, 'departmentId' | 'year' | 'area'>;

// ---- the forecast figures of many departments in one query ------------------------------------

interface OverviewQuery {
  year: number;
  /** null: every department; else only these (the linked ones). */
  departmentIds: number[] | null;
  district?: string | undefined;
  status?: OverviewStatusFilter | undefined;
  sort: OverviewSort;
  dir: 'asc' | 'desc';
  language: 'de' | 'it';
  limit?: number | undefined;
  offset?: number | undefined;
}

interface RawOverviewRow {
  id: number;
  code: string;
  name_deu: string;
  name_ita: string;
  revenues: string;
  expenses: string;
  r1: string;
  e1: string;
  r3: string;
  e3: string;
  surplus_used: string;
  has_forecast: boolean;
  balanced: boolean;
  approval: string | null;
  closed: boolean;
  final_approval: string | null;
  change_record: number | null;
  change_approved: string | null;
  total: number | string;
}

export type OverviewRowWithChecks = DepartmentOverviewRow & { checks: ReturnType<typeof forecastCheckResults> };

function stateOrder(): SQL {
  // noForecast < unbalanced < balanced < approved (ForecastState's order)
  return sql`case when checked.approval is not null then 3 when not checked.has_forecast then 0 when checked.balanced then 2 else 1 end`;
}

function orderBy(q: OverviewQuery): SQL {
  const dir = q.dir === 'desc' ? sql`desc` : sql`asc`;
  // qualified: the input columns (numeric, date), not the text output columns of the same name
  const key: Record<OverviewSort, SQL> = {
    code: sql`checked.code`,
    name: q.language === 'it' ? sql`lower(checked.name_ita)` : sql`lower(checked.name_deu)`,
    // the revenues the screen shows: with the surplus used
    revenues: sql`checked.revenues + checked.surplus_used`,
    expenses: sql`checked.expenses`,
    state: stateOrder(),
    approval: sql`checked.approval`,
    lastChange: sql`checked.change_approved`,
  };
  return sql`${key[q.sort]} ${dir} nulls last, checked.code asc`;
}

function statusCondition(status: OverviewStatusFilter | undefined): SQL {
  switch (status) {
    case 'approved':
      return sql`approval is not null`;
    case 'notApproved':
      return sql`approval is null`;
    case 'unbalanced':
      return sql`approval is null and has_forecast and not balanced`;
    case 'noForecast':
      return sql`not has_forecast`;
    default:
      return sql`true`;
  }
}

/**
 * One row per department with its forecast totals of the year (the chapters' current-year amounts
 * per part and for titles 1 and 3), the surplus used, approval and closing, and its latest budget
 * change; `balanced` is DOMAIN.md's balance checks (domain `forecastCheckResults`) in SQL, so the status
 * filter and the sort run in the database; an empty forecast is not balanced (it can't be approved). `total` counts the filtered rows before paging.
 */
async function overviewRows(db: Db, q: OverviewQuery): Promise<{ rows: OverviewRowWithChecks[]; total: number }> {
  const visible = q.departmentIds === null ? sql`true` : q.departmentIds.length ? sql`d.id in (${sqlList(q.departmentIds)})` : sql`false`;
  const district = q.district ? sql`d.code <> '000' and substr(d.code, 1, 1) = ${q.district.slice(0, 1)}` : sql`true`;
  const page = q.limit !== undefined ? sql`limit ${q.limit} offset ${q.offset ?? 0}` : sql``;
  const query = sql`
    with depts as (
      select d.id, d.code,
             trim(d.name1_deu || ' ' || d.name2_deu) as name_deu,
             trim(d.name1_ita || ' ' || d.name2_ita) as name_ita
      from departments d where ${visible} and ${district}
    ),
    lines as (
      select l.department_id,
             sum(l.budget_initial) filter (where c.part = 1) as revenues,
             sum(l.budget_initial) filter (where c.part = 2) as expenses,
             sum(l.budget_initial) filter (where c.part = 1 and c.title = 1) as r1,
             sum(l.budget_initial) filter (where c.part = 2 and c.title = 1) as e1,
             sum(l.budget_initial) filter (where c.part = 1 and c.title = 3) as r3,
             sum(l.budget_initial) filter (where c.part = 2 and c.title = 3) as e3,
             bool_or(l.budget_initial <> 0) as has_forecast
      from chapter_budgets l join chapters c on c.id = l.chapter_id
      where l.year = ${q.year} and l.chapter_year = ${q.year} and l.department_id in (select id from depts)
      group by l.department_id
    ),
    last_change as (
      select distinct on (department_id) department_id, record_number, approved
      from budget_changes
      where year = ${q.year} and department_id in (select id from depts)
      order by department_id, approved desc nulls last, created_at desc, record_number desc
    ),
    figures as (
      select d.id, d.code, d.name_deu, d.name_ita,
             coalesce(li.revenues, 0) as revenues, coalesce(li.expenses, 0) as expenses,
             coalesce(li.r1, 0) as r1, coalesce(li.e1, 0) as e1, coalesce(li.r3, 0) as r3, coalesce(li.e3, 0) as e3,
             coalesce(h.surplus_used, 0) as surplus_used,
             coalesce(li.has_forecast, false) as has_forecast,
             h.forecast_approved as approval, h.final_approved is not null as closed, h.final_approved as final_approval,
             lc.record_number as change_record, lc.approved as change_approved
      from depts d
      left join lines li on li.department_id = d.id
      left join budget_heads h on h.department_id = d.id and h.year = ${q.year}
      left join last_change lc on lc.department_id = d.id
    ),
    checked as (
      select *,
             (has_forecast and revenues + surplus_used = expenses and r1 >= e1 and r3 = e3) as balanced
      from figures
    )
    select id, code, name_deu, name_ita, revenues::text as revenues, expenses::text as expenses,
           r1::text as r1, e1::text as e1, r3::text as r3, e3::text as e3, surplus_used::text as surplus_used,
           has_forecast, balanced, approval::text as approval, closed, final_approval::text as final_approval, change_record, change_approved::text as change_approved,
           count(*) over () as total
    from checked
    where ${statusCondition(q.status)}
    order by ${orderBy(q)}
    ${page}`;
  const raw = await execRows<RawOverviewRow>(db, query);
  const rows = raw.map((r): OverviewRowWithChecks => {
    const revenues = toCents(r.revenues);
    const expenses = toCents(r.expenses);
    const surplusUsed = toCents(r.surplus_used);
    const r1 = toCents(r.r1);
    const e1 = toCents(r.e1);
    const r3 = toCents(r.r3);
    const e3 = toCents(r.e3);
    const checks = forecastCheckResults(
      [
        { title: 1, revenues: r1, expenses: e1 },
        { title: 2, revenues: revenues - r1 - r3, expenses: expenses - e1 - e3 },
        { title: 3, revenues: r3, expenses: e3 },
      ],
      surplusUsed,
    );
    const hasForecast = Boolean(r.has_forecast);
    const isBalanced = Boolean(r.balanced);
    const approval = r.approval ? r.approval.slice(0, 10) : null;
    return {
      departmentId: Number(r.id),
      code: r.code,
      nameDeu: r.name_deu,
      nameIta: r.name_ita,
      area: areaOfCode(r.code),
      revenues,
      expenses,
      surplusUsed,
      balance: revenues + surplusUsed - expenses,
      state: forecastState({ hasForecast, isBalanced, approval }),
      isBalanced,
      approval,
      closed: Boolean(r.closed),
      finalApproval: r.final_approval ? r.final_approval.slice(0, 10) : null,
      lastChange:
        r.change_record === null ? null : { recordNumber: Number(r.change_record), approved: r.change_approved ? r.change_approved.slice(0, 10) : null },
      checks,
    };
  });
  let total = Number(raw[0]?.total ?? 0);
  if (raw.length === 0 && (q.offset ?? 0) > 0) {
    // a page past the end carries no count: count the filtered rows without paging
    total = (await overviewRows(db, { ...q, limit: undefined, offset: undefined })).total;
  }
  return { rows, total };
}

function withoutChecks({ checks: _c, ...row }: OverviewRowWithChecks): DepartmentOverviewRow {
  return row;
}

/** The districts of the visible departments (filter choices), with the district's names when it exists. */
async function districtOptions(db: Db, ids: number[] | null): Promise<DistrictOption[]> {
  const visible = ids === null ? sql`true` : ids.length ? sql`d.id in (${sqlList(ids)})` : sql`false`;
  const rows = await execRows<{ code: string; name_deu: string | null; name_ita: string | null }>(
    db,
    sql`
      select k.code, trim(x.name1_deu || ' ' || x.name2_deu) as name_deu, trim(x.name1_ita || ' ' || x.name2_ita) as name_ita
      from (select distinct substr(d.code, 1, 1) || '00' as code from departments d where ${visible} and d.code <> '000') k
      left join departments x on x.code = k.code
      order by k.code`,
  );
  return rows.map((r) => ({ code: r.code, nameDeu: r.name_deu ?? '', nameIta: r.name_ita ?? '' }));
}

type ListInput = Required<Pick<DepartmentOverviewInput, 'departmentId' | 'year' | 'sort' | 'dir' | 'language' | 'page' | 'pageSize'>> &
  Pick<DepartmentOverviewInput, 'district' | 'status'>;

/**
 * The union's approval work list: every department the actor sees (README "Base-data rights": all
 * for whoever may write departments in the scope's area, else the linked ones) with its forecast
 * figures of the scope year, filtered by district and status, sorted and paged in the one query.
 */
export async function departmentOverview(db: Db, actor: Actor, input: ListInput): Promise<DepartmentOverviewPage> {
  const ids = await visibleDepartmentIds(db, actor, input.departmentId);
  const { limit, offset } = pageWindow(input);
  const [{ rows, total }, districts] = await Promise.all([
    overviewRows(db, {
      year: input.year,
      departmentIds: ids,
      district: input.district,
      status: input.status,
      sort: input.sort,
      dir: input.dir,
      language: input.language,
      limit,
      offset,
    }),
    districtOptions(db, ids),
  ]);
  return { entities: rows.map(withoutChecks), page: input.page, pageSize: input.pageSize, totalPages: totalPages(total, input.pageSize), total, districts };
}

type ExportInput = Required<Pick<DepartmentOverviewExportInput, 'departmentId' | 'year' | 'sort' | 'dir' | 'language'>> &
  Pick<DepartmentOverviewExportInput, 'district' | 'status'>;

/** The whole filtered, sorted list for the CSV, with its fixed file name. */
export async function departmentOverviewExport(db: Db, actor: Actor, input: ExportInput): Promise<DepartmentOverviewExport> {
  const ids = await visibleDepartmentIds(db, actor, input.departmentId);
  const { rows } = await overviewRows(db, {
    year: input.year,
    departmentIds: ids,
    district: input.district,
    status: input.status,
    sort: input.sort,
    dir: input.dir,
    language: input.language,
  });
  return { language: input.language, fileName: overviewFileName(input.language), year: input.year, rows: rows.map(withoutChecks) };
}

// ---- the cashier's home ----------------------------------------------------------------------------

interface RawChangeRow {
  record_number: number;
  approved: string | null;
  notes: string;
  revenues: string;
  expenses: string;
  positions: number | string;
  total: number | string;
  has_adjustment: boolean;
}

/** The latest budget changes of the scope (and the adjustment) with their amounts per part, one query. */
async function latestChanges(db: Db, scope: HomeScope, limit = 5): Promise<ScopeHomeData['changes']> {
  const raw = await execRows<RawChangeRow>(
    db,
    sql`
      select h.record_number, h.approved::text as approved, h.notes,
             coalesce(sum(p.amount) filter (where c.part = 1), 0)::text as revenues,
             coalesce(sum(p.amount) filter (where c.part = 2), 0)::text as expenses,
             count(p.id) as positions,
             count(*) over () as total,
             bool_or(h.record_number = -1) over () as has_adjustment
      from budget_changes h
      left join budget_change_positions p on p.change_id = h.id
      left join chapter_budgets l on l.id = p.chapter_budget_id
      left join chapters c on c.id = l.chapter_id
      where h.department_id = ${scope.departmentId} and h.year = ${scope.year}
      group by h.id
      order by h.approved desc nulls last, h.created_at desc, h.record_number desc
      limit ${limit}`,
  );
  const latest = raw.map((r): HomeChange => ({
    recordNumber: Number(r.record_number),
    approved: r.approved ? r.approved.slice(0, 10) : null,
    notes: r.notes,
    revenues: toCents(r.revenues),
    expenses: toCents(r.expenses),
    positions: Number(r.positions),
  }));
  return { total: Number(raw[0]?.total ?? 0), hasAdjustment: Boolean(raw[0]?.has_adjustment), latest };
}

/**
 * Cash balance and open payments of the scope, one query over the booking sources of
 * chapterFigures (the same sums as the chapters') and the scope's cash balance (Accounts/Balance/Total,
 * the previous year's final balance included). Until the scope year has bookings or cash rows of its
 * own the card is not available yet.
 */
async function bookingFigures(db: Db, scope: HomeScope): Promise<HomeBookings> {
  const none: HomeBookings = { available: false, cashBalance: null, revenuesPaid: 0, expensesPaid: 0, openPayments: 0, reservations: 0 };
  if (!hasFigureSources()) return none;
  const figureScope: FigureScope = { departmentIds: [scope.departmentId], yearFrom: scope.year, yearTo: scope.year };
  const [row] = await execRows<{
    booked_lines: number | string;
    revenues_paid: string;
    expenses_paid: string;
    open_payments: string;
    reservations: string;
    cash_balance: string | null;
    cash_booked_in_year: number | string;
  }>(db, sql`select t.*, c.cash_balance, c.cash_booked_in_year from (${bookingTotalsSql(figureScope)}) t, ${cashTotalSql(scope)} c`);
  if (!row) return none;
  const cashBalance = row.cash_balance === null ? null : toCents(row.cash_balance);
  return {
    // the cash carried from earlier years shows once the year itself has bookings (the header shows it always)
    available: Number(row.booked_lines) > 0 || Number(row.cash_booked_in_year) > 0,
    cashBalance,
    revenuesPaid: toCents(row.revenues_paid),
    expensesPaid: toCents(row.expenses_paid),
    openPayments: toCents(row.open_payments),
    reservations: toCents(row.reservations),
  };
}

/** Lines of the scope's year without a final residue (the year end's first step; chapter_budgets_uq leads with department and year). */
async function undeterminedLines(db: Db, scope: HomeScope): Promise<number> {
  const [row] = await execRows<{ n: number | string }>(
    db,
    sql`select count(*) as n from chapter_budgets where department_id = ${scope.departmentId} and year = ${scope.year} and final_residue is null`,
  );
  return Number(row?.n ?? 0);
}

/**
 * The cashier's home of a scope: the forecast card (the union list's query for this one
 * department, plus the per-check results), the next step, the latest changes and the bookings card.
 */
export async function scopeHome(db: Db, scope: HomeScope, today: string): Promise<ScopeHomeData> {
  const [forecast, status, changes, bookings, undetermined] = await Promise.all([
    overviewRows(db, { year: scope.year, departmentIds: [scope.departmentId], sort: 'code', dir: 'asc', language: 'de' }),
    scopeStatus(db, scope, today),
    latestChanges(db, scope),
    bookingFigures(db, scope),
    undeterminedLines(db, scope),
  ]);
  const row = forecast.rows[0];
  if (!row) throw new Error('scope department missing');
  return {
    departmentId: scope.departmentId,
    year: scope.year,
    forecast: row,
    step: nextStep({
      closed: row.closed,
      hasChart: status.hasChartOfAccounts,
      state: row.state,
      hasAdjustment: changes.hasAdjustment,
      yearEnded: today > `${scope.year}-12-31`,
      residuesDetermined: undetermined === 0,
    }),
    changes,
    bookings,
  };
}
