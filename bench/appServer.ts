/**
 * The app under load in its own process (as in production: the load generator is not in the server's
 * event loop). Started by run.ts with `fork`; answers its port over IPC once listening.
 */
import { openDb } from '@app/db';
import { buildApp } from '../apps/server/src/app.ts';
import { benchEnv } from './env.ts';
import { serveUntilDisconnected } from './processes.ts';

const database = await openDb(benchEnv.databaseUrl);
await serveUntilDisconnected(await buildApp({ database }), () => database.close());
