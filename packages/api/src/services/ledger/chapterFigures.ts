import { type Db, execRows, streamRows, toCents } from '@app/db';
import { type Area, type BudgetChapter, chapterFigures, type Part } from '@app/domain';
import { type SQL, sql } from 'drizzle-orm';
import type { FigureScope, FigureSource } from './figureSources.ts';
import { movementFigureSources } from './movementFigures.ts';
import { reservationFigureSource } from './reservationFigures.ts';
import { sqlList } from './sql.ts';

/**
 * The one SQL module for chapter figures (DOMAIN.md "Figures of a chapter"). One query per screen:
 * the chapters of a chart (area, chart year = chapterYear) joined to the scope's chapter budget
 * lines, the sum of their change and adjustment positions, and the booking aggregates. Nothing is
 * stored as a total; derived figures come from domain `chapterFigures`.
 */

/** The selects of every source for a scope (each one a complete select, nulls left out). */
export function figureSourceSelects(scope: FigureScope, line?: SQL): SQL[] {
  return figureSources.flatMap((s) => s.select(scope, line) ?? []);
}

export const figureSources: FigureSource[] = [...movementFigureSources, reservationFigureSource];

export interface FigureFilter {
  departmentId: number;
  year: number;
  area: Area;
  /** The chapter year of the lines and the year of the chart the chapters come from; default the year. */
  chapterYear?: number | undefined;
  part?: Part | undefined;
  chapterIds?: number[] | undefined;
  codes?: string[] | undefined;
  /** Code prefix (`21`, `210`...). */
  codePrefix?: string | undefined;
  titleFrom?: number | undefined;
  titleTo?: number | undefined;
  chapterFrom?: string | undefined;
  chapterTo?: string | undefined;
  /** Only chapters with a budget line (inner join). */
  withBudgetOnly?: boolean | undefined;
  /** Change (or adjustment) heads whose positions are left out (figures "before" them). */
  excludeChangeIds?: number[] | undefined;
  /** Movements whose bookings are left out (figures "before" them). */
  excludeMovementIds?: number[] | undefined;
  /** Payments carry payments + open payments, open payments are 0 (FigureScope.spentOnly): for availability checks only. */
  spentOnly?: boolean | undefined;
  limit?: number | undefined;
  offset?: number | undefined;
}

export interface FigureRow extends BudgetChapter {
  /** Names typed on the line for an editable chapter ('' when none). */
  lineDescriptionDeu: string;
  lineDescriptionIta: string;
}

function sourcesSql(scope: FigureScope, line?: SQL): SQL {
  const parts = figureSourceSelects(scope, line);
  const empty = sql`select null::int as chapter_budget_id, 0::numeric as payments, 0::numeric as open_payments, 0::numeric as reservations where false`;
  return sql`(${sql.join([empty, ...parts], sql` union all `)})`;
}

/** Every booking row of the scope summed per line (the whole scope at once). */
function bookingsSql(scope: FigureScope): SQL {
  return sql`select chapter_budget_id, sum(payments) as payments, sum(open_payments) as open_payments, sum(reservations) as reservations
             from ${sourcesSql(scope)} s group by chapter_budget_id`;
}

/** The booking sums of the one line `line` (for a LATERAL join per line). */
function lineBookingsSql(scope: FigureScope, line: SQL): SQL {
  return sql`select sum(payments) as payments, sum(open_payments) as open_payments, sum(reservations) as reservations
             from ${sourcesSql(scope, line)} s`;
}

/** Is any booking source registered (the booking area built)? */
export function hasFigureSources(): boolean {
  return figureSources.length > 0;
}

/**
 * The booking figures of a scope summed per part, as one single-row select: `booked_lines` (lines
 * with any booking row), `revenues_paid`, `expenses_paid`, `open_payments`, `reservations`. The home
 * page's bookings card composes it into its one query; the sums are the same as the chapters'.
 */
