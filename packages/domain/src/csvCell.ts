/**
 * CSV formula injection (OWASP "CSV Injection"): a spreadsheet runs a cell that starts with `=`, `+`,
 * `-`, `@`, a tab or a carriage return as a formula (`=cmd|' /C calc'!A0`, `+1+1`, `@SUM(1)`). Such a
 * cell gets a `'` in front, which Excel and LibreOffice show as text — unless the whole cell is a
 * number (`-12`, `+3.5`), an amount as the exports write it or as a person types it (`-1234,56`,
 * `-1.234,56`, `1,234.56`) or a phone number (`+39 0471 123456`, `+49 30/1234-5`): those stay as they
 * are, so amounts remain numbers and phone numbers keep their `+`.
 */
const LIVE_START = /^[=+\-@\t\r]/;
const NUMBER = /^[+-]?\d+(?:[.,]\d+)?$/;
const AMOUNT = /^[+-]?\d{1,3}(?:([.,' ])\d{3})*(?:(?!\1)[.,]\d+)?$/;
/** `+` and a country code, then groups of digits separated by one space, `/` or `-` (at least one separator, never an operator pair like `+1+1`). */
const PHONE = /^\+\d{1,4}(?:[ /-]\d+)*(?: \d+)(?:[ /-]\d+)*$/;

/** True when a spreadsheet would read the text as a formula: it starts with a formula character and is no number, amount or phone number. */
export function isLiveCsvCell(text: string): boolean {
  return LIVE_START.test(text) && !NUMBER.test(text) && !AMOUNT.test(text) && !PHONE.test(text);
}

/** The text of one CSV cell with formulas neutralised (a `'` in front); numbers, amounts and phone numbers unchanged. */
export function csvCell(value: string | number | boolean): string {
  const text = String(value);
  return isLiveCsvCell(text) ? `'${text}` : text;
}
