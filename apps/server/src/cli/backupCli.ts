/**
 * `npm run backup -- FILE` and `npm run restore -- FILE [--force]` (README › Production › Backup and restore).
 *
 * The database is the server's: DATABASE_URL (PostgreSQL) or the embedded PGlite (default ./data/db; stop
 * the server first, PGlite serves one process). A backup writes the gzip'd JSON-lines file of
 * packages/db/src/backup with the figures of every department; a restore migrates the database, loads the
 * file in one transaction and checks row counts and figures, or rolls back. A progress line goes to stderr,
 * the result to stdout; exit code 0 done, 1 refused (the reason on stderr, nothing written), 2 usage.
 */
import { parseArgs } from 'node:util';
import { backupFigures } from '@app/api';
import { migrateDb, openDb } from '@app/db';
import { describeDatabase } from '@app/db/startup';
import { BackupError, dumpDatabase, loadBackup, type Progress } from '@app/db/backup';
import { readEnv } from '../env.ts';

const USAGE = `usage: npm run backup -- FILE
       npm run restore -- FILE [--force]
  DATABASE_URL names the database (default pglite:./data/db). --force replaces the data of a database that is not empty.`;

class UsageError extends Error {}

function parse(argv: string[]) {
  const [command, ...rest] = argv;
  if (command !== 'backup' && command !== 'restore') throw new UsageError(USAGE);
  let parsed;
  try {
    parsed = parseArgs({ args: rest, options: { force: { type: 'boolean' }, help: { type: 'boolean' } }, allowPositionals: true, strict: true });
  } catch (error) {
    throw new UsageError(`${(error as Error).message}\n${USAGE}`);
  }
  if (parsed.values.help) throw new UsageError(USAGE);
  if (parsed.positionals.length !== 1) throw new UsageError(`one FILE is needed\n${USAGE}`);
  if (command === 'backup' && parsed.values.force) throw new UsageError(`--force is for restore\n${USAGE}`);
  return { command, file: parsed.positionals[0]!, force: !!parsed.values.force };
}

/** One line on stderr, rewritten in place on a terminal, at most every 200 ms (and at the end). */
function progressLine(verb: string): Progress & { end(): void } {
  const tty = process.stderr.isTTY;
  let last = 0;
  let text = '';
  const started = Date.now();
  const show = (final: boolean) => {
    if (tty) process.stderr.write(`\r${text}\x1b[K${final ? '\n' : ''}`);
    else if (final) process.stderr.write(`${text}\n`);
  };
  const progress = ((done: number, total: number, table: string) => {
    const percent = total ? Math.floor((done / total) * 100) : 100;
    text = `${verb}: ${done.toLocaleString('en')} of ${total.toLocaleString('en')} rows (${percent} %)${table ? ` ${table}` : ''}, ${((Date.now() - started) / 1000).toFixed(1)} s`;
    const now = Date.now();
    if (now - last >= 200 || done === total) {
      last = now;
      if (tty) show(false);
    }
  }) as Progress & { end(): void };
  progress.end = () => {
    if (text) show(true);
  };
  return progress;
}

async function main(argv: string[]): Promise<number> {
  let options;
  try {
    options = parse(argv);
  } catch (error) {
    process.stderr.write(`${(error as Error).message}\n`);
    return 2;
  }
  const env = readEnv();
  const database = await openDb(env.DATABASE_URL);
  const where = describeDatabase(database);
  const started = Date.now();
  try {
    if (options.command === 'backup') {
      const progress = progressLine('backup');
      const header = await dumpDatabase(database.db, options.file, { figures: backupFigures, onProgress: progress });
      progress.end();
      const rows = header.tables.reduce((sum, t) => sum + t.rows, 0);
      process.stdout.write(
        `backup of ${where} written to ${options.file}: ${rows} rows in ${header.tables.length} tables, schema ${header.schema}, ${((Date.now() - started) / 1000).toFixed(1)} s\n`,
      );
    } else {
      await migrateDb(database);
      const progress = progressLine('restore');
      const result = await loadBackup(database.db, options.file, { force: options.force, figures: backupFigures, onProgress: progress });
      progress.end();
      process.stdout.write(
        `restored ${options.file} into ${where}: ${result.rows} rows in ${result.header.tables.length} tables, row counts${result.figuresChecked ? ' and figures' : ''} checked, ${((Date.now() - started) / 1000).toFixed(1)} s\n`,
      );
    }
    return 0;
  } catch (error) {
    if (process.stderr.isTTY) process.stderr.write('\n');
    if (error instanceof BackupError) process.stderr.write(`${options.command} refused: ${error.message}\n`);
    else process.stderr.write(`${options.command} failed: ${(error as Error)?.stack ?? String(error)}\n`);
    return 1;
  } finally {
    await database.close().catch(() => undefined);
  }
}

process.exitCode = await main(process.argv.slice(2));
