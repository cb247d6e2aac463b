import { type Db, execRows, schema, toCents } from '@app/db';
import {
  type Area,
  type ForecastPart,
  type ForecastPartInput,
  type ForecastPosition,
  type ForecastSaveInput,
  type ForecastSummary,
  forecastSummaryFigures,
  type Part,
  readsOnly,
} from '@app/domain';
import { and, eq, inArray, sql } from 'drizzle-orm';
import { resolveChapters } from './chapters.ts';
import { assertForecastEditable, lockOpenHead, readHead } from '../ledger/head.ts';
import type { BookingScope } from '../ledger/bookingScope.ts';
import { isFirstYear, isFirstYearSql } from '../ledger/firstYear.ts';
import { writeAndAnswer } from '../ledger/transaction.ts';

const { chapterBudgets, chapters, forecastPrevAmounts } = schema;

/** The current-year amounts of the scope per part and title (one query). */
export async function forecastLines(db: Db, scope: Pick<BookingScope, 'departmentId' | 'year'>): Promise<{ part: number; title: number; amount: number }[]> {
  const rows = await execRows<{ part: number; title: number; amount: string }>(
    db,
    sql`
    select c.part, c.title, sum(l.budget_initial)::text as amount
    from ${chapterBudgets} l join ${chapters} c on c.id = l.chapter_id
    where l.department_id = ${scope.departmentId} and l.year = ${scope.year} and l.chapter_year = ${scope.year}
    group by c.part, c.title`,
  );
  return rows.map((r) => ({ part: Number(r.part), title: Number(r.title), amount: toCents(r.amount) }));
}

/** Budget/Forecast/Summary: per title revenues, expenses, surplus; the balance checks; approval. */
export async function forecastSummary(db: Db, scope: BookingScope): Promise<ForecastSummary> {
  const [head, lines] = await Promise.all([readHead(db, scope), forecastLines(db, scope)]);
  return {
    departmentId: scope.departmentId,
    year: scope.year,
    ...forecastSummaryFigures(lines, head.surplusUsed),
    approval: head.forecastApproved,
    isEditable: !head.forecastApproved && !head.finalApproved && !readsOnly(scope),
  };
}

export interface ForecastChapterFilter {
  /** null: no department (an empty print form): no amounts. */
  departmentId: number | null;
  area: Area;
  year: number;
  part?: Part | undefined;
  titleFrom?: number | undefined;
  titleTo?: number | undefined;
  chapterFrom?: string | undefined;
  chapterTo?: string | undefined;
  /** Every chapter of the chart (print form); otherwise those with a current line or a previous-year line. */
  allChapters?: boolean;
}

export interface ForecastChapterRow extends ForecastPosition {
  part: Part;
  hasLine: boolean;
}

/**
 * The forecast chapters of the chart (area, year) with the current amount and last year's
 * budgetFinal (initial + changes) of the same chapter code in the department, in one query.
 */
