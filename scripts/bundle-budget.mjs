#!/usr/bin/env node
/**
 * The bundle size budget of the web client (issue 29): after `npm run build`, reads Vite's build manifest
 * (apps/web/dist/.vite/manifest.json) and, for each entry point below, the JavaScript a browser loads before that screen
 * shows — index.html's entry script with its static imports (its modulepreloads), plus the chunks of the screen's route
 * components (TanStack's split `?tsr-split=component` chunks, fetched while the route loads) and of the catalog of the
 * active language, each with its static imports. It prints the gzipped size of each and exits 1 when one is over its
 * budget, or when a chunk that must not be there (jsPDF: printing only) is in such a set.
 *
 * The entry points are named by their route source files and the catalog's source, never by built file names: the
 * manifest maps those to the hashed chunks.
 *
 *   npm run build && node scripts/bundle-budget.mjs [distDir]
 */
import { readFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { pathToFileURL } from 'node:url';
import { gzipSync } from 'node:zlib';

/** Route files (under src/routes, without .tsx) on the way to each screen, outermost first; __root is not split. */
const signInRoutes = ['index'];
const homeRoutes = ['_authed', '_authed.dept.$dept.year.$year', '_authed.dept.$dept.year.$year.index'];

/** A chunk that marks jsPDF (its own name in its code): it must be loaded only at a print action. */
const jspdf = { name: 'jspdf', pattern: /jsPDF/ };

/**
 * `budgetKb` fails the check; `goalKb` is issue 29's target, printed beside it. The budgets are today's sizes with a
 * few KB to spare (the goals need more than this round did: bench/README.md "Speed for a whole union (issue 29): the
 * web"); lower them as the bundles shrink, never raise them without saying why.
 */
export const entryPoints = [
  { name: 'sign-in', routes: signInRoutes, dynamic: ['src/locales/de/messages.po'], budgetKb: 240, goalKb: 150, forbidden: [jspdf] },
  // a scope's home after signing in: the sign-in page was loaded on the way
  { name: 'home', routes: [...signInRoutes, ...homeRoutes], dynamic: ['src/locales/de/messages.po'], budgetKb: 325, goalKb: 250, forbidden: [jspdf] },
];

/** The manifest key of a route's split component chunk. */
export const routeComponentKey = (route) => `src/routes/${route}.tsx?tsr-split=component`;

/** The manifest keys reachable from `keys` through static imports (a chunk's `imports`), the keys themselves included. */
export function staticClosure(manifest, keys) {
  const seen = new Set();
  const stack = [...keys];
  while (stack.length) {
    const key = stack.pop();
    if (seen.has(key)) continue;
    const chunk = manifest[key];
    if (!chunk) throw new Error(`not in the build manifest: ${key}`);
    seen.add(key);
    stack.push(...(chunk.imports ?? []));
  }
  return seen;
}

/** The manifest key of the HTML entry (index.html). */
function htmlEntry(manifest) {
  const key = Object.keys(manifest).find((k) => manifest[k].isEntry && k.endsWith('.html'));
  if (!key) throw new Error('the build manifest has no HTML entry');
  return key;
}

/**
 * The report of each entry point: its JS files, their gzipped size in bytes and the budget's verdict.
 * `readFile(file)` answers a built file's content (a Buffer or string), so a test can pass a fake build.
 */
export function budgetReport(manifest, readFile, points = entryPoints) {
  const gzipped = new Map();
  const sizeOf = (file) => {
    if (!gzipped.has(file)) gzipped.set(file, gzipSync(readFile(file), { level: 9 }).length);
    return gzipped.get(file);
  };
  return points.map((point) => {
    const roots = [htmlEntry(manifest), ...point.routes.map(routeComponentKey), ...point.dynamic];
    const files = [...new Set([...staticClosure(manifest, roots)].map((key) => manifest[key].file))].filter((f) => f.endsWith('.js')).sort();
    const bytes = files.reduce((total, file) => total + sizeOf(file), 0);
    const found = point.forbidden.filter(({ pattern }) => files.some((file) => pattern.test(readFile(file).toString())));
    const problems = [
      ...(bytes > point.budgetKb * 1024 ? [`${kb(bytes)} KB gzipped over the budget of ${point.budgetKb} KB`] : []),
      ...found.map(({ name }) => `${name} is loaded (it must load only when printing)`),
    ];
    return { name: point.name, files, bytes, budgetKb: point.budgetKb, goalKb: point.goalKb, problems };
  });
}

const kb = (bytes) => (bytes / 1024).toFixed(1);

/** A few lines per entry point: size against budget, the largest files, the problems. */
export function formatReport(reports) {
  const lines = [];
  for (const r of reports) {
    const goal = r.goalKb === undefined ? '' : ` (goal ${r.goalKb} KB${r.bytes > r.goalKb * 1024 ? ', not reached' : ''})`;
    lines.push(
      `${r.problems.length ? 'OVER ' : 'ok   '} ${r.name}: ${kb(r.bytes)} KB gzipped JS of a budget of ${r.budgetKb} KB${goal}, ${r.files.length} files`,
    );
    for (const problem of r.problems) lines.push(`      ${problem}`);
  }
  return lines.join('\n');
}

function main() {
  const dist = resolve(process.argv[2] ?? join(import.meta.dirname, '../apps/web/dist'));
  let manifest;
  try {
    manifest = JSON.parse(readFileSync(join(dist, '.vite/manifest.json'), 'utf8'));
  } catch (error) {
    console.error(`bundle-budget: no build manifest in ${dist} (run npm run build first): ${error.message}`);
    process.exit(1);
  }
  const reports = budgetReport(manifest, (file) => readFileSync(join(dist, file)));
  console.log(formatReport(reports));
  if (reports.some((r) => r.problems.length)) process.exit(1);
}

if (import.meta.url === pathToFileURL(process.argv[1] ?? '').href) main();
