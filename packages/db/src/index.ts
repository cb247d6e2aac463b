export * from './client.ts';
export { appliedMigration, lastMigrationTag, MigrationError, migrateDb, migrationJournal, migrationsFolder } from './migrate.ts';
export * as schema from './schema/index.ts';
export { AUDIT_OFF, PURGE_ENDED_PENDING } from './auditOff.ts';
export { AUDIT_MAX_ROWS, type AuditAppend, type AuditFields, appendAudit, canonicalJson, rowHash } from './auditAppend.ts';
export { writeDocumentChunks } from './chunkCopy.ts';
export { execRows, likeEscape, moneyParam, pagedRows, streamRows, toBool, toCents, toInt } from './rows.ts';
