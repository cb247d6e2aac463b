/**
 * A trail row's changed database rows as business data (issue 27): what the auditor reads in the
 * Änderungsprotokoll's detail and a record's Verlauf. The capture (`changes.rows`) holds the tables' own
 * rows; here
 * - internal columns (ids, parent keys, `sort`, the creation time, the row's own scope) are left out;
 * - chapter references (`chapter_budget_id`, `chapter_id`, …) read as the chapter's code and description,
 *   from the references the list resolved on the server (`AuditRow.refs`, one query a page);
 * - a save that deletes a record's positions and inserts them again (movements, budget changes, templates)
 *   reads as changed positions: a deleted row and an inserted one of the same table, parent and position
 *   (`sort`, or the chapter line where there is no `sort`) are one changed row with only the columns that
 *   differ; an unchanged position is left out;
 * - derived rows written from others (a movement's instalment shares) are left out.
 */
import type { AuditChangedRow, AuditName, AuditNameKind, AuditRef } from './audit.ts';
import { auditChanges } from './audit.ts';
import { auditValueText, isAuditMoneyKey } from './auditChanges.ts';
import { formatChapter } from './chapterCode.ts';

/** Columns that name a chapter line (`chapter_budgets.id`) or a chart chapter (`chapters.id`). */
const LINE_COLUMNS = new Set(['chapter_budget_id', 'from_chapter_budget_id', 'to_chapter_budget_id']);
const CHAPTER_COLUMNS = new Set(['chapter_id']);
/** Input keys that name a chapter line or a chart chapter by id. */
const LINE_INPUT_KEYS = new Set(['budgetId', 'chapterBudgetId', 'lineId']);
const CHAPTER_INPUT_KEYS = new Set(['chapterId', 'chapterFromId', 'chapterToId']);
/** Columns and input keys that name another record by id (AuditName): read as its name or record number. */
const NAME_KEYS: Record<string, AuditNameKind> = {
  account_id: 'account',
  account_from_id: 'account',
  account_to_id: 'account',
  accountId: 'account',
  supplier_id: 'supplier',
  supplierId: 'supplier',
  reservation_id: 'reservation',
  reservationId: 'reservation',
  bank_id: 'bank',
  bankId: 'bank',
  user_id: 'user',
  userId: 'user',
  department_id: 'department',
  main_department_id: 'department',
  departmentId: 'department',
  mainDepartmentId: 'department',
};

/** Columns no auditor asks for: the row's own id and parent keys, the order of positions, the creation time, the derived share keys. */
const HIDDEN_COLUMNS = new Set(['id', 'sort', 'movement_id', 'change_id', 'template_id', 'order_id', 'payment_id', 'position_id', 'created_at']);
/** Tables written from others by the save (a movement's instalment shares: the split of each instalment on the positions). */
const DERIVED_TABLES = new Set(['movement_payment_shares']);

/** What makes a re-inserted row the same position as a deleted one: its parent and its place (`sort`) or its chapter line. */
const POSITION_IDENTITY: Record<string, string[]> = {
  movement_positions: ['movement_id', 'sort'],
  movement_transfer_positions: ['movement_id', 'sort'],
  movement_payments: ['movement_id', 'sort'],
  movement_template_positions: ['template_id', 'sort'],
  budget_change_positions: ['change_id', 'chapter_budget_id'],
  payment_order_items: ['order_id', 'payment_id'],
  forecast_prev_amounts: ['department_id', 'year', 'chapter_id'],
  user_departments: ['user_id', 'department_id'],
};

export interface AuditRecordField {
  /** The column (snake_case as stored; the UI translates it). */
  key: string;
  before: string;
  after: string;
  money: boolean;
}

/** One changed record in business terms: the table, the operation, the position's number and chapter when it has them, its changed fields. */
export interface AuditRecordChange {
  table: string;
  /** The database row's key (a re-inserted position: the new row's). */
  key: string;
  op: 'I' | 'U' | 'D';
  /** The position's number (its `sort` + 1), when the table numbers its rows. */
  position: number | null;
  /** The chapter the record is on (`2-1-006 Beschreibung`), when it names one. */
  chapter: string | null;
  fields: AuditRecordField[];
}

