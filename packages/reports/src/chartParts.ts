import type { ChartExport, ChartExportTitle } from '@app/domain';
import type { RowInput } from 'jspdf-autotable';
import type { ReportLanguage } from './labels/index.ts';
import { bold, drawTable, emptyNote, type ReportPage, type TableLook, TITLE_FILL } from './layout.ts';
import { partName, titleLabel } from './names.ts';

export interface ChartPartsOptions {
  language: ReportLanguage;
  /** Whether a title counts for its part (a part without such a title is left out). */
  counts: (title: ChartExportTitle) => boolean;
  head: string[];
  widths: number[];
  look: TableLook;
  /** The rows under a title's row (its chapters, a total). */
  rows: (title: ChartExportTitle) => RowInput[];
  /** Rows at the end of a part's table (the part total). */
  partRows?: (part: number) => RowInput[];
  /** Text when no part has a title that counts. */
  empty: string;
}

/**
 * The body of the prints from the chart of accounts (chart export, empty forecast draft): a heading
 * and a table per part, in each a bold filled row per title with its rows under it.
 */
export function drawChartParts(page: ReportPage, y: number, data: Pick<ChartExport, 'titles'>, opts: ChartPartsOptions): number {
  const parts = [1, 2].filter((p) => data.titles.some((x) => x.part === p && opts.counts(x)));
  if (parts.length === 0) emptyNote(page.doc, y, opts.empty);
  let top = y;
  for (const part of parts) {
    const body: RowInput[] = [];
    for (const title of data.titles.filter((x) => x.part === part)) {
      body.push([bold(titleLabel(title, opts.language), TITLE_FILL, opts.head.length)], ...opts.rows(title));
    }
    body.push(...(opts.partRows?.(part) ?? []));
    top = drawTable(page, top, { heading: partName(part, opts.language), head: opts.head, body, widths: opts.widths, look: opts.look });
  }
  return top;
}
