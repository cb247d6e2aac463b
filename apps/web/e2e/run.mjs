#!/usr/bin/env node
/**
 * End-to-end runner: builds the client if needed, starts the real server on a free port with a fresh
 * PGlite database (demo data seeded), waits for /health, runs the specs (node:test + playwright-core
 * with Debian's /usr/bin/chromium) and stops the server. Exits non-zero when anything fails.
 *
 *   node apps/web/e2e/run.mjs            # all specs
 *   node apps/web/e2e/run.mjs signin     # only specs whose file name contains "signin"
 */
import { spawn, spawnSync } from 'node:child_process';
import { existsSync, mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { childEnv, e2eEnv } from './env.mjs';
import { freePort } from './ports.mjs';

const here = dirname(fileURLToPath(import.meta.url));
const webDir = resolve(here, '..');
const repoRoot = resolve(webDir, '../..');
const screenshotDir = join(webDir, 'test-results', 'screenshots');
const filter = process.argv[2] ?? '';

async function waitForHealth(baseUrl, server, timeoutMs = 90_000) {
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
const dbDir = mkdtempSync(join(tmpdir(), 'fwh-e2e-db-'));
const port = await freePort();
const baseUrl = `http://127.0.0.1:${port}`;

const server = spawn(process.execPath, ['--import', 'tsx', 'apps/server/src/main.ts'], {
  cwd: repoRoot,
  env: childEnv({
    PORT: String(port),
    HOST: '127.0.0.1',
    DATABASE_URL: `pglite:${join(dbDir, 'db')}`,
    LOG_LEVEL: e2eEnv.serverLogLevel,
    SEED_DEMO: 'always', // the specs need the demo data
    NODE_ENV: 'production',
    WEB_DIST: webDist,
  }),
  stdio: ['ignore', 'inherit', 'inherit'],
});

let exitCode;
try {
  await waitForHealth(baseUrl, server);
  console.log(`[e2e] server ready at ${baseUrl}`);
  const specs = readdirSync(join(here, 'specs'))
    .filter((f) => f.endsWith('.spec.mjs') && f.includes(filter))
    .sort()
    .map((f) => join(here, 'specs', f));
  if (specs.length === 0) throw new Error(`no spec matches "${filter}"`);
  const tapFile = join(webDir, 'test-results', 'e2e.tap');
  const run = spawnSync(
    process.execPath,
    [
      '--test',
      '--test-reporter=spec',
      '--test-reporter-destination=stdout',
      '--test-reporter=tap',
      `--test-reporter-destination=${tapFile}`,
      '--test-concurrency=1',
      ...specs,
    ],
    {
      cwd: webDir,
      stdio: 'inherit',
      env: childEnv({ E2E_BASE_URL: baseUrl, E2E_SCREENSHOT_DIR: screenshotDir }),
    },
  );
  exitCode = run.status ?? 1;
  // counts for the CI summary line (scripts/test-summary.mjs)
  const tap = existsSync(tapFile) ? readFileSync(tapFile, 'utf8') : '';
  const count = (name) => Number(new RegExp(`^# ${name} (\\d+)$`, 'm').exec(tap)?.[1] ?? 0);
  writeFileSync(
    join(webDir, 'test-results', 'e2e.json'),
    JSON.stringify({ passed: count('pass'), failed: count('fail') + (exitCode === 0 ? 0 : count('fail') === 0 ? 1 : 0) }),
  );
} catch (error) {
  console.error('[e2e]', error);
  exitCode = 1;
} finally {
  await stop(server);
  rmSync(dbDir, { recursive: true, force: true });
}
console.log(`[e2e] ${exitCode === 0 ? 'passed' : 'FAILED'}; screenshots in ${screenshotDir}`);
process.exit(exitCode);
