import { once } from 'node:events';
import { createWriteStream } from 'node:fs';
import { rename, rm } from 'node:fs/promises';
import { createGzip } from 'node:zlib';
import { sql } from 'drizzle-orm';
import type { Db } from '../client.ts';
import { appliedMigration } from '../migrate.ts';
import { execRows } from '../rows.ts';
import { catalogSequences, catalogTables, ident, tableCounts } from './catalog.ts';
import { BACKUP_FORMAT, BACKUP_VERSION, type BackupHeader, type FiguresOf, type Progress } from './format.ts';

/** Rows fetched from the cursor at a time. */
const FETCH_ROWS = 2000;
/** The same for a table holding bytes (the receipts' contents, up to DOCUMENT_MAX_BYTES each): a few at a time, so memory stays flat. */
const FETCH_BYTEA_ROWS = 4;

export interface DumpOptions {
  figures?: FiguresOf | undefined;
  onProgress?: Progress | undefined;
}

/**
 * Writes the whole database to `file` (format.ts) from one read-only snapshot (REPEATABLE READ), so the
 * rows, counts, sequences and figures belong together even while the server keeps writing. The file
 * appears under its name only when complete (written to `file.partial`, then renamed). Returns the header.
 */
export async function dumpDatabase(db: Db, file: string, options: DumpOptions = {}): Promise<BackupHeader> {
  const partial = `${file}.partial`;
  const gzip = createGzip({ level: 6 });
  const out = createWriteStream(partial);
  const finished = new Promise<void>((resolve, reject) => {
    out.on('finish', resolve);
    out.on('error', reject);
    gzip.on('error', reject);
  });
  gzip.pipe(out);
  const write = async (text: string) => {
    if (!gzip.write(text)) await once(gzip, 'drain');
  };
  try {
    const header = await db.transaction(async (tx) => {
      await tx.execute(sql`set transaction isolation level repeatable read, read only`);
      await tx.execute(sql`set local datestyle = 'ISO, YMD'`);
      await tx.execute(sql`set local intervalstyle = 'postgres'`);
      const tables = await catalogTables(tx);
      const counts = await tableCounts(tx, tables);
      const head: BackupHeader = {
        format: BACKUP_FORMAT,
        version: BACKUP_VERSION,
        schema: (await appliedMigration(tx as unknown as Db)) ?? 'none',
        createdAt: new Date().toISOString(),
        tables: tables.map((t) => ({ name: t.name, columns: t.columns.map((c) => c.name), rows: counts.get(t.name) ?? 0 })),
        sequences: await catalogSequences(tx),
        figures: options.figures ? await options.figures(tx as unknown as Db) : null,
      };
      await write(`${JSON.stringify(head)}\n`);
      const total = head.tables.reduce((sum, t) => sum + t.rows, 0);
      let done = 0;
      options.onProgress?.(done, total, '');
      for (const table of tables) {
        if (!counts.get(table.name)) continue;
        const values = table.columns.map((c) => `${ident(c.name)}::text`).join(', ');
        const order = table.key.length ? ` order by ${table.key.map(ident).join(', ')}` : '';
        await tx.execute(
          sql.raw(`declare backup_rows no scroll cursor for select to_json(array[${values}])::text as r from public.${ident(table.name)}${order}`),
        );
        const prefix = `{"t":${JSON.stringify(table.name)},"v":`;
        const fetchRows = table.columns.some((c) => c.type === 'bytea') ? FETCH_BYTEA_ROWS : FETCH_ROWS;
        for (;;) {
          const rows = await execRows<{ r: string }>(tx, sql.raw(`fetch forward ${fetchRows} from backup_rows`));
          if (!rows.length) break;
          let chunk = '';
          for (const row of rows) chunk += `${prefix}${row.r}}\n`;
          await write(chunk);
          done += rows.length;
          options.onProgress?.(done, total, table.name);
        }
        await tx.execute(sql`close backup_rows`);
      }
      return head;
    });
    gzip.end();
    await finished;
    await rename(partial, file);
    return header;
  } catch (error) {
    gzip.destroy();
    out.destroy();
    await rm(partial, { force: true });
    throw error;
  }
}
