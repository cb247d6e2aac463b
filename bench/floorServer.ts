/**
 * The floor of a scoped read (issue 29): Fastify without logging answering one primary-key select
 * through postgres.js (prepared, a pool of 10 like the app's), in its own process like the app
 * (appServer.ts). No session, no scope check, no tRPC, no zod: the least any read of the app must do.
 * Started by reads.ts with `fork`; answers its port over IPC once listening.
 */
import { PGlite } from '@electric-sql/pglite';
import Fastify from 'fastify';
import postgres from 'postgres';
import { benchEnv } from './env.ts';
import { serveUntilDisconnected } from './processes.ts';

/**
 * BENCH_FLOOR_PGLITE=1: the floor of the embedded database — an in-memory PGlite in this process with
 * the 307 departments' id, code and name (PGlite serves one process: the app's data directory is the app's).
 */
const onPglite = benchEnv.floorOnPglite;
const sql = onPglite ? null : postgres(benchEnv.databaseUrl, { max: 10, onnotice: () => undefined });
const lite = onPglite ? await PGlite.create() : null;
if (lite) {
  await lite.exec('create table departments (id integer primary key, code varchar(3) not null, name1_deu varchar(40) not null)');
  await lite.exec("insert into departments select g, lpad(g::text, 3, '0'), 'Feuerwehr ' || g from generate_series(1, 307) g");
}
const app = Fastify({ logger: false });
app.get<{ Params: { id: string } }>('/floor/:id', async (req) => {
  const id = Number(req.params.id);
  if (lite) return (await lite.query('select id, code, name1_deu from departments where id = $1', [id])).rows[0] ?? null;
  const rows = await (sql as postgres.Sql)`select id, code, name1_deu from departments where id = ${id}`;
  return rows[0] ?? null;
});
await serveUntilDisconnected(app, async () => (sql ? sql.end() : lite?.close()));