export async function forecastChapterRows(db: Db, f: ForecastChapterFilter): Promise<ForecastChapterRow[]> {
  const prevYear = f.year - 1;
  const dept = f.departmentId ?? -1;
  const conditions = [sql`c.area = ${f.area}`, sql`c.year = ${f.year}`];
  if (f.part !== undefined) conditions.push(sql`c.part = ${f.part}`);
  if (f.titleFrom !== undefined) conditions.push(sql`c.title >= ${f.titleFrom}`);
  if (f.titleTo !== undefined) conditions.push(sql`c.title <= ${f.titleTo}`);
  if (f.chapterFrom) conditions.push(sql`c.chapter >= ${f.chapterFrom}`);
  if (f.chapterTo) conditions.push(sql`c.chapter <= ${f.chapterTo}`);
  conditions.push(f.allChapters ? sql`not c.empty_chapter` : sql`(l.id is not null or prev.chapter is not null or typed.chapter_id is not null)`);
  const rows = await execRows<Row>(
    db,
    sql`
    with prev as (
      select pc.part, pc.chapter,
             pl.budget_initial + coalesce((select sum(p.amount) from budget_change_positions p where p.chapter_budget_id = pl.id), 0) as final
      from chapter_budgets pl
      join chapters pc on pc.id = pl.chapter_id
      where pl.department_id = ${dept} and pl.year = ${prevYear} and pl.chapter_year = ${prevYear}
    )
    , first_year as (
      -- the department's first year (DOMAIN decision 25): the amounts typed in it count instead
      select ${isFirstYearSql({ departmentId: dept, year: f.year })} as is_first
    ),
    typed as (
      select t.chapter_id, t.amount from forecast_prev_amounts t, first_year
      where first_year.is_first and t.department_id = ${dept} and t.year = ${f.year}
    )
    select c.id, c.part, c.chapter, c.title, c.description_deu, c.description_ita, c.empty_chapter,
           l.id as line_id, l.budget_initial::text as amount, l.reminder, l.notes, l.description_deu as line_deu, l.description_ita as line_ita,
           coalesce(prev.final, typed.amount)::text as prev
    from chapters c
    left join chapter_budgets l on l.chapter_id = c.id and l.department_id = ${dept} and l.year = ${f.year} and l.chapter_year = ${f.year}
    left join prev on prev.chapter = c.chapter and prev.part = c.part
    left join typed on typed.chapter_id = c.id
    where ${sql.join(conditions, sql` and `)}
    order by c.chapter`,
  );
  interface Row {
    id: number;
    part: number;
    chapter: string;
    title: number;
    description_deu: string;
    description_ita: string;
    empty_chapter: boolean;
    line_id: number | null;
    amount: string | null;
    reminder: boolean | null;
    notes: string | null;
    line_deu: string | null;
    line_ita: string | null;
    prev: string | null;
  }
  return rows.map((r) => ({
    chapterId: Number(r.id),
    part: Number(r.part) as Part,
    chapter: r.chapter,
    title: Number(r.title),
    chapterDescriptionDeu: r.empty_chapter && r.line_deu ? r.line_deu : r.description_deu,
    chapterDescriptionIta: r.empty_chapter && r.line_ita ? r.line_ita : r.description_ita,
    isEditable: Boolean(r.empty_chapter),
    amountCurrYear: toCents(r.amount),
    amountPrevYear: toCents(r.prev),
    reminder: Boolean(r.reminder),
    notes: r.notes ?? '',
    hasLine: r.line_id !== null,
  }));
}

/**
 * Budget/Forecast?part=: the chapters of the part with a current line or a previous-year amount;
 * amountPrevYear is last year's budgetFinal (initial + changes) of the same chapter code.
 */
export async function getForecastPart(db: Db, scope: BookingScope, input: Pick<ForecastPartInput, 'part'>): Promise<ForecastPart> {
  const [head, rows, firstYear] = await Promise.all([
    readHead(db, scope),
    forecastChapterRows(db, { departmentId: scope.departmentId, area: scope.area, year: scope.year, part: input.part }),
    isFirstYear(db, scope),
  ]);
  const isEditable = !head.forecastApproved && !head.finalApproved && !readsOnly(scope);
  return {
    departmentId: scope.departmentId,
    year: scope.year,
    part: input.part,
    isEditable,
    isPreviousYearBudgetEditable: isEditable && firstYear,
    positions: rows.map(({ part: _p, hasLine: _h, ...position }) => position),
  };
}

/**
 * PUT/POST Budget/Forecast: replaces the current lines of one part. Zero amounts are dropped (a line
 * a change refers to, or with a determined residue, stays with amount 0). An unbalanced forecast may
 * be saved; only the approval needs balance. Approved: BudgetAlreadyApproved; closed: BudgetClosed.
 */
