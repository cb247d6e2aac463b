import type { jsPDF } from 'jspdf';
import type { CellInput, RowInput, Table } from 'jspdf-autotable';

/**
 * How a table flows over pages (issue 25 item 12): column widths that never break a word, and the rows
 * after which a page may not end. autotable itself keeps each row whole (`rowPageBreak: 'avoid'`); this
 * module decides the rest before drawing, from the row heights autotable measured:
 * - a group heading (a row of one cell spanning every column: a title, an account, a supplier) never
 *   ends a page: it moves to the next page with the row under it;
 * - the header row never ends a page: a table whose first row does not fit starts on the next page;
 * - what follows the table (the signature block) stays with its last row: when it does not fit under
 *   the table, the last row moves to the next page with it.
 */

/** What a cell of a row input says, its column span and its font style (for measuring). */
interface CellText {
  text: string;
  span: number;
  bold: boolean;
}

function cellText(cell: CellInput): CellText {
  if (cell !== null && typeof cell === 'object' && !Array.isArray(cell) && 'content' in cell) {
    const styles = (cell as { styles?: { fontStyle?: string } }).styles;
    return {
      text: String((cell as { content?: unknown }).content ?? ''),
      span: (cell as { colSpan?: number }).colSpan ?? 1,
      bold: styles?.fontStyle === 'bold',
    };
  }
  return { text: cell === null || cell === undefined ? '' : String(cell as string | number), span: 1, bold: false };
}

/** The cells of a row input (every report passes rows as arrays). */
export function rowCells(row: RowInput): CellText[] {
  return Array.isArray(row) ? row.map((c) => cellText(c as CellInput)) : [];
}

/** A row of one cell spanning every column: a heading of the rows under it. */
export function isGroupHeading(row: RowInput, columns: number): boolean {
  const cells = rowCells(row);
  return columns > 1 && cells.length === 1 && cells[0]!.span >= columns;
}

export interface Measure {
  doc: jsPDF;
  font: string;
  fontSize: number;
  /** Left plus right cell padding (mm). */
  padding: number;
}

/**
 * The narrowest width (mm) each column may have: its longest word (text columns; the head's words too)
 * or its whole text (the right-aligned amount columns, which never wrap), with the cell padding.
 */
export function minimumWidths(m: Measure, head: string[], body: RowInput[], columns: number, right: number[]): number[] {
  const cache = new Map<string, number>();
  const width = (text: string, bold: boolean) => {
    const key = `${bold ? 'b' : 'n'}${text}`;
    let w = cache.get(key);
    if (w === undefined) {
      m.doc.setFont(m.font, bold ? 'bold' : 'normal');
      w = (m.doc.getStringUnitWidth(text) * m.fontSize) / m.doc.internal.scaleFactor;
      cache.set(key, w);
    }
    return w;
  };
  const need = Array.from({ length: columns }, () => 0);
  const take = (i: number, cell: CellText, wholeText: boolean) => {
    const parts = wholeText ? [cell.text] : cell.text.split(/\s+/);
    for (const part of parts) if (part) need[i] = Math.max(need[i]!, width(part, cell.bold));
  };
  head.forEach((text, i) => take(i, { text, span: 1, bold: true }, false));
  for (const row of body) {
    let i = 0;
    for (const cell of rowCells(row)) {
      if (cell.span === 1 && i < columns) take(i, cell, right.includes(i));
      i += cell.span;
    }
  }
  return need.map((w) => (w > 0 ? w + m.padding + 0.6 : 0));
}

/**
 * Widths (mm) from the wanted ones, each column at least as wide as `minimum`: what the narrow columns
 * lack is taken from the others' room above their minimum, in proportion. When the page is too narrow
 * for every minimum, the narrow columns get what room there is, in proportion to what they lack.
 */
export function fitWidths(wanted: number[], minimum: number[]): number[] {
  const lack = wanted.map((w, i) => Math.max(0, minimum[i]! - w));
  const room = wanted.map((w, i) => Math.max(0, w - minimum[i]!));
  const lacking = lack.reduce((a, b) => a + b, 0);
  const spare = room.reduce((a, b) => a + b, 0);
  if (lacking === 0) return wanted;
  if (spare >= lacking) return wanted.map((w, i) => (lack[i]! > 0 ? minimum[i]! : w - (lacking * room[i]!) / spare));
  return wanted.map((w, i) => (lack[i]! > 0 ? w + (lack[i]! * spare) / lacking : w - room[i]!));
}

export interface FlowInput {
  /** The table autotable measured (row heights, head height). */
  table: Table;
  body: RowInput[];
  startY: number;
  pageHeight: number;
  /** The table's top and bottom page margins (mm). */
  top: number;
  /** Where the table starts when it starts on the next page (below its heading). */
  nextStart: number;
  bottom: number;
  /** Space (mm) that must stay free under the last row, above the page's own bottom margin `pageBottom`. */
  keepAfter: number;
  pageBottom: number;
}

/**
 * Which page (0 = the page the table starts on) each row lands on, given the rows that must start a page,
 * and the y under the last row.
 */
function flow(input: FlowInput, breaks: Set<number>, startOnNext: boolean): { pages: number[]; end: number } {
  const { table, pageHeight, top, bottom } = input;
  const headHeight = table.getHeadHeight(table.columns);
  const limit = pageHeight - bottom;
  let page = startOnNext ? 1 : 0;
  let y = (startOnNext ? input.nextStart : input.startY) + headHeight;
  const pages = table.body.map((row, i) => {
    const height = row.getMaxCellHeight(table.columns);
    if (breaks.has(i) || (y + height > limit + 1e-6 && y > top + headHeight + 1e-6)) {
      page += 1;
      y = top + headHeight;
    }
    y += height;
    return page;
  });
  return { pages, end: y };
}

/**
 * Where the table must start a new page: `startOnNext` when even its first row does not fit under the
 * header on the current page, and the rows that must start a page (group headings that would end one,
 * the last row when what follows would not fit under it).
 */
export function planFlow(input: FlowInput): { startOnNext: boolean; breaks: number[] } {
  const rows = input.table.body.length;
  if (rows === 0) return { startOnNext: false, breaks: [] };
  const columns = input.table.columns.length;
  const breaks = new Set<number>();
  let startOnNext = flow(input, breaks, false).pages[0] !== 0;
  // the first row starts a page when the table starts on the next page (or the first page is full before it)
  const startsPage = (pages: number[], i: number) => (i === 0 ? startOnNext || pages[0] !== 0 : pages[i - 1] !== pages[i]);
  for (let guard = 0; guard < rows + 2; guard++) {
    const { pages, end } = flow(input, breaks, startOnNext);
    let moved = false;
    for (let i = 0; i < rows - 1 && !moved; i++) {
      if (!isGroupHeading(input.body[i]!, columns) || pages[i] === pages[i + 1]) continue;
      let first = i;
      while (first > 0 && isGroupHeading(input.body[first - 1]!, columns) && pages[first - 1] === pages[i]) first -= 1;
      if (startsPage(pages, first)) continue;
      if (first === 0) startOnNext = true;
      else breaks.add(first);
      moved = true;
    }
    if (moved) continue;
    const last = rows - 1;
    if (input.keepAfter > 0 && end + input.keepAfter > input.pageHeight - input.pageBottom && !startsPage(pages, last)) {
      if (last === 0) startOnNext = true;
      else breaks.add(last);
      continue;
    }
    break;
  }
  return { startOnNext, breaks: [...breaks].sort((a, b) => a - b) };
}
