import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { DbHandle } from './client.ts';
import { execRows, toCents } from './rows.ts';
import { testDatabases } from './testing.ts';

describe('toCents', () => {
  it('reads numeric text and numbers as integer cents like the money column; null is 0', () => {
    expect(['12.34', '-0.05', '1000', '-1250000.50', '0.00', '7.1'].map(toCents)).toEqual([1234, -5, 100000, -125000050, 0, 710]);
    expect([12.345, -3, null, undefined].map(toCents)).toEqual([1235, -300, 0, 0]);
  });
});

for (const database of testDatabases()) {
  describe(`execRows on ${database.name}`, () => {
    let handle: DbHandle;
    beforeAll(async () => {
      handle = await database.create();
    }, 60_000);
    afterAll(() => handle?.close());

    it('returns the rows of raw SQL, money read back as cents', async () => {
      const rows = await execRows<{ n: number; amount: string; missing: string | null }>(
        handle.db,
        sql`select g as n, (g * 1.25 - 10)::numeric(14,2) as amount, null::numeric as missing from generate_series(1, 3) g order by g`,
      );
      expect(rows.map((r) => [Number(r.n), toCents(r.amount), toCents(r.missing)])).toEqual([
        [1, -875, 0],
        [2, -750, 0],
        [3, -625, 0],
      ]);
    });

    it('returns no rows as an empty list, also inside a transaction', async () => {
      const rows = await handle.db.transaction((tx) => execRows(tx, sql`select 1 where false`));
      expect(rows).toEqual([]);
    });
  });
}
