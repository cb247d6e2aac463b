import { createHash } from 'node:crypto';
import { sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { type DbHandle, openDb } from './client.ts';
import { migrateDb } from './migrate.ts';
import { execRows } from './rows.ts';
import { freshPostgresDatabase, testDatabaseUrl } from './testing.ts';

/**
 * Migration 0026 (issue 28): the receipts' bytes move from one bytea a content (`document_contents.content`) into
 * pieces of 1 MB (`document_chunks`, numbered from 0); a content kept before the migration reads back the same.
 */
async function bareDatabase(kind: 'pglite' | 'postgres'): Promise<DbHandle> {
  if (kind === 'pglite') return openDb('pglite:memory');
  const fresh = await freshPostgresDatabase(testDatabaseUrl()!);
  const handle = await openDb(fresh.url);
  return { ...handle, close: async () => (await handle.close(), await fresh.drop()) };
}

const kinds = testDatabaseUrl() ? (['pglite', 'postgres'] as const) : (['pglite'] as const);
for (const kind of kinds) {
  describe(`migration 0026_document_chunks [${kind}]`, { timeout: 120_000 }, () => {
    it('cuts every content kept so far into pieces of 1 MB that join to the same bytes', async () => {
      const handle = await bareDatabase(kind);
      try {
        await migrateDb(handle, { upTo: '0025_bank_statements' });
        const big = Buffer.alloc(2 * 1024 * 1024 + 100);
        for (let i = 0; i < big.length; i++) big[i] = (i * 13 + (i >> 20)) & 0xff;
        const small = Buffer.from('%PDF-1.4 small');
        const sha = (b: Buffer) => createHash('sha256').update(b).digest('hex');
        for (const bytes of [big, small])
          await handle.db.execute(sql`insert into document_contents (sha256, size, content) values (${sha(bytes)}, ${bytes.length}, ${bytes})`);
        await migrateDb(handle);
        const pieces = await execRows<{ sha256: string; seq: number; bytes: Uint8Array }>(
          handle.db,
          sql`select sha256, seq, bytes from document_chunks order by sha256, seq`,
        );
        for (const bytes of [big, small]) {
          const own = pieces.filter((p) => p.sha256 === sha(bytes));
          expect(own.map((p) => Number(p.seq))).toEqual(bytes === big ? [0, 1, 2] : [0]);
          expect(own.map((p) => p.bytes.byteLength)).toEqual(bytes === big ? [1024 * 1024, 1024 * 1024, 100] : [small.length]);
          expect(Buffer.compare(Buffer.concat(own.map((p) => p.bytes)), bytes)).toBe(0);
        }
        const columns = await execRows<{ name: string }>(
          handle.db,
          sql`select column_name as name from information_schema.columns where table_name = 'document_contents' order by column_name`,
        );
        expect(columns.map((c) => c.name)).toEqual(['sha256', 'size']);
      } finally {
        await handle.close();
      }
    });
  });
}
