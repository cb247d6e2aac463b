import { type Db, execRows } from '@app/db';
import type { Availabilities, AvailabilitiesPart, AvailabilitiesQuery, AvailabilitiesTitle, BudgetChapter, FigureTotals, Part } from '@app/domain';
import { sql } from 'drizzle-orm';
import { chapterFigureSql, type FigureRawRow, toBudgetChapter, toFigureRow } from '../ledger/chapterFigures.ts';
import type { DigestScope } from './common.ts';

/**
 * Digests/Availabilities (print): every chapter's full figure set (the one chapter-figures select)
 * with its title's names, in one statement; grouped per part and title with their totals.
 */

interface RawAvailability extends FigureRawRow {
  title_deu: string | null;
  title_ita: string | null;
}

const FIGURES = [
  'budgetInitial',
  'budgetChanges',
  'budgetFinal',
  'payments',
  'openPayments',
  'reservations',
  'availableAfterDonePayments',
  'availableAfterPlannedExpenses',
  'finalResidue',
  'availableFinal',
  'toReceive',
] as const;

/** The sums of the chapters' figures (an undetermined residue counts 0). */
export function figureTotals(chapters: readonly BudgetChapter[]): FigureTotals {
  const totals = Object.fromEntries(FIGURES.map((k) => [k, 0])) as FigureTotals;
  for (const c of chapters) for (const k of FIGURES) totals[k] += c[k] ?? 0;
  return totals;
}

export async function availabilities(db: Db, scope: DigestScope, input: AvailabilitiesQuery): Promise<Availabilities> {
  const chapterYear = input.chapterYear ?? scope.year;
  const figures = chapterFigureSql({
    departmentId: scope.departmentId,
    year: scope.year,
    area: scope.area,
    chapterYear,
    part: input.part,
    titleFrom: input.titleFrom,
    titleTo: input.titleTo,
    chapterFrom: input.chapterFrom,
    chapterTo: input.chapterTo,
    withBudgetOnly: input.withBudgetOnly,
  });
  const raw = await execRows<RawAvailability>(
    db,
    sql`select f.*, t.description_deu as title_deu, t.description_ita as title_ita
        from (${figures}) f
        left join titles t on t.area = ${scope.area} and t.year = ${chapterYear} and t.part = f.part and t.title = f.title
        order by f.chapter`,
  );
  const parts: AvailabilitiesPart[] = [];
  for (const r of raw) {
    const chapter = toBudgetChapter(toFigureRow(r, chapterYear));
    let part = parts.find((p) => p.part === chapter.part);
    if (!part) {
      part = { part: chapter.part as Part, titles: [], totals: figureTotals([]) };
      parts.push(part);
    }
    let title: AvailabilitiesTitle | undefined = part.titles.find((t) => t.title === chapter.title);
    if (!title) {
      title = { title: chapter.title, descriptionDeu: r.title_deu ?? '', descriptionIta: r.title_ita ?? '', chapters: [], totals: figureTotals([]) };
      part.titles.push(title);
    }
    title.chapters.push(chapter);
  }
  for (const part of parts) {
    for (const title of part.titles) title.totals = figureTotals(title.chapters);
    part.totals = figureTotals(part.titles.flatMap((t) => t.chapters));
  }
  return { year: scope.year, chapterYear, parts };
}
