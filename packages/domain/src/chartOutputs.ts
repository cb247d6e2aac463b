import { z } from 'zod';
import type { CategoryRow, ChapterBrief, ChapterRow, ChartCopyResult, ChartExport, EtsChart, TitleRow } from './chart.ts';
import { NullNum, NullText, Num, pageOf, Text } from './outputs.ts';

/**
 * The answers of the chart-of-accounts procedures as schemas (for /api/openapi.json and output
 * validation): strict objects typed by the domain's row types.
 */

const scope = { year: Num, area: Num, part: Num };

const titleFields = { ...scope, title: Num, descriptionDeu: Text, descriptionIta: Text };
export const TitleOutput: z.ZodType<TitleRow> = z.strictObject({ id: Num, ...titleFields });
export const TitlePageOutput = pageOf(TitleOutput);
export const TitleTemplateOutput = z.strictObject({ id: z.null(), ...titleFields });

const categoryFields = { ...scope, category: Text, descriptionDeu: Text, descriptionIta: Text };
export const CategoryOutput: z.ZodType<CategoryRow> = z.strictObject({ id: Num, ...categoryFields });
export const CategoryPageOutput = pageOf(CategoryOutput);
export const CategoryTemplateOutput = z.strictObject({ id: z.null(), ...categoryFields });

const chapterFields = {
  ...scope,
  chapter: Text,
  title: Num,
  chapterShort: Text,
  searchKeyDeu: Text,
  searchKeyIta: Text,
  descriptionDeu: Text,
  descriptionIta: Text,
  emptyChapter: z.boolean(),
  municipalContrib: z.boolean(),
  categoryId: NullNum,
  titleId: NullNum,
  etsCategoryId: NullNum,
  notes: Text,
};
export const ChapterOutput: z.ZodType<ChapterRow> = z.strictObject({ id: Num, ...chapterFields });
export const ChapterPageOutput = pageOf(ChapterOutput);
export const ChapterTemplateOutput = z.strictObject({ id: z.null(), ...chapterFields });
export const ChapterBriefPageOutput = pageOf<ChapterBrief>(
  z.strictObject({
    id: Num,
    chapter: Text,
    part: Num,
    title: Num,
    searchKeyDeu: Text,
    searchKeyIta: Text,
    descriptionDeu: Text,
    descriptionIta: Text,
    emptyChapter: z.boolean(),
  }),
);

const etsSection = z.strictObject({
  section: Text,
  descriptionDeu: Text,
  descriptionIta: Text,
  categories: z.array(z.strictObject({ id: Num, part: Num, section: Text, code: Text, descriptionDeu: Text, descriptionIta: Text })),
});
export const EtsOutput: z.ZodType<EtsChart> = z.strictObject({ profit: z.array(etsSection), loss: z.array(etsSection) });

export const ChartExportOutput: z.ZodType<ChartExport> = z.strictObject({
  area: Num,
  year: Num,
  part: NullNum,
  withCategories: z.boolean(),
  titles: z.array(
    z.strictObject({
      part: Num,
      title: Num,
      descriptionDeu: Text,
      descriptionIta: Text,
      chapters: z.array(
        z.strictObject({
          chapter: Text,
          descriptionDeu: Text,
          descriptionIta: Text,
          emptyChapter: z.boolean(),
          category: z.strictObject({ category: Text, descriptionDeu: Text, descriptionIta: Text }).nullable(),
          etsCode: NullText,
        }),
      ),
    }),
  ),
});

export const ChartCopyOutput: z.ZodType<ChartCopyResult> = z.strictObject({
  status: z.enum(['Success', 'Warning', 'Error']),
  message: Text,
  kinds: z.array(z.enum(['chapters', 'categories', 'titles'])),
  counts: z.strictObject({ chapters: Num, categories: Num, titles: Num }),
});

/** chart.status: the chart's lock state of an area and year and what the user may edit in it. */
export const ChartStatusOutput = z.strictObject({
  area: Num,
  year: Num,
  locked: z.boolean(),
  unlocked: z.boolean(),
  approvedBudgets: z.boolean(),
  canEdit: z.strictObject({ titles: z.boolean(), categories: z.boolean(), chapters: z.boolean() }),
});
