/**
 * The backup file (README › Production › Backup and restore): gzip'd JSON lines. The first line is the
 * header, then one line per row, table by table in the header's order:
 *
 *   {"format":"feuerwehr-haushalt-backup","version":1,"schema":"0018_...","createdAt":"...",
 *    "tables":[{"name":"departments","columns":["id","code",...],"rows":12},...],
 *    "sequences":[{"name":"departments_id_seq","value":"12","isCalled":true},...],
 *    "figures":{...}}
 *   {"t":"departments","v":["1","000","Bezirksverband",...]}
 *
 * Every value is PostgreSQL's text form of the column (null stays null), so numeric, dates, json and
 * arrays travel exactly and either database loads them with a cast to the column's type.
 */
import type { Db } from '../client.ts';

export const BACKUP_FORMAT = 'feuerwehr-haushalt-backup';
export const BACKUP_VERSION = 1;

export interface BackupTable {
  name: string;
  columns: string[];
  rows: number;
}

export interface BackupSequence {
  name: string;
  /** last_value as text (int8). */
  value: string;
  isCalled: boolean;
}

/** What the application computes from the data (every department's cash total and chapter figures); compared after a restore. */
export type BackupFigures = unknown;

export interface BackupHeader {
  format: typeof BACKUP_FORMAT;
  version: number;
  /** The last migration applied to the database the backup came from (drizzle's journal tag). */
  schema: string;
  createdAt: string;
  tables: BackupTable[];
  sequences: BackupSequence[];
  figures: BackupFigures;
}

export interface BackupRowLine {
  t: string;
  v: (string | null)[];
}

/** Computes the figures of a database (the API's backupFigures; the db package does not know the ledger). */
export type FiguresOf = (db: Db) => Promise<BackupFigures>;

/** Progress of a backup or restore: rows done of all rows, and the table being worked on. */
export type Progress = (done: number, total: number, table: string) => void;

export type BackupErrorCode = 'Damaged' | 'OtherSchema' | 'NotEmpty' | 'CountMismatch' | 'FiguresMismatch';

/** A backup or restore that was refused; nothing was written (a restore rolled back). */
export class BackupError extends Error {
  constructor(
    readonly code: BackupErrorCode,
    message: string,
    options?: { cause?: unknown },
  ) {
    super(message, options);
    this.name = 'BackupError';
  }
}