export interface AuditRecordOptions {
  /** The chapters the row names (AuditRow.refs). */
  refs?: readonly AuditRef[];
  /** The other records the row names (AuditRow.names). */
  names?: readonly AuditName[];
  /** The row's entity (what a key such as `type` means). */
  entity?: string;
  language?: 'de' | 'it';
  /** The row's scope: a column holding just that is left out. */
  departmentId?: number | null;
  year?: number | null;
}

const refKey = (of: AuditRef['of'], id: unknown) => `${of}:${String(id)}`;

/** A chapter as it reads: `2-1-006 Beschreibung`, a line of another year (a residue line) with its year: `2-1-006 (2025) Beschreibung`. */
export function auditChapterText(ref: AuditRef, options: Pick<AuditRecordOptions, 'language' | 'year'> = {}): string {
  const description = options.language === 'it' ? ref.descriptionIta || ref.descriptionDeu : ref.descriptionDeu || ref.descriptionIta;
  const year = options.year !== undefined && options.year !== null && ref.chapterYear !== options.year ? ` (${ref.chapterYear})` : '';
  return `${formatChapter(ref.chapter)}${year}${description ? ` ${description}` : ''}`;
}

/** Resolves chapter references of one row: `text(of, id)` is the chapter's text or null when unknown. */
export function auditRefResolver(options: AuditRecordOptions) {
  const byKey = new Map((options.refs ?? []).map((r) => [refKey(r.of, r.id), r]));
  return (of: AuditRef['of'], id: unknown): string | null => {
    if (id === null || id === undefined) return null;
    const ref = byKey.get(refKey(of, id));
    return ref ? auditChapterText(ref, options) : null;
  };
}

/** The kind of record an input key or a column names by id besides chapters (AuditName), if any. */
export function auditNameKind(key: string): AuditNameKind | null {
  return Object.hasOwn(NAME_KEYS, key) ? NAME_KEYS[key]! : null;
}

/** Resolves the other records of one row: `text(key, id)` is the record's name or number when the key names one and the list resolved it, else null. */
export function auditNameResolver(options: Pick<AuditRecordOptions, 'names' | 'language'>) {
  const byKey = new Map((options.names ?? []).map((n) => [`${n.of}:${n.id}`, n]));
  return (key: string, id: unknown): string | null => {
    const of = auditNameKind(key);
    if (!of || id === null || id === undefined) return null;
    const name = byKey.get(`${of}:${String(id)}`);
    return name ? (options.language === 'it' ? name.textIta : name.textDeu) : null;
  };
}

/** The chapter kind an input key or a column names, if any. */
export function auditRefKind(key: string): AuditRef['of'] | null {
  if (LINE_COLUMNS.has(key) || LINE_INPUT_KEYS.has(key)) return 'line';
  if (CHAPTER_COLUMNS.has(key) || CHAPTER_INPUT_KEYS.has(key)) return 'chapter';
  return null;
}

type Values = Record<string, unknown>;
const sideOf = (row: AuditChangedRow, side: 'before' | 'after'): Values =>
  Object.fromEntries(Object.entries(row.fields ?? {}).flatMap(([k, v]) => (v && typeof v === 'object' && side in v ? [[k, v[side]]] : [])));

interface Entry {
  row: AuditChangedRow;
  before: Values;
  after: Values;
  pairedAway: boolean;
}

/** Pairs each deleted row with the row inserted for the same position (same table, parent and place): one changed row. */
function pairReinserted(rows: AuditChangedRow[]): Entry[] {
  const identity = (row: AuditChangedRow, values: Values) => {
    const columns = POSITION_IDENTITY[row.table];
    if (!columns || columns.some((c) => values[c] === undefined)) return null;
    return `${row.table}|${columns.map((c) => JSON.stringify(values[c])).join('|')}`;
  };
  const entries: Entry[] = rows.map((row) => ({ row, before: sideOf(row, 'before'), after: sideOf(row, 'after'), pairedAway: false }));
  const deleted = new Map<string, Entry[]>();
  for (const e of entries) {
    const key = e.row.op === 'D' ? identity(e.row, e.before) : null;
    if (key) deleted.set(key, [...(deleted.get(key) ?? []), e]);
  }
  for (const e of entries) {
    const key = e.row.op === 'I' ? identity(e.row, e.after) : null;
    const predecessor = key ? deleted.get(key)?.shift() : undefined;
    if (!predecessor) continue;
    predecessor.pairedAway = true;
    e.row = { ...e.row, op: 'U' };
    e.before = predecessor.before;
  }
  return entries.filter((e) => !e.pairedAway);
}

