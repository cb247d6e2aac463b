import { type EtsAmount, type EtsReport, type EtsReportSection, formatChapter } from '@app/domain';
import type { jsPDF } from 'jspdf';
import type { CellInput, RowInput } from 'jspdf-autotable';
import { departmentLines, money } from './budgetHeader.ts';
import { labelsFor, type ReportLanguage } from './labels/index.ts';
import { insertCoverPage } from './finalReport.ts';
import { bold, boldRight, drawTable, emptyNote, finishReport, type LanguageReportContext, startReport, TITLE_FILL, TOTAL_FILL } from './layout.ts';
import { localName } from './names.ts';

/** Spec 3 §9: per side a description and the two years, weights 32/9/9 (payments left, receipts right, as model D). */
const WIDTHS = [32, 9, 9, 32, 9, 9];
const RIGHT = [1, 2, 4, 5];

/** The amount columns of one side: this year, then the previous year (empty when Y−1 is not in the system). */
const amounts = (a: EtsAmount | undefined): string[] => (a ? [money(a.currYear), a.prevYear === null ? '' : money(a.prevYear)] : ['', '']);

type Side = { label: string; amount?: EtsAmount | undefined };
type Cells = [string | CellInput, string | CellInput, string | CellInput];

function side(s: Side | undefined, strong: boolean, fill?: [number, number, number]): Cells {
  if (!s) return ['', '', ''];
  const [curr = '', prev = ''] = amounts(s.amount);
  return strong ? [bold(s.label, fill), boldRight(curr, fill), boldRight(prev, fill)] : [s.label, curr, prev];
}

/** One row with payments on the left and receipts on the right. */
const pair = (left: Side | undefined, right: Side | undefined, strong = false, fill?: [number, number, number]): RowInput => [
  ...side(left, strong, fill),
  ...side(right, strong, fill),
];

const sectionName = (s: EtsReportSection, language: ReportLanguage) => `${s.section}) ${localName(s.descriptionDeu, s.descriptionIta, language)}`;

/** The rows of matching sections: a heading row, the categories side by side, the totals. */
function sectionRows(losses: EtsReportSection[], profits: EtsReportSection[], language: ReportLanguage): RowInput[] {
  const t = labelsFor(language).etsReport;
  const rows: RowInput[] = [];
  const letters = [...new Set([...losses.map((s) => s.section), ...profits.map((s) => s.section)])];
  for (const letter of letters) {
    const l = losses.find((s) => s.section === letter);
    const p = profits.find((s) => s.section === letter);
    const heading = (s: EtsReportSection | undefined): CellInput => ({
      content: s ? sectionName(s, language) : '',
      colSpan: 3,
      styles: { fontStyle: 'bold', fillColor: TITLE_FILL },
    });
    rows.push([heading(l), heading(p)]);
    const count = Math.max(l?.categories.length ?? 0, p?.categories.length ?? 0);
    for (let i = 0; i < count; i++) {
      const cat = (s: EtsReportSection | undefined): Side | undefined => {
        const c = s?.categories[i];
        return c ? { label: `${c.code.slice(1)}) ${localName(c.descriptionDeu, c.descriptionIta, language)}`, amount: c.amount } : undefined;
      };
      rows.push(pair(cat(l), cat(p)));
    }
    rows.push(pair(l ? { label: t.total, amount: l.total } : undefined, p ? { label: t.total, amount: p.total } : undefined, true, TOTAL_FILL));
  }
  return rows;
}

/**
 * The year-end report for non-profit reporting (spec 3 §2 ETS print, §9; DOMAIN decision 19): the cash
 * report of model D, landscape, payments left and receipts right (32/9/9 each), the year and the
 * previous year; the management sections A–E with their totals and the management balance, the
 * chapters without ETS category (with a warning), the investments/disinvestments section with its
 * balance, the overall balance, and cash and bank deposits. An optional cover page.
 */
export function etsReportPdf(data: EtsReport, options: { coverPage: boolean }, ctx: LanguageReportContext): jsPDF {
  const t = labelsFor(ctx.language).etsReport;
  const title = `${t.title} ${data.financialYear}`;
  const lines = departmentLines(data.department, data.department.area, ctx.language);
  const page = startReport('landscape', title, [t.subtitle, ...lines]);
  let y = page.y;
  if (!data.hasPreviousYear) y = emptyNote(page.doc, y - 4, t.noPreviousYear);
  const years = [String(data.financialYear), String(data.financialYear - 1)];
  const head = [t.payments, ...years, t.receipts, ...years];
  const rows: RowInput[] = sectionRows(data.management.losses, data.management.profits, ctx.language);
  const unassigned = (part: 1 | 2) => data.unassigned.filter((u) => u.part === part);
  if (data.unassigned.length > 0) {
    rows.push([{ content: `${t.unassigned} – ${t.unassignedWarning}`, colSpan: 6, styles: { fontStyle: 'bold', fillColor: TITLE_FILL } }]);
    const [losses, profits] = [unassigned(2), unassigned(1)];
    for (let i = 0; i < Math.max(losses.length, profits.length); i++) {
      const row = (u: (typeof data.unassigned)[number] | undefined): Side | undefined =>
        u
          ? { label: `${formatChapter(u.chapter)} (${u.chapterYear}) ${localName(u.descriptionDeu, u.descriptionIta, ctx.language)}`, amount: u.amount }
          : undefined;
      rows.push(pair(row(losses[i]), row(profits[i])));
    }
  }
  rows.push(
    pair(
      { label: t.managementTotalLoss, amount: data.managementTotalLoss },
      { label: t.managementTotalProfit, amount: data.managementTotalProfit },
      true,
      TOTAL_FILL,
    ),
  );
  rows.push(pair(undefined, { label: t.managementBalance, amount: data.managementBalance }, true));
  rows.push(...sectionRows(data.assets.losses, data.assets.profits, ctx.language));
  rows.push(pair(undefined, { label: t.assetsBalance, amount: data.assetsBalance }, true));
  rows.push(pair(undefined, { label: t.totalBalance, amount: data.totalBalance }, true, TOTAL_FILL));
  rows.push([{ content: t.cashAndBank, colSpan: 6, styles: { fontStyle: 'bold', fillColor: TITLE_FILL } }]);
  rows.push(pair(undefined, { label: t.cash, amount: data.cash }));
  rows.push(pair(undefined, { label: t.bankDeposits, amount: data.bankDeposits }));
  drawTable(page, y, { head, body: rows, widths: WIDTHS, right: RIGHT, look: 'grid' });
  if (options.coverPage) insertCoverPage(page.doc, title, [t.subtitle, ...lines]);
  return finishReport(page.doc, ctx);
}
