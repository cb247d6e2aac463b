import { gunzipSync } from 'node:zlib';
import { readCacheStats } from '@app/api';
import { execRows } from '@app/db';
import { testDatabases } from '@app/db/testing';
import { sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { acceptsGzip, COMPRESS_FROM_BYTES } from './plugin.ts';
import { restTestApp, YEAR } from './testApp.ts';

/**
 * The answers of the /api rows (issue 29): a JSON answer of COMPRESS_FROM_BYTES or more goes gzip'd
 * to a client that accepts it, the same JSON as without; a shorter one and one to a client that does
 * not accept gzip go plain. A repeated hot read is served from the read cache (packages/api
 * readCache.ts) with the same answer, and a save in between is in the next answer.
 */
describe('Accept-Encoding', () => {
  it('takes gzip by name or *, not with q=0', () => {
    expect(acceptsGzip('gzip, deflate, br')).toBe(true);
    expect(acceptsGzip('br;q=1.0, gzip;q=0.8')).toBe(true);
    expect(acceptsGzip('*')).toBe(true);
    expect(acceptsGzip(['deflate', 'GZIP'])).toBe(true);
    expect(acceptsGzip('gzip;q=0')).toBe(false);
    expect(acceptsGzip('gzip;q=0.0, deflate')).toBe(false);
    expect(acceptsGzip('deflate, br')).toBe(false);
    expect(acceptsGzip(undefined)).toBe(false);
  });
});

for (const target of testDatabases()) {
  describe(`REST answers [${target.name}]`, () => {
    const t = restTestApp(target, { ipPrefix: '10.8.29', signIn: ['kassier'], departments: true });
    const q = (year = YEAR) => `departmentId=${t.dept('101')}&year=${year}`;

    it('a long answer goes gzip to a client that accepts it, the same JSON as plain; a short one goes plain', async () => {
      const url = `Budget/Chapters?${q()}&part=2`;
      const plain = await t.call('kassier', 'GET', url);
      expect(plain.statusCode).toBe(200);
      expect(plain.headers['content-encoding']).toBeUndefined();
      expect(plain.body.length).toBeGreaterThanOrEqual(COMPRESS_FROM_BYTES);
      const zipped = await t.call('kassier', 'GET', url, undefined, { 'accept-encoding': 'gzip, deflate' });
      expect(zipped.statusCode).toBe(200);
      expect(zipped.headers['content-encoding']).toBe('gzip');
      expect(zipped.headers['content-type']).toMatch(/^application\/json/);
      expect(zipped.headers.vary).toMatch(/accept-encoding/i);
      const text = gunzipSync(zipped.rawPayload).toString('utf8');
      expect(JSON.parse(text)).toEqual(plain.json());
      expect(zipped.rawPayload.length).toBeLessThan(plain.body.length / 2);

      const short = await t.call('kassier', 'GET', `Scopes/Status?${q()}`, undefined, { 'accept-encoding': 'gzip' });
      expect(short.statusCode).toBe(200);
      expect(short.body.length).toBeLessThan(COMPRESS_FROM_BYTES);
      expect(short.headers['content-encoding']).toBeUndefined();
      expect(short.json()).toHaveProperty('isBudgetApproved');
    });

    it('a repeated hot read is the same answer from the cache; a save in between is in the next one', async () => {
      // 101's previous year: approved, open for bookings
      const url = `Budget/Chapter?${q(YEAR - 1)}&chapter=11001`;
      const first = await t.call('kassier', 'GET', url);
      expect(first.statusCode).toBe(200);
      // nothing writes in this database; parallel test files write in others of the cluster (the snapshot is the cluster's)
      let served = false;
      for (let attempt = 0; attempt < 50 && !served; attempt++) {
        const hits = readCacheStats.hits;
        const again = await t.call('kassier', 'GET', url);
        expect(again.json()).toEqual(first.json());
        served = readCacheStats.hits > hits;
      }
      expect(served, 'a repeated read is served from the cache').toBe(true);
      const [account] = await execRows<{ id: number }>(
        t.handle.db,
        sql`select a.id from accounts a where a.department_id = ${t.dept('101')} and a.code = 'K1'`,
      );
      const saved = await t.call('kassier', 'POST', `Movements/Revenues?${q(YEAR - 1)}`, {
        type: 0,
        recordDate: `${YEAR - 1}-03-02`,
        accountId: Number(account?.id),
        positions: [{ chapter: '11001', amount: 12.34, note: 'answers.test' }],
      });
      expect(saved.statusCode, saved.body).toBe(200);
      const after = await t.call('kassier', 'GET', url);
      expect(Math.round((after.json() as { payments: number }).payments * 100)).toBe(Math.round((first.json() as { payments: number }).payments * 100) + 1234);
    });
  });
}
