/**
 * A spec's own server (85-first-start, 68-living-demo): the real server on a free port with a fresh embedded
 * database in a temporary directory, started like the runner's (the server's esbuild bundle, scripts/serverBundle.mjs; its sources under tsx when it can't be built), its
 * output kept. `faketime` (a libfaketime timestamp, e.g. `@2027-01-05 10:00:00`) runs it on that day:
 * the clock starts there and runs on (the monotonic clock is left alone). The library is preloaded into the
 * server itself rather than through the `faketime` command, whose child outlives a SIGTERM to it.
 */
import { spawn } from 'node:child_process';
import { existsSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { compileCacheDir, serverNodeArgs } from '../../../scripts/serverBundle.mjs';
import { childEnv } from './env.mjs';
import { freePort } from './ports.mjs';

const repoRoot = resolve(dirname(fileURLToPath(import.meta.url)), '../../..');

/** libfaketime's multi-threaded library (Debian's package `faketime`). */
function libfaketime() {
  const found = [
    '/usr/lib/x86_64-linux-gnu/faketime/libfaketimeMT.so.1',
    '/usr/lib/aarch64-linux-gnu/faketime/libfaketimeMT.so.1',
    '/usr/lib/faketime/libfaketimeMT.so.1',
  ].find((path) => existsSync(path));
  if (!found) throw new Error('libfaketime not found: install the package faketime');
  return found;
}

/** Starts the server with `env` on top of the defaults and waits for /health; answers `{ base, output(), stop() }`. */
export async function startServer({ env = {}, faketime, name = 'server' } = {}) {
  const dbDir = mkdtempSync(join(tmpdir(), `fwh-e2e-${name}-`));
  const port = await freePort();
  const base = `http://127.0.0.1:${port}`;
  const serverEnv = childEnv({
    PORT: String(port),
    HOST: '127.0.0.1',
    DATABASE_URL: `pglite:${join(dbDir, 'db')}`,
    LOG_LEVEL: 'info',
    NODE_ENV: 'production',
    NODE_COMPILE_CACHE: compileCacheDir, // the bundle's bytecode, compiled once for all servers
    ...(faketime ? { LD_PRELOAD: libfaketime(), FAKETIME: faketime, FAKETIME_DONT_FAKE_MONOTONIC: '1' } : {}),
    ...env,
  });
  const server = spawn(process.execPath, await serverNodeArgs(), { cwd: repoRoot, env: serverEnv, stdio: ['ignore', 'pipe', 'pipe'] });
  let output = '';
  server.stdout.on('data', (d) => (output += d.toString()));
  server.stderr.on('data', (d) => (output += d.toString()));
  const stop = async () => {
    if (server.exitCode === null && server.signalCode === null) {
      const exited = new Promise((r) => server.once('exit', r));
      server.kill('SIGTERM');
      await exited;
    }
    rmSync(dbDir, { recursive: true, force: true });
  };
  const deadline = Date.now() + 400_000; // the living demo seeds a year of bookings per department: minutes on a loaded machine
  for (;;) {
    if (server.exitCode !== null) {
      await stop();
      throw new Error(`${name} exited: ${output}`);
    }
    const ok = await fetch(`${base}/health`).then(
      (r) => r.ok,
      () => false,
    );
    if (ok) break;
    if (Date.now() > deadline) {
      await stop();
      throw new Error(`${name} not healthy: ${output}`);
    }
    await new Promise((r) => setTimeout(r, 300));
  }
  return { base, output: () => output, stop };
}
