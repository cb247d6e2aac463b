/**
 * The audit trail screen's state (issue 27), pure and unit-tested: the URL's filters as the list's
 * input, and the CSV table of the filtered rows.
 */
import { type AuditListInput, type AuditRow, auditChangesText, formatDate, formatDateTime } from '@app/domain';
import type { MasterListInput } from '../../ui/listState.ts';

/** A row of the list as the client receives it (`changes` may be absent). */
export type AuditListRow = Omit<AuditRow, 'changes'> & { changes?: unknown };

/** URL keys of the filters: from/to (YYYY-MM-DD), user (a part of the name), department (id), inYear (`all`: every year), entity, nr, action. */
export const auditFilterKeys = ['from', 'to', 'user', 'department', 'inYear', 'entity', 'nr', 'action'] as const;
export type AuditFilterKey = (typeof auditFilterKeys)[number];

/** `inYear=all` in the URL: every year, and the rows without a year (sign-ins, base data). */
export const ALL_YEARS = 'all';

const positive = (text: string | undefined) => (text && /^\d{1,9}$/.test(text) && Number(text) > 0 ? Number(text) : undefined);

/**
 * The list's input from the URL. Defaults: every department the user reads (the server decides which),
 * the scope's year; a record number that is no number filters nothing.
 */
export function auditListInput(list: MasterListInput<AuditFilterKey>, scopeYear: number): AuditListInput {
  const f = list.filters;
  const year = f.inYear === ALL_YEARS ? undefined : (positive(f.inYear) ?? scopeYear);
  const input: AuditListInput = { page: list.page, pageSize: list.pageSize };
  if (f.from) input.from = f.from;
  if (f.to) input.to = f.to;
  if (f.user) input.userName = f.user;
  if (positive(f.department) !== undefined) input.departmentId = positive(f.department);
  if (year !== undefined) input.year = year;
  if (f.entity) input.entity = f.entity;
  if (positive(f.nr) !== undefined) input.recordNumber = positive(f.nr);
  if (f.action) input.action = f.action;
  return input;
}

/** The words of the PDF's filter line (the screen's labels in the user's language). */
export interface AuditFilterWords {
  from: string;
  to: string;
  user: string;
  department: string;
  year: string;
  allYears: string;
  number: string;
  entity: (entity: string) => string;
  action: (action: string) => string;
}

/**
 * The filter of the list in words, for the PDF's head: "Von 01.01.2026 · Bis 31.03.2026 · Benutzer: kass · Feuerwehr
 * 101 · Jahr 2026 · Objekt … · Nummer 37 · Aktion …"; the department by its code when known (`departmentCode`).
 */
export function auditFilterText(input: AuditListInput, words: AuditFilterWords, departmentCode?: string | null): string {
  const parts: string[] = [];
  if (input.from) parts.push(`${words.from} ${formatDate(input.from)}`);
  if (input.to) parts.push(`${words.to} ${formatDate(input.to)}`);
  if (input.userName) parts.push(`${words.user}: ${input.userName}`);
  if (input.departmentId !== undefined) parts.push(`${words.department} ${departmentCode ?? input.departmentId}`);
  parts.push(input.year === undefined ? words.allYears : `${words.year} ${input.year}`);
  if (input.entity) parts.push(words.entity(input.entity));
  if (input.recordNumber !== undefined) parts.push(`${words.number} ${input.recordNumber}`);
  if (input.action) parts.push(words.action(input.action));
  return parts.join(' · ');
}

/** When a row was written, in South Tyrol's time: `DD.MM.YYYY HH:mm`. */
export const auditTime = (row: Pick<AuditListRow, 'at'>) => formatDateTime(new Date(row.at));

export interface AuditCsvTexts {
  header: string[];
  entity: (entity: string) => string;
  action: (action: string) => string;
}

/**
 * One CSV row a trail row: time, user, address, department, year, entity, id, record number, action, procedure, the
 * change (amounts in euros; `change`: in business terms, as the detail shows it — else as stored).
 */
export function auditCsvRows(
  rows: AuditListRow[],
  texts: Pick<AuditCsvTexts, 'entity' | 'action'> & { change?: (row: AuditListRow) => string },
): (string | number)[][] {
  return rows.map((r) => [
    auditTime(r),
    r.userName,
    r.clientAddress,
    r.departmentCode ?? '',
    r.year ?? '',
    texts.entity(r.entity),
    r.entityId ?? '',
    r.recordNumber ?? '',
    texts.action(r.action),
    r.procedure,
    texts.change ? texts.change(r) : auditChangesText(r.changes),
  ]);
}