export function bookingTotalsSql(scope: FigureScope): SQL {
  return sql`select count(b.chapter_budget_id) as booked_lines,
                    coalesce(sum(b.payments) filter (where c.part = 1), 0)::text as revenues_paid,
                    coalesce(sum(b.payments) filter (where c.part = 2), 0)::text as expenses_paid,
                    coalesce(sum(b.open_payments), 0)::text as open_payments,
                    coalesce(sum(b.reservations), 0)::text as reservations
             from (${bookingsSql(scope)}) b
             join chapter_budgets l on l.id = b.chapter_budget_id
             join chapters c on c.id = l.chapter_id
             where l.department_id in (${sqlList(scope.departmentIds)}) and l.year between ${scope.yearFrom} and ${scope.yearTo}`;
}

export interface FigureRawRow {
  chapter_id: number;
  chapter: string;
  part: number;
  title: number;
  description_deu: string;
  description_ita: string;
  search_key_deu: string;
  search_key_ita: string;
  empty_chapter: boolean;
  line_id: number | null;
  line_deu: string | null;
  line_ita: string | null;
  budget_initial: string | null;
  budget_changes: string | null;
  payments: string | null;
  open_payments: string | null;
  reservations: string | null;
  final_residue: string | null;
  total: number | string;
}

function filterConditions(f: FigureFilter, chapterYear: number): SQL[] {
  const conditions: SQL[] = [sql`c.area = ${f.area}`, sql`c.year = ${chapterYear}`];
  if (f.part !== undefined) conditions.push(sql`c.part = ${f.part}`);
  if (f.chapterIds) conditions.push(f.chapterIds.length ? sql`c.id in (${sqlList(f.chapterIds)})` : sql`false`);
  if (f.codes) conditions.push(f.codes.length ? sql`c.chapter in (${sqlList(f.codes)})` : sql`false`);
  if (f.codePrefix) conditions.push(sql`c.chapter like ${`${f.codePrefix.replace(/[\\%_]/g, '')}%`}`);
  if (f.titleFrom !== undefined) conditions.push(sql`c.title >= ${f.titleFrom}`);
  if (f.titleTo !== undefined) conditions.push(sql`c.title <= ${f.titleTo}`);
  if (f.chapterFrom) conditions.push(sql`c.chapter >= ${f.chapterFrom}`);
  if (f.chapterTo) conditions.push(sql`c.chapter <= ${f.chapterTo}`);
  return conditions;
}

/**
 * The one chapter-figures select (columns of `FigureRawRow`, sorted by code, `total` the matching
 * chapters before limit/offset): chapterFigureRows runs it, the digests compose it into their query.
 */
export function chapterFigureSql(f: FigureFilter): SQL {
  const chapterYear = f.chapterYear ?? f.year;
  const excluded = f.excludeChangeIds?.length ? sql`and h.id not in (${sqlList(f.excludeChangeIds)})` : sql``;
  const conditions = filterConditions(f, chapterYear);
  const join = f.withBudgetOnly ? sql`join` : sql`left join`;
  const page = f.limit !== undefined ? sql`limit ${f.limit} offset ${f.offset ?? 0}` : sql``;
  return sql`
    with lines as (
      select id, chapter_id, budget_initial, final_residue, description_deu, description_ita from chapter_budgets
      where department_id = ${f.departmentId} and year = ${f.year} and chapter_year = ${chapterYear}
    ),
    changes as (
      select p.chapter_budget_id, sum(p.amount) as amount
      from budget_change_positions p join budget_changes h on h.id = p.change_id
      where h.department_id = ${f.departmentId} and h.year = ${f.year} ${excluded}
      group by p.chapter_budget_id
    )
    select c.id as chapter_id, c.chapter, c.part, c.title, c.description_deu, c.description_ita, c.search_key_deu, c.search_key_ita,
           c.empty_chapter, l.id as line_id, l.description_deu as line_deu, l.description_ita as line_ita,
           l.budget_initial::text as budget_initial, ch.amount::text as budget_changes, b.payments::text as payments,
           b.open_payments::text as open_payments, b.reservations::text as reservations, l.final_residue::text as final_residue,
           count(*) over () as total
    from chapters c
    ${join} lines l on l.chapter_id = c.id
    left join changes ch on ch.chapter_budget_id = l.id
    left join lateral (${lineBookingsSql({ departmentIds: [f.departmentId], yearFrom: f.year, yearTo: f.year, excludeMovementIds: f.excludeMovementIds, spentOnly: f.spentOnly }, sql`l.id`)}) b on true
    where ${sql.join(conditions, sql` and `)}
    order by c.chapter
    ${page}`;
}

