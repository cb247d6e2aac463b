import { DEMO_PASSWORD, demoUsers, migrateDb, openDb, seedDemo } from '@app/db';
import { buildApp } from './app.ts';
import { readEnv } from './env.ts';

const env = readEnv();
const database = await openDb(env.DATABASE_URL);
const app = await buildApp({
  database,
  logger: { level: env.LOG_LEVEL },
  ...(env.WEB_DIST ? { webDist: env.WEB_DIST } : {}),
});

try {
  await migrateDb(database);
  app.log.info({ database: database.label }, 'migrations applied');
  const seeded = env.SEED_DEMO === 'auto' ? await seedDemo(database.db) : false;
  if (seeded) app.log.info('demo data seeded');
  await app.listen({ port: env.PORT, host: env.HOST });
} catch (error) {
  app.log.fatal({ err: error }, 'start failed');
  await database.close().catch(() => undefined);
  process.exit(1);
}

const address = app.server.address();
const port = typeof address === 'object' && address ? address.port : env.PORT;
console.log(`\n  Feuerwehr-Haushalt läuft auf http://localhost:${port}  (database: ${database.label})`);
console.log(`  Demo logins (password "${DEMO_PASSWORD}"): ${demoUsers.map((u) => u.username).join(', ')}\n`);

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
    process.exit(0);
  } catch (error) {
    app.log.error({ err: error }, 'shutdown failed');
    process.exit(1);
  }
}
process.on('SIGTERM', () => void shutdown('SIGTERM'));
process.on('SIGINT', () => void shutdown('SIGINT'));
