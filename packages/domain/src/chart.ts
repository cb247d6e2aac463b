import { z } from 'zod';
import { Id, Int, safeString } from './primitives.ts';
import { Area } from './area.ts';
import { ChapterCode, PartSchema } from './chapterCode.ts';
import { PageInput } from './paging.ts';
import { Year } from './scope.ts';

/** Field limits of spec 2 §5 (shared by the server and the web forms). */
export const CATEGORY_CODE_MAX = 2;
export const TITLE_DESCRIPTION_MAX = 100;
export const CATEGORY_DESCRIPTION_MAX = 100;
export const CHAPTER_SHORT_MAX = 3;
export const CHAPTER_SEARCH_KEY_MAX = 30;
export const CHAPTER_DESCRIPTION_MAX = 200;
export const CHAPTER_NOTES_MAX = 1000;
export const CHAPTER_CODE_LENGTH = 5;
/** Page size of the chapter picker (spec 1 §9). */
export const CHAPTER_PICKER_PAGE_SIZE = 20;

export const AreaSchema = z.union([z.literal(Area.Union), z.literal(Area.District), z.literal(Area.Department)]);
/** A title number is the second digit of a chapter code. */
export const TitleNumber = Int.min(1, 'InvalidValue').max(9, 'InvalidValue');

const requiredText = (max: number) => safeString().trim().min(1, 'InvalidValue').max(max, 'InvalidValue');
const optionalText = (max: number) => safeString().trim().max(max, 'InvalidValue').default('');

/**
 * Where chart items live: the area and year. Reads and writes name the scope department
 * (`departmentId`); its code gives the area unless `area` is given, and it decides an
 * administrator's rights (union only).
 */
export const ChartScopeInput = z.object({
  departmentId: Id.optional(),
  year: Year,
  area: AreaSchema.optional(),
});
export type ChartScopeInput = z.infer<typeof ChartScopeInput>;

export const ChartListInput = ChartScopeInput.extend(PageInput.shape).extend({
  /** Contained in the German or the Italian description (case-insensitive). */
  description: safeString().trim().max(200).optional(),
  part: PartSchema.optional(),
});
export type ChartListInput = z.infer<typeof ChartListInput>;

export const ChapterListInput = ChartListInput.extend({
  /** Prefix of the chapter code, `2-1` or `21` alike. */
  chapter: safeString().trim().max(7).optional(),
  title: TitleNumber.optional(),
});
export type ChapterListInput = z.infer<typeof ChapterListInput>;

/** The chapter picker overlay: pages of 20, code prefix and description (de/it). */
export const ChapterPickerInput = ChapterListInput.extend({
  pageSize: Int.min(1).max(1000).default(CHAPTER_PICKER_PAGE_SIZE),
});
export type ChapterPickerInput = z.infer<typeof ChapterPickerInput>;

/** Exact lookup of a typed 5-character code (`21003` or `2-1-003`). */
export const ChapterLookupInput = ChartScopeInput.extend({
  chapter: safeString().trim().max(7),
});
export type ChapterLookupInput = z.infer<typeof ChapterLookupInput>;

/** A chart item by id: its own area and year apply; the department only decides the rights. */
export const ChartItemId = z.object({
  departmentId: Id.optional(),
  id: Id,
});
export type ChartItemId = z.infer<typeof ChartItemId>;

export const TitleFields = z.object({
  part: PartSchema,
  title: TitleNumber,
  descriptionDeu: requiredText(TITLE_DESCRIPTION_MAX),
  descriptionIta: requiredText(TITLE_DESCRIPTION_MAX),
});
export type TitleFields = z.infer<typeof TitleFields>;
export const TitleInput = ChartScopeInput.extend(TitleFields.shape);
export type TitleInput = z.infer<typeof TitleInput>;
export const TitleUpdateInput = ChartItemId.extend(TitleFields.shape);
export type TitleUpdateInput = z.infer<typeof TitleUpdateInput>;
export const TitlePatchInput = ChartItemId.extend(TitleFields.partial().shape);
export type TitlePatchInput = z.infer<typeof TitlePatchInput>;

