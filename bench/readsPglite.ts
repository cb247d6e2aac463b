/**
 * The hot reads of reads.ts on the embedded PGlite (issue 29):
 *   npm run backup -- /tmp/bench.fwh                      (DATABASE_URL = the PostgreSQL bench database, after `npm run bench`)
 *   DATABASE_URL=pglite:/tmp/bench-pglite npm run restore -- /tmp/bench.fwh   (about 7 minutes)
 *   BENCH_PGLITE_DIR=/tmp/bench-pglite node --import tsx bench/readsPglite.ts
 * The app runs on the restored PGlite directory in its own process; the floor is an in-memory PGlite in
 * the floor's process (floorServer.ts BENCH_FLOOR_PGLITE). Ids are read from the PostgreSQL bench
 * database the file came from (BENCH_DATABASE_URL).
 */
import { benchEnv } from './env.ts';
import { benchLogin, forkServer } from './processes.ts';
import { runReads } from './reads.ts';

const dir = benchEnv.pgliteDir;
const server = await forkServer('./appServer.ts', { BENCH_DATABASE_URL: `pglite:${dir}` });
const base = server.base;
const login = benchLogin(base);
console.log(
  `\n## Hot reads on PGlite\n\n${await runReads({ url: benchEnv.databaseUrl, base, seconds: benchEnv.seconds, login, explain: false, pglite: true })}`,
);
server.stop();
