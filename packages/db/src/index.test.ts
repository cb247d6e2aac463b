import { execFileSync } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';

/** The module files a fresh Node process resolves when it imports `specifier` (through tsx, like the server). */
function resolvedBy(specifier: string): string[] {
  const script = `import { registerHooks } from 'node:module';
const seen = [];
registerHooks({ resolve(s, c, next) { const r = next(s, c); seen.push(r.url); return r; } });
await import(${JSON.stringify(specifier)});
console.log(JSON.stringify(seen));`;
  const out = execFileSync(process.execPath, ['--import', 'tsx', '--input-type=module', '-e', script], {
    cwd: fileURLToPath(new URL('.', import.meta.url)),
    encoding: 'utf8',
  });
  return JSON.parse(out.trim().split('\n').at(-1) ?? '[]') as string[];
}

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
