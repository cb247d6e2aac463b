/**
 * `npm run audit:verify` (issue 27): checks the hash chain of every department in the audit trail and
 * prints the first broken link of each broken chain. Exit code 0 intact, 1 broken (or the check failed).
 * The database is the server's: DATABASE_URL (PostgreSQL) or the embedded PGlite (default ./data/db).
 */
import { verifyAuditChains, verifyReport } from '@app/api';
import { migrateDb, openDb } from '@app/db';
import { describeDatabase } from '@app/db/startup';
import { readEnv } from '../env.ts';

async function main(): Promise<number> {
  const database = await openDb(readEnv().DATABASE_URL);
  try {
    await migrateDb(database);
    const report = verifyReport(await verifyAuditChains(database.db));
    process.stdout.write(`${describeDatabase(database)}\n${report.lines.join('\n')}\n`);
    return report.exitCode;
  } catch (error) {
    process.stderr.write(`audit:verify failed: ${(error as Error)?.stack ?? String(error)}\n`);
    return 1;
  } finally {
    await database.close().catch(() => undefined);
  }
}

process.exitCode = await main();
