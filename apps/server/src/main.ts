import { seedLivingDemo } from '@app/api';
import { MigrationError, openDb, type Tx } from '@app/db';
import { todayIso } from '@app/domain';
import { DEMO_PASSWORD, demoUsers } from '@app/db/seed';
import { prepareDatabase, type StartupResult } from '@app/db/startup';
import { UserAccountError } from '@app/db/users';
import { buildApp } from './app.ts';
import { readEnv } from './env.ts';
import { parseTrustProxy } from './security.ts';

const env = readEnv();
const database = await openDb(env.DATABASE_URL);
const readDatabase = env.DATABASE_READ_URL ? await openDb(env.DATABASE_READ_URL) : undefined;
const app = await buildApp({
  database,
  readDatabase,
  logger: { level: env.LOG_LEVEL },
  trustProxy: parseTrustProxy(env.TRUST_PROXY),
  corsOrigins: env.CORS_ORIGINS,
  documentMaxBytes: env.DOCUMENT_MAX_BYTES,
  ...(env.WEB_DIST ? { webDist: env.WEB_DIST } : {}),
});

/** The day the demo is seeded for (Europe/Rome) and, for DEMO_DATA=living, the living layer on top of the fixture. */
function livingDemoOptions() {
  const today = todayIso();
  return { today, livingDemo: env.DEMO_DATA === 'living' ? (tx: Tx) => seedLivingDemo(tx, today) : undefined };
}

let startup: StartupResult;
try {
  startup = await prepareDatabase(database, {
    seedDemo: env.SEED_DEMO,
    ...livingDemoOptions(),
    initialSupervisor: env.INITIAL_SUPERVISOR ? { username: env.INITIAL_SUPERVISOR, password: env.INITIAL_SUPERVISOR_PASSWORD } : undefined,
  });
  if (readDatabase) app.log.info({ readDatabase: readDatabase.label }, `queries read from ${readDatabase.label} once it has what the primary committed`);
  app.log.info(
    { database: database.label, demo: startup.demo, demoSeeded: startup.demoSeeded, initialSupervisorCreated: startup.initialSupervisorCreated },
    startup.line,
  );
  await app.listen({ port: env.PORT, host: env.HOST });
} catch (error) {
  if (error instanceof UserAccountError) {
    const hint = error.code.startsWith('Password') ? ' (INITIAL_SUPERVISOR_PASSWORD)' : '';
    app.log.fatal(`start failed: INITIAL_SUPERVISOR "${env.INITIAL_SUPERVISOR ?? ''}": ${error.message}${hint}`);
  } else if (error instanceof MigrationError) {
    // the database stays at the migration before the failed one: the server does not run on it
    app.log.fatal({ migration: error.migration }, `start failed: ${error.message}`);
    console.error(`\n  Feuerwehr-Haushalt startet nicht: ${error.message}\n`);
  } else app.log.fatal({ err: error }, 'start failed');
  await database.close().catch(() => undefined);
  process.exit(1);
}

const address = app.server.address();
const port = typeof address === 'object' && address ? address.port : env.PORT;
console.log(`\n  Feuerwehr-Haushalt läuft auf http://localhost:${port}  —  ${startup.line}`);
if (startup.demo) console.log(`  Demo logins (password "${DEMO_PASSWORD}"): ${demoUsers.map((u) => u.username).join(', ')}`);
console.log('');

let closing = false;
async function shutdown(signal: string) {
  if (closing) return;
  closing = true;
  app.log.info({ signal }, 'shutting down');
  const timer = setTimeout(() => process.exit(1), 10_000);
  timer.unref();
  try {
    await app.close();
    await database.close();
    await readDatabase?.close();
    process.exit(0);
  } catch (error) {
    app.log.error({ err: error }, 'shutdown failed');
    process.exit(1);
  }
}
process.on('SIGTERM', () => void shutdown('SIGTERM'));
process.on('SIGINT', () => void shutdown('SIGINT'));
