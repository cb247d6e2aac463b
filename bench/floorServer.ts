/**
 * The floor of a scoped read (issue 29): Fastify without logging answering one primary-key select
 * through postgres.js (prepared, a pool of 10 like the app's), in its own process like the app
 * (appServer.ts). No session, no scope check, no tRPC, no zod: the least any read of the app must do.
 * Started by reads.ts with `fork`; answers its port over IPC once listening.
 */
import Fastify from 'fastify';
import postgres from 'postgres';
import { benchEnv } from './env.ts';

const sql = postgres(benchEnv.databaseUrl, { max: 10, onnotice: () => undefined });
const app = Fastify({ logger: false });
app.get<{ Params: { id: string } }>('/floor/:id', async (req) => {
  const rows = await sql`select id, code, name1_deu from departments where id = ${Number(req.params.id)}`;
  return rows[0] ?? null;
});
await app.listen({ port: 0, host: '127.0.0.1' });
const address = app.server.address();
process.send?.({ port: typeof address === 'object' && address ? address.port : 0 });
process.on('disconnect', () => {
  void app
    .close()
    .then(() => sql.end())
    .finally(() => process.exit(0));
});
