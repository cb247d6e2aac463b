import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { resolvedModules } from './testing.ts';

const resolvedBy = (specifier: string) => resolvedModules(specifier, fileURLToPath(new URL('.', import.meta.url)));

const heavy = (urls: string[]) => urls.filter((u) => u.includes('argon2') || u.includes('/src/seed/') || u.endsWith('/src/password.ts'));

describe('@app/db entry points', () => {
  it('the index (schema, client, rows) loads neither password hashing nor the demo data', () => {
    const urls = resolvedBy('@app/db');
    expect(urls.some((u) => u.endsWith('/src/schema/index.ts'))).toBe(true);
    expect(heavy(urls)).toEqual([]);
  }, 30_000);

  it('the seed and password subpaths do (the check would see them)', () => {
    const urls = heavy(resolvedBy('@app/db/seed'));
    expect(urls.some((u) => u.includes('/src/seed/'))).toBe(true);
    expect(urls.some((u) => u.endsWith('/src/password.ts'))).toBe(true);
  }, 30_000);
});