export const CategoryFields = z.object({
  part: PartSchema,
  category: safeString().trim().toUpperCase().min(1, 'InvalidValue').max(CATEGORY_CODE_MAX, 'InvalidValue'),
  descriptionDeu: requiredText(CATEGORY_DESCRIPTION_MAX),
  descriptionIta: requiredText(CATEGORY_DESCRIPTION_MAX),
});
export type CategoryFields = z.infer<typeof CategoryFields>;
export const CategoryInput = ChartScopeInput.extend(CategoryFields.shape);
export type CategoryInput = z.infer<typeof CategoryInput>;
export const CategoryUpdateInput = ChartItemId.extend(CategoryFields.shape);
export type CategoryUpdateInput = z.infer<typeof CategoryUpdateInput>;
export const CategoryPatchInput = ChartItemId.extend(CategoryFields.partial().shape);
export type CategoryPatchInput = z.infer<typeof CategoryPatchInput>;

/** The editable fields of a chapter; the code is derived (see chapterCodeOf). */
export const ChapterFields = z.object({
  part: PartSchema,
  title: TitleNumber,
  chapterShort: safeString()
    .trim()
    .toUpperCase()
    .min(1, 'InvalidValue')
    .max(CHAPTER_SHORT_MAX, 'InvalidValue')
    .regex(/^[0-9A-Z]+$/, 'InvalidValue'),
  searchKeyDeu: optionalText(CHAPTER_SEARCH_KEY_MAX),
  searchKeyIta: optionalText(CHAPTER_SEARCH_KEY_MAX),
  descriptionDeu: optionalText(CHAPTER_DESCRIPTION_MAX),
  descriptionIta: optionalText(CHAPTER_DESCRIPTION_MAX),
  emptyChapter: z.boolean().default(false),
  municipalContrib: z.boolean().default(false),
  categoryId: Id.nullable().default(null),
  etsCategoryId: Id.nullable().default(null),
  notes: optionalText(CHAPTER_NOTES_MAX),
});
export type ChapterFields = z.infer<typeof ChapterFields>;

/** Search keys and descriptions are required unless the chapter is an empty (heading) chapter. */
export function missingChapterTexts(c: Pick<ChapterFields, 'emptyChapter' | 'searchKeyDeu' | 'searchKeyIta' | 'descriptionDeu' | 'descriptionIta'>): string[] {
  if (c.emptyChapter) return [];
  return (['searchKeyDeu', 'searchKeyIta', 'descriptionDeu', 'descriptionIta'] as const).filter((k) => c[k].trim() === '');
}

function refineChapterTexts(c: ChapterFields, ctx: z.RefinementCtx): void {
  for (const field of missingChapterTexts(c)) ctx.addIssue({ code: 'custom', path: [field], message: 'InvalidValue' });
}

/** The chapter form as the web validates it. */
export const ChapterForm = ChapterFields.superRefine(refineChapterTexts);
export const ChapterInput = ChartScopeInput.extend(ChapterFields.shape).superRefine(refineChapterTexts);
export type ChapterInput = z.infer<typeof ChapterInput>;
export const ChapterUpdateInput = ChartItemId.extend(ChapterFields.shape).superRefine(refineChapterTexts);
export type ChapterUpdateInput = z.infer<typeof ChapterUpdateInput>;
/** A PATCH text before the merge (the merged chapter is checked against the field limits). */
const PATCH_TEXT_MAX = 2000;
/** PATCH: only the given fields change; the merged chapter is validated as a whole. */
export const ChapterPatchInput = ChartItemId.extend({
  part: PartSchema.optional(),
  title: TitleNumber.optional(),
  chapterShort: safeString().max(PATCH_TEXT_MAX, 'TooLong').optional(),
  searchKeyDeu: safeString().max(PATCH_TEXT_MAX, 'TooLong').optional(),
  searchKeyIta: safeString().max(PATCH_TEXT_MAX, 'TooLong').optional(),
  descriptionDeu: safeString().max(PATCH_TEXT_MAX, 'TooLong').optional(),
  descriptionIta: safeString().max(PATCH_TEXT_MAX, 'TooLong').optional(),
  emptyChapter: z.boolean().optional(),
  municipalContrib: z.boolean().optional(),
  categoryId: Id.nullable().optional(),
  etsCategoryId: Id.nullable().optional(),
  notes: safeString().max(PATCH_TEXT_MAX, 'TooLong').optional(),
});
export type ChapterPatchInput = z.infer<typeof ChapterPatchInput>;

