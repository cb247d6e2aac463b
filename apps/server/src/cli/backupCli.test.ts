import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { backupFigures } from '@app/api';
import { openDb } from '@app/db';
import { type BackupHeader, dumpDatabase, readBackupHeader } from '@app/db/backup';
import { childEnv, type CommandRun, runCommand, testDatabases } from '@app/db/testing';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { countsOf } from './backupTestkit.ts';

const repoRoot = fileURLToPath(new URL('../../../../', import.meta.url));
const folder = mkdtempSync(join(tmpdir(), 'fwh-backup-cli-'));
afterAll(() => rmSync(folder, { recursive: true, force: true }));

/** The real commands, as an operator types them: `npm run backup -- FILE`, `npm run restore -- FILE [--force]`. */
function npmRun(script: 'backup' | 'restore', databaseUrl: string, args: string[]): Promise<CommandRun> {
  return runCommand('npm', ['run', '--silent', script, '--', ...args], { cwd: repoRoot, env: childEnv({ DATABASE_URL: databaseUrl }) });
}

describe('npm run backup / restore (the CLI as a process, on the embedded database)', { timeout: 300_000 }, () => {
  const first = join(folder, 'first.jsonl.gz');
  const second = join(folder, 'second.jsonl.gz');
  const pglite = `pglite:${join(folder, 'db')}`;
  let header: BackupHeader;
  beforeAll(async () => {
    const source = await testDatabases()[0]!.create({ demo: { year: 2026 } });
    try {
      header = await dumpDatabase(source.db, first, { figures: backupFigures });
    } finally {
      await source.close();
    }
  }, 180_000);

  it('restores into an empty database with a progress line and the check', async () => {
    const run = await npmRun('restore', pglite, [first]);
    expect(run.stderr).toMatch(/restore: ([\d,]+) of \1 rows \(100 %\)/);
    expect([run.code, run.stdout]).toEqual([
      0,
      expect.stringMatching(/^restored .*first\.jsonl\.gz into PGlite .*: \d+ rows in \d+ tables, row counts and figures checked/),
    ]);
    const rows = header.tables.reduce((sum, t) => sum + t.rows, 0);
    expect(run.stdout).toContain(` ${rows} rows in ${header.tables.length} tables`);
  });

  it('refuses it again without --force (exit 1, nothing written)', async () => {
    const run = await npmRun('restore', pglite, [first]);
    expect(run.code).toBe(1);
    expect(run.stderr).toContain('restore refused: the database is not empty');
    expect(run.stdout).toBe('');
  });

  it('backs the restored database up: the same rows and figures', async () => {
    const run = await npmRun('backup', pglite, [second]);
    expect(run.code).toBe(0);
    expect(run.stdout).toMatch(/^backup of PGlite .* written to .*second\.jsonl\.gz: \d+ rows in \d+ tables, schema \d{4}_/);
    expect(run.stderr).toMatch(/backup: ([\d,]+) of \1 rows \(100 %\)/);
    const again = await readBackupHeader(second);
    expect(again.tables).toEqual(header.tables);
    expect(again.figures).toEqual(header.figures);
    expect(again.sequences).toEqual(header.sequences);
    const handle = await openDb(pglite);
    try {
      expect(Object.fromEntries(header.tables.map((t) => [t.name, t.rows]))).toEqual(await countsOf(handle.db));
    } finally {
      await handle.close();
    }
  });
});
