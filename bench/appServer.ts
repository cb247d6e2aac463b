/**
 * The app under load in its own process (as in production: the load generator is not in the server's
 * event loop). Started by run.ts with `fork`; answers its port over IPC once listening.
 */
import { openDb } from '@app/db';
import { buildApp } from '../apps/server/src/app.ts';
import { benchEnv } from './env.ts';

const database = await openDb(benchEnv.databaseUrl);
const app = await buildApp({ database });
await app.listen({ port: 0, host: '127.0.0.1' });
const address = app.server.address();
process.send?.({ port: typeof address === 'object' && address ? address.port : 0 });
process.on('disconnect', () => {
  void app
    .close()
    .then(() => database.close())
    .finally(() => process.exit(0));
});
