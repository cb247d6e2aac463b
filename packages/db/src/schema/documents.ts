import { sql } from 'drizzle-orm';
import { char, check, customType, index, integer, pgTable, primaryKey, serial, timestamp, varchar } from 'drizzle-orm/pg-core';
import { accountTransfers } from './accountBookings.ts';
import { departments } from './platform.ts';
import { movements } from './movements.ts';
import { paymentOrders } from './payments.ts';
import { reservations } from './reservations.ts';

/** bytea: the bytes as the driver gives them (postgres.js a Buffer, PGlite a Uint8Array). */
const bytea = customType<{ data: Uint8Array; driverData: Uint8Array }>({
  dataType() {
    return 'bytea';
  },
});

/**
 * The receipts' contents (issue 28), once per content: the same file attached twice (to one record or to
 * two) is one row, addressed by its SHA-256 (hex), with its size; the bytes are its pieces
 * (`document_chunks`). Kept in the database so backup and restore carry them. Not in the audit capture (the
 * `documents` row names the hash); a content no document names any more is removed with the last document
 * that named it (services/documents), its pieces with it (on delete cascade).
 */
export const documentContents = pgTable('document_contents', {
  sha256: char('sha256', { length: 64 }).primaryKey(),
  size: integer('size').notNull(),
});

/**
 * A content's bytes in pieces of at most 1 MB (migration 0026), numbered from 0: an upload writes them one
 * by one and a download reads them one by one, so no query carries the whole file (memory stays flat, also
 * on PGlite). Not in the audit capture, like its content.
 */
export const documentChunks = pgTable(
  'document_chunks',
  {
    sha256: char('sha256', { length: 64 })
      .notNull()
      .references(() => documentContents.sha256, { onDelete: 'cascade' }),
    seq: integer('seq').notNull(),
    bytes: bytea('bytes').notNull(),
  },
  (t) => [primaryKey({ columns: [t.sha256, t.seq] })],
);

/**
 * A receipt attached to one record (issue 28): a movement, a reservation, an account transfer or a payment
 * order — exactly one of the four references is set, and the document goes with its record (on delete
 * cascade: the latest record deleted takes its receipts along). The type is the one its content shows
 * (domain `sniffDocumentType`), never the name's.
 */
export const documents = pgTable(
  'documents',
  {
    id: serial('id').primaryKey(),
    departmentId: integer('department_id')
      .notNull()
      .references(() => departments.id, { onDelete: 'restrict' }),
    year: integer('year').notNull(),
    movementId: integer('movement_id').references(() => movements.id, { onDelete: 'cascade' }),
    reservationId: integer('reservation_id').references(() => reservations.id, { onDelete: 'cascade' }),
    transferId: integer('transfer_id').references(() => accountTransfers.id, { onDelete: 'cascade' }),
    orderId: integer('order_id').references(() => paymentOrders.id, { onDelete: 'cascade' }),
    fileName: varchar('file_name', { length: 200 }).notNull(),
    contentType: varchar('content_type', { length: 40 }).notNull(),
    size: integer('size').notNull(),
    sha256: char('sha256', { length: 64 })
      .notNull()
      .references(() => documentContents.sha256, { onDelete: 'restrict' }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    createdBy: integer('created_by'),
  },
  (t) => [
    index('documents_movement_idx').on(t.movementId),
    index('documents_reservation_idx').on(t.reservationId),
    index('documents_transfer_idx').on(t.transferId),
    index('documents_order_idx').on(t.orderId),
    index('documents_sha256_idx').on(t.sha256),
    check('documents_one_record_ck', sql`num_nonnulls(${t.movementId}, ${t.reservationId}, ${t.transferId}, ${t.orderId}) = 1`),
  ],
);
