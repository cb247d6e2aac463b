import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { DbHandle } from './client.ts';
import { execRows, likeEscape, moneyParam, pagedRows, toBool, toCents, toInt } from './rows.ts';
import { testDatabases } from './testing.ts';

describe('toCents', () => {
  it('reads numeric text and numbers as integer cents like the money column; null is 0', () => {
    expect(['12.34', '-0.05', '1000', '-1250000.50', '0.00', '7.1'].map(toCents)).toEqual([1234, -5, 100000, -125000050, 0, 710]);
    expect([12.345, -3, null, undefined].map(toCents)).toEqual([1235, -300, 0, 0]);
  });
});

describe('moneyParam', () => {
  it('writes cents as the money column does, exact where a float division is not', () => {
    expect([1234, -5, 0, 100, -125000050, 99_999_999_999_999].map(moneyParam)).toEqual(['12.34', '-0.05', '0.00', '1.00', '-1250000.50', '999999999999.99']);
    for (const cents of [1, 7, 29, 57, 1005, -1015, 123_456_789_012]) expect(toCents(moneyParam(cents))).toBe(cents);
  });
});

describe('toBool, toInt, likeEscape', () => {
  it('toBool: true, t and true are true; false, f, null and anything else false', () => {
    expect([true, 't', 'true'].map(toBool)).toEqual([true, true, true]);
    expect([false, 'f', 'false', null, undefined, 1, 'yes'].map(toBool)).toEqual([false, false, false, false, false, false, false]);
  });
  it('toInt: numbers, int8 text and bigints as integers; null is 0; a fraction or text is an error', () => {
    expect([3, '42', '-7', 10n, null, undefined, '9007199254740991'].map(toInt)).toEqual([3, 42, -7, 10, 0, 0, 9007199254740991]);
    expect(() => toInt('1.5')).toThrow('not an integer');
    expect(() => toInt('abc')).toThrow('not an integer');
    expect(() => toInt('9007199254740993')).toThrow('not an integer');
  });
  it('likeEscape: backslash, percent and underscore match literally', () => {
    expect(likeEscape('50%_a\\b')).toBe('50\\%\\_a\\\\b');
    expect(likeEscape('Feuerwehr')).toBe('Feuerwehr');
  });
});

for (const database of testDatabases(undefined, { pglite: 'both' })) {
  describe(`raw rows on ${database.name}`, () => {
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

    it('decodes booleans, int8 counts and money parameters as the driver hands them back', async () => {
      const [row] = await execRows<{ yes: unknown; no: unknown; nothing: unknown; n: unknown; big: unknown; amount: unknown }>(
        handle.db,
        sql`select true as yes, false as no, null::boolean as nothing, count(*) as n, 9007199254740991::int8 as big,
                   ${moneyParam(-1250000050)}::numeric(14,2) as amount from generate_series(1, 3)`,
      );
      expect([toBool(row?.yes), toBool(row?.no), toBool(row?.nothing)]).toEqual([true, false, false]);
      expect([toInt(row?.n), toInt(row?.big)]).toEqual([3, 9007199254740991]);
      expect(toCents(row?.amount)).toBe(-1250000050);
    });

    it('a LIKE pattern of likeEscape matches the text literally', async () => {
      const [row] = await execRows<{ literal: unknown; wildcard: unknown }>(
        handle.db,
        sql`select '50%_x' like ${`${likeEscape('50%_')}%`} as literal, '50abx' like ${`${likeEscape('50%_')}%`} as wildcard`,
      );
      expect([toBool(row?.literal), toBool(row?.wildcard)]).toEqual([true, false]);
    });

    it('pagedRows: a page in its order with the count of all rows; a page past the end still counts', async () => {
      const select = sql`select g as n, (g % 3) as rest from generate_series(1, 7) g where g <> 4`;
      const first = await pagedRows<{ n: number; rest: number }>(handle.db, select, sql`rest desc, n`, { limit: 3, offset: 0 });
      expect(first.total).toBe(6);
      expect(first.rows.map((r) => [Number(r.n), Number(r.rest)])).toEqual([
        [2, 2],
        [5, 2],
        [1, 1],
      ]);
      expect(first.rows.every((r) => !('paged_total' in r))).toBe(true);
      const last = await pagedRows<{ n: number }>(handle.db, select, sql`n`, { limit: 4, offset: 4 });
      expect([last.rows.map((r) => Number(r.n)), last.total]).toEqual([[6, 7], 6]);
      expect(await pagedRows(handle.db, select, sql`n`, { limit: 5, offset: 10 })).toEqual({ rows: [], total: 6 });
      expect(await pagedRows(handle.db, sql`${select} and false`, sql`n`, { limit: 5, offset: 0 })).toEqual({ rows: [], total: 0 });
    });
  });
}
