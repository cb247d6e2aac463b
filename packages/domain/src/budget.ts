import { z } from 'zod';

/** Parts: 1 revenues (profit), 2 expenses (loss). */
export const Part = { Revenues: 1, Expenses: 2 } as const;
export type Part = (typeof Part)[keyof typeof Part];
export const PartSchema = z.union([z.literal(1), z.literal(2)]);

/** Chapter code: 5 characters, part digit, title digit, 3-character rest (`21003` -> `2-1-003`). */
export const ChapterCode = z.string().regex(/^[12][1-9][0-9A-Z]{3}$/, 'InvalidValue');

export function partOfChapter(code: string): Part {
  return code.startsWith('1') ? Part.Revenues : Part.Expenses;
}

export function titleOfChapter(code: string): number {
  return Number(code.charAt(1));
}

/** `21003` -> `2-1-003`. */
export function formatChapter(code: string): string {
  return code.length === 5 ? `${code[0]}-${code[1]}-${code.slice(2)}` : code;
}

/** Accepts `21003` or `2-1-003`; returns the 5-character code or null. */
export function parseChapterCode(text: string): string | null {
  const compact = text.trim().toUpperCase().replace(/-/g, '');
  return ChapterCode.safeParse(compact).success ? compact : null;
}

export interface TitleTotals {
  title: number;
  revenues: number;
  expenses: number;
}

export type BalanceCheck = 'total' | 'title1' | 'title3';

/**
 * The forecast balance checks of DOMAIN.md (exact in cents):
 * total: revenues + surplusUsed == expenses; title1: title-1 revenues >= title-1 expenses;
 * title3: title-3 revenues == title-3 expenses.
 */
export function forecastChecks(titles: TitleTotals[], surplusUsed: number): Record<BalanceCheck, boolean> {
  const sum = (pick: (t: TitleTotals) => number) => titles.reduce((s, t) => s + pick(t), 0);
  const of = (n: number) => titles.find((t) => t.title === n) ?? { title: n, revenues: 0, expenses: 0 };
  return {
    total: sum((t) => t.revenues) + surplusUsed === sum((t) => t.expenses),
    title1: of(1).revenues >= of(1).expenses,
    title3: of(3).revenues === of(3).expenses,
  };
}

export interface SurplusInput {
  cashBalance: number;
  revenuesActual: number;
  revenuesResidue: number;
  expensesActual: number;
  expensesResidue: number;
}

/** Presumed administrative surplus: expected cash at 31.12 of the previous year plus receivables minus payables. */
export function presumedSurplus(s: SurplusInput): number {
  return s.cashBalance + s.revenuesActual + s.revenuesResidue - s.expensesActual - s.expensesResidue;
}

/** surplusUsed must be >= 0 and, when the surplus is positive, not above it. */
export function surplusUsedAllowed(surplus: number, surplusUsed: number): boolean {
  if (surplusUsed < 0) return false;
  return surplus > 0 ? surplusUsed <= surplus : surplusUsed === 0;
}

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
