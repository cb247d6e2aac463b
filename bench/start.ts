/**
 * `npm start` to a healthy server (issue 29 "Start"): the time from spawning the command to the first 200 of /health,
 * beside a bare `node -e` HTTP server spawned and polled the same way (the floor: what starting any Node server costs on
 * this machine), reported as a ratio. The runs of each kind alternate, the median of BENCH_START_RUNS is reported.
 *
 *   node --import tsx bench/start.ts
 *
 * Kinds: `warm` — nothing changed (the client's and the server's fingerprints match, node's compile cache filled);
 * `cold` — the server changed (its stamp and node's compile cache deleted: the bundle is rebuilt and compiled afresh;
 * the client stays built); `tsx` — `npm start -- --tsx`, the sources under tsx (the fallback); `before` — main's command
 * (`turbo run build && node --import tsx apps/server/src/main.ts`, PORT in turbo's hash as on main). The database is a
 * PGlite directory seeded by a first, untimed start. The page cache is not dropped (the machine is shared).
 */
import { spawn } from 'node:child_process';
import { rmSync } from 'node:fs';
import { loadavg } from 'node:os';
import { fileURLToPath } from 'node:url';
import { benchEnv, childEnv } from './env.ts';
import { freePort } from './ports.ts';

const repoRoot = fileURLToPath(new URL('..', import.meta.url));

/** Spawns `command` in a process group of its own with PORT set, polls /health every 10 ms; answers the milliseconds, then stops the group. */
async function timeToHealthy(command: string[], timeoutMs = 300_000): Promise<number> {
  const port = await freePort();
  const started = performance.now();
  const child = spawn(command[0]!, command.slice(1), {
    cwd: repoRoot,
    detached: true,
    stdio: ['ignore', 'pipe', 'pipe'],
    env: childEnv({ PORT: String(port), HOST: '127.0.0.1', DATABASE_URL: benchEnv.startDatabaseUrl, LOG_LEVEL: 'warn', DEMO_DATA: 'fixture' }),
  });
  let output = '';
  child.stdout.on('data', (d: Buffer) => (output += d.toString()));
  child.stderr.on('data', (d: Buffer) => (output += d.toString()));
  const exited = new Promise<void>((resolve) => child.once('exit', () => resolve()));
  try {
    for (;;) {
      if (child.exitCode !== null) throw new Error(`${command.join(' ')} exited (${child.exitCode}): ${output}`);
      if (performance.now() - started > timeoutMs) throw new Error(`${command.join(' ')} not healthy: ${output}`);
      const ok = await fetch(`http://127.0.0.1:${port}/health`).then(
        (r) => r.ok,
        () => false,
      );
      if (ok) return performance.now() - started;
      await new Promise((r) => setTimeout(r, 10));
    }
  } finally {
    // npm does not pass SIGTERM on to the server it started: the whole group
    if (child.exitCode === null) process.kill(-child.pid!, 'SIGTERM');
    await exited;
    await new Promise((r) => setTimeout(r, 200)); // the group's server closing its database
  }
}

const median = (xs: number[]) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)]!;
const floor = ['node', '-e', "require('node:http').createServer((q, s) => s.end('ok')).listen(process.env.PORT, '127.0.0.1')"];
const npmStart = ['npm', 'start', '--silent'];

const kinds: { name: string; prepare?: () => void; command: string[] }[] = [
  { name: 'warm: npm start, nothing changed', command: npmStart },
  {
    name: 'cold: npm start after a server change (bundle rebuilt, compile cache empty)',
    prepare: () => {
      rmSync(`${repoRoot}/apps/server/dist.stamp`, { force: true });
      rmSync(`${repoRoot}/node_modules/.cache/node-compile-cache`, { recursive: true, force: true });
    },
    command: npmStart,
  },
  { name: 'npm start -- --tsx (the fallback: sources under tsx)', command: [...npmStart, '--', '--tsx'] },
  {
    name: "before: main's command (turbo run build && tsx; turbo's cache hit, as PORT is no longer in its hash)",
    command: ['sh', '-c', 'node_modules/.bin/turbo run build --output-logs=errors-only >/dev/null && exec node --import tsx apps/server/src/main.ts'],
  },
];

const loadBefore = loadavg();
console.log(`[start bench] seeding ${benchEnv.startDatabaseUrl} (untimed first start)`);
await timeToHealthy(npmStart, 900_000);
const results = kinds.map((k) => ({ ...k, times: [] as number[], floor: [] as number[] }));
for (let run = 0; run < benchEnv.startRuns; run++)
  for (const kind of results) {
    kind.prepare?.();
    kind.times.push(await timeToHealthy(kind.command));
    kind.floor.push(await timeToHealthy(floor));
  }
const loadAfter = loadavg();
console.log(`\n| start (median of ${benchEnv.startRuns}) | ms | all runs ms | bare node ms | ratio |`);
console.log('|---|---|---|---|---|');
for (const k of results) {
  const ms = median(k.times);
  const bare = median(k.floor);
  console.log(`| ${k.name} | ${Math.round(ms)} | ${k.times.map(Math.round).join(', ')} | ${Math.round(bare)} | ${(ms / bare).toFixed(1)} |`);
}
console.log(`\nload average (1/5/15 min): before ${loadBefore.map((l) => l.toFixed(1)).join('/')}, after ${loadAfter.map((l) => l.toFixed(1)).join('/')}`);
