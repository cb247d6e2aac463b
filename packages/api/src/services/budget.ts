import { type Db, execRows, schema, toCents } from '@app/db';
import {
  type Area,
  type BudgetChapter,
  type BudgetChapterInput,
  type BudgetChaptersInput,
  type ForecastApproveInput,
  type ForecastPart,
  type ForecastPartInput,
  type ForecastPosition,
  type ForecastSaveInput,
  type ForecastSummary,
  forecastApprovalDateError,
  forecastSummaryFigures,
  type Page,
  type Part,
  pageWindow,
  presumedSurplus,
  type Surplus,
  type SurplusSaveInput,
  surplusUsedAllowed,
  toPage,
} from '@app/domain';
import { and, eq, inArray, or, sql } from 'drizzle-orm';
import { fail } from '../errors.ts';
import { chapterFigureRows, toBudgetChapter } from './chapterFigures.ts';
import { budgetUseReferences, holds, scopeReferencedSql } from './references.ts';
import { assertYearOpen } from './years.ts';

const { budgetHeads, chapterBudgets, chapters, financialYears, forecastPrevAmounts } = schema;

/** The scope of a budget call as the scoped procedure resolved it, plus today's date (Europe/Rome). */
export interface BudgetScope {
  departmentId: number;
  year: number;
  area: Area;
  departmentCode: string;
  /** `YYYY-MM-DD`: dates may not lie after it. */
  today: string;
}

export type BudgetHead = typeof budgetHeads.$inferSelect;

function emptyHead(scope: BudgetScope): BudgetHead {
  return {
    id: 0,
    departmentId: scope.departmentId,
    year: scope.year,
    forecastApproved: null,
    finalApproved: null,
    cashBalance: 0,
    revenuesActual: 0,
    revenuesResidue: 0,
    expensesActual: 0,
    expensesResidue: 0,
    surplusUsed: 0,
  };
}

/** The budget head of the scope (defaults when none was written yet). */
export async function readHead(db: Db, scope: Pick<BudgetScope, 'departmentId' | 'year'> & Partial<BudgetScope>): Promise<BudgetHead> {
  const [head] = await db
    .select()
    .from(budgetHeads)
    .where(and(eq(budgetHeads.departmentId, scope.departmentId), eq(budgetHeads.year, scope.year)))
    .limit(1);
  return head ?? emptyHead(scope as BudgetScope);
}

/**
 * The budget head of the scope, created when missing and locked FOR UPDATE: every budget write of a
 * scope runs behind this lock, so approval, forecast saves and change saves never interleave.
 */
export async function lockHead(db: Db, scope: Pick<BudgetScope, 'departmentId' | 'year'>): Promise<BudgetHead> {
  await db.insert(budgetHeads).values({ departmentId: scope.departmentId, year: scope.year }).onConflictDoNothing();
  const [head] = await db
    .select()
    .from(budgetHeads)
    .where(and(eq(budgetHeads.departmentId, scope.departmentId), eq(budgetHeads.year, scope.year)))
    .for('update');
  if (!head) throw new Error('budget head missing after insert');
  return head;
}

/**
 * lockHead for a budget write: first refuses a year closed for the area (a past year without its
 * year unlock: YearLocked), then locks the scope's budget head.
 */
export async function lockOpenHead(db: Db, scope: BudgetScope): Promise<BudgetHead> {
  await assertYearOpen(db, scope.area, scope.year, scope.today);
  return lockHead(db, scope);
}

/**
 * Is the budget of the scope in use, so the forecast approval can't be revoked? Yes once a budget
 * change or the adjustment exists. The booking area adds its checks (movements, reservations) here.
 */
export async function isBudgetInUse(db: Db, scope: Pick<BudgetScope, 'departmentId' | 'year'>): Promise<boolean> {
  return holds(db, scopeReferencedSql(budgetUseReferences, scope.year, scope.departmentId));
}

// ---- chapters with figures --------------------------------------------------------------------

/** Budget/Chapters: the chart's chapters of the part with the scope's figures, paged (one query). */
export async function listBudgetChapters(db: Db, scope: BudgetScope, input: BudgetChaptersInput): Promise<Page<BudgetChapter>> {
  const { limit, offset } = pageWindow(input);
  const prefix = input.chapter?.replace(/-/g, '').toUpperCase();
  const { rows, total } = await chapterFigureRows(db, {
    departmentId: scope.departmentId,
    year: scope.year,
    area: scope.area,
    chapterYear: input.chapterYear,
    part: input.part,
    codePrefix: prefix || undefined,
    withBudgetOnly: input.withBudgetOnly,
    limit,
    offset,
  });
  return toPage(rows.map(toBudgetChapter), total, input);
}

