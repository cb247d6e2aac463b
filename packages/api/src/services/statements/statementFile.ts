import { createHash } from 'node:crypto';
import { type Db, execRows } from '@app/db';
import { DEFAULT_DOCUMENT_MAX_BYTES, normalizeIban, type ParsedStatement, type StatementImportResult } from '@app/domain';
import { sql } from 'drizzle-orm';
import { fail } from '../../errors.ts';
import type { YearScope } from '../ledger/bookingScope.ts';
import { parseStatement } from './camt.ts';

export interface ReadStatement {
  parsed: ParsedStatement;
  account: { id: number; code: string };
  sha256: string;
}

/**
 * The statement of a file for the scope: at most `maxBytes` (DOCUMENT_MAX_BYTES: PayloadTooLarge), read
 * (StatementFormat), of an account of the department with the statement's IBAN (StatementAccount naming the IBAN).
 */
export async function readStatement(db: Db, scope: YearScope, content: string, maxBytes = DEFAULT_DOCUMENT_MAX_BYTES): Promise<ReadStatement> {
  const size = Buffer.byteLength(content, 'utf8');
  if (size > maxBytes) fail('PayloadTooLarge', { field: 'file', params: { limit: maxBytes } });
  if (size === 0) fail('InvalidValue', { field: 'file' });
  const parsed = parseStatement(content);
  const iban = normalizeIban(parsed.head.iban);
  const accounts = await execRows<{ id: number | string; code: string; iban: string }>(
    db,
    sql`select id, code, iban from accounts where department_id = ${scope.departmentId} and iban <> '' order by code`,
  );
  const account = accounts.find((a) => normalizeIban(a.iban) === iban);
  if (!account) fail('StatementAccount', { field: 'file', params: { iban } });
  return { parsed, account: { id: Number(account.id), code: account.code }, sha256: createHash('sha256').update(content, 'utf8').digest('hex') };
}

/** The stored statement the file repeats: the same file (SHA-256), or the same statement of the account (id and creation day). */
export async function duplicateOf(db: Db, scope: YearScope, read: ReadStatement): Promise<StatementImportResult['duplicateOf']> {
  const { head } = read.parsed;
  const [row] = await execRows<{ id: number | string; imported_at: Date | string; file_name: string }>(
    db,
    sql`select id, imported_at, file_name from bank_statements
        where department_id = ${scope.departmentId}
          and (sha256 = ${read.sha256} or (account_id = ${read.account.id} and message = ${head.message} and statement_id = ${head.statementId}
               and statement_id <> '' and created_on = ${head.createdOn}))
        order by id limit 1`,
  );
  if (!row) return null;
  return { statementId: Number(row.id), importedAt: new Date(row.imported_at).toISOString(), fileName: row.file_name };
}
