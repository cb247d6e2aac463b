export { catalogTables, filledTables, MIGRATION_FILLED_TABLES, tableCounts } from './catalog.ts';
export { dumpDatabase, type DumpOptions } from './dump.ts';
export * from './format.ts';
export { backupLines, checkHeader, firstDifference, insertRows, loadBackup, type LoadOptions, type LoadResult, readBackupHeader } from './load.ts';
