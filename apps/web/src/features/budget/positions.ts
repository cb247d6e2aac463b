/**
 * Pure helpers of the budget editors (forecast positions, change and adjustment positions): rows
 * in editing state, totals, what a save sends and which rows it drops. No React here (unit-tested).
 */
import {
  type BudgetChangePosition,
  changeTotals,
  type ForecastPosition,
  missingAdjustmentDescriptions,
  type Part,
  partOfChapter,
  storedLineName,
} from '@app/domain';

/** A forecast row while editing: amount null = empty field (counts as 0). */
export interface ForecastRow extends ForecastPosition {
  key: string;
  amount: number | null;
  /** Added in this session (not from the server). */
  isNew: boolean;
  /** The current amount the server had (0 for new rows and previous-year-only rows). */
  savedAmount: number;
}

export function toForecastRows(positions: ForecastPosition[]): ForecastRow[] {
  return positions.map((p) => ({ ...p, key: `c${p.chapterId}`, amount: p.amountCurrYear, isNew: false, savedAmount: p.amountCurrYear }));
}

/** The comparable content of the rows (dirty check). */
export function forecastSnapshot(rows: ForecastRow[]): string {
  return JSON.stringify(rows.map((r) => [r.chapterId, r.amount ?? 0, r.amountPrevYear, r.reminder, r.notes, r.chapterDescriptionDeu, r.chapterDescriptionIta]));
}

/** The pending-row rule of every positions table (a new row needs an amount before it is left). */
export { isPendingRow } from '../../ui/PositionsTable/positionRows.ts';

export interface ForecastTotals {
  current: number;
  previous: number;
  byTitle: { title: number; current: number; previous: number }[];
}

export function forecastTotals(rows: ForecastRow[]): ForecastTotals {
  const titles = [...new Set(rows.map((r) => r.title))].sort((a, b) => a - b);
  return {
    current: rows.reduce((s, r) => s + (r.amount ?? 0), 0),
    previous: rows.reduce((s, r) => s + r.amountPrevYear, 0),
    byTitle: titles.map((title) => {
      const of = rows.filter((r) => r.title === title);
      return { title, current: of.reduce((s, r) => s + (r.amount ?? 0), 0), previous: of.reduce((s, r) => s + r.amountPrevYear, 0) };
    }),
  };
}

/**
 * What a forecast save sends (positions with an amount) and how many positions it drops: rows that
 * had a saved amount, or were added, and are now 0 (previous-year-only rows with 0 are not positions).
 */
export function forecastSavePositions(rows: ForecastRow[], prevEditable = false) {
  // in the first year a row also stays for its typed previous-year amount
  const keeps = (r: ForecastRow) => (r.amount ?? 0) !== 0 || (prevEditable && r.amountPrevYear !== 0);
  const positions = rows.filter(keeps).map((r) => ({
    ...(prevEditable ? { amountPrevYear: r.amountPrevYear } : {}),
    chapterId: r.chapterId,
    amountCurrYear: r.amount ?? 0,
    reminder: r.reminder,
    notes: r.notes.trim(),
    chapterDescriptionDeu: storedLineName(r.isEditable, r.chapterDescriptionDeu.trim()),
    chapterDescriptionIta: storedLineName(r.isEditable, r.chapterDescriptionIta.trim()),
  }));
  const dropped = rows.filter((r) => !keeps(r) && (r.savedAmount !== 0 || r.isNew)).length;
  return { positions, dropped };
}

/**
 * Copies the previous-year amount into the current year for every row that has one; answers the
 * new rows and how many current amounts (non-zero and different) it overwrites.
 */
export function copyAllPrevious(rows: ForecastRow[]): { rows: ForecastRow[]; overwritten: number } {
  let overwritten = 0;
  const next = rows.map((r) => {
    if (r.amountPrevYear === 0 || r.amount === r.amountPrevYear) return r;
    if ((r.amount ?? 0) !== 0) overwritten++;
    return { ...r, amount: r.amountPrevYear };
  });
  return { rows: next, overwritten };
}

// ---- change and adjustment positions -----------------------------------------------------------

export interface ChangeRow {
  key: string;
  chapterId: number;
  chapter: string;
  part: Part;
  title: number;
  descriptionDeu: string;
  descriptionIta: string;
  isEditable: boolean;
  /** budgetFinal of the chapter without this change. */
  budgetBeforeChange: number;
  amount: number | null;
  isNew: boolean;
}

export function toChangeRows(positions: Omit<BudgetChangePosition, 'budget'>[]): ChangeRow[] {
  return positions.map((p) => ({
    key: `c${p.chapterId}`,
    chapterId: p.chapterId,
    chapter: p.chapter,
    part: p.part ?? partOfChapter(p.chapter),
    title: p.title,
    descriptionDeu: p.descriptionDeu,
    descriptionIta: p.descriptionIta,
    isEditable: p.isEditable,
    budgetBeforeChange: p.budgetBeforeChange,
    amount: p.changeAmount,
    isNew: false,
  }));
}

export function changeSnapshot(rows: ChangeRow[]): string {
  return JSON.stringify(rows.map((r) => [r.chapterId, r.amount ?? 0, r.isEditable ? r.descriptionDeu : '', r.isEditable ? r.descriptionIta : '']));
}

/** Revenue and expense deltas and the balance (surplusDelta: actual - planned surplus of the adjustment). */
export function changeRowTotals(rows: ChangeRow[], surplusDelta = 0) {
  return changeTotals(
    rows.map((r) => ({ part: r.part, amount: r.amount ?? 0 })),
    surplusDelta,
  );
}

export function changeSavePositions(rows: ChangeRow[]) {
  const positions = rows
    .filter((r) => (r.amount ?? 0) !== 0)
    .map((r) => ({
      chapterId: r.chapterId,
      amount: r.amount ?? 0,
      descriptionDeu: storedLineName(r.isEditable, r.descriptionDeu.trim()),
      descriptionIta: storedLineName(r.isEditable, r.descriptionIta.trim()),
    }));
  return { positions, dropped: rows.length - positions.length };
}

/** Editable (empty) chapters need both descriptions in the adjustment: the keys of rows missing one. */
export function missingDescriptions(rows: ChangeRow[]): string[] {
  return rows.filter((r) => missingAdjustmentDescriptions(r.isEditable, r).length > 0).map((r) => r.key);
}
