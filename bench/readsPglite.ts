/**
 * The hot reads of reads.ts on the embedded PGlite (issue 29):
 *   npm run backup -- /tmp/bench.fwh                      (DATABASE_URL = the PostgreSQL bench database, after `npm run bench`)
 *   DATABASE_URL=pglite:/tmp/bench-pglite npm run restore -- /tmp/bench.fwh   (about 7 minutes)
 *   BENCH_PGLITE_DIR=/tmp/bench-pglite node --import tsx bench/readsPglite.ts
 * The app runs on the restored PGlite directory in its own process; the floor is an in-memory PGlite in
 * the floor's process (floorServer.ts BENCH_FLOOR_PGLITE). Ids are read from the PostgreSQL bench
 * database the file came from (BENCH_DATABASE_URL).
 */
import { fork } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import { benchEnv } from './env.ts';
import { BENCH_PASSWORD } from './generate.ts';
import { runReads } from './reads.ts';

const dir = process.env.BENCH_PGLITE_DIR ?? '/tmp/bench-pglite';
const server = fork(fileURLToPath(new URL('./appServer.ts', import.meta.url)), [], {
  execArgv: ['--import', 'tsx'],
  env: { ...process.env, BENCH_DATABASE_URL: `pglite:${dir}` },
});
const port = await new Promise<number>((resolve, reject) => {
  server.once('message', (m) => resolve((m as { port: number }).port));
  server.once('exit', (code) => reject(new Error(`bench app server exited (${code})`)));
});
const base = `http://127.0.0.1:${port}`;
async function login(username: string): Promise<string> {
  const res = await fetch(`${base}/api/Authenticate/login`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ username, password: BENCH_PASSWORD }),
  });
  return ((await res.json()) as { token: string }).token;
}
console.log(
  `\n## Hot reads on PGlite\n\n${await runReads({ url: benchEnv.databaseUrl, base, seconds: benchEnv.seconds, login, explain: false, pglite: true })}`,
);
server.disconnect();