/**
 * The 5-character code of a chapter: part digit, title digit, chapterShort padded on the left with
 * zeros to 3 characters (`2`, `1`, `3` -> `21003`). Null when the parts cannot form a valid code.
 */
export function chapterCodeOf(part: number, title: number, chapterShort: string): string | null {
  const rest = chapterShort.trim().toUpperCase();
  if (rest.length === 0 || rest.length > CHAPTER_SHORT_MAX) return null;
  const code = `${part}${title}${rest.padStart(CHAPTER_SHORT_MAX, '0')}`;
  return ChapterCode.safeParse(code).success ? code : null;
}

// ---- outputs -------------------------------------------------------------------------------

export interface TitleRow {
  id: number;
  year: number;
  area: number;
  part: number;
  title: number;
  descriptionDeu: string;
  descriptionIta: string;
}

export interface CategoryRow {
  id: number;
  year: number;
  area: number;
  part: number;
  category: string;
  descriptionDeu: string;
  descriptionIta: string;
}

export interface ChapterRow {
  id: number;
  year: number;
  area: number;
  part: number;
  chapter: string;
  title: number;
  chapterShort: string;
  searchKeyDeu: string;
  searchKeyIta: string;
  descriptionDeu: string;
  descriptionIta: string;
  emptyChapter: boolean;
  municipalContrib: boolean;
  categoryId: number | null;
  titleId: number | null;
  etsCategoryId: number | null;
  notes: string;
}

/** A row of the chapter picker. */
export interface ChapterBrief {
  id: number;
  chapter: string;
  part: number;
  title: number;
  searchKeyDeu: string;
  searchKeyIta: string;
  descriptionDeu: string;
  descriptionIta: string;
  emptyChapter: boolean;
}

// ---- ETS -----------------------------------------------------------------------------------

export const EtsInput = z.object({ part: PartSchema.optional() });
export type EtsInput = z.infer<typeof EtsInput>;

/** Section headings of the ETS cash report (model D), per part. */
export const etsSectionNames: Record<string, { deu: [string, string]; ita: [string, string] }> = {
  A: {
    deu: ['Einnahmen aus Tätigkeiten von allgemeinem Interesse', 'Ausgaben für Tätigkeiten von allgemeinem Interesse'],
    ita: ['Entrate da attività di interesse generale', 'Uscite da attività di interesse generale'],
  },
  B: {
    deu: ['Einnahmen aus verschiedenen Tätigkeiten', 'Ausgaben für verschiedene Tätigkeiten'],
    ita: ['Entrate da attività diverse', 'Uscite da attività diverse'],
  },
  C: {
    deu: ['Einnahmen aus Spendensammlungen', 'Ausgaben für Spendensammlungen'],
    ita: ['Entrate da attività di raccolta fondi', 'Uscite da attività di raccolta fondi'],
  },
  D: {
    deu: ['Einnahmen aus Finanz- und Vermögenstätigkeiten', 'Ausgaben für Finanz- und Vermögenstätigkeiten'],
    ita: ['Entrate da attività finanziarie e patrimoniali', 'Uscite da attività finanziarie e patrimoniali'],
  },
  E: {
    deu: ['Einnahmen allgemeiner Unterstützung', 'Ausgaben allgemeiner Unterstützung'],
    ita: ['Entrate di supporto generale', 'Uscite di supporto generale'],
  },
  I: {
    deu: ['Einnahmen aus Desinvestitionen und Finanzierungen', 'Ausgaben für Investitionen und Tilgungen'],
    ita: ['Entrate da disinvestimenti e finanziamenti', 'Uscite da investimenti e rimborsi'],
  },
};

export interface EtsCategoryRow {
  id: number;
  part: number;
  section: string;
  code: string;
  descriptionDeu: string;
  descriptionIta: string;
}

export interface EtsSection {
  section: string;
  descriptionDeu: string;
  descriptionIta: string;
  categories: EtsCategoryRow[];
}

export interface EtsChart {
  profit: EtsSection[];
  loss: EtsSection[];
}

// ---- export --------------------------------------------------------------------------------