/** A row of chapterFigureSql with its derived figures (domain `chapterFigures`). */
export function toFigureRow(r: FigureRawRow, chapterYear: number): FigureRow {
  const part = Number(r.part) as Part;
  const figures = chapterFigures({
    part,
    budgetInitial: toCents(r.budget_initial),
    budgetChanges: toCents(r.budget_changes),
    payments: toCents(r.payments),
    openPayments: toCents(r.open_payments),
    reservations: toCents(r.reservations),
    finalResidue: r.final_residue === null ? null : toCents(r.final_residue),
  });
  const lineDeu = r.line_deu ?? '';
  const lineIta = r.line_ita ?? '';
  return {
    ...figures,
    chapterId: Number(r.chapter_id),
    chapter: r.chapter,
    chapterYear,
    part,
    title: Number(r.title),
    descriptionDeu: r.empty_chapter && lineDeu ? lineDeu : r.description_deu,
    descriptionIta: r.empty_chapter && lineIta ? lineIta : r.description_ita,
    searchKeyDeu: r.search_key_deu,
    searchKeyIta: r.search_key_ita,
    isEditable: Boolean(r.empty_chapter),
    lineId: r.line_id === null ? null : Number(r.line_id),
    lineDescriptionDeu: lineDeu,
    lineDescriptionIta: lineIta,
  };
}

/**
 * The chapters of the filter with all their figures, sorted by code, in one query; `total` is the
 * number of matching chapters before limit/offset (for paging).
 */
export async function chapterFigureRows(db: Db, f: FigureFilter): Promise<{ rows: FigureRow[]; total: number }> {
  const chapterYear = f.chapterYear ?? f.year;
  const raw = await execRows<FigureRawRow>(db, chapterFigureSql(f));
  const rows = raw.map((r) => toFigureRow(r, chapterYear));
  // a page past the end has no rows to carry the count: count again only then
  let total = Number(raw[0]?.total ?? 0);
  if (raw.length === 0 && (f.offset ?? 0) > 0) {
    const conditions = filterConditions(f, chapterYear);
    const join = f.withBudgetOnly ? sql`join` : sql`left join`;
    const counted = await execRows<{ n: number | string }>(
      db,
      sql`select count(*) as n from chapters c ${join} chapter_budgets l on l.chapter_id = c.id and l.department_id = ${f.departmentId}
                                 and l.year = ${f.year} and l.chapter_year = ${chapterYear} where ${sql.join(conditions, sql` and `)}`,
    );
    total = Number(counted[0]?.n ?? 0);
  }
  return { rows, total };
}

/** Strips the line-internal fields: what Budget/Chapters and Budget/Chapter answer. */
export function toBudgetChapter(row: FigureRow): BudgetChapter {
  const { lineDescriptionDeu: _d, lineDescriptionIta: _i, ...rest } = row;
  return rest;
}

// ---- statistics: many departments and years in one query ---------------------------------------

export interface StatisticsFigureFilter {
  /** The departments to report (already limited to what the user sees); empty gives no rows. */
  departmentIds: number[];
  yearFrom: number;
  yearTo: number;
  /** One row per chapter line instead of one per department, year and part. */
  withChapters: boolean;
}

/**
 * Summed figures of a department and year: per part, or per chapter code (`chapter` set). The budget
 * and its payments are the year's current lines; the residue figures come from its residue lines
 * (chapter year before the year); open payments and final residues from both.
 */