/**
 * The changed records of a row's `changes` in business terms (see the module's comment): each record's
 * table, operation (a re-inserted position is `U`), position number, chapter and the fields that changed,
 * amounts in euros, chapters as code and description.
 */
export function auditRecordChanges(changes: unknown, options: AuditRecordOptions = {}): AuditRecordChange[] {
  const resolve = auditRefResolver(options);
  const named = auditNameResolver(options);
  const rows = auditChanges(changes).rows.filter((r) => r && typeof r === 'object' && !DERIVED_TABLES.has(r.table));
  const text = (key: string, value: unknown) => {
    const of = auditRefKind(key);
    return (of ? resolve(of, value) : named(key, value)) ?? auditValueText(key, value);
  };
  const out: AuditRecordChange[] = [];
  for (const { row, before, after } of pairReinserted(rows)) {
    const columns = [...new Set([...Object.keys(before), ...Object.keys(after)])];
    const values = row.op === 'D' ? before : after;
    const lineColumn = Object.keys(values).find((k) => LINE_COLUMNS.has(k));
    const chapterColumn = Object.keys(values).find((k) => CHAPTER_COLUMNS.has(k));
    // the record's own chapter: the line a chapter line's row is, a position's line (a transfer names two: none), a row's chart chapter
    const headingColumn = lineColumn === 'chapter_budget_id' ? lineColumn : !lineColumn ? chapterColumn : undefined;
    const chapter =
      row.table === 'chapter_budgets'
        ? (resolve('line', row.key) ?? resolve('chapter', values.chapter_id))
        : row.table === 'chapters'
          ? resolve('chapter', row.key)
          : headingColumn
            ? resolve(auditRefKind(headingColumn) ?? 'line', values[headingColumn])
            : null;
    const fields: AuditRecordField[] = [];
    for (const key of columns) {
      // a new or deleted position's chapter stands in its heading
      if (row.op !== 'U' && key === headingColumn && chapter !== null) continue;
      if (HIDDEN_COLUMNS.has(key)) continue;
      if (key === 'department_id' && options.departmentId !== undefined && values[key] === options.departmentId) continue;
      if (key === 'year' && options.year !== undefined && values[key] === options.year) continue;
      // the part taken from a reservation means nothing on a position without one
      if (key === 'reservation_amount' && row.op !== 'U' && (values.reservation_id ?? null) === null) continue;
      const b = row.op === 'I' ? '' : text(key, before[key]);
      const a = row.op === 'D' ? '' : text(key, after[key]);
      if (b === a && row.op === 'U') continue;
      if (b === '' && a === '') continue;
      fields.push({ key, before: b, after: a, money: isAuditMoneyKey(key) });
    }
    // a re-inserted position that is the same as before: nothing changed there
    if (row.op === 'U' && fields.length === 0) continue;
    const sort = values.sort ?? before.sort;
    out.push({ table: row.table, key: String(row.key ?? ''), op: row.op, position: typeof sort === 'number' ? sort + 1 : null, chapter, fields });
  }
  return out;
}

/** Input keys holding a chapter code (`21006` reads `2-1-006`). */
const CODE_INPUT_KEYS = new Set(['chapter', 'chapterFrom', 'chapterTo', 'chapterCode']);

/** The input's values that name a chapter (by id, resolved from the refs, or by code: `2-1-006`) or another record by id (from the names). */
export function auditInputRefText(options: AuditRecordOptions) {
  const resolve = auditRefResolver(options);
  const named = auditNameResolver(options);
  return (key: string, value: unknown): string | null => {
    const of = auditRefKind(key);
    if (of) return resolve(of, value);
    if (auditNameKind(key)) return named(key, value);
    if (CODE_INPUT_KEYS.has(key) && typeof value === 'string' && /^[12][1-9][0-9A-Z]{3}$/.test(value)) return formatChapter(value);
    return null;
  };
}

const isRecord = (v: unknown): v is Record<string, unknown> => v !== null && typeof v === 'object' && !Array.isArray(v);

/** The ids a row names, by kind: chapter lines and chart chapters (AuditRef), the other records (AuditName). */
export type AuditRefIds = Record<AuditRef['of'] | AuditNameKind, number[]>;

