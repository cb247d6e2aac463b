// Extracts every METHOD PATH of the specification's call sections (spec parts 1-3, "## 7.") into
// apps/server/src/rest/spec-paths.txt, which rest/specPaths.test.ts checks against the REST routing.
// The specification lives outside the repository; the list is committed so CI needs no spec.
//
//   node scripts/spec-paths.mjs [spec folder, default ../shared/spec]
//
// Re-running keeps the `pending` markers (and their notes) of paths already in the list.
//   - Parts 1 and 3: the call tables (`| GET, POST | A, B | ...`); `save` is PUT and POST.
//   - Part 2: the call bullets (`GET X`, `GET and PUT X`), the generic entity shape of §7 expanded
//     for the endpoints the bullets name as entities, and "create and update by id" for Admin lists.
import { readdirSync, readFileSync, writeFileSync, existsSync } from 'node:fs';
import { join } from 'node:path';

const root = new URL('..', import.meta.url).pathname;
const specDir = process.argv[2] ?? join(root, '../shared/spec');
const out = join(root, 'apps/server/src/rest/spec-paths.txt');
const METHODS = ['GET', 'POST', 'PUT', 'PATCH', 'DELETE'];

/** The "## 7." section of a spec part. */
function callSection(text) {
  const start = text.search(/^## 7\./m);
  if (start < 0) return '';
  const rest = text.slice(start + 5);
  const end = rest.search(/^## /m);
  return end < 0 ? rest : rest.slice(0, end);
}

function methodsOf(cell) {
  const words = cell
    .split(/\s*(?:,|\band\b)\s*/)
    .map((w) => w.trim())
    .filter(Boolean);
  return words.flatMap((w) => (w.toLowerCase() === 'save' ? ['PUT', 'POST'] : METHODS.includes(w.toUpperCase()) ? [w.toUpperCase()] : []));
}

function cleanPath(path) {
  return path
    .trim()
    .replace(/\?.*$/, '')
    .replace(/[.,;:]+$/, '');
}

function fromTables(section) {
  const found = [];
  for (const line of section.split('\n')) {
    const cells = line.split('|').map((c) => c.trim());
    if (cells.length < 4 || cells[1] === 'Method' || /^-+$/.test(cells[1])) continue;
    const methods = methodsOf(cells[1]);
    const paths = cells[2].split(',').map(cleanPath).filter(Boolean);
    for (const method of methods) for (const path of paths) found.push(`${method} ${path}`);
  }
  return found;
}

/** Endpoints part 2 §7 names as generic entities (GET list, /new, /{id}, POST, PUT, PATCH, DELETE). */
function entityEndpoints(section) {
  const names = new Set();
  for (const m of section.matchAll(/\b(?:Endpoint|Single entity) ([A-Z][\w/]*)/g)) names.add(m[1]);
  // "ChartOfAccounts/Chapters, ChartOfAccounts/Categories, ChartOfAccounts/Titles: query year (or superDepartmentId for a single entity)"
  for (const m of section.matchAll(/^- ((?:[A-Z][\w/]*, )*[A-Z][\w/]*): [^\n]*single entity/gm)) for (const name of m[1].split(', ')) names.add(name);
  // "Accounts with departmentId and year" (the entity, after the briefs call)
  for (const m of section.matchAll(/\. ([A-Z]\w*) with departmentId and year/g)) names.add(m[1]);
  return [...names];
}

function fromBullets(section) {
  const found = [];
  for (const line of section.split('\n')) {
    if (!line.startsWith('- ') || line.includes('{endpoint}') || /not shown/.test(line.split('.')[0])) {
      // "Adding a year: call path not shown. GET and PUT FinancialYears/Status ..." keeps its later sentences
      if (!/not shown\. /.test(line)) continue;
    }
    const re = /\b((?:GET|POST|PUT|PATCH|DELETE)(?:\s*(?:,|and)\s*(?:GET|POST|PUT|PATCH|DELETE))*)\s+([A-Za-z][\w/{}]*(?:\?\S*)?)/g;
    for (const m of line.matchAll(re)) {
      for (const method of methodsOf(m[1])) found.push(`${method} ${cleanPath(m[2])}`);
    }
    // "GET Admin/Users, GET Admin/UserDepartments (...), with create and update by id."
    if (/with create and update by id/.test(line)) {
      for (const m of line.matchAll(/GET ([A-Z][\w/]*)/g)) found.push(`POST ${m[1]}`, `PUT ${m[1]}/{id}`);
    }
  }
  for (const name of entityEndpoints(section)) {
    found.push(`GET ${name}`, `GET ${name}/new`, `GET ${name}/{id}`, `POST ${name}`, `PUT ${name}/{id}`, `PATCH ${name}/{id}`, `DELETE ${name}/{id}`);
  }
  return found;
}

const previous = new Map();
if (existsSync(out)) {
  for (const line of readFileSync(out, 'utf8').split('\n')) {
    const m = /^(GET|POST|PUT|PATCH|DELETE) \/api\/(\S+)(.*)$/.exec(line);
    if (m) previous.set(`${m[1]} ${m[2]}`.toLowerCase(), m[3]);
  }
}

const seen = new Set();
const lines = [
  '# Every METHOD PATH of the call sections of spec parts 1-3 (extracted by scripts/spec-paths.mjs).',
  '# rest/specPaths.test.ts fails for a path that is neither routed nor marked `pending` (its area is',
  '# not built yet). Remove the marker when the path is built.',
];
for (const file of readdirSync(specDir)
  .filter((f) => /^\d-.*\.md$/.test(f))
  .sort()) {
  const section = callSection(readFileSync(join(specDir, file), 'utf8'));
  const entries = file.startsWith('2-') ? fromBullets(section) : fromTables(section);
  lines.push('', `# ${file.replace(/\.md$/, '')} (§7)`);
  for (const entry of entries) {
    const key = entry.toLowerCase();
    if (seen.has(key)) continue;
    seen.add(key);
    const [method, path] = entry.split(' ');
    lines.push(`${method} /api/${path}${previous.get(key) ?? ''}`);
  }
}
writeFileSync(out, `${lines.join('\n')}\n`);
console.log(`${out}: ${seen.size} paths`);
