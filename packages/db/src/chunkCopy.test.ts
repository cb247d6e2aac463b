import { createHash } from 'node:crypto';
import { sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { binaryCopyRows, writeDocumentChunks } from './chunkCopy.ts';
import { type DbHandle, openDb } from './client.ts';
import { migrateDb } from './migrate.ts';
import { execRows } from './rows.ts';
import { freshPostgresDatabase, testDatabaseUrl } from './testing.ts';

/**
 * writeDocumentChunks (issue 28): a content's pieces written in the caller's transaction — a binary COPY on
 * PostgreSQL, an insert each on PGlite — read back byte for byte, and nothing of them when the transaction fails.
 */
async function database(kind: 'pglite' | 'postgres'): Promise<DbHandle> {
  if (kind === 'pglite') {
    const handle = await openDb('pglite:memory');
    await migrateDb(handle);
    return handle;
  }
  const fresh = await freshPostgresDatabase(testDatabaseUrl()!);
  const handle = await openDb(fresh.url);
  await migrateDb(handle);
  return { ...handle, close: async () => (await handle.close(), await fresh.drop()) };
}

const kinds = testDatabaseUrl() ? (['pglite', 'postgres'] as const) : (['pglite'] as const);

it('the binary COPY stream: signature, a tuple of three fields per piece with their lengths, the trailer', () => {
  const sha = 'a'.repeat(64);
  const parts = [...binaryCopyRows(sha, [Buffer.from('xyz'), Buffer.from([0, 255])])].map((p) => Buffer.from(p));
  expect(parts[0]!.toString('latin1')).toBe('PGCOPY\n\xff\r\n\0' + '\0'.repeat(8));
  const head = parts[1]!;
  expect([
    head.readInt16BE(0),
    head.readInt32BE(2),
    head.subarray(6, 70).toString('ascii'),
    head.readInt32BE(70),
    head.readInt32BE(74),
    head.readInt32BE(78),
  ]).toEqual([3, 64, sha, 4, 0, 3]);
  expect(parts[2]!.toString()).toBe('xyz');
  expect(parts[3]!.readInt32BE(74)).toBe(1);
  expect(parts[3]!.readInt32BE(78)).toBe(2);
  expect([...parts.at(-1)!]).toEqual([0xff, 0xff]);
  expect(parts).toHaveLength(6);
});

for (const kind of kinds) {
  describe(`writeDocumentChunks [${kind}]`, { timeout: 120_000 }, () => {
    it('writes the pieces in the transaction; a failing transaction leaves none', async () => {
      const handle = await database(kind);
      try {
        const pieces = [Buffer.alloc(300_000, 7), Buffer.from([0, 1, 2, 255, 92, 39]), Buffer.alloc(1, 0)];
        const whole = Buffer.concat(pieces);
        const sha = createHash('sha256').update(whole).digest('hex');
        await handle.db.transaction(async (tx) => {
          await tx.execute(sql`insert into document_contents (sha256, size) values (${sha}, ${whole.length})`);
          await writeDocumentChunks(tx, sha, pieces);
        });
        const rows = await execRows<{ seq: number; bytes: Uint8Array }>(
          handle.db,
          sql`select seq, bytes from document_chunks where sha256 = ${sha} order by seq`,
        );
        expect(rows.map((r) => Number(r.seq))).toEqual([0, 1, 2]);
        expect(Buffer.compare(Buffer.concat(rows.map((r) => Buffer.from(r.bytes))), whole)).toBe(0);

        const other = 'b'.repeat(64);
        await expect(
          handle.db.transaction(async (tx) => {
            await tx.execute(sql`insert into document_contents (sha256, size) values (${other}, 3)`);
            await writeDocumentChunks(tx, other, [Buffer.from('abc')]);
            throw new Error('after the pieces');
          }),
        ).rejects.toThrow('after the pieces');
        const left = await execRows<{ n: number | string }>(handle.db, sql`select count(*) as n from document_chunks where sha256 = ${other}`);
        expect(Number(left[0]!.n)).toBe(0);
        // a piece of a content not stored is refused by its foreign key, on both drivers
        await expect(handle.db.transaction((tx) => writeDocumentChunks(tx, 'c'.repeat(64), [Buffer.from('x')]))).rejects.toThrow();
      } finally {
        await handle.close();
      }
    });
  });
}
