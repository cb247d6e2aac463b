/**
 * How an audit row's `changes` reads (issue 27): the screen's detail, the record history and the CSV
 * export show the same text. `changes` is `{ input, rows }`: the sanitised input of the save and the database
 * rows it changed with before/after of their changed columns (amounts in integer cents everywhere).
 */
import { formatDate, isValidIsoDate } from './dates.ts';
import { MONEY_ERROR_PARAMS } from './errors.ts';
import { formatAmount } from './money.ts';

/** Words in a key that make its integer value an amount in cents (`amount`, `amountBooked`, `budgetFinal`, `initialBalance`, …). */
const MONEY_WORD = /amount|budget|balance|surplus|total|residue|forecast|availab|proposal|payments/i;
/** …unless the key names an id, a year, a number, a code, a count, a date or a flag (`residueId`, `budgetYear`, `forecastApproved`). */
const NOT_MONEY = /(id|year|number|nr|code|count|date|approved|kind|type)$/i;

/**
 * The rule for amounts in `changes`: an integer under a key that is a money parameter of the errors
 * (MONEY_ERROR_PARAMS: `minimum`, `used`, …) or contains one of the money words and does not end like an
 * id, year, number, code, count, date or flag.
 */
export function isAuditMoneyKey(key: string): boolean {
  if (MONEY_ERROR_PARAMS.has(key)) return true;
  return MONEY_WORD.test(key) && !NOT_MONEY.test(key);
}

type Json = unknown;
const isObject = (v: Json): v is Record<string, Json> => v !== null && typeof v === 'object' && !Array.isArray(v);

/** One value as text: amounts as `1.234,56 €`, ISO dates as `DD.MM.YYYY`, yes/no as ✓/–, lists and objects inline. */
export function auditValueText(key: string, value: Json): string {
  if (value === null || value === undefined) return '';
  if (typeof value === 'number') return Number.isInteger(value) && isAuditMoneyKey(key) ? formatAmount(value) : String(value);
  if (typeof value === 'boolean') return value ? '✓' : '–';
  if (typeof value === 'string') return /^\d{4}-\d{2}-\d{2}$/.test(value) && isValidIsoDate(value) ? formatDate(value) : value;
  if (Array.isArray(value)) return value.map((v) => (isObject(v) ? `[${fieldsText(v)}]` : auditValueText(key, v))).join(', ');
  if (isObject(value)) return `{${fieldsText(value)}}`;
  return String(value);
}

function fieldsText(value: Record<string, Json>): string {
  return Object.entries(value)
    .map(([k, v]) => `${k}: ${auditValueText(k, v)}`)
    .join('; ');
}

/** A list of records (a movement's positions, a change's lines) as a table: the keys in order of first appearance. */
export interface AuditTable {
  columns: { key: string; money: boolean }[];
  rows: string[][];
}

export type AuditField = { key: string; text: string; money: boolean } | { key: string; table: AuditTable };

/** One column of a changed database row, before and after side by side (an insert has no before, a delete no after). */
export interface AuditCompareRow {
  key: string;
  before: string;
  after: string;
  money: boolean;
}

/** One database row the save changed: its table, key, operation (I insert, U update, D delete) and changed columns. */
export interface AuditRowChange {
  table: string;
  key: string;
  op: string;
  fields: AuditCompareRow[];
}

export interface AuditChangeView {
  /** The fields of the save's input. */
  fields: AuditField[];
  /** What the save changed in the database, row by row. */
  rows: AuditRowChange[];
  /** Rows the trail did not keep (a save of more than 500 rows). */
  omittedRows: number;
}

/** A value's text where it names something by id (a chapter: `2-1-006 Beschreibung`), else null. */
export type AuditRefText = (key: string, value: Json) => string | null;

function tableOf(list: Record<string, Json>[], refText: AuditRefText): AuditTable {
  const keys: string[] = [];
  for (const row of list) for (const k of Object.keys(row)) if (!keys.includes(k)) keys.push(k);
  const cells = list.map((row) => keys.map((k) => refText(k, row[k]) ?? auditValueText(k, row[k])));
  // a column empty in every record (a position's unused reservation, an empty note) is left out
  const shown = keys.map((_, i) => cells.some((row) => row[i] !== ''));
  return {
    columns: keys.filter((_, i) => shown[i]).map((key) => ({ key, money: isAuditMoneyKey(key) })),
    rows: cells.map((row) => row.filter((_, i) => shown[i])),
  };
}

function fieldsOf(value: Record<string, Json>, omit: ReadonlySet<string>, refText: AuditRefText, prefix = ''): AuditField[] {
  const out: AuditField[] = [];
  for (const [k, v] of Object.entries(value)) {
    const key = prefix + k;
    if (omit.has(key)) continue;
    if (Array.isArray(v) && v.length > 0 && v.every(isObject)) out.push({ key, table: tableOf(v, refText) });
    else if (isObject(v)) out.push(...fieldsOf(v, omit, refText, `${key}.`));
    else {
      const text = refText(k, v) ?? auditValueText(k, v);
      if (text !== '') out.push({ key, text, money: typeof v === 'number' && isAuditMoneyKey(k) });
    }
  }
  return out;
}

type Side = { before?: Json; after?: Json };

function rowChangeOf(row: Record<string, Json>): AuditRowChange {
  const fields = isObject(row.fields) ? row.fields : {};
  return {
    table: String(row.table ?? ''),
    key: String(row.key ?? ''),
    op: String(row.op ?? ''),
    fields: Object.entries(fields).map(([key, value]) => {
      const side: Side = isObject(value) ? value : {};
      return { key, before: auditValueText(key, side.before), after: auditValueText(key, side.after), money: isAuditMoneyKey(key) };
    }),
  };
}

/** The stored shape: `{ input, rows, omittedRows }`; a row of the first increment held the input alone. */
function partsOf(changes: Json): { input: Json; rows: Record<string, Json>[]; omittedRows: number } {
  if (isObject(changes) && 'input' in changes) {
    const rows = Array.isArray(changes.rows) ? changes.rows.filter(isObject) : [];
    return { input: changes.input, rows, omittedRows: typeof changes.omittedRows === 'number' ? changes.omittedRows : 0 };
  }
  return { input: changes, rows: [], omittedRows: 0 };
}

/**
 * The readable view of a row's `changes`: the input's fields (nested records flattened as `a.b`, lists of
 * records as tables; empty values and the `omit` keys — e.g. the scope the row names already — left
 * out) and each changed database row with before and after of its changed columns side by side.
 */
export function auditChangeView(changes: Json, options: { omit?: readonly string[]; refText?: AuditRefText } = {}): AuditChangeView {
  const { input, rows, omittedRows } = partsOf(changes);
  const omit = new Set(options.omit ?? []);
  let fields: AuditField[] = [];
  if (isObject(input)) fields = fieldsOf(input, omit, options.refText ?? (() => null));
  else if (auditValueText('', input) !== '') fields = [{ key: '', text: auditValueText('', input), money: false }];
  return { fields, rows: rows.map(rowChangeOf), omittedRows };
}

/** The change as one line of text (the CSV cell): the input as `key: value; …`, then each changed row as `table key op: column before → after`, amounts in euros. */
export function auditChangesText(changes: Json): string {
  const { input, rows } = partsOf(changes);
  const parts = [isObject(input) ? fieldsText(input) : auditValueText('', input)];
  for (const row of rows.map(rowChangeOf))
    parts.push(`${row.table} ${row.key} ${row.op}: ${row.fields.map((f) => `${f.key} ${f.before} → ${f.after}`).join('; ')}`);
  return parts.filter((p) => p !== '').join(' | ');
}
