import { type Db, schema } from '@app/db';
import {
  type Bank,
  type BankImportInput,
  type BankImportReport,
  type BankImportRow,
  BankInput,
  type BankListInput,
  bankImportColumn,
  checkBankImportRow,
  newBank,
  type Page,
  pageWindow,
  toPage,
} from '@app/domain';
import { and, asc, count, eq, ilike, inArray, ne, or, sql } from 'drizzle-orm';
import Papa from 'papaparse';
import type { Session } from '../context.ts';
import { fail } from '../errors.ts';
import { requirePermission } from '../guards.ts';
import { containsPattern, mergePatch, parseOrFail, permissionArea, prefixPattern } from './baseDataCommon.ts';
import { isUniqueViolation } from './dbErrors.ts';

const { banks } = schema;
type Row = typeof banks.$inferSelect;
type Actor = Pick<Session, 'userId' | 'accessLevel'>;

function toBank(r: Row): Bank {
  return { ...r };
}

/** Bank directory list: filters ABI and CAB (prefix), routing code, name (name1 or name2), location; sorted by name2, paged. */
export async function listBanks(db: Db, input: BankListInput): Promise<Page<Bank>> {
  const where = and(
    input.abi ? ilike(banks.abi, prefixPattern(input.abi)) : undefined,
    input.cab ? ilike(banks.cab, prefixPattern(input.cab)) : undefined,
    input.routingCode ? ilike(banks.routingCode, prefixPattern(input.routingCode)) : undefined,
    input.name ? or(ilike(banks.name1, containsPattern(input.name)), ilike(banks.name2, containsPattern(input.name))) : undefined,
    input.location ? ilike(banks.location, containsPattern(input.location)) : undefined,
  );
  const [total] = await db.select({ n: count() }).from(banks).where(where);
  const { limit, offset } = pageWindow(input);
  const rows = await db.select().from(banks).where(where).orderBy(asc(banks.name2), asc(banks.name1), asc(banks.key)).limit(limit).offset(offset);
  return toPage(rows.map(toBank), total?.n ?? 0, input);
}

/** Banks/find: the bank of a key (ABI + CAB), or null. */
export async function findBank(db: Db, input: { key: string }): Promise<Bank | null> {
  const [row] = await db
    .select()
    .from(banks)
    .where(eq(banks.key, input.key.replace(/\s+/g, '')))
    .limit(1);
  return row ? toBank(row) : null;
}

export async function getBank(db: Db, input: { id: number }): Promise<Bank> {
  const [row] = await db.select().from(banks).where(eq(banks.id, input.id)).limit(1);
  if (!row) fail('NotFound', { field: 'id' });
  return toBank(row);
}

export function bankTemplate(): ReturnType<typeof newBank> {
  return newBank();
}

/** The bank directory is shared by all departments: writing it needs the permission bankImport. */
async function assertMayWrite(db: Db, actor: Actor, departmentId: number | undefined): Promise<void> {
  requirePermission('bankImport', await permissionArea(db, actor, departmentId), actor.accessLevel);
}

async function write(db: Db, id: number | null, raw: unknown): Promise<Bank> {
  const values = parseOrFail(BankInput, raw);
  try {
    return await db.transaction(async (tx) => {
      const [clash] = await tx
        .select({ id: banks.id })
        .from(banks)
        .where(and(eq(banks.key, values.key), id === null ? undefined : ne(banks.id, id)))
        .limit(1);
      if (clash) fail('BankExists', { field: 'key', params: { key: values.key } });
      const [row] = id === null ? await tx.insert(banks).values(values).returning() : await tx.update(banks).set(values).where(eq(banks.id, id)).returning();
      if (!row) fail('NotFound', { field: 'id' });
      return toBank(row);
    });
  } catch (error) {
    if (isUniqueViolation(error)) fail('BankExists', { field: 'key', params: { key: values.key } });
    throw error;
  }
}

type Scoped = { departmentId?: number | undefined };

export async function createBank(db: Db, actor: Actor, input: BankInput & Scoped): Promise<Bank> {
  const { departmentId, ...fields } = input;
  await assertMayWrite(db, actor, departmentId);
  return write(db, null, fields);
}

export async function updateBank(db: Db, actor: Actor, input: BankInput & Scoped & { id: number }): Promise<Bank> {
  const { departmentId, id, ...fields } = input;
  await assertMayWrite(db, actor, departmentId);
  return write(db, id, fields);
}

export async function patchBank(db: Db, actor: Actor, input: Scoped & { id: number } & Record<string, unknown>): Promise<Bank> {
  await assertMayWrite(db, actor, input.departmentId);
  const { id: _id, ...current } = await getBank(db, { id: input.id });
  return write(db, input.id, mergePatch(current, input));
}

