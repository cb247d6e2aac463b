#!/usr/bin/env node
/**
 * `npm start` (issue 29): builds what changed, then runs the server.
 *
 * 1. The web client: built (turbo run build) only when the fingerprint of its inputs (scripts/startStamp.mjs WEB_INPUTS)
 *    differs from the one stored beside apps/web/dist, or the build is missing.
 * 2. The server: bundled by esbuild into apps/server/dist/main.mjs (scripts/serverBundle.mjs) only when the fingerprint of
 *    its inputs changed; run with plain node in this process, with node's compile cache on (the bundle's bytecode is
 *    kept in node_modules/.cache between starts). When the bundle can't be built (esbuild missing, a build error), the
 *    server runs from its sources under tsx as before, and the reason is printed.
 *
 *   npm start                 # the server on PORT (default 3000)
 *   npm start -- --timings    # also prints each step's milliseconds
 *   npm start -- --tsx        # skip the bundle: the sources under tsx
 */
import { spawn, spawnSync } from 'node:child_process';
import module from 'node:module';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { compileCacheDir, currentServerBundle, repoRoot } from './serverBundle.mjs';
import { fingerprint, isCurrent, WEB_INPUTS, writeStamp } from './startStamp.mjs';

const args = process.argv.slice(2);
const showTimings = args.includes('--timings');
const forceTsx = args.includes('--tsx');
const webDist = join(repoRoot, 'apps/web/dist');

const started = performance.now();
let last = started;
const timings = [];
function lap(step) {
  const now = performance.now();
  timings.push(`${step} ${Math.round(now - last)} ms`);
  last = now;
}

/** Builds the web client when its inputs changed; exits on a failed build (as the former `turbo run build && ...`). */
function ensureWebClient() {
  const wanted = fingerprint(repoRoot, WEB_INPUTS);
  lap('web fingerprint');
  if (isCurrent(webDist, 'index.html', wanted)) return;
  console.log('[start] the web client changed: building it');
  const turbo = join(repoRoot, 'node_modules/.bin/turbo');
  const build = spawnSync(turbo, ['run', 'build', '--output-logs=errors-only'], { cwd: repoRoot, stdio: 'inherit' });
  if (build.status !== 0) process.exit(build.status ?? 1);
  writeStamp(webDist, wanted);
  lap('web build');
}

/** The server from its sources in a child process under tsx; its exit code is ours, signals are passed on. */
function runUnderTsx() {
  const child = spawn(process.execPath, ['--import', 'tsx', 'apps/server/src/main.ts'], { cwd: repoRoot, stdio: 'inherit' });
  for (const signal of ['SIGINT', 'SIGTERM']) process.on(signal, () => child.kill(signal));
  child.on('exit', (code, signal) => process.exit(code ?? (signal ? 1 : 0)));
}

ensureWebClient();
const bundle = forceTsx ? null : await currentServerBundle(console.log, lap);
if (showTimings) console.log(`[start] ${timings.join(', ')}; the server starts ${Math.round(performance.now() - started)} ms after the command`);
if (bundle) {
  // the bundle's compiled bytecode, kept between starts (Node 22.1+; a no-op where unsupported)
  module.enableCompileCache?.(compileCacheDir);
  await import(pathToFileURL(bundle).href);
} else runUnderTsx();
