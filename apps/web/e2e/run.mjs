#!/usr/bin/env node
/**
 * End-to-end runner: builds the client if needed (and the server's bundle, scripts/serverBundle.mjs), then runs the specs (node:test + playwright-core
 * with Debian's /usr/bin/chromium) in shards side by side (E2E_SHARDS, default 2): each shard starts
 * the real server on a free port with a fresh PGlite database (demo data seeded), waits for /health,
 * runs its specs one after the other and stops the server. A spec file always runs whole in one
 * shard, after the specs before it in the file order of that shard; the shards are balanced by the
 * specs' measured durations (specWeights; each spec runs as its own `node --test`, and its seconds are printed at
 * the end and written to test-results/e2e-durations.json). Exits non-zero when anything fails.
 *
 *   node apps/web/e2e/run.mjs            # all specs
 *   node apps/web/e2e/run.mjs signin 87  # only specs whose file name contains "signin" or "87"
 *   E2E_SHARDS=1 node apps/web/e2e/run.mjs   # one server, every spec in file order
 */
import { spawn, spawnSync } from 'node:child_process';
import { appendFileSync, existsSync, mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join, resolve } from 'node:path';
import { createInterface } from 'node:readline';
import { fileURLToPath } from 'node:url';
import { compileCacheDir, serverNodeArgs } from '../../../scripts/serverBundle.mjs';
import { childEnv, e2eEnv } from './env.mjs';
import { freePort } from './ports.mjs';

const here = dirname(fileURLToPath(import.meta.url));
const webDir = resolve(here, '..');
const repoRoot = resolve(webDir, '../..');
const resultsDir = join(webDir, 'test-results');
const screenshotDir = join(resultsDir, 'screenshots');
const filters = process.argv.slice(2);

/**
 * Seconds a spec took on this machine (two shards side by side, 04.12. 18:50–19:08, nothing else running): the shards
 * are filled longest first so they end together. A spec not listed counts as 30 s.
 */
const specWeights = {
  '01-signin': 17,
  '02-users': 19,
  '03-menu': 25,
  '04-scope': 22,
  '05-prefs': 17,
  '08-password-expired': 6,
  '09-password': 9,
  '10-banks': 10,
  '11-base-data': 34,
  '12-base-data-screens': 23,
  '13-chart-admin': 84,
  '14-auditor': 30,
  '15-statistics': 6,
  '16-audit-pack': 17,
  '27-audit-trail': 41,
  '28-documents-in': 37,
  '28-receipts': 40,
  '30-union-dashboard': 16,
  '30-year-at-a-glance': 16,
  '68-living-demo': 162,
  '69-budget': 44,
  '70-safe-confirm': 24,
  '71-focus-return': 49,
  '72-cancelled-record': 21,
  '73-record-url': 33,
  '74-homebanking-paths': 39,
  '75-open-payments': 34,
  '76-union-overview': 11,
  '77-figures': 18,
  '78-detours': 66,
  '80-chapter-availability': 32,
  '81-amount-entry': 61,
  '81-year-end-detours': 28,
  '82-honest-states': 47,
  '83-home': 42,
  '84-demo-badge': 6,
  '85-corrections': 46,
  '85-first-start': 23,
  '86-year-lock': 36,
  '87-movements': 77,
  '88-reservations': 96,
  '89-cash': 112,
  '90-payments': 59,
  '91-digest-panels': 29,
  '92-printed-lists': 23,
  '93-late-assembly': 19,
  '93-year-end': 53,
  '94-actual-surplus': 12,
  '95-layout': 87,
  '96-csp': 9,
  '97-api-docs': 27,
  '98-paid-bill-chapter': 18,
  '98-pay-by-hand': 41,
  '98-residue-corrections': 24,
  '99-cancelled-rows': 25,
  '99-carry-over-stale': 31,
  '99-real-year-story': 36,
};

