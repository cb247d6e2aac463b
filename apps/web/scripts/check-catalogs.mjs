#!/usr/bin/env node
/**
 * i18n gate (npm run i18n:check):
 *  1. the catalogs are in sync with the source (`lingui check sync --clean`: no message missing
 *     from a catalog, none obsolete) — otherwise run `npm run extract`;
 *  2. every German message has an Italian translation (no empty msgstr, none missing).
 * Exits 1 on any failure. `--po-only` skips step 1 (used by the unit test of this script).
 */
import { spawnSync } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';

const webDir = resolve(dirname(fileURLToPath(import.meta.url)), '..');

/** Parses a .po file into [{ msgid, msgstr, obsolete }] (context-free; multi-line strings joined). */
export function parsePo(text) {
  const entries = [];
  let current = null;
  let field = null;
  const unquote = (s) => JSON.parse(s);
  const flush = () => {
    if (current && current.msgid !== undefined) entries.push(current);
    current = null;
    field = null;
  };
  for (const rawLine of text.split(/\r?\n/)) {
    const obsolete = rawLine.startsWith('#~');
    const line = obsolete ? rawLine.replace(/^#~\s?/, '') : rawLine;
    if (line.trim() === '') {
      flush();
      continue;
    }
    if (!obsolete && line.startsWith('#')) continue;
    const m = /^(msgctxt|msgid|msgstr)\s+(".*")\s*$/.exec(line);
    if (m) {
      if (m[1] === 'msgctxt' || (m[1] === 'msgid' && current && current.msgid !== undefined)) flush();
      current ??= { obsolete };
      current.obsolete ||= obsolete;
      field = m[1];
      current[field] = unquote(m[2]);
      continue;
    }
    if (/^".*"$/.test(line.trim()) && current && field) {
      current[field] += unquote(line.trim());
    }
  }
  flush();
  return entries.filter((e) => e.msgid !== '');
}

export function checkTranslations(sourcePo, targetPo) {
  const source = parsePo(sourcePo).filter((e) => !e.obsolete);
  const target = new Map(
    parsePo(targetPo)
      .filter((e) => !e.obsolete)
      .map((e) => [`${e.msgctxt ?? ''}\u0004${e.msgid}`, e]),
  );
  const problems = [];
  for (const entry of source) {
    const found = target.get(`${entry.msgctxt ?? ''}\u0004${entry.msgid}`);
    if (!found) problems.push(`missing in it: ${entry.msgid}`);
    else if (!found.msgstr || found.msgstr.trim() === '') problems.push(`empty Italian msgstr: ${entry.msgid}`);
  }
  return problems;
}

function main() {
  const poOnly = process.argv.includes('--po-only');
  let failed = false;
  if (!poOnly) {
    const bin = spawnSync(process.execPath, [resolveLinguiCli(), 'check', 'sync', '--clean', '--workers', '1'], { cwd: webDir, stdio: 'inherit' });
    if (bin.status !== 0) {
      console.error('i18n:check: catalogs are out of sync with the source. Run `npm run extract --workspace @app/web` and translate.');
      failed = true;
    }
  }
  const de = readFileSync(join(webDir, 'src/locales/de/messages.po'), 'utf8');
  const it = readFileSync(join(webDir, 'src/locales/it/messages.po'), 'utf8');
  const problems = checkTranslations(de, it);
  for (const p of problems) console.error(`i18n:check: ${p}`);
  const count = parsePo(de).filter((e) => !e.obsolete).length;
  if (problems.length > 0) failed = true;
  if (failed) {
    console.error(`i18n:check: FAILED (${problems.length} translation problem(s))`);
    process.exit(1);
  }
  console.log(`i18n:check: ok (${count} messages, Italian complete)`);
}

function resolveLinguiCli() {
  // the CLI's entry file; found through Node's resolution from the web workspace
  const pkg = JSON.parse(readFileSync(findUp('node_modules/@lingui/cli/package.json'), 'utf8'));
  const bin = typeof pkg.bin === 'string' ? pkg.bin : pkg.bin.lingui;
  return join(dirname(findUp('node_modules/@lingui/cli/package.json')), bin);
}

function findUp(rel) {
  let dir = webDir;
  for (;;) {
    const candidate = join(dir, rel);
    try {
      readFileSync(candidate);
      return candidate;
    } catch {
      const parent = dirname(dir);
      if (parent === dir) throw new Error(`${rel} not found`);
      dir = parent;
    }
  }
}

if (process.argv[1] && resolve(process.argv[1]) === fileURLToPath(import.meta.url)) main();
