import { toCents } from '@app/db';
import { type MovementKind, type MovementType, totalPages } from '@app/domain';
import { type SQL, sql } from 'drizzle-orm';
import type { BookingScope } from '../ledger/bookingScope.ts';

/**
 * What the digests share: the scope they are asked in, the paging of their movement rows (none: every
 * row, the prints) and the mapping of raw SQL values (both drivers: numbers or text, 't'/'f').
 */

export type DigestScope = Pick<BookingScope, 'departmentId' | 'year' | 'area'>;

export interface RowsPaging {
  page?: number | undefined;
  pageSize?: number | undefined;
}

export const DIGEST_PAGE_SIZE = 30;

/** The rows of a page as a condition on the row number column `seq` (1-based); every row without `page`. */
export function pageCondition(seq: SQL, paging: RowsPaging): SQL {
  if (paging.page === undefined) return sql`true`;
  const size = paging.pageSize ?? DIGEST_PAGE_SIZE;
  const offset = (paging.page - 1) * size;
  return sql`${seq} > ${offset} and ${seq} <= ${offset + size}`;
}

/** page, pageSize, totalPages and total of `total` rows (without paging: one page holding them all). */
export function pageFields(total: number, paging: RowsPaging): { page: number; pageSize: number; totalPages: number; total: number } {
  if (paging.page === undefined) return { page: 1, pageSize: Math.max(total, 1), totalPages: 1, total };
  const pageSize = paging.pageSize ?? DIGEST_PAGE_SIZE;
  return { page: paging.page, pageSize, totalPages: totalPages(total, pageSize), total };
}

export const numOrNull = (v: unknown): number | null => (v === null || v === undefined ? null : Number(v));
export const cents = toCents;
export const kindOrNull = (v: unknown): MovementKind | null => (v === 'revenues' || v === 'expenses' ? v : null);
export const typeOrNull = (v: unknown): MovementType | null => (v === null || v === undefined ? null : (Number(v) as MovementType));

/**
 * The receipts (issue 28) of a row's record, counted for the rows of the page only: the documents of its movement,
 * reservation or account transfer (each an indexed column; a null names none).
 */
export function receiptsSql(movementId: SQL, reservationId: SQL, transferId: SQL): SQL {
  return sql`(select count(*) from documents d where d.movement_id = ${movementId} or d.reservation_id = ${reservationId} or d.transfer_id = ${transferId})`;
}

/** A supplier's name as the digests show it: name1 and name2. */
export const supplierNameSql = (alias: string): SQL => sql.raw(`trim(${alias}.name1 || ' ' || ${alias}.name2)`);

/** The distinct notes of the positions `p` of a group, in alphabetical order, joined by '; ' (null when none). */
export const notesSql = sql`string_agg(distinct nullif(p.note, ''), '; ' order by nullif(p.note, ''))`;