async function waitForHealth(baseUrl, server, timeoutMs = 120_000) {
  const deadline = Date.now() + timeoutMs;
  while (Date.now() < deadline) {
    if (server.exitCode !== null) throw new Error(`server exited early with code ${server.exitCode}`);
    try {
      const res = await fetch(`${baseUrl}/health`);
      if (res.ok) return;
    } catch {
      // not listening yet
    }
    await new Promise((r) => setTimeout(r, 300));
  }
  throw new Error(`server not healthy after ${timeoutMs} ms`);
}

function stop(server) {
  return new Promise((res) => {
    if (server.exitCode !== null || server.signalCode !== null) return res();
    const timer = setTimeout(() => server.kill('SIGKILL'), 10_000);
    server.once('exit', () => {
      clearTimeout(timer);
      res();
    });
    server.kill('SIGTERM');
  });
}

/** The specs split into `count` shards, longest first onto the lightest shard; each shard in file order. */
function shardSpecs(files, count) {
  const weight = (file) => specWeights[file.replace(/\.spec\.mjs$/, '')] ?? 30;
  const shards = Array.from({ length: Math.min(count, files.length) }, () => ({ files: [], seconds: 0 }));
  for (const file of [...files].sort((a, b) => weight(b) - weight(a) || a.localeCompare(b))) {
    const lightest = shards.reduce((min, s) => (s.seconds < min.seconds ? s : min));
    lightest.files.push(file);
    lightest.seconds += weight(file);
  }
  return shards.map((s) => s.files.sort());
}

/** Lines of a child's output, each prefixed with the shard's name (the shards run side by side). */
function prefixLines(stream, prefix) {
  createInterface({ input: stream }).on('line', (line) => console.log(`${prefix} ${line}`));
}

