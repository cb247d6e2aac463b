import { type Availabilities, type BudgetChapter, type FigureTotals, formatChapter, Part } from '@app/domain';
import type { jsPDF } from 'jspdf';
import type { RowInput } from 'jspdf-autotable';
import { money } from './budgetHeader.ts';
import { chapterRangeText, rangeText } from './digestParts.ts';
import { labelsFor } from './labels/index.ts';
import { bold, boldRight, drawTable, emptyNote, finishReport, type LanguageReportContext, startReport, TITLE_FILL, TOTAL_FILL } from './layout.ts';
import { localName, partName } from './names.ts';

/** What the availabilities print was asked for (the filter line) and whose it is. */
export interface AvailabilitiesHead {
  /** `101 FF Leifers`. */
  department: string;
  titleFrom?: number | undefined;
  titleTo?: number | undefined;
  chapterFrom?: string | undefined;
  chapterTo?: string | undefined;
}

type Figures = Pick<
  FigureTotals,
  | 'budgetInitial'
  | 'budgetChanges'
  | 'budgetFinal'
  | 'payments'
  | 'openPayments'
  | 'reservations'
  | 'availableAfterDonePayments'
  | 'availableAfterPlannedExpenses'
  | 'availableFinal'
  | 'toReceive'
> & { finalResidue: number | null };

/**
 * The figures of a part's columns: revenues initial, changes, final, collected, to receive, residue;
 * expenses the full set (payments, open payments, reservations, available after payments and after
 * planned expenses, residue, final availability). A residue not yet determined stays empty.
 */
function cells(part: Part, f: Figures): (number | null)[] {
  const budget = [f.budgetInitial, f.budgetChanges, f.budgetFinal, f.payments];
  if (part === Part.Revenues) return [...budget, f.toReceive, f.finalResidue];
  return [...budget, f.openPayments, f.reservations, f.availableAfterDonePayments, f.availableAfterPlannedExpenses, f.finalResidue, f.availableFinal];
}

const WIDTHS: Record<Part, number[]> = {
  [Part.Revenues]: [8, 38, 9, 9, 9, 9, 9, 9],
  [Part.Expenses]: [5.5, 14.5, 8, 8, 8, 8, 8, 8, 8, 8, 8, 8],
};

/**
 * The availabilities print (printedLists/availabilities, spec 3 §2): per part its titles, every
 * chapter with its full figure set, the title totals and the part total (landscape).
 */
export function availabilitiesPdf(data: Availabilities, head: AvailabilitiesHead, ctx: LanguageReportContext): jsPDF {
  const { digests: d, common } = labelsFor(ctx.language);
  const t = d.availabilities;
  const name = (x: { descriptionDeu: string; descriptionIta: string }) => localName(x.descriptionDeu, x.descriptionIta, ctx.language);
  const filter = [
    data.chapterYear !== data.year ? `${t.residues} ${data.chapterYear}` : '',
    head.titleFrom !== undefined || head.titleTo !== undefined ? rangeText(common.titles, head.titleFrom?.toString(), head.titleTo?.toString(), '', d) : '',
    chapterRangeText(head.chapterFrom, head.chapterTo, d),
  ].filter(Boolean);
  const page = startReport('landscape', `${t.title} ${data.year}`, [head.department, filter.join(' · ')]);
  const parts = data.parts.filter((p) => p.titles.some((x) => x.chapters.length > 0));
  if (parts.length === 0) emptyNote(page.doc, page.y, t.empty);
  let y = page.y;
  for (const part of parts) {
    const span = WIDTHS[part.part].length;
    const amounts = (f: Figures) => cells(part.part, f).map((v) => (v === null ? '' : money(v)));
    const totalCells = (label: string, f: Figures, fill?: [number, number, number]) => [bold(label, fill, 2), ...amounts(f).map((v) => boldRight(v, fill))];
    const body: RowInput[] = [];
    for (const title of part.titles) {
      if (title.chapters.length === 0) continue;
      body.push([bold(`${common.title} ${title.title} – ${name(title)}`, TITLE_FILL, span)]);
      for (const c of title.chapters as BudgetChapter[]) body.push([formatChapter(c.chapter), name(c), ...amounts(c)]);
      body.push(totalCells(`${t.titleTotal} ${title.title}`, title.totals));
    }
    body.push(totalCells(`${t.partTotal} ${partName(part.part, ctx.language)}`, part.totals, TOTAL_FILL));
    const head = part.part === Part.Revenues ? t.revenuesHead : t.expensesHead;
    y = drawTable(page, y, {
      heading: partName(part.part, ctx.language),
      head,
      body,
      widths: WIDTHS[part.part],
      right: Array.from({ length: span - 2 }, (_, i) => i + 2),
      look: 'grid',
    });
  }
  return finishReport(page.doc, ctx);
}
