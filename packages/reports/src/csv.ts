import Papa from 'papaparse';

/** UTF-8 byte order mark: Excel opens the file as UTF-8 only with it. */
export const BOM = '\uFEFF';

/**
 * CSV for Excel: semicolon separated, CRLF, a header row, values quoted where needed (a semicolon,
 * a quote or a line break in the value), with a BOM in front. Values starting with = or @ are
 * prefixed with ' so Excel does not run them as formulas (phone numbers keep their leading +).
 */
export function toCsv(header: string[], rows: (string | number | boolean)[][]): string {
  return BOM + Papa.unparse({ fields: header, data: rows }, { delimiter: ';', newline: '\r\n', quotes: false, escapeFormulae: /^[=@\t\r]/ });
}
