import { type Db, schema } from '@app/db';
import { type ChartExport, type ChartExportInput, type ChartExportTitle } from '@app/domain';
import { and, asc, eq, gte, lte } from 'drizzle-orm';

const { categories, chapters, etsCategories, titles } = schema;

/**
 * GET ChartOfAccounts/Export: titles of the area and year (optionally one part and a title range)
 * with their chapters, the chapter's category and ETS code; two queries.
 */
export async function chartExport(db: Db, input: ChartExportInput): Promise<ChartExport> {
  const titleRange = (column: typeof titles.title | typeof chapters.title) =>
    and(input.titleFrom !== undefined ? gte(column, input.titleFrom) : undefined, input.titleTo !== undefined ? lte(column, input.titleTo) : undefined);
  const [titleRows, chapterRows] = await Promise.all([
    db
      .select({ part: titles.part, title: titles.title, descriptionDeu: titles.descriptionDeu, descriptionIta: titles.descriptionIta })
      .from(titles)
      .where(
        and(
          eq(titles.area, input.area),
          eq(titles.year, input.year),
          input.part !== undefined ? eq(titles.part, input.part) : undefined,
          titleRange(titles.title),
        ),
      )
      .orderBy(asc(titles.part), asc(titles.title)),
    db
      .select({
        part: chapters.part,
        title: chapters.title,
        chapter: chapters.chapter,
        descriptionDeu: chapters.descriptionDeu,
        descriptionIta: chapters.descriptionIta,
        emptyChapter: chapters.emptyChapter,
        category: categories.category,
        categoryDeu: categories.descriptionDeu,
        categoryIta: categories.descriptionIta,
        etsCode: etsCategories.code,
      })
      .from(chapters)
      .leftJoin(categories, eq(categories.id, chapters.categoryId))
      .leftJoin(etsCategories, eq(etsCategories.id, chapters.etsCategoryId))
      .where(
        and(
          eq(chapters.area, input.area),
          eq(chapters.year, input.year),
          input.part !== undefined ? eq(chapters.part, input.part) : undefined,
          titleRange(chapters.title),
        ),
      )
      .orderBy(asc(chapters.chapter)),
  ]);
  const byKey = new Map<string, ChartExportTitle>();
  for (const t of titleRows) byKey.set(`${t.part}-${t.title}`, { ...t, chapters: [] });
  for (const c of chapterRows) {
    const key = `${c.part}-${c.title}`;
    let title = byKey.get(key);
    if (!title) {
      title = { part: c.part, title: c.title, descriptionDeu: '', descriptionIta: '', chapters: [] };
      byKey.set(key, title);
    }
    title.chapters.push({
      chapter: c.chapter,
      descriptionDeu: c.descriptionDeu,
      descriptionIta: c.descriptionIta,
      emptyChapter: c.emptyChapter,
      category:
        input.withCategories && c.category !== null ? { category: c.category, descriptionDeu: c.categoryDeu ?? '', descriptionIta: c.categoryIta ?? '' } : null,
      etsCode: c.etsCode,
    });
  }
  const sorted = [...byKey.values()].sort((a, b) => a.part - b.part || a.title - b.title);
  return { area: input.area, year: input.year, part: input.part ?? null, withCategories: input.withCategories, titles: sorted };
}
