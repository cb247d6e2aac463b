import { csvCell } from '@app/domain';
import Papa from 'papaparse';

export { csvCell };

/** UTF-8 byte order mark: Excel opens the file as UTF-8 only with it. */
export const BOM = '\uFEFF';

/**
 * CSV for Excel: semicolon separated, CRLF, a header row, values quoted where needed (a semicolon,
 * a quote or a line break in the value), with a BOM in front. Every cell passes `csvCell`: one that
 * starts with = + - @ TAB or CR gets a ' in front so a spreadsheet does not run it as a formula,
 * unless the whole cell is a number, an amount or a phone number (README "CSV cells").
 */
export function toCsv(header: string[], rows: (string | number | boolean)[][]): string {
  return BOM + Papa.unparse({ fields: header.map(csvCell), data: rows.map((row) => row.map(csvCell)) }, { delimiter: ';', newline: '\r\n', quotes: false });
}

const unparse = (data: string[][]) => Papa.unparse(data, { delimiter: ';', newline: '\r\n', quotes: false });

/**
 * The same CSV as `toCsv` in pieces, for a download written as its rows come: the BOM and the header
 * first, then one piece per batch of rows (each its lines with the line break before them), so the
 * pieces joined are `toCsv(header, every row)` (rows as long as the header) and no more than one batch is held as text.
 */
export async function* toCsvChunks(header: string[], batches: AsyncIterable<(string | number | boolean)[][]>): AsyncGenerator<string> {
  yield BOM + unparse([header.map(csvCell)]);
  let any = false;
  for await (const rows of batches) {
    if (!rows.length) continue;
    any = true;
    yield `\r\n${unparse(rows.map((row) => row.map(csvCell)))}`;
  }
  // without rows toCsv ends the header with a line break
  if (!any) yield '\r\n';
}
