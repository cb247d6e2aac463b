import { z } from 'zod';
import { Id, Int } from './primitives.ts';
import { IsoDate } from './dates.ts';
import { type Part, PartSchema, TypedChapterCode } from './chapterCode.ts';
import type { BudgetChangeTotals } from './budgetChanges.ts';
import { ScopeInput, Year } from './scope.ts';

// The printed budget lists: their inputs and what they print.

export const ForecastExportInput = z.object({
  departmentId: Id.optional(),
  area: z.union([z.literal(1), z.literal(2), z.literal(3)]).optional(),
  year: Year,
  withoutValues: z.boolean().default(false),
  details: z.boolean().default(true),
  summary: z.boolean().default(true),
  includes: z
    .object({
      part: PartSchema.optional(),
      titleFrom: Int.min(1).max(9).optional(),
      titleTo: Int.min(1).max(9).optional(),
      chapterFrom: TypedChapterCode.optional(),
      chapterTo: TypedChapterCode.optional(),
    })
    .default({}),
});
export type ForecastExportInput = z.infer<typeof ForecastExportInput>;

/** The department block of a print header; the signers depend on the area (GLOSSARY). */
export interface PrintDepartment {
  id: number;
  code: string;
  nameDeu: string;
  nameIta: string;
  area: 1 | 2 | 3;
  /** cashier (department, district) or accountant (union). */
  cashierRole: 'cashier' | 'accountant';
  cashierName: string;
  /** commander (department, district) or president (union). */
  commanderRole: 'commander' | 'president';
  commanderName: string;
}

/** Cashier and commander for departments and districts, accountant and president for the union. */
export function signerRoles(area: 1 | 2 | 3): Pick<PrintDepartment, 'cashierRole' | 'commanderRole'> {
  return area === 1 ? { cashierRole: 'accountant', commanderRole: 'president' } : { cashierRole: 'cashier', commanderRole: 'commander' };
}

export interface ForecastExportChapter {
  chapter: string;
  descriptionDeu: string;
  descriptionIta: string;
  amountCurrYear: number;
  amountPrevYear: number;
}
export interface ForecastExportTitle {
  part: Part;
  title: number;
  descriptionDeu: string;
  descriptionIta: string;
  chapters: ForecastExportChapter[];
  totalCurrYear: number;
  totalPrevYear: number;
}
export interface ForecastExportPart {
  part: Part;
  titles: ForecastExportTitle[];
  totalCurrYear: number;
  totalPrevYear: number;
}
export interface ForecastExportSummaryTitle {
  title: number;
  descriptionDeu: string;
  descriptionIta: string;
  revenues: number;
  expenses: number;
  revenuesPrevYear: number;
  expensesPrevYear: number;
}
export interface ForecastExport {
  financialYear: number;
  withoutValues: boolean;
  details: ForecastExportPart[] | null;
  summary: { titles: ForecastExportSummaryTitle[]; surplusUsed: number; surplusUsedPrevYear: number; revenues: number; expenses: number } | null;
  department: PrintDepartment | null;
  area: 1 | 2 | 3;
  approval: string | null;
  date: string;
}

export const ChangesByChapterInput = ScopeInput.extend({
  part: PartSchema.optional(),
  titelFrom: Int.min(1).max(9).optional(),
  titelTo: Int.min(1).max(9).optional(),
  chapterFrom: TypedChapterCode.optional(),
  chapterTo: TypedChapterCode.optional(),
  withDetails: z.boolean().default(false),
  onlyChaptersWithChanges: z.boolean().default(false),
});
export type ChangesByChapterInput = z.infer<typeof ChangesByChapterInput>;

export interface ChangeDetail {
  recordNumber: number;
  approved: string | null;
  notes: string;
  amount: number;
}
export interface ChangesByChapterItem {
  chapterId: number;
  chapter: string;
  part: Part;
  title: number;
  descriptionDeu: string;
  descriptionIta: string;
  budgetInitial: number;
  budgetChanges: number;
  budgetFinal: number;
  changes: ChangeDetail[];
}
export interface ChangesByChapter {
  year: number;
  department: PrintDepartment;
  items: ChangesByChapterItem[];
  hasDetails: boolean;
}

export interface ProtocolPosition {
  chapter: string;
  part: Part;
  title: number;
  descriptionDeu: string;
  descriptionIta: string;
  budgetBefore: number;
  amount: number;
  budgetAfter: number;
}
export interface ProtocolSession {
  recordNumber: number;
  approved: string | null;
  notes: string;
  positions: ProtocolPosition[];
  totals: BudgetChangeTotals;
}
export interface AdjustmentProtocol {
  year: number;
  department: PrintDepartment;
  adjustment: (ProtocolSession & { surplusActual: number; surplusPlanned: number }) | null;
  titels: { part: Part; title: number; descriptionDeu: string; descriptionIta: string }[];
}

export const ChangesProtocolInput = ScopeInput.extend({
  recordFrom: Int.min(-1).optional(),
  recordTo: Int.min(-1).optional(),
  approvalDateFrom: IsoDate.optional(),
  approvalDateTo: IsoDate.optional(),
});
export type ChangesProtocolInput = z.infer<typeof ChangesProtocolInput>;

export interface ChangesProtocol {
  year: number;
  department: PrintDepartment;
  sessions: ProtocolSession[];
  titels: { part: Part; title: number; descriptionDeu: string; descriptionIta: string }[];
}
