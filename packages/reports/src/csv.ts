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
