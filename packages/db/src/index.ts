export * from './client.ts';
export { migrateDb, migrationsFolder } from './migrate.ts';
export * as schema from './schema/index.ts';
export { hashPassword, verifyPassword } from './password.ts';
export { seedDemo, DEMO_PASSWORD, demoUsers } from './seed/index.ts';