export interface StatisticsFigureRow {
  departmentId: number;
  year: number;
  part: Part;
  /** 5-character chapter code and names (withChapters only, else ''). */
  chapter: string;
  descriptionDeu: string;
  descriptionIta: string;
  budgetInitial: number;
  budgetChanges: number;
  budgetFinal: number;
  payments: number;
  /** Final budget (initial + changes) of the residue lines: the residues carried into the year. */
  residues: number;
  /** Collected (revenues) or paid (expenses) on the residue lines. */
  residuesPayments: number;
  /** Booked and not yet paid, on every line of the year. */
  openPayments: number;
  /** The determined final residues of every line of the year (a line not determined counts 0). */
  finalResidues: number;
}

interface RawStatisticsRow {
  department_id: number;
  year: number;
  part: number;
  chapter: string | null;
  description_deu: string | null;
  description_ita: string | null;
  budget_initial: string | null;
  budget_changes: string | null;
  payments: string | null;
  residues: string | null;
  residues_payments: string | null;
  open_payments: string | null;
  final_residues: string | null;
}

/** The statistics' one aggregate statement (statisticsFigureRows), sorted as the export lists its rows. */
function statisticsFigureSql(f: StatisticsFigureFilter): SQL {
  const ids = sqlList(f.departmentIds);
  const current = sql`l.chapter_year = l.year`;
  const residue = sql`l.chapter_year < l.year`;
  // the current line's names first (its chapter year is the highest of the code)
  const described = (column: 'deu' | 'ita') => {
    const line = column === 'deu' ? sql`l.description_deu` : sql`l.description_ita`;
    const chapter = column === 'deu' ? sql`c.description_deu` : sql`c.description_ita`;
    return sql`(array_agg(case when c.empty_chapter and ${line} <> '' then ${line} else ${chapter} end order by l.chapter_year desc))[1]`;
  };
  const keys = f.withChapters
    ? sql`l.department_id, l.year, c.part, c.chapter, ${described('deu')} as description_deu, ${described('ita')} as description_ita`
    : sql`l.department_id, l.year, c.part, null as chapter, null as description_deu, null as description_ita`;
  const groups = f.withChapters ? sql`d.code, l.department_id, l.year, c.part, c.chapter` : sql`d.code, l.department_id, l.year, c.part`;
  return sql`
    with lines as (
      -- the lines of a year with an approved forecast (a draft year counts as nothing)
      select l.id, l.department_id, l.year, l.chapter_id, l.chapter_year, l.budget_initial, l.final_residue, l.description_deu, l.description_ita
      from chapter_budgets l
      join budget_heads bh on bh.department_id = l.department_id and bh.year = l.year and bh.forecast_approved is not null
      where l.department_id in (${ids}) and l.year between ${f.yearFrom} and ${f.yearTo}
    ),
    changes as (
      select p.chapter_budget_id, sum(p.amount) as amount
      from budget_change_positions p join budget_changes h on h.id = p.change_id
      where h.department_id in (${ids}) and h.year between ${f.yearFrom} and ${f.yearTo}
      group by p.chapter_budget_id
    ),
    bookings as (${bookingsSql({ departmentIds: f.departmentIds, yearFrom: f.yearFrom, yearTo: f.yearTo })})
    select ${keys},
           sum(l.budget_initial) filter (where ${current})::text as budget_initial,
           sum(ch.amount) filter (where ${current})::text as budget_changes,
           sum(b.payments) filter (where ${current})::text as payments,
           sum(l.budget_initial + coalesce(ch.amount, 0)) filter (where ${residue})::text as residues,
           sum(b.payments) filter (where ${residue})::text as residues_payments,
           sum(b.open_payments)::text as open_payments,
           sum(l.final_residue)::text as final_residues
    from lines l
    join departments d on d.id = l.department_id
    join chapters c on c.id = l.chapter_id
    left join changes ch on ch.chapter_budget_id = l.id
    left join bookings b on b.chapter_budget_id = l.id
    group by ${groups}
    order by ${groups}`;
}

