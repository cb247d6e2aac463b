export * from './client.ts';
export { migrateDb, migrationsFolder } from './migrate.ts';
export * as schema from './schema/index.ts';
export { execRows, toCents } from './rows.ts';
