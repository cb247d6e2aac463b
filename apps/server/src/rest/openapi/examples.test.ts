import { execFile } from 'node:child_process';
import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { promisify } from 'node:util';
import { testDatabases } from '@app/db/testing';
import { describe, expect, it } from 'vitest';
import { restTestApp, YEAR } from '../testApp.ts';

/**
 * The two scripts of packages/client/examples run as a developer runs them (node --import tsx, the
 * typed client over HTTP) against the app listening on the demo data of PGlite; their output is checked
 * against the REST answers of the same data.
 */

const run = promisify(execFile);
const root = fileURLToPath(new URL('../../../../..', import.meta.url));
const examples = join(root, 'packages/client/examples');
// the examples on one database are enough: the REST tests cover PostgreSQL
const target = testDatabases().find((d) => d.name === 'pglite') ?? testDatabases()[0];

describe('the typed client examples', () => {
  if (!target) throw new Error('no test database');
  const t = restTestApp(target, { ipPrefix: '10.16.1', signIn: ['kassier'], departments: true });
  let url = '';

  // the demo's previous year is approved (bookings allowed); the current one is not yet
  const BOOKED = YEAR - 1;

  async function script(name: string, env: Record<string, string>, args: string[] = []) {
    if (!url) url = await t.app.listen({ port: 0, host: '127.0.0.1' });
    return run(process.execPath, ['--import', 'tsx', join(examples, name), ...args], {
      cwd: root,
      // only what the script reads (and no proxy of the test machine): the examples' env module names it
      env: { API_URL: url, API_USER: 'kassier', API_PASSWORD: 'demo', DEPARTMENT: '101', YEAR: String(YEAR), ...env },
      timeout: 60_000,
    });
  }

  it('chapters-csv.ts prints every chapter of the year with its availability in euros', async () => {
    const { stdout } = await script('chapters-csv.ts', {});
    const [header, ...rows] = stdout.trim().split('\n');
    expect(header).toBe('chapter,part,description,budgetFinal,payments,reservations,available');
    const rest = await t.call('kassier', 'GET', `Budget/Chapters?departmentId=${t.dept('101')}&year=${YEAR}&pageSize=1000`);
    const chapters = rest.json().entities as { chapter: string; availableFinal: number; budgetFinal: number }[];
    expect(chapters.length).toBeGreaterThan(5);
    expect(rows).toHaveLength(chapters.length);
    const first = chapters.find((c) => c.budgetFinal !== 0) ?? chapters[0];
    const row = rows.find((r) => r.startsWith(`${first?.chapter},`)) ?? '';
    // fields split at commas outside quotes (a description may hold one)
    const cells = row.split(/,(?=(?:[^"]*"[^"]*")*[^"]*$)/);
    expect(cells.at(-1)).toBe(first?.availableFinal.toFixed(2));
    expect(cells.at(3)).toBe(first?.budgetFinal.toFixed(2));
  }, 120_000);

  it('book-fees.ts books the fees of a CSV as one revenue; a wrong line books nothing', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'fees-'));
    const file = join(dir, 'fees.csv');
    writeFileSync(file, 'member;amount\nAnna Huber;25,00\n"Max Mair";1.250,50\nLeo Pichler;12.5\n');
    const before = (await t.call('kassier', 'GET', `Budget/Chapter?departmentId=${t.dept('101')}&year=${BOOKED}&chapter=11001`)).json() as {
      payments: number;
    };
    const { stdout } = await script('book-fees.ts', { YEAR: String(BOOKED), CHAPTER: '11001', ACCOUNT: 'K1', DATE: `${BOOKED}-04-15` }, [file]);
    const booked = /^revenue (\d+) booked: 3 fees, 1288\.00 EUR$/.exec(stdout.trim());
    expect(booked, stdout).not.toBeNull();
    const movement = await t.call('kassier', 'GET', `Movements/Revenues?departmentId=${t.dept('101')}&year=${BOOKED}&recordNumber=${booked?.[1]}`);
    expect(movement.json()).toMatchObject({ recordDate: `${BOOKED}-04-15`, total: 1288 });
    expect((movement.json() as { positions: { amount: number; note: string }[] }).positions.map((p) => [p.note, p.amount])).toEqual([
      ['Mitgliedsbeitrag Anna Huber', 25],
      ['Mitgliedsbeitrag Max Mair', 1250.5],
      ['Mitgliedsbeitrag Leo Pichler', 12.5],
    ]);
    const after = (await t.call('kassier', 'GET', `Budget/Chapter?departmentId=${t.dept('101')}&year=${BOOKED}&chapter=11001`)).json() as { payments: number };
    expect(Math.round((after.payments - before.payments) * 100)).toBe(128_800);

    writeFileSync(file, 'member;amount\nAnna Huber;25,001\n');
    await expect(script('book-fees.ts', { YEAR: String(BOOKED) }, [file])).rejects.toMatchObject({ stderr: expect.stringContaining('line 2') });
  }, 120_000);
});
