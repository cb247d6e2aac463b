export * from './client.ts';
export { migrateDb, migrationsFolder } from './migrate.ts';
export * as schema from './schema/index.ts';
export { execRows, toCents } from './rows.ts';
export { hashPassword, verifyPassword } from './password.ts';
export { seedDemo, DEMO_PASSWORD, demoUsers, demoSeedAllowed, hasDemoData, SEED_DEMO_MODES, type SeedDemoMode } from './seed/index.ts';
export { describeDatabase, prepareDatabase, type StartupOptions, type StartupResult } from './startup.ts';
export { createInitialSupervisor, createUserAccount, UserAccountError, type NewUserAccount } from './userAccounts.ts';