/** Budget/Chapter: one chapter (by code or id) with its figures; ChapterNotFound when the chart has none (or, withBudgetOnly, no line). */
export async function getBudgetChapter(db: Db, scope: BudgetScope, input: BudgetChapterInput): Promise<BudgetChapter> {
  const { rows } = await chapterFigureRows(db, {
    departmentId: scope.departmentId,
    year: scope.year,
    area: scope.area,
    chapterYear: input.chapterYear,
    withBudgetOnly: input.withBudgetOnly,
    ...(input.chapterId !== undefined ? { chapterIds: [input.chapterId] } : { codes: [input.chapter ?? ''] }),
  });
  const row = rows[0];
  if (!row) fail('ChapterNotFound', { field: 'chapter', params: { chapter: input.chapter ?? String(input.chapterId) } });
  return toBudgetChapter(row);
}

// ---- forecast ---------------------------------------------------------------------------------

/** The current-year amounts of the scope per part and title (one query). */
async function forecastLines(db: Db, scope: Pick<BudgetScope, 'departmentId' | 'year'>): Promise<{ part: number; title: number; amount: number }[]> {
  const rows = await execRows<{ part: number; title: number; amount: string }>(db, sql`
    select c.part, c.title, sum(l.budget_initial)::text as amount
    from ${chapterBudgets} l join ${chapters} c on c.id = l.chapter_id
    where l.department_id = ${scope.departmentId} and l.year = ${scope.year} and l.chapter_year = ${scope.year}
    group by c.part, c.title`);
  return rows.map((r) => ({ part: Number(r.part), title: Number(r.title), amount: toCents(r.amount) }));
}

