import { AUDIT_OFF } from '../auditOff.ts';
import { createReadStream } from 'node:fs';
import { createGunzip } from 'node:zlib';
import { sql } from 'drizzle-orm';
import type { Db, Tx } from '../client.ts';
import { appliedMigration } from '../migrate.ts';
import { catalogTables, type CatalogTable, filledTables, ident, tableCounts } from './catalog.ts';
import { BACKUP_FORMAT, BACKUP_VERSION, BackupError, type BackupHeader, type BackupRowLine, type FiguresOf, type Progress } from './format.ts';

/** Rows per INSERT (one JSON parameter), and at most this many characters of it. */
const BATCH_ROWS = 1000;
const BATCH_CHARS = 4_000_000;

/** The lines of a gzip'd file, streamed; a broken or truncated gzip is a Damaged refusal. */
export async function* backupLines(file: string): AsyncGenerator<string> {
  const gunzip = createGunzip();
  const input = createReadStream(file);
  input.on('error', (error) => gunzip.destroy(error));
  input.pipe(gunzip);
  let rest = '';
  try {
    for await (const chunk of gunzip) {
      const text = rest + (chunk as Buffer).toString('utf8');
      const lines = text.split('\n');
      rest = lines.pop() ?? '';
      for (const line of lines) yield line;
    }
  } catch (error) {
    const code = (error as { code?: string }).code;
    if (code === 'ENOENT') throw new BackupError('Damaged', `backup file not found: ${file}`, { cause: error });
    throw new BackupError('Damaged', `backup file is damaged (not a complete gzip file: ${(error as Error).message})`, { cause: error });
  } finally {
    input.destroy();
  }
  if (rest) yield rest;
}

function parseLine<T>(line: string, lineNumber: number): T {
  try {
    return JSON.parse(line) as T;
  } catch (error) {
    throw new BackupError('Damaged', `backup file is damaged: line ${lineNumber} is not JSON (${(error as Error).message})`, { cause: error });
  }
}

/** Checks the first line: format, version and the shape of its lists. */
export function checkHeader(value: unknown): BackupHeader {
  const h = value as Partial<BackupHeader> | null;
  if (!h || typeof h !== 'object' || h.format !== BACKUP_FORMAT)
    throw new BackupError('Damaged', `not a backup of this application (first line has no "format": "${BACKUP_FORMAT}")`);
  if (h.version !== BACKUP_VERSION)
    throw new BackupError('OtherSchema', `backup format version ${String(h.version)} is not supported (this version reads ${BACKUP_VERSION})`);
  const tablesOk =
    Array.isArray(h.tables) && h.tables.every((t) => typeof t?.name === 'string' && Array.isArray(t.columns) && Number.isInteger(t.rows) && t.rows >= 0);
  if (!tablesOk || !Array.isArray(h.sequences) || typeof h.schema !== 'string')
    throw new BackupError('Damaged', 'backup file is damaged: its header lacks tables, sequences or schema');
  return h as BackupHeader;
}

/** Reads only the header of a backup file. */
export async function readBackupHeader(file: string): Promise<BackupHeader> {
  for await (const line of backupLines(file)) return checkHeader(parseLine(line, 1));
  throw new BackupError('Damaged', 'backup file is empty');
}

/** The header's tables against the database's: same names and columns, or the file is of another schema. */
function matchTables(header: BackupHeader, tables: CatalogTable[]): Map<string, CatalogTable> {
  const byName = new Map(tables.map((t) => [t.name, t]));
  for (const t of header.tables) {
    const target = byName.get(t.name);
    const columns = target?.columns.map((c) => c.name).join(',');
    if (!target || columns !== t.columns.join(','))
      throw new BackupError(
        'OtherSchema',
        `backup table "${t.name}" ${target ? 'has other columns than' : 'does not exist in'} this database (backup schema ${header.schema})`,
      );
  }
  return byName;
}

/** INSERTs `rows` (text values in the header's column order) into `table`, each value cast to its column's type. */
export async function insertRows(tx: Db | Tx, table: CatalogTable, columns: string[], rows: string[]): Promise<void> {
  const types = new Map(table.columns.map((c) => [c.name, c.type]));
  const casts = columns.map((name, i) => `(r->>${i})::${types.get(name) ?? 'text'}`).join(', ');
  const overriding = table.identityAlways ? ' overriding system value' : '';
  const head = `insert into public.${ident(table.name)} (${columns.map(ident).join(', ')})${overriding} select ${casts} from json_array_elements(`;
  await tx.execute(sql`${sql.raw(head)}${`[${rows.join(',')}]`}::json) r`);
}

export interface LoadOptions {
  /** Empty a database that holds data first (without it such a database is refused). */
  force?: boolean | undefined;
  figures?: FiguresOf | undefined;
  onProgress?: Progress | undefined;
}

export interface LoadResult {
  header: BackupHeader;
  rows: number;
  /** The figures were computed after the load and equal the file's. */
  figuresChecked: boolean;
}

function sameJson(a: unknown, b: unknown): boolean {
  return JSON.stringify(a) === JSON.stringify(b);
}

