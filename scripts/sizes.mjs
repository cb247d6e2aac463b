// The size rule of issue 23: no source module under apps/ or packages/ over 450 lines and no function
// of the API's services over 120 lines. Tests, test kits, generated files, seed data and label
// catalogs are aside. Prints what is over and exits 1 when something is. Run: node scripts/sizes.mjs
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import ts from 'typescript';

const root = join(import.meta.dirname, '..');
const MAX_MODULE_LINES = 450;
const MAX_FUNCTION_LINES = 120;
const functionRoot = 'packages/api/src/services/';
const aside = [
  /(^|\/)(node_modules|dist|test-results|drizzle|\.turbo)\//,
  /\.test\.tsx?$/,
  /\.testkit\.ts$/,
  /\.spec\.(ts|mjs)$/,
  /routeTree\.gen\.ts$/,
  /^packages\/db\/src\/seed\//,
  /^packages\/reports\/src\/labels\//,
  /\/locales\//,
];

function* sources(dir) {
  for (const entry of readdirSync(join(root, dir), { withFileTypes: true })) {
    const path = `${dir}/${entry.name}`;
    if (aside.some((re) => re.test(`${path}${entry.isDirectory() ? '/' : ''}`))) continue;
    if (entry.isDirectory()) yield* sources(path);
    else if (/\.(ts|tsx|mts|mjs|js|cjs)$/.test(entry.name) && !entry.name.endsWith('.d.ts')) yield path;
  }
}

/** Function-like nodes of a module with their line counts (nested ones counted on their own too). */
function functionsOf(path, text) {
  const file = ts.createSourceFile(path, text, ts.ScriptTarget.Latest, true);
  const found = [];
  const visit = (node) => {
    if (ts.isFunctionLike(node) && 'body' in node && node.body) {
      const start = file.getLineAndCharacterOfPosition(node.getStart(file)).line;
      const end = file.getLineAndCharacterOfPosition(node.getEnd()).line;
      const name = node.name?.getText(file) ?? (ts.isVariableDeclaration(node.parent) ? node.parent.name.getText(file) : '(anonymous)');
      found.push({ name, line: start + 1, lines: end - start + 1 });
    }
    ts.forEachChild(node, visit);
  };
  visit(file);
  return found;
}

const over = [];
for (const top of ['apps', 'packages']) {
  for (const path of sources(top)) {
    const text = readFileSync(join(root, path), 'utf8');
    const lines = text.split('\n').length - (text.endsWith('\n') ? 1 : 0);
    if (lines > MAX_MODULE_LINES) over.push(`${path}: ${lines} lines (module, max ${MAX_MODULE_LINES})`);
    if (!path.startsWith(functionRoot)) continue;
    for (const f of functionsOf(path, text))
      if (f.lines > MAX_FUNCTION_LINES) over.push(`${path}:${f.line} ${f.name}: ${f.lines} lines (function, max ${MAX_FUNCTION_LINES})`);
  }
}
for (const line of over) console.log(line);
console.log(over.length === 0 ? 'sizes: nothing over' : `sizes: ${over.length} over`);
process.exitCode = over.length === 0 ? 0 : 1;