/** Budget/Forecast/Summary: per title revenues, expenses, surplus; the balance checks; approval. */
export async function forecastSummary(db: Db, scope: BudgetScope): Promise<ForecastSummary> {
  const [head, lines] = await Promise.all([readHead(db, scope), forecastLines(db, scope)]);
  return {
    departmentId: scope.departmentId,
    year: scope.year,
    ...forecastSummaryFigures(lines, head.surplusUsed),
    approval: head.forecastApproved,
    isEditable: !head.forecastApproved && !head.finalApproved,
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
  const rows = await execRows<Row>(db, sql`
    with prev as (
      select pc.part, pc.chapter,
             pl.budget_initial + coalesce((select sum(p.amount) from budget_change_positions p where p.chapter_budget_id = pl.id), 0) as final
      from chapter_budgets pl
      join chapters pc on pc.id = pl.chapter_id
      where pl.department_id = ${dept} and pl.year = ${prevYear} and pl.chapter_year = ${prevYear}
    )
    , first_year as (
      -- no forecast of the previous year: the amounts typed in this first year count instead
      select not exists (select 1 from chapter_budgets where department_id = ${dept} and year = ${prevYear} and chapter_year = ${prevYear}) as is_first
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
    order by c.chapter`);
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
 * The department's first year in the system for the forecast: the previous year has no forecast
 * (no current line) of the department, so its amounts can't be derived and are typed instead.
 */
export async function isFirstForecastYear(db: Db, scope: Pick<BudgetScope, 'departmentId' | 'year'>): Promise<boolean> {
  const [row] = await db
    .select({ id: chapterBudgets.id })
    .from(chapterBudgets)
    .where(and(eq(chapterBudgets.departmentId, scope.departmentId), eq(chapterBudgets.year, scope.year - 1), eq(chapterBudgets.chapterYear, scope.year - 1)))
    .limit(1);
  return row === undefined;
}

/**
 * Budget/Forecast?part=: the chapters of the part with a current line or a previous-year amount;
 * amountPrevYear is last year's budgetFinal (initial + changes) of the same chapter code.
 */
export async function getForecastPart(db: Db, scope: BudgetScope, input: Pick<ForecastPartInput, 'part'>): Promise<ForecastPart> {
  const [head, rows, firstYear] = await Promise.all([
    readHead(db, scope),
    forecastChapterRows(db, { departmentId: scope.departmentId, area: scope.area, year: scope.year, part: input.part }),
    isFirstForecastYear(db, scope),
  ]);
  const isEditable = !head.forecastApproved && !head.finalApproved;
  return {
    departmentId: scope.departmentId,
    year: scope.year,
    part: input.part,
    isEditable,
    isPreviousYearBudgetEditable: isEditable && firstYear,
    positions: rows.map(({ part: _p, hasLine: _h, ...position }) => position),
  };
}

/** Closed budget: BudgetClosed; approved forecast: BudgetAlreadyApproved. */
function assertForecastEditable(head: BudgetHead): void {
  if (head.finalApproved) fail('BudgetClosed');
  if (head.forecastApproved) fail('BudgetAlreadyApproved');
}

export interface ChapterOfChart {
  id: number;
  chapter: string;
  part: number;
  title: number;
  emptyChapter: boolean;
}

/**
 * Resolves the chapters named by id or code in the chart of (area, year): ChapterNotFound for one
 * that isn't there, InvalidValue (positions.i.chapter) for a duplicate or, when `part` is given, a
 * chapter of the other part. One query.
 */
export async function resolveChapters(
  db: Db,
  scope: Pick<BudgetScope, 'area' | 'year'>,
  positions: { chapterId?: number | undefined; chapter?: string | undefined }[],
  part?: Part,
): Promise<ChapterOfChart[]> {
  const ids = positions.flatMap((p) => (p.chapterId !== undefined ? [p.chapterId] : []));
  const codes = positions.flatMap((p) => (p.chapterId === undefined && p.chapter ? [p.chapter] : []));
  const found =
    positions.length === 0
      ? []
      : await db
          .select({ id: chapters.id, chapter: chapters.chapter, part: chapters.part, title: chapters.title, emptyChapter: chapters.emptyChapter })
          .from(chapters)
          .where(
            and(
              eq(chapters.area, scope.area),
              eq(chapters.year, scope.year),
              or(ids.length ? inArray(chapters.id, ids) : undefined, codes.length ? inArray(chapters.chapter, codes) : undefined),
            ),
          );
  const seen = new Set<number>();
  return positions.map((p, i) => {
    const chapter = found.find((c) => (p.chapterId !== undefined ? c.id === p.chapterId : c.chapter === p.chapter));
    if (!chapter) fail('ChapterNotFound', { field: `positions.${i}.chapter`, params: { chapter: p.chapter ?? String(p.chapterId) } });
    if (part !== undefined && chapter.part !== part) fail('InvalidValue', { field: `positions.${i}.chapter`, params: { chapter: chapter.chapter } });
    if (seen.has(chapter.id)) fail('InvalidValue', { field: `positions.${i}.chapter`, params: { chapter: chapter.chapter } });
    seen.add(chapter.id);
    return chapter;
  });
}

/**
 * PUT/POST Budget/Forecast: replaces the current lines of one part. Zero amounts are dropped (a line
 * a change refers to, or with a determined residue, stays with amount 0). An unbalanced forecast may
 * be saved; only the approval needs balance. Approved: BudgetAlreadyApproved; closed: BudgetClosed.
 */
export async function saveForecastPart(db: Db, scope: BudgetScope, input: ForecastSaveInput): Promise<ForecastPart> {
  await db.transaction(async (tx) => {
    const head = await lockOpenHead(tx, scope);
    assertForecastEditable(head);
    const resolved = await resolveChapters(tx, scope, input.positions, input.part);
    if (await isFirstForecastYear(tx, scope)) {
      // first year: the typed previous-year amounts of the part replace the saved ones (0 drops one)
      const partChapters = tx.select({ id: chapters.id }).from(chapters).where(and(eq(chapters.area, scope.area), eq(chapters.year, scope.year), eq(chapters.part, input.part)));
      await tx
        .delete(forecastPrevAmounts)
        .where(and(eq(forecastPrevAmounts.departmentId, scope.departmentId), eq(forecastPrevAmounts.year, scope.year), inArray(forecastPrevAmounts.chapterId, partChapters)));
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
    const existing = await execRows<{ id: number; chapter_id: number; used: boolean }>(tx, sql`
        select l.id, l.chapter_id,
               (l.final_residue is not null or exists (select 1 from budget_change_positions p where p.chapter_budget_id = l.id)) as used
        from chapter_budgets l join chapters c on c.id = l.chapter_id
        where l.department_id = ${scope.departmentId} and l.year = ${scope.year} and l.chapter_year = ${scope.year} and c.part = ${input.part}`);
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
  });
  return getForecastPart(db, scope, input);
}

// ---- surplus ----------------------------------------------------------------------------------

function toSurplus(head: BudgetHead): Surplus {
  return {
    cashBalance: head.cashBalance,
    revenuesActual: head.revenuesActual,
    revenuesResidue: head.revenuesResidue,
    expensesActual: head.expensesActual,
    expensesResidue: head.expensesResidue,
    surplusUsed: head.surplusUsed,
    surplus: presumedSurplus(head),
    isEditable: !head.forecastApproved && !head.finalApproved,
  };
}

/** GET Budget/Forecast/Surplus: the presumed administrative surplus and the surplus used. */
export async function getSurplus(db: Db, scope: BudgetScope): Promise<Surplus> {
  return toSurplus(await readHead(db, scope));
}

/** PUT Budget/Forecast/Surplus: 0 <= surplusUsed <= surplus when the surplus is positive (else 0). */
export async function saveSurplus(db: Db, scope: BudgetScope, input: SurplusSaveInput): Promise<Surplus> {
  return db.transaction(async (tx) => {
    const head = await lockOpenHead(tx, scope);
    assertForecastEditable(head);
    if (!surplusUsedAllowed(presumedSurplus(input), input.surplusUsed)) fail('InvalidValue', { field: 'surplusUsed' });
    const [saved] = await tx
      .update(budgetHeads)
      .set({
        cashBalance: input.cashBalance,
        revenuesActual: input.revenuesActual,
        revenuesResidue: input.revenuesResidue,
        expensesActual: input.expensesActual,
        expensesResidue: input.expensesResidue,
        surplusUsed: input.surplusUsed,
      })
      .where(eq(budgetHeads.id, head.id))
      .returning();
    if (!saved) throw new Error('budget head vanished');
    return toSurplus(saved);
  });
}

// ---- approval ---------------------------------------------------------------------------------

/**
 * GET Budget/Forecast/Approve: a date approves the forecast (every balance check must hold, the date
 * not in the future, not after 31.12 of the year, not before 1.1 of the previous year); once approved
 * the date can only stay. null clears the approval unless the budget is in use (BudgetInUse). The
 * year row is locked FOR UPDATE, so chart writes (which share-lock it) never interleave.
 */
export async function approveForecast(db: Db, scope: BudgetScope, input: ForecastApproveInput): Promise<true> {
  return db.transaction(async (tx): Promise<true> => {
    const [fy] = await tx.select({ year: financialYears.year }).from(financialYears).where(eq(financialYears.year, scope.year)).for('update');
    if (!fy) fail('NotFound', { field: 'year', params: { year: scope.year } });
    const head = await lockOpenHead(tx, scope);
    if (head.finalApproved) fail('BudgetClosed');
    if (input.approval === null) {
      if (!head.forecastApproved) return true;
      if (await isBudgetInUse(tx, scope)) fail('BudgetInUse');
      await tx.update(budgetHeads).set({ forecastApproved: null }).where(eq(budgetHeads.id, head.id));
      return true;
    }
    if (head.forecastApproved) {
      if (head.forecastApproved === input.approval) return true;
      fail('BudgetAlreadyApproved');
    }
    const dateError = forecastApprovalDateError(input.approval, scope.year, scope.today);
    if (dateError) fail(dateError, { field: 'approval' });
    const lines = await forecastLines(tx, scope);
    // an empty forecast has nothing to approve (spec message budget.forecast.balance.noTitles)
    if (!lines.some((l) => l.amount !== 0)) fail('BudgetNotBalanced', { params: { checks: 'noTitles' } });
    const { isBalanced } = forecastSummaryFigures(lines, head.surplusUsed);
    const failed = Object.entries(isBalanced).filter(([, ok]) => !ok);
    if (failed.length > 0) fail('BudgetNotBalanced', { params: { checks: failed.map(([k]) => k).join(',') } });
    await tx.update(budgetHeads).set({ forecastApproved: input.approval }).where(eq(budgetHeads.id, head.id));
    return true;
  });
}