export async function saveForecastPart(db: Db, scope: BookingScope, input: ForecastSaveInput): Promise<ForecastPart> {
  return writeAndAnswer(
    db,
    async (tx) => {
      const head = await lockOpenHead(tx, scope);
      assertForecastEditable(head);
      const resolved = await resolveChapters(tx, scope, input.positions, input.part);
      if (await isFirstYear(tx, scope)) {
        // first year: the typed previous-year amounts of the part replace the saved ones (0 drops one)
        const partChapters = tx
          .select({ id: chapters.id })
          .from(chapters)
          .where(and(eq(chapters.area, scope.area), eq(chapters.year, scope.year), eq(chapters.part, input.part)));
        await tx
          .delete(forecastPrevAmounts)
          .where(
            and(
              eq(forecastPrevAmounts.departmentId, scope.departmentId),
              eq(forecastPrevAmounts.year, scope.year),
              inArray(forecastPrevAmounts.chapterId, partChapters),
            ),
          );
        const typed = input.positions.flatMap((p, i) => {
          const chapter = resolved[i];
          return chapter && p.amountPrevYear ? [{ departmentId: scope.departmentId, year: scope.year, chapterId: chapter.id, amount: p.amountPrevYear }] : [];
        });
        if (typed.length) await tx.insert(forecastPrevAmounts).values(typed);
      }
      const kept = input.positions.flatMap((p, i) => {
        const chapter = resolved[i];
        if (!chapter || p.amountCurrYear === 0) return [];
        return [
          {
            departmentId: scope.departmentId,
            year: scope.year,
            chapterId: chapter.id,
            chapterYear: scope.year,
            budgetInitial: p.amountCurrYear,
            reminder: p.reminder,
            notes: p.notes,
            descriptionDeu: chapter.emptyChapter ? p.chapterDescriptionDeu : '',
            descriptionIta: chapter.emptyChapter ? p.chapterDescriptionIta : '',
          },
        ];
      });
      const existing = await execRows<{ id: number; chapter_id: number; used: boolean }>(
        tx,
        sql`
        select l.id, l.chapter_id,
               (l.final_residue is not null or exists (select 1 from budget_change_positions p where p.chapter_budget_id = l.id)
                or exists (select 1 from movement_positions mp where mp.chapter_budget_id = l.id)
                or exists (select 1 from movement_transfer_positions mt where mt.from_chapter_budget_id = l.id or mt.to_chapter_budget_id = l.id)) as used
        from chapter_budgets l join chapters c on c.id = l.chapter_id
        where l.department_id = ${scope.departmentId} and l.year = ${scope.year} and l.chapter_year = ${scope.year} and c.part = ${input.part}`,
      );
      const keptIds = new Set(kept.map((k) => k.chapterId));
      const dropped = existing.filter((e) => !keptIds.has(Number(e.chapter_id)));
      const deletable = dropped.filter((e) => !e.used).map((e) => Number(e.id));
      const zeroed = dropped.filter((e) => e.used).map((e) => Number(e.id));
      if (deletable.length) await tx.delete(chapterBudgets).where(inArray(chapterBudgets.id, deletable));
      if (zeroed.length) await tx.update(chapterBudgets).set({ budgetInitial: 0, reminder: false, notes: '' }).where(inArray(chapterBudgets.id, zeroed));
      if (kept.length) {
        await tx
          .insert(chapterBudgets)
          .values(kept)
          .onConflictDoUpdate({
            target: [chapterBudgets.departmentId, chapterBudgets.year, chapterBudgets.chapterId, chapterBudgets.chapterYear],
            set: {
              budgetInitial: sql`excluded.budget_initial`,
              reminder: sql`excluded.reminder`,
              notes: sql`excluded.notes`,
              descriptionDeu: sql`excluded.description_deu`,
              descriptionIta: sql`excluded.description_ita`,
            },
          });
      }
    },
    (tx) => getForecastPart(tx, scope, input),
  );
}
