export * from './client.ts';
export { migrateDb, migrationsFolder } from './migrate.ts';
export * as schema from './schema/index.ts';
export { execRows, likeEscape, moneyParam, pagedRows, toBool, toCents, toInt } from './rows.ts';