/** The chapter lines, chart chapters and other records a row's `changes` names by id (its input and its changed rows): what the list resolves. */
export function auditRefIds(changes: unknown): AuditRefIds {
  const kinds = ['line', 'chapter', 'account', 'supplier', 'reservation', 'bank', 'department', 'user'] as const;
  const found = Object.fromEntries(kinds.map((k) => [k, new Set<number>()])) as Record<(typeof kinds)[number], Set<number>>;
  const add = (of: keyof typeof found | null, value: unknown) => {
    if (of && typeof value === 'number' && Number.isInteger(value) && value > 0 && value <= 2_147_483_647) found[of].add(value);
  };
  const kindOf = (key: string) => auditRefKind(key) ?? auditNameKind(key);
  const walk = (value: unknown, depth: number) => {
    if (depth > 8) return;
    if (Array.isArray(value)) for (const v of value) walk(v, depth + 1);
    else if (isRecord(value))
      for (const [k, v] of Object.entries(value)) {
        add(kindOf(k), v);
        walk(v, depth + 1);
      }
  };
  const { input, rows } = auditChanges(changes);
  walk(input, 0);
  for (const row of rows) {
    if (!isRecord(row)) continue;
    if (row.table === 'chapter_budgets') add('line', Number(row.key));
    if (row.table === 'chapters') add('chapter', Number(row.key));
    for (const [k, v] of Object.entries(isRecord(row.fields) ? row.fields : {})) {
      if (!isRecord(v)) continue;
      add(kindOf(k), v.before);
      add(kindOf(k), v.after);
    }
  }
  return Object.fromEntries(kinds.map((k) => [k, [...found[k]]])) as AuditRefIds;
}

/** Words for the change line: a column's and a table's name in the UI language (the stored name without them). */
export interface AuditLineWords {
  field?: (key: string) => string;
  table?: (table: string) => string;
  /** An input value in words (a movement's kind and type; `entity`: the row's), null: as stored. */
  value?: (key: string, value: unknown, entity?: string) => string | null;
}

/**
 * The change as one line of text in business terms (the CSV cell): the input as `key: value; …` with the caller's
 * words (`Betrag: 1.234,56 €`, chapters and records named by id resolved, a movement's kind in words), then each
 * changed record as `Position 1 2-1-006 Treibstoff: Betrag 100,00 € → 120,00 €` (auditRecordChanges).
 */
export function auditChangeLine(changes: unknown, options: AuditRecordOptions & AuditLineWords = {}): string {
  const { input } = auditChanges(changes);
  const ref = auditInputRefText(options);
  const field = (key: string) => options.field?.(key) ?? key;
  const text = (key: string, value: unknown): string => {
    const named = value === null || value === undefined ? null : (options.value?.(key, value, options.entity) ?? ref(key, value));
    if (named !== null) return named;
    if (Array.isArray(value)) return value.map((v) => (isRecord(v) ? `[${fields(v)}]` : text(key, v))).join(', ');
    if (isRecord(value)) return `{${fields(value)}}`;
    return auditValueText(key, value);
  };
  const fields = (record: Record<string, unknown>) =>
    Object.entries(record)
      .map(([k, v]) => `${field(k)}: ${text(k, v)}`)
      .join('; ');
  const parts = [isRecord(input) ? fields(input) : text('', input), ...auditRecordChanges(changes, options).map((r) => auditRecordLine(r, options))];
  return parts.filter((p) => p !== '').join(' | ');
}

/**
 * One changed record as text, the same in the CSV, the Änderungsprotokoll's PDF and the audit pack: what it is with its
 * number and chapter, then each field in the UI language before → after (`Position 1 2-1-006 Treibstoff: Betrag
 * 100,00 € → 120,00 €`; an empty side as `–` and another arrow when asked, as the prints do: their font has no `→`).
 */
export function auditRecordLine(r: AuditRecordChange, words: AuditLineWords & { empty?: string; arrow?: string } = {}): string {
  const head = [words.table?.(r.table) ?? r.table, r.position, r.chapter].filter((x) => x !== null && x !== '').join(' ');
  const side = (v: string) => (v === '' && words.empty !== undefined ? words.empty : v);
  const arrow = words.arrow ?? '→';
  return `${head}: ${r.fields.map((f) => `${words.field?.(f.key) ?? f.key} ${side(f.before)} ${arrow} ${side(f.after)}`).join('; ')}`;
}