export const ChartExportInput = z.object({
  /** Default: the union (spec 2 §9). */
  area: AreaSchema.default(Area.Union),
  year: Year,
  part: PartSchema.optional(),
  titleFrom: TitleNumber.optional(),
  titleTo: TitleNumber.optional(),
  withCategories: z.boolean().default(false),
});
export type ChartExportInput = z.infer<typeof ChartExportInput>;

export interface ChartExportChapter {
  chapter: string;
  descriptionDeu: string;
  descriptionIta: string;
  emptyChapter: boolean;
  category: { category: string; descriptionDeu: string; descriptionIta: string } | null;
  etsCode: string | null;
}

export interface ChartExportTitle {
  part: number;
  title: number;
  descriptionDeu: string;
  descriptionIta: string;
  chapters: ChartExportChapter[];
}

export interface ChartExport {
  area: number;
  year: number;
  part: number | null;
  withCategories: boolean;
  titles: ChartExportTitle[];
}

// ---- copy ----------------------------------------------------------------------------------

export const chartKinds = ['chapters', 'categories', 'titles'] as const;
export type ChartKind = (typeof chartKinds)[number];

/** POST ChartOfAccounts: copies the chart of `area` from `year - 1` to `year`. */
export const ChartCopyInput = z.object({
  departmentId: Id.optional(),
  area: AreaSchema,
  year: Year,
  test: z.boolean().default(true),
  chapters: z.boolean().default(false),
  categories: z.boolean().default(false),
  titles: z.boolean().default(false),
  amendETS: z.boolean().default(false),
  /** Delete what exists in the target year (of the ticked kinds) and copy again. */
  replace: z.boolean().default(false),
});
export type ChartCopyInput = z.infer<typeof ChartCopyInput>;

/** Ticking chapters forces categories and titles (a chapter needs its title and category). */
export function copyKinds(input: Pick<ChartCopyInput, 'chapters' | 'categories' | 'titles'>): ChartKind[] {
  if (input.chapters) return ['chapters', 'categories', 'titles'];
  const kinds: ChartKind[] = [];
  if (input.categories) kinds.push('categories');
  if (input.titles) kinds.push('titles');
  return kinds;
}

export type ChartCopyStatus = 'Success' | 'Warning' | 'Error';
export interface ChartCopyResult {
  status: ChartCopyStatus;
  /** A message key: successCopy, successETS, readyToCopy, RequestedEntitiesExist, or an error code. */
  message: string;
  /** For a warning: the ticked kinds that already exist in the target year. */
  kinds: ChartKind[];
  /** Rows copied (or, in a test, rows that would be copied). */
  counts: Record<ChartKind, number>;
}

// ---- financial year status (unlock) --------------------------------------------------------

export const AreaFlags = z.object({ 1: z.boolean(), 2: z.boolean(), 3: z.boolean() });
export type AreaFlags = z.infer<typeof AreaFlags>;

/** A year's unlock per area (FinancialYears/Status): whether the area may still book and edit a past year. */
export const FinancialYearStatus = z.object({ year: Year, areaUnlocked: AreaFlags });
export type FinancialYearStatus = z.infer<typeof FinancialYearStatus>;
/** What FinancialYears/Status answers: the year unlock and, read-only here, the chart unlock per area. */
export type FinancialYearState = FinancialYearStatus & { chartUnlocked: AreaFlags };

/**
 * Is a financial year open for the bookings and budget edits of an area? The current year (of
 * `today`, `YYYY-MM-DD`), the previous one (year-end work runs into the next year) and later years
 * are; an older, past year only while the area's year unlock is set.
 */
export function isYearOpen(year: number, today: string, areaUnlocked: boolean): boolean {
  return areaUnlocked || year >= Number(today.slice(0, 4)) - 1;
}

export const FinancialYearStatusInput = z.object({
  departmentId: Id.optional(),
  years: z.array(FinancialYearStatus).max(200),
});
export type FinancialYearStatusInput = z.infer<typeof FinancialYearStatusInput>;

/** Unlock (or lock again) the chart of one area and year. */
export const ChartUnlockInput = z.object({
  departmentId: Id.optional(),
  year: Year,
  area: AreaSchema,
  unlocked: z.boolean().default(true),
});
export type ChartUnlockInput = z.infer<typeof ChartUnlockInput>;