/**
 * Loads a backup into `db` in ONE transaction: checks the header and the schema (the database must be at
 * the backup's migration), refuses a database with data unless `force` (then empties it), inserts the rows
 * in batches, sets the sequences, then checks every table's row count and the figures against the header;
 * any refusal or mismatch rolls the whole load back.
 */
export async function loadBackup(db: Db, file: string, options: LoadOptions = {}): Promise<LoadResult> {
  const lines = backupLines(file);
  try {
    const first = await lines.next();
    if (first.done) throw new BackupError('Damaged', 'backup file is empty');
    const header = checkHeader(parseLine(first.value, 1));
    const schema = await appliedMigration(db);
    if (header.schema !== schema)
      throw new BackupError(
        'OtherSchema',
        `backup is of schema ${header.schema}, this database is at ${schema ?? 'no migration'}: restore it with the application version that wrote it, then upgrade`,
      );
    return await db.transaction(async (tx) => {
      const tables = await catalogTables(tx);
      const byName = matchTables(header, tables);
      const filled = await filledTables(tx);
      if (filled.length && !options.force)
        throw new BackupError(
          'NotEmpty',
          `the database is not empty (${filled.slice(0, 5).join(', ')}${filled.length > 5 ? ', ...' : ''} hold rows): restore into an empty database, or pass --force to replace its data`,
        );
      await tx.execute(sql.raw(`truncate table ${tables.map((t) => `public.${ident(t.name)}`).join(', ')} restart identity cascade`));
      // the restored rows are no changes of anyone: the audit capture (migration 0022) stays off in this transaction
      await tx.execute(AUDIT_OFF);
      const total = header.tables.reduce((sum, t) => sum + t.rows, 0);
      let done = 0;
      let index = -1;
      let inTable = 0;
      let batch: string[] = [];
      let batchChars = 0;
      const current = () => header.tables[index];
      const flush = async () => {
        const t = current();
        if (!t || !batch.length) return;
        await insertRows(tx, byName.get(t.name)!, t.columns, batch);
        done += batch.length;
        batch = [];
        batchChars = 0;
        options.onProgress?.(done, total, t.name);
      };
      const closeTable = async () => {
        await flush();
        const t = current();
        if (t && inTable !== t.rows) throw new BackupError('Damaged', `backup file is damaged: table ${t.name} has ${inTable} rows, its header says ${t.rows}`);
      };
      options.onProgress?.(0, total, '');
      let lineNumber = 1;
      for await (const line of lines) {
        lineNumber++;
        if (!line) continue;
        const row = parseLine<BackupRowLine>(line, lineNumber);
        if (typeof row?.t !== 'string' || !Array.isArray(row.v)) throw new BackupError('Damaged', `backup file is damaged: line ${lineNumber} is not a row`);
        while (current()?.name !== row.t) {
          await closeTable();
          index++;
          inTable = 0;
          if (index >= header.tables.length)
            throw new BackupError('Damaged', `backup file is damaged: line ${lineNumber} is a row of ${row.t} out of the header's order`);
        }
        const t = current()!;
        if (row.v.length !== t.columns.length)
          throw new BackupError('Damaged', `backup file is damaged: line ${lineNumber} has ${row.v.length} values, ${t.name} has ${t.columns.length} columns`);
        const json = JSON.stringify(row.v);
        batch.push(json);
        batchChars += json.length;
        inTable++;
        if (batch.length >= BATCH_ROWS || batchChars >= BATCH_CHARS) await flush();
      }
      await closeTable();
      for (index++; index < header.tables.length; index++)
        if (current()!.rows)
          throw new BackupError('Damaged', `backup file is damaged: table ${current()!.name} has 0 rows, its header says ${current()!.rows}`);
      for (const s of header.sequences) await tx.execute(sql`select setval(${`public.${ident(s.name)}`}::regclass, ${s.value}::bigint, ${s.isCalled})`);
      const counts = await tableCounts(tx, header.tables);
      for (const t of header.tables)
        if (counts.get(t.name) !== t.rows)
          throw new BackupError('CountMismatch', `after the load table ${t.name} has ${counts.get(t.name)} rows, the backup ${t.rows}: rolled back`);
      let figuresChecked = false;
      if (options.figures && header.figures !== null && header.figures !== undefined) {
        const after = await options.figures(tx as unknown as Db);
        if (!sameJson(after, header.figures))
          throw new BackupError(
            'FiguresMismatch',
            `after the load the figures differ from the backup's: rolled back (${firstDifference(header.figures, after)})`,
          );
        figuresChecked = true;
      }
      return { header, rows: done, figuresChecked };
    });
  } finally {
    await lines.return(undefined);
  }
}

/** Where two figure sets first differ, for the message. */
export function firstDifference(expected: unknown, actual: unknown, path = ''): string {
  if (sameJson(expected, actual)) return '';
  if (expected && actual && typeof expected === 'object' && typeof actual === 'object') {
    const keys = new Set([...Object.keys(expected), ...Object.keys(actual)]);
    for (const key of keys) {
      const d = firstDifference((expected as Record<string, unknown>)[key], (actual as Record<string, unknown>)[key], `${path}/${key}`);
      if (d) return d;
    }
  }
  return `${path || '/'}: backup ${JSON.stringify(expected)}, now ${JSON.stringify(actual)}`;
}
