import { randomBytes } from 'node:crypto';
import { describe, expect, it } from 'vitest';
// @ts-expect-error -- a plain .mjs script without types
import { budgetReport, formatReport, staticClosure } from './bundle-budget.mjs';

/** A tiny build: index.html's entry, a shared chunk, the sign-in route's split component, a catalog and a print chunk. */
const manifest = {
  'index.html': { file: 'assets/index.js', isEntry: true, imports: ['_shared.js'], dynamicImports: ['src/routes/index.tsx?tsr-split=component'] },
  '_shared.js': { file: 'assets/shared.js' },
  'src/routes/index.tsx?tsr-split=component': {
    file: 'assets/signin.js',
    isDynamicEntry: true,
    imports: ['_shared.js', '_form.js'],
    dynamicImports: ['src/print.ts'],
  },
  '_form.js': { file: 'assets/form.js' },
  'src/locales/de/messages.po': { file: 'assets/messages.js', isDynamicEntry: true },
  'src/print.ts': { file: 'assets/print.js', isDynamicEntry: true },
  'index.css': { file: 'assets/index.css' },
};

/** Random (incompressible) contents: gzipped, about as long as they are. */
const noise = (length: number) => randomBytes(length);
const files: Record<string, Buffer> = {
  'assets/index.js': noise(40_000),
  'assets/shared.js': noise(10_000),
  'assets/signin.js': noise(5_000),
  'assets/form.js': noise(5_000),
  'assets/messages.js': noise(20_000),
  'assets/print.js': Buffer.from('class jsPDF {}'),
};
const read = (file: string) => files[file] ?? Buffer.alloc(0);
const jspdf = { name: 'jspdf', pattern: /jsPDF/ };
const signIn = { name: 'sign-in', routes: ['index'], dynamic: ['src/locales/de/messages.po'], forbidden: [jspdf] };

describe('bundle budget', () => {
  it('follows static imports only, not dynamic ones', () => {
    expect([...staticClosure(manifest, ['index.html'])].sort()).toEqual(['_shared.js', 'index.html']);
  });

  it('counts the entry, its imports, the route chunk and the catalog once each, gzipped', () => {
    const [report] = budgetReport(manifest, read, [{ ...signIn, budgetKb: 150 }]);
    expect(report.files).toEqual(['assets/form.js', 'assets/index.js', 'assets/messages.js', 'assets/shared.js', 'assets/signin.js']);
    // 80,000 random bytes: gzip adds a little
    expect(report.bytes).toBeGreaterThan(80_000);
    expect(report.bytes).toBeLessThan(81_000);
    expect(report.problems).toEqual([]);
  });

  it('fails an entry point over its budget', () => {
    const [report] = budgetReport(manifest, read, [{ ...signIn, budgetKb: 70 }]);
    expect(report.problems).toHaveLength(1);
    expect(formatReport([report])).toMatch(/^OVER +sign-in: 7\d\.\d KB gzipped JS of a budget of 70 KB/);
  });

  it('fails when the print chunk is in the static graph', () => {
    const eager = { ...manifest, '_form.js': { file: 'assets/form.js', imports: ['src/print.ts'] } };
    const [report] = budgetReport(eager, read, [{ ...signIn, budgetKb: 500 }]);
    expect(report.problems).toEqual(['jspdf is loaded (it must load only when printing)']);
  });

  it('names a route that the build does not have', () => {
    expect(() => budgetReport(manifest, read, [{ ...signIn, routes: ['gone'], budgetKb: 150 }])).toThrow(/gone\.tsx\?tsr-split=component/);
  });
});
