import { z } from 'zod';
import { NullNum, Num, Text } from './outputs.ts';
import { safeString } from './primitives.ts';
import { Cents } from './money.ts';
import { Part, PartSchema } from './chapterCode.ts';
import { ChapterRef, hasChapter } from './budgetFields.ts';
import { PageInput } from './paging.ts';
import { ScopeInput, Year } from './scope.ts';

// The figures of a chapter line (DOMAIN.md "Figures of a chapter"), the chapter look-ups and the names of empty chapters.

export interface ChapterAmounts {
  part: Part;
  budgetInitial: number;
  budgetChanges: number;
  payments: number;
  openPayments: number;
  reservations: number;
  finalResidue: number | null;
}

export interface ChapterFigures {
  budgetInitial: number;
  budgetChanges: number;
  budgetFinal: number;
  payments: number;
  openPayments: number;
  reservations: number;
  availableAfterDonePayments: number;
  availableAfterPlannedExpenses: number;
  finalResidue: number | null;
  availableFinal: number;
  toReceive: number;
}

/** All derived figures of a chapter line (DOMAIN.md "Figures of a chapter"). */
export function chapterFigures(a: ChapterAmounts): ChapterFigures {
  const budgetFinal = a.budgetInitial + a.budgetChanges;
  const availableAfterDonePayments = budgetFinal - a.payments;
  return {
    budgetInitial: a.budgetInitial,
    budgetChanges: a.budgetChanges,
    budgetFinal,
    payments: a.payments,
    openPayments: a.openPayments,
    reservations: a.reservations,
    availableAfterDonePayments,
    availableAfterPlannedExpenses: availableAfterDonePayments - a.openPayments - a.reservations,
    finalResidue: a.finalResidue,
    availableFinal: availableAfterDonePayments - (a.finalResidue ?? 0),
    toReceive: a.part === Part.Revenues ? budgetFinal - a.payments : 0,
  };
}

/**
 * What a booking may still take from a chapter line, the figure the booking screens call its
 * availability: expenses "verfügbar" (final budget − paid − open − reserved), revenues "noch
 * einzunehmen" (final budget − collected).
 */
export function bookingAvailability(part: Part, f: Pick<ChapterFigures, 'availableAfterPlannedExpenses' | 'toReceive'>): number {
  return part === Part.Expenses ? f.availableAfterPlannedExpenses : f.toReceive;
}

/** Budget/Chapters: the chapters of a part with their figures (paged). chapterYear defaults to the year. */
export const BudgetChaptersInput = ScopeInput.extend({
  part: PartSchema.optional(),
  chapterYear: Year.optional(),
  withBudgetOnly: z.boolean().default(false),
  chapter: safeString().trim().max(7).optional(),
}).extend(PageInput.shape);
export type BudgetChaptersInput = z.infer<typeof BudgetChaptersInput>;

/** Budget/Chapter: one chapter's figures, by code or id; withBudgetOnly: a chapter without a budget line is not found. */
export const BudgetChapterInput = ScopeInput.extend({ chapterYear: Year.optional(), withBudgetOnly: z.boolean().default(false), ...ChapterRef }).refine(
  hasChapter,
  {
    message: 'Required',
    path: ['chapter'],
  },
);
export type BudgetChapterInput = z.infer<typeof BudgetChapterInput>;

/** A chapter with all its figures (Budget/Chapters, Budget/Chapter, Budget/Changes/ChapterBefore). */
export interface BudgetChapter extends ChapterFigures {
  chapterId: number;
  chapter: string;
  chapterYear: number;
  part: Part;
  title: number;
  descriptionDeu: string;
  descriptionIta: string;
  searchKeyDeu: string;
  searchKeyIta: string;
  /** An empty (editable) chapter: its names are typed per position. */
  isEditable: boolean;
  /** The chapter budget line (null when the chapter has no line in the scope). */
  lineId: number | null;
}

/** The chapter of a line as the answers carry it: code, chapter year, part, title, names, editable names. */
/** A chapter as the change, print and digest answers name it: id, code, part, title and both names. */
export const ChapterNameFields = {
  chapterId: Num,
  chapter: Text,
  part: PartSchema,
  title: Num,
  descriptionDeu: Text,
  descriptionIta: Text,
};

export const LineChapterShape = {
  chapterId: Num,
  chapter: Text,
  chapterYear: Num,
  part: PartSchema,
  title: Num,
  descriptionDeu: Text,
  descriptionIta: Text,
  searchKeyDeu: Text,
  searchKeyIta: Text,
  isEditable: z.boolean(),
};

/** BudgetChapter as a schema (every amount `Cents`: euros on the REST wire), for the answers that carry one. */
export const BudgetChapterSchema: z.ZodType<BudgetChapter> = z.strictObject({
  ...LineChapterShape,
  lineId: NullNum,
  budgetInitial: Cents,
  budgetChanges: Cents,
  budgetFinal: Cents,
  payments: Cents,
  openPayments: Cents,
  reservations: Cents,
  availableAfterDonePayments: Cents,
  availableAfterPlannedExpenses: Cents,
  finalResidue: Cents.nullable(),
  availableFinal: Cents,
  toReceive: Cents,
});

/**
 * An empty (heading) chapter has no names of its own: each of its budget lines (and each change
 * position on it) is named per position. The name a line shows: its own name for an empty chapter
 * when one was typed, the chapter's name otherwise. (SQL that reads the names follows the same rule.)
 */
export function chapterLineName(emptyChapter: boolean, chapterName: string, lineName: string | null | undefined): string {
  return emptyChapter && lineName ? lineName : chapterName;
}

/** The name a line (or change position) stores: what was typed for an empty chapter, nothing ('') for any other chapter. */
export function storedLineName(emptyChapter: boolean, typedName: string): string {
  return emptyChapter ? typedName : '';
}
