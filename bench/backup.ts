/**
 * Backup and restore of the union-sized data set (issue 26): `npm run bench:backup`.
 * Regenerates the bench database (generate.ts; BENCH_BOOKING_DEPARTMENTS=all for movements in every fire
 * brigade), then times `dumpDatabase` (with the figures of every department and year) and the restore
 * (`loadBackup` with its row-count and figure checks) into a fresh PostgreSQL database and into an
 * embedded PGlite — what `npm run backup` / `npm run restore` do, without the process start.
 */
import { mkdtempSync, rmSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { backupFigures } from '@app/api';
import { migrateDb, openDb } from '@app/db';
import { dumpDatabase, loadBackup } from '@app/db/backup';
import { benchEnv } from './env.ts';
import { ensureDatabase, generate } from './generate.ts';

const seconds = (from: number) => ((Date.now() - from) / 1000).toFixed(1);
const folder = mkdtempSync(join(tmpdir(), 'fwh-bench-backup-'));
const file = join(folder, 'union.jsonl.gz');
try {
  let started = Date.now();
  await generate(benchEnv.databaseUrl);
  console.log(`generated in ${seconds(started)} s`);

  const source = await openDb(benchEnv.databaseUrl);
  started = Date.now();
  const header = await dumpDatabase(source.db, file, { figures: backupFigures });
  const backupSeconds = seconds(started);
  await source.close();
  const rows = header.tables.reduce((sum, t) => sum + t.rows, 0);
  const biggest = [...header.tables].sort((a, b) => b.rows - a.rows).slice(0, 4);
  console.log(
    `backup: ${rows.toLocaleString('en')} rows (${biggest.map((t) => `${t.name} ${t.rows.toLocaleString('en')}`).join(', ')}), ` +
      `${(header.figures as unknown[]).length} department-years of figures, ${(statSync(file).size / 1e6).toFixed(1)} MB, ${backupSeconds} s`,
  );

  const restoreUrl = benchEnv.databaseUrl.replace(/\/([^/]*)$/, '/$1_restore');
  await ensureDatabase(restoreUrl);
  for (const [kind, url] of [
    ['PostgreSQL', restoreUrl],
    ['PGlite', `pglite:${join(folder, 'pglite')}`],
  ] as const) {
    const target = await openDb(url);
    await migrateDb(target);
    started = Date.now();
    const result = await loadBackup(target.db, file, { figures: backupFigures });
    console.log(`restore into ${kind}: ${result.rows.toLocaleString('en')} rows, counts and figures checked: ${result.figuresChecked}, ${seconds(started)} s`);
    await target.close();
  }
  await ensureDatabase(restoreUrl);
} finally {
  rmSync(folder, { recursive: true, force: true });
}
