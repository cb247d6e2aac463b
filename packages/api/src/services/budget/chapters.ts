import { type Db, schema } from '@app/db';
import { type BudgetChapter, type BudgetChapterInput, type BudgetChaptersInput, type Page, type Part, pageWindow, toPage } from '@app/domain';
import { and, eq, inArray, or } from 'drizzle-orm';
import { fail } from '../../errors.ts';
import { chapterFigureRows, toBudgetChapter } from '../ledger/chapterFigures.ts';
import type { BookingScope } from '../ledger/bookingScope.ts';

const { chapters } = schema;

/** Budget/Chapters: the chart's chapters of the part with the scope's figures, paged (one query). */
export async function listBudgetChapters(db: Db, scope: BookingScope, input: BudgetChaptersInput): Promise<Page<BudgetChapter>> {
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
export async function getBudgetChapter(db: Db, scope: BookingScope, input: BudgetChapterInput): Promise<BudgetChapter> {
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
  scope: Pick<BookingScope, 'area' | 'year'>,
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
