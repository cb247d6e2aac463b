/**
 * How an audit row's `changes` reads (issue 27): the screen's detail, the record history and the CSV
 * export show the same text. `changes` is today the sanitised input of the save (amounts in integer
 * cents); a later increment stores `{ before, after }` of the changed fields, shown side by side.
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

/** One field of a before/after change, side by side. */
export interface AuditCompareRow {
  key: string;
  before: string;
  after: string;
  money: boolean;
  changed: boolean;
}

export interface AuditChangeView {
  /** The fields of the change (the input, or a before/after row's other keys). */
  fields: AuditField[];
  /** Before and after side by side, when the row stores them. */
  compare: AuditCompareRow[] | null;
}

function tableOf(list: Record<string, Json>[]): AuditTable {
  const keys: string[] = [];
  for (const row of list) for (const k of Object.keys(row)) if (!keys.includes(k)) keys.push(k);
  return {
    columns: keys.map((key) => ({ key, money: isAuditMoneyKey(key) })),
    rows: list.map((row) => keys.map((k) => auditValueText(k, row[k]))),
  };
}

function fieldsOf(value: Record<string, Json>, omit: ReadonlySet<string>, prefix = ''): AuditField[] {
  const out: AuditField[] = [];
  for (const [k, v] of Object.entries(value)) {
    const key = prefix + k;
    if (omit.has(key)) continue;
    if (Array.isArray(v) && v.length > 0 && v.every(isObject)) out.push({ key, table: tableOf(v) });
    else if (isObject(v)) out.push(...fieldsOf(v, omit, `${key}.`));
    else {
      const text = auditValueText(k, v);
      if (text !== '') out.push({ key, text, money: typeof v === 'number' && isAuditMoneyKey(k) });
    }
  }
  return out;
}

function compareOf(before: Record<string, Json>, after: Record<string, Json>): AuditCompareRow[] {
  const keys = [...new Set([...Object.keys(before), ...Object.keys(after)])];
  return keys.map((key) => {
    const b = auditValueText(key, before[key]);
    const a = auditValueText(key, after[key]);
    return { key, before: b, after: a, money: isAuditMoneyKey(key), changed: a !== b };
  });
}

/**
 * The readable view of a row's `changes`: fields (nested records flattened as `a.b`, lists of records as
 * tables; empty values and the `omit` keys — e.g. the scope the row names already — left out), and
 * before/after side by side when stored (every field, an emptied one too).
 */
export function auditChangeView(changes: Json, options: { omit?: readonly string[] } = {}): AuditChangeView {
  const omit = new Set(options.omit ?? []);
  if (!isObject(changes)) {
    const text = auditValueText('', changes);
    return { fields: text ? [{ key: '', text, money: false }] : [], compare: null };
  }
  const { before, after, ...rest } = changes;
  if (isObject(before) || isObject(after)) {
    return { fields: fieldsOf(rest, omit), compare: compareOf(isObject(before) ? before : {}, isObject(after) ? after : {}) };
  }
  return { fields: fieldsOf(changes, omit), compare: null };
}

/** The change as one line of text (the CSV cell): `key: value; …`, amounts in euros. */
export function auditChangesText(changes: Json): string {
  return isObject(changes) ? fieldsText(changes) : auditValueText('', changes);
}
