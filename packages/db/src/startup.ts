import type { DbHandle, Tx } from './client.ts';
import { PURGE_ENDED_PENDING } from './auditOff.ts';
import { migrateDb } from './migrate.ts';
import { demoSeedAllowed, hasDemoData, type SeedDemoMode, seedDemo } from './seed/index.ts';
import { createInitialSupervisor } from './userAccounts.ts';

/** Where the database lives, for logs and the command line: never a user name or password. */
export function describeDatabase(handle: Pick<DbHandle, 'kind' | 'label'>): string {
  if (handle.kind === 'postgres') return `PostgreSQL ${handle.label.replace(/^postgres(ql)?:\/\//, '')}`;
  const target = handle.label.replace(/^pglite:/, '');
  return target === 'memory' || target === '' ? 'PGlite in memory' : `PGlite ${target}`;
}

export interface StartupOptions {
  seedDemo: SeedDemoMode;
  /** INITIAL_SUPERVISOR / INITIAL_SUPERVISOR_PASSWORD: created only while the database has no user. */
  initialSupervisor?: { username: string; password: string | undefined } | undefined;
  currentYear?: number;
  /** The day the demo is seeded for (`YYYY-MM-DD`; default today in UTC); its year is the default current year. */
  today?: string;
  /** Runs after the demo fixture inside its transaction (the living demo). */
  livingDemo?: ((tx: Tx) => Promise<void>) | undefined;
}

export interface StartupResult {
  initialSupervisorCreated: boolean;
  demoSeeded: boolean;
  /** The database holds demo data (seeded now or earlier). */
  demo: boolean;
  /** The one start-log line: `database: PostgreSQL host:5432/db (demo data: none)`. */
  line: string;
}

/**
 * What a server start does to its database: apply the migrations, create the initial supervisor
 * (when asked for and there is no user yet), then seed the demo data when the mode allows it for
 * this kind of database and it is still empty. The initial supervisor goes first, so asking for one
 * keeps the demo out.
 */
export async function prepareDatabase(handle: DbHandle, options: StartupOptions): Promise<StartupResult> {
  await migrateDb(handle);
  // rows captured by transactions that ended without an audit append (writes outside the app's saves)
  await handle.db.execute(PURGE_ENDED_PENDING);
  const initialSupervisorCreated = options.initialSupervisor
    ? await createInitialSupervisor(handle.db, options.initialSupervisor.username, options.initialSupervisor.password)
    : false;
  const demoSeeded = demoSeedAllowed(options.seedDemo, handle.kind)
    ? await seedDemo(handle.db, options.currentYear ?? (options.today ? Number(options.today.slice(0, 4)) : undefined), options.today, options.livingDemo)
    : false;
  const demo = demoSeeded || (await hasDemoData(handle.db));
  const demoText = demoSeeded ? 'seeded now' : demo ? 'present' : 'none';
  const supervisorText = initialSupervisorCreated && options.initialSupervisor ? `, initial supervisor "${options.initialSupervisor.username}" created` : '';
  return {
    initialSupervisorCreated,
    demoSeeded,
    demo,
    line: `database: ${describeDatabase(handle)} (demo data: ${demoText}${supervisorText})`,
  };
}