/** Deletes a bank of the directory; suppliers keep their bank details (their link is cleared). */
export async function deleteBank(db: Db, actor: Actor, input: Scoped & { id: number }): Promise<true> {
  await assertMayWrite(db, actor, input.departmentId);
  const deleted = await db.delete(banks).where(eq(banks.id, input.id)).returning({ id: banks.id });
  if (deleted.length === 0) fail('NotFound', { field: 'id' });
  return true;
}

const importFields = ['name1', 'name2', 'street', 'postalCode', 'location', 'province', 'swift'] as const;
const BATCH = 500;

/**
 * Bank import (permission bankImport): a CSV of the bank directory with a header row (ABI, CAB,
 * name1, name2, street, postalCode, location, province, BIC; semicolon or comma). Rows are upserted
 * by key (ABI + CAB) in one transaction; banks marked autoUpdate=false keep their values and count
 * as unchanged. Bad rows are reported with their line and reason and skipped.
 */
export async function importBanks(db: Db, actor: Actor, input: BankImportInput): Promise<BankImportReport> {
  await assertMayWrite(db, actor, input.departmentId);
  const parsed = Papa.parse<string[]>(input.csv.replace(/^\uFEFF/, ''), { delimitersToGuess: [';', ',', '\t'], skipEmptyLines: 'greedy' });
  const [header, ...lines] = parsed.data;
  const columns = (header ?? []).map(bankImportColumn);
  if (!columns.includes('abi') || !columns.includes('cab')) fail('InvalidValue', { field: 'csv', params: { reason: 'HeaderWithoutAbiCab' } });
  const report: BankImportReport = { added: 0, changed: 0, unchanged: 0, rejected: [] };
  const rows = new Map<string, { line: number; row: BankImportRow }>();
  // papaparse skips empty lines: track the file line of each record by its cursor
  const lineOf = lineNumbers(input.csv.replace(/^\uFEFF/, ''), parsed.data.length);
  lines.forEach((cells, i) => {
    const line = lineOf[i + 1] ?? i + 2;
    const row = Object.fromEntries([...importFields, 'abi', 'cab'].map((f) => [f, ''])) as BankImportRow;
    columns.forEach((column, c) => {
      if (column) row[column] = (cells[c] ?? '').replace(/\s+/g, ' ').trim();
    });
    row.province = row.province.toUpperCase();
    row.swift = row.swift.toUpperCase().replace(/\s+/g, '');
    const problem = checkBankImportRow(row);
    if (problem) {
      report.rejected.push({ line, ...problem });
      return;
    }
    const key = `${row.abi}${row.cab}`;
    if (rows.has(key)) {
      report.rejected.push({ line, reason: 'DuplicateKey', field: 'abi' });
      return;
    }
    rows.set(key, { line, row });
  });

  await db.transaction(async (tx) => {
    const keys = [...rows.keys()];
    const existing = new Map<string, Row>();
    for (let i = 0; i < keys.length; i += BATCH) {
      const found = await tx
        .select()
        .from(banks)
        .where(inArray(banks.key, keys.slice(i, i + BATCH)));
      for (const b of found) existing.set(b.key, b);
    }
    const upserts: (typeof banks.$inferInsert)[] = [];
    for (const [key, { row }] of rows) {
      const current = existing.get(key);
      const values = { key, abi: row.abi, cab: row.cab, ...Object.fromEntries(importFields.map((f) => [f, row[f]])) } as typeof banks.$inferInsert;
      if (!current) {
        report.added++;
        upserts.push({ ...values, country: 'IT', isForeign: false, autoUpdate: true });
      } else if (!current.autoUpdate || importFields.every((f) => current[f] === row[f])) {
        report.unchanged++;
      } else {
        report.changed++;
        upserts.push(values);
      }
    }
    for (let i = 0; i < upserts.length; i += BATCH) {
      await tx
        .insert(banks)
        .values(upserts.slice(i, i + BATCH))
        .onConflictDoUpdate({
          target: banks.key,
          set: Object.fromEntries(importFields.map((f) => [f, sql.raw(`excluded.${banks[f].name}`)])),
        });
    }
  });
  return report;
}

/** The 1-based file line where each record starts (records may contain quoted line breaks). */
function lineNumbers(text: string, records: number): number[] {
  const starts: number[] = [];
  let line = 1;
  let inQuotes = false;
  let atRecordStart = true;
  for (let i = 0; i < text.length && starts.length < records + 1; i++) {
    const ch = text.charAt(i);
    if (atRecordStart) {
      if (ch === '\n' || ch === '\r') {
        if (ch === '\n') line++;
        continue;
      }
      if (ch.trim() === '' && /^[ \t]*(\r?\n|$)/.test(text.slice(i))) continue;
      starts.push(line);
      atRecordStart = false;
    }
    if (ch === '"') inQuotes = !inQuotes;
    else if (ch === '\n') {
      line++;
      if (!inQuotes) atRecordStart = true;
    }
  }
  return starts;
}
