import { type Db, schema } from '@app/db';
import { chapterLineName, type Part } from '@app/domain';
import { and, eq, or, type SQL } from 'drizzle-orm';
import { fail } from '../../errors.ts';
import type { BookingScope } from './bookingScope.ts';

const { chapterBudgets, chapters } = schema;

/** A chapter line as a position names it: chapter by id or code, chapter year (default the scope year). */
export interface LineRef {
  chapterYear?: number | undefined;
  chapterId?: number | undefined;
  chapter?: string | undefined;
}

/** A resolved chapter line of the scope. */
export interface ChapterLine {
  lineId: number;
  chapterId: number;
  chapter: string;
  chapterYear: number;
  part: Part;
  /** The line's name as the movement shows it (chapterLineName: an empty chapter's line names itself). */
  descriptionDeu: string;
  descriptionIta: string;
}

/**
 * Resolves the chapter lines a movement books on, in one query: the chapter of the chart of its
 * chapter year (area of the scope) and the scope's budget line of that chapter year (a residue line
 * when chapterYear < year). A chapter year after the scope year is InvalidValue, a chapter the chart
 * doesn't have ChapterNotFound, a chapter without a line chapterNotAvailable (each naming the field).
 */
export async function resolveLines(
  db: Db,
  scope: Pick<BookingScope, 'departmentId' | 'year' | 'area'>,
  refs: readonly { ref: LineRef; field: string }[],
): Promise<ChapterLine[]> {
  if (refs.length === 0) return [];
  const wanted = refs.map(({ ref, field }) => {
    const chapterYear = ref.chapterYear ?? scope.year;
    if (chapterYear > scope.year) fail('InvalidValue', { field: field.replace(/chapter$/, 'chapterYear').replace(/chapter(From|To)$/, 'chapterYear$1') });
    return { chapterYear, chapterId: ref.chapterId, chapter: ref.chapter, field };
  });
  const conditions: SQL[] = wanted.map((w) => {
    const byChapter = w.chapterId !== undefined ? eq(chapters.id, w.chapterId) : eq(chapters.chapter, w.chapter ?? '');
    return and(eq(chapters.year, w.chapterYear), byChapter) as SQL;
  });
  const found = await db
    .select({
      chapterId: chapters.id,
      chapter: chapters.chapter,
      chapterYear: chapters.year,
      part: chapters.part,
      lineId: chapterBudgets.id,
      emptyChapter: chapters.emptyChapter,
      descriptionDeu: chapters.descriptionDeu,
      descriptionIta: chapters.descriptionIta,
      lineDeu: chapterBudgets.descriptionDeu,
      lineIta: chapterBudgets.descriptionIta,
    })
    .from(chapters)
    .leftJoin(
      chapterBudgets,
      and(
        eq(chapterBudgets.chapterId, chapters.id),
        eq(chapterBudgets.departmentId, scope.departmentId),
        eq(chapterBudgets.year, scope.year),
        eq(chapterBudgets.chapterYear, chapters.year),
      ),
    )
    .where(and(eq(chapters.area, scope.area), or(...conditions)));
  return wanted.map((w) => {
    const hit = found.find((f) => f.chapterYear === w.chapterYear && (w.chapterId !== undefined ? f.chapterId === w.chapterId : f.chapter === w.chapter));
    const named = w.chapter ?? String(w.chapterId);
    if (!hit) fail('ChapterNotFound', { field: w.field, params: { chapter: named, chapterYear: w.chapterYear } });
    if (hit.lineId === null) fail('chapterNotAvailable', { field: w.field, params: { chapter: hit.chapter, chapterYear: w.chapterYear } });
    return {
      lineId: hit.lineId,
      chapterId: hit.chapterId,
      chapter: hit.chapter,
      chapterYear: w.chapterYear,
      part: hit.part as Part,
      descriptionDeu: chapterLineName(hit.emptyChapter, hit.descriptionDeu, hit.lineDeu ?? ''),
      descriptionIta: chapterLineName(hit.emptyChapter, hit.descriptionIta, hit.lineIta ?? ''),
    };
  });
}
