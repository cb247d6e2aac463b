import { readFileSync, writeFileSync } from 'node:fs';
import { gunzipSync, gzipSync } from 'node:zlib';
import type { Db } from '@app/db';
import { type BackupHeader, catalogTables, tableCounts } from '@app/db/backup';

/** The lines of a backup file (header first). */
export function backupFileLines(file: string): string[] {
  return gunzipSync(readFileSync(file)).toString('utf8').split('\n').filter(Boolean);
}

/** Writes a backup file whose lines are `edit`ed from `source`'s (a damaged or foreign file for the refusal tests). */
export function editBackup(source: string, target: string, edit: (lines: string[]) => string[]): void {
  writeFileSync(target, gzipSync(`${edit(backupFileLines(source)).join('\n')}\n`));
}

/** Writes a backup file whose header is `edit`ed. */
export function editHeader(source: string, target: string, edit: (header: BackupHeader) => void): void {
  editBackup(source, target, ([head, ...rows]) => {
    const header = JSON.parse(head!) as BackupHeader;
    edit(header);
    return [JSON.stringify(header), ...rows];
  });
}

/** Rows per table of schema public, as an object (for equality). */
export async function countsOf(db: Db): Promise<Record<string, number>> {
  return Object.fromEntries(await tableCounts(db, await catalogTables(db)));
}