/** Runs one shard: its server on a fresh database, then its specs; resolves to { status, passed, failed }. */
async function runShard(index, files, webDist, nodeArgs) {
  const name = `[e2e:${index + 1}]`;
  const dbDir = mkdtempSync(join(tmpdir(), 'fwh-e2e-db-'));
  const port = await freePort();
  const baseUrl = `http://127.0.0.1:${port}`;
  const server = spawn(process.execPath, nodeArgs, {
    cwd: repoRoot,
    env: childEnv({
      PORT: String(port),
      HOST: '127.0.0.1',
      DATABASE_URL: `pglite:${join(dbDir, 'db')}`,
      LOG_LEVEL: e2eEnv.serverLogLevel,
      SEED_DEMO: 'always', // the specs need the demo data
      DEMO_DATA: 'fixture', // the specs assume the fixture (previous year open, current year without a budget), not the living demo
      NODE_ENV: 'production',
      NODE_COMPILE_CACHE: compileCacheDir, // the bundle's bytecode, compiled once for all servers
      WEB_DIST: webDist,
    }),
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  prefixLines(server.stdout, `${name} server:`);
  prefixLines(server.stderr, `${name} server:`);
  const tapFile = join(resultsDir, `e2e-${index + 1}.tap`);
  rmSync(tapFile, { force: true }); // a shard whose server never starts must not report an earlier run's counts
  let status = 1;
  const durations = {};
  let passed = 0;
  let failed = 0;
  try {
    await waitForHealth(baseUrl, server);
    console.log(`${name} server ready at ${baseUrl}: ${files.join(' ')}`);
    // one `node --test` per spec file (node --test runs each file in a process of its own anyway): its time is measured
    status = 0;
    for (const file of files) {
      const started = Date.now();
      const result = await runSpec(file, name, baseUrl, tapFile);
      durations[file.replace(/\.spec\.mjs$/, '')] = Math.round((Date.now() - started) / 1000);
      passed += result.passed;
      failed += result.failed;
      if (result.status !== 0) status = result.status;
    }
  } catch (error) {
    console.error(name, error);
    failed += 1;
  } finally {
    await stop(server);
    rmSync(dbDir, { recursive: true, force: true });
  }
  console.log(`${name} ${status === 0 ? 'passed' : 'FAILED'}: ${passed} passed, ${failed} failed`);
  return { status, passed, failed, durations };
}

/** Runs one spec file against the shard's server; its TAP is appended to the shard's tap file. */
async function runSpec(file, name, baseUrl, tapFile) {
  const specTap = `${tapFile}.part`;
  rmSync(specTap, { force: true });
  const run = spawn(
    process.execPath,
    [
      '--test',
      '--test-reporter=spec',
      '--test-reporter-destination=stdout',
      '--test-reporter=tap',
      `--test-reporter-destination=${specTap}`,
      join(here, 'specs', file),
    ],
    {
      cwd: webDir,
      stdio: ['ignore', 'pipe', 'pipe'],
      env: childEnv({
        E2E_BASE_URL: baseUrl,
        E2E_SCREENSHOT_DIR: screenshotDir,
        // the server's "today" is Europe/Rome's (todayIso): the specs and their browser count days there too, so a run
        // between midnight in Rome and midnight UTC types the date the server takes for today
        TZ: 'Europe/Rome',
      }),
    },
  );
  prefixLines(run.stdout, name);
  prefixLines(run.stderr, name);
  const status = await new Promise((res) => run.on('exit', (code) => res(code ?? 1)));
  const tap = existsSync(specTap) ? readFileSync(specTap, 'utf8') : '';
  appendFileSync(tapFile, tap);
  rmSync(specTap, { force: true });
  const count = (key) => Number(new RegExp(`^# ${key} (\\d+)$`, 'm').exec(tap)?.[1] ?? 0);
  return { status, passed: count('pass'), failed: count('fail') + (status === 0 || count('fail') > 0 ? 0 : 1) };
}

// WEB_DIST: serve a client built elsewhere (`npx vite build --outDir /tmp/x` in apps/web), e.g. to run
// several e2e runs side by side; otherwise apps/web/dist, built when missing.
const webDist = e2eEnv.webDist ? resolve(e2eEnv.webDist) : join(webDir, 'dist');
if (!existsSync(join(webDist, 'index.html'))) {
  console.log(`[e2e] ${webDist} missing: building the client`);
  const args = ['run', 'build', '--workspace', '@app/web'];
  if (e2eEnv.webDist) args.push('--', '--outDir', webDist);
  const build = spawnSync('npm', args, { cwd: repoRoot, stdio: 'inherit' });
  if (build.status !== 0) process.exit(build.status ?? 1);
}

mkdirSync(screenshotDir, { recursive: true });
const specs = readdirSync(join(here, 'specs'))
  .filter((f) => f.endsWith('.spec.mjs') && (filters.length === 0 || filters.some((part) => f.includes(part))))
  .sort();
if (specs.length === 0) {
  console.error(`[e2e] no spec matches ${filters.join(' or ')}`);
  process.exit(1);
}
const started = Date.now();
// the server as npm start runs it: the esbuild bundle (built once here when the server changed), tsx when it can't be built
const nodeArgs = await serverNodeArgs((line) => console.log(line.replace('[start]', '[e2e]')));
const results = await Promise.all(shardSpecs(specs, e2eEnv.shards).map((files, i) => runShard(i, files, webDist, nodeArgs)));
const passed = results.reduce((n, r) => n + r.passed, 0);
const failed = results.reduce((n, r) => n + r.failed, 0);
const exitCode = results.every((r) => r.status === 0) ? 0 : 1;
// counts for the CI summary line (scripts/test-summary.mjs)
writeFileSync(join(resultsDir, 'e2e.json'), JSON.stringify({ passed, failed }));
// each spec's seconds, longest first, in the form of specWeights (to update it from a CI run)
const durations = Object.fromEntries(results.flatMap((r) => Object.entries(r.durations ?? {})).sort(([a, x], [b, y]) => y - x || a.localeCompare(b)));
writeFileSync(join(resultsDir, 'e2e-durations.json'), `${JSON.stringify(durations, null, 2)}\n`);
console.log(
  `[e2e] seconds per spec: ${Object.entries(durations)
    .map(([spec, s]) => `${spec} ${s}`)
    .join(', ')}`,
);
console.log(
  `[e2e] ${exitCode === 0 ? 'passed' : 'FAILED'} in ${Math.round((Date.now() - started) / 1000)} s (${results.length} shards); screenshots in ${screenshotDir}`,
);
process.exit(exitCode);