function statisticsFigureRow(r: RawStatisticsRow): StatisticsFigureRow {
  const part = Number(r.part) as Part;
  const openPayments = toCents(r.open_payments);
  const figures = chapterFigures({
    part,
    budgetInitial: toCents(r.budget_initial),
    budgetChanges: toCents(r.budget_changes),
    payments: toCents(r.payments),
    openPayments,
    reservations: 0,
    finalResidue: null,
  });
  return {
    departmentId: Number(r.department_id),
    year: Number(r.year),
    part,
    chapter: r.chapter ?? '',
    descriptionDeu: r.description_deu ?? '',
    descriptionIta: r.description_ita ?? '',
    budgetInitial: figures.budgetInitial,
    budgetChanges: figures.budgetChanges,
    budgetFinal: figures.budgetFinal,
    payments: figures.payments,
    residues: toCents(r.residues),
    residuesPayments: toCents(r.residues_payments),
    openPayments: figures.openPayments,
    finalResidues: toCents(r.final_residues),
  };
}

/**
 * The budget of many departments and years — the current lines of approved forecasts; drafts count
 * as nothing — with their changes and bookings, and the actual figures of the year's residue lines,
 * summed per department, year and part (or per chapter code: a current line and the residue lines of
 * the same code make one row), in one query, in the order of the export (department code, year, part,
 * chapter). The figures follow domain `chapterFigures` (final = initial + changes). With `batch` the rows
 * come in batches of that many from a cursor (streamRows) as the caller reads them; without, all in one.
 */
export async function* statisticsFigureRows(db: Db, f: StatisticsFigureFilter, batch?: number): AsyncGenerator<StatisticsFigureRow[]> {
  if (f.departmentIds.length === 0 || f.yearFrom > f.yearTo) return;
  const query = statisticsFigureSql(f);
  if (batch === undefined) {
    yield (await execRows<RawStatisticsRow>(db, query)).map(statisticsFigureRow);
    return;
  }
  for await (const rows of streamRows<RawStatisticsRow>(db, query, batch)) yield rows.map(statisticsFigureRow);
}

// ---- the union's dashboard: every line of many departments in one year ----------------------------

/**
 * Every chapter line of the departments in `year` (current and residue lines): `department_id, part, chapter_year,
 * budget_final` (initial + changes and adjustment, as Budget/Chapters), `final_residue` (null: not determined) and,
 * on the year's expense lines only, `used` — payments + open payments + reservations, the availability check's
 * figures (`spentOnly`: per line from the line indexes, the instalments not read), so `budget_final - used` is the
 * line's availability as Budget/Chapters gives it; null on the other lines (the union's dashboard asks no more of
 * them). One select over all the departments (the union's dashboard sums it per department): the lines and their
 * changes set-based, the use of each expense line a LATERAL of the one line's booking sources.
 */
export function departmentLinesSql(departmentIds: number[], year: number): SQL {
  if (departmentIds.length === 0) {
    return sql`select null::int as department_id, null::int as part, null::int as chapter_year, 0::numeric as budget_final,
      null::numeric as used, null::numeric as final_residue where false`;
  }
  const ids = sqlList(departmentIds);
  const scope: FigureScope = { departmentIds, yearFrom: year, yearTo: year, spentOnly: true };
  return sql`
    with changes as (
      select p.chapter_budget_id, sum(p.amount) as amount
      from budget_change_positions p join budget_changes h on h.id = p.change_id
      where h.department_id in (${ids}) and h.year = ${year}
      group by p.chapter_budget_id
    ),
    lines as (
      select l.id, l.department_id, c.part, l.chapter_year, l.budget_initial + coalesce(ch.amount, 0) as budget_final, l.final_residue
      from chapter_budgets l
      join chapters c on c.id = l.chapter_id
      left join changes ch on ch.chapter_budget_id = l.id
      where l.department_id in (${ids}) and l.year = ${year}
    ),
    used as (
      select l.id, coalesce(b.payments, 0) + coalesce(b.open_payments, 0) + coalesce(b.reservations, 0) as used
      from lines l cross join lateral (${lineBookingsSql(scope, sql`l.id`)}) b
      where l.part = 2 and l.chapter_year = ${year}
    )
    select l.department_id, l.part, l.chapter_year, l.budget_final, u.used, l.final_residue
    from lines l left join used u on u.id = l.id`;
}
