/**
 * Receipts (issue 28): the documents of a movement, reservation, account transfer or payment order. A file's
 * type is read from its content (domain `sniffDocumentType`: DocumentType otherwise), its size is bounded
 * (PayloadTooLarge), and its bytes are kept once per content (document_contents, by SHA-256). Reading
 * needs the record to be readable; attaching and deleting are booking writes: the year open (YearLocked),
 * the budget not closed (BudgetClosed) and approved, and — to delete — the record not frozen (a bill in a
 * stored order: PaymentInOrder; a registered order: OrderRegistered). A content no document names any more is
 * removed by the database (trigger document_contents_release), also when a record goes with its documents.
 */
import { createHash } from 'node:crypto';
import { type Db, execRows, schema, toBool } from '@app/db';
import {
  DEFAULT_DOCUMENT_MAX_BYTES,
  type DocumentAttachInput,
  type DocumentBase64,
  type DocumentContent,
  type DocumentContentType,
  type DocumentInfo,
  type DocumentKey,
  type DocumentRecordInput,
  type DocumentRecordKind,
  documentFileName,
  sniffDocumentType,
} from '@app/domain';
import { and, asc, eq, sql } from 'drizzle-orm';
import { fail } from '../../errors.ts';
import type { BookingScope, YearScope } from '../ledger/bookingScope.ts';
import { assertNotInOrder } from '../ledger/frozen.ts';
import { shareBookableHead } from '../ledger/head.ts';

const { documentContents, documents, users } = schema;

/** The table and the document column of each record kind. */
const RECORDS = {
  movement: { table: 'movements', column: documents.movementId, key: 'movementId' },
  reservation: { table: 'reservations', column: documents.reservationId, key: 'reservationId' },
  transfer: { table: 'account_transfers', column: documents.transferId, key: 'transferId' },
  order: { table: 'payment_orders', column: documents.orderId, key: 'orderId' },
} as const;

/** The record kind a document row belongs to. */
function kindOf(row: {
  movementId: number | null;
  reservationId: number | null;
  transferId: number | null;
  orderId: number | null;
}): [DocumentRecordKind, number] {
  if (row.movementId !== null) return ['movement', row.movementId];
  if (row.reservationId !== null) return ['reservation', row.reservationId];
  if (row.transferId !== null) return ['transfer', row.transferId];
  return ['order', row.orderId as number];
}

/** The record of the scope (RecordNotFound otherwise); `lock`: FOR SHARE, so it can't go while a document is written. */
async function assertRecord(db: Db, scope: YearScope, kind: DocumentRecordKind, id: number, lock = false): Promise<{ registered: boolean }> {
  const { table } = RECORDS[kind];
  const registered = kind === 'order' ? sql`registered_at is not null` : sql`false`;
  const [row] = await execRows<{ registered: boolean | string }>(
    db,
    sql`select ${registered} as registered from ${sql.identifier(table)}
        where id = ${id} and department_id = ${scope.departmentId} and year = ${scope.year}${lock ? sql` for share` : sql``}`,
  );
  if (!row) fail('RecordNotFound', { field: 'recordId', params: { recordId: id } });
  return { registered: toBool(row.registered) };
}

const infoColumns = {
  id: documents.id,
  movementId: documents.movementId,
  reservationId: documents.reservationId,
  transferId: documents.transferId,
  orderId: documents.orderId,
  fileName: documents.fileName,
  contentType: documents.contentType,
  size: documents.size,
  sha256: documents.sha256,
  createdAt: documents.createdAt,
  createdBy: users.fullname,
};

interface InfoRow {
  id: number;
  movementId: number | null;
  reservationId: number | null;
  transferId: number | null;
  orderId: number | null;
  fileName: string;
  contentType: string;
  size: number;
  sha256: string;
  createdAt: Date;
  createdBy: string | null;
}

function toInfo(row: InfoRow): DocumentInfo {
  const [recordKind, recordId] = kindOf(row);
  return {
    id: row.id,
    recordKind,
    recordId,
    fileName: row.fileName,
    contentType: row.contentType as DocumentContentType,
    size: row.size,
    sha256: row.sha256,
    createdAt: row.createdAt.toISOString(),
    createdBy: row.createdBy ?? null,
  };
}

/** The documents of one record of the scope, oldest first (RecordNotFound for a record not of the scope). */
export async function listDocuments(db: Db, scope: YearScope, input: Pick<DocumentRecordInput, 'recordKind' | 'recordId'>): Promise<DocumentInfo[]> {
  await assertRecord(db, scope, input.recordKind, input.recordId);
  const rows = await db
    .select(infoColumns)
    .from(documents)
    .leftJoin(users, eq(users.id, documents.createdBy))
    .where(and(eq(RECORDS[input.recordKind].column, input.recordId), eq(documents.departmentId, scope.departmentId)))
    .orderBy(asc(documents.id));
  return rows.map(toInfo);
}

/** One document's bytes with its name and type (NotFound for a document not of the scope). */
export async function documentContent(db: Db, scope: YearScope, input: Pick<DocumentKey, 'id'>): Promise<DocumentContent> {
  const [row] = await db
    .select({ fileName: documents.fileName, contentType: documents.contentType, content: documentContents.content })
    .from(documents)
    .innerJoin(documentContents, eq(documentContents.sha256, documents.sha256))
    .where(and(eq(documents.id, input.id), eq(documents.departmentId, scope.departmentId), eq(documents.year, scope.year)));
  if (!row) fail('NotFound', { field: 'id', params: { id: input.id } });
  return { fileName: row.fileName, contentType: row.contentType as DocumentContentType, content: row.content };
}

/** The piece a streamed download reads at a time (1 MB: the whole file is never one value in the server). */
export const DOCUMENT_CHUNK_BYTES = 1024 * 1024;

/** A document to stream: its name, type and size, and its bytes piece by piece. */
export interface DocumentStream {
  fileName: string;
  contentType: DocumentContentType;
  size: number;
  chunks: AsyncIterable<Uint8Array>;
}

/**
 * One document as a stream (REST `GET Documents/{id}`): the row first (NotFound for a document not of the
 * scope), then its bytes in pieces of `chunkBytes`, each read by its own query (`substring` of the content,
 * which never changes for its SHA-256): the server holds one piece at a time, however large the file. A
 * content gone meanwhile (its last document deleted) ends the stream short.
 */
export async function documentStream(db: Db, scope: YearScope, input: Pick<DocumentKey, 'id'>, chunkBytes = DOCUMENT_CHUNK_BYTES): Promise<DocumentStream> {
  const [row] = await db
    .select({ fileName: documents.fileName, contentType: documents.contentType, size: documents.size, sha256: documents.sha256 })
    .from(documents)
    .where(and(eq(documents.id, input.id), eq(documents.departmentId, scope.departmentId), eq(documents.year, scope.year)));
  if (!row) fail('NotFound', { field: 'id', params: { id: input.id } });
  const { sha256, size } = row;
  async function* chunks(): AsyncGenerator<Uint8Array> {
    for (let offset = 0; offset < size; offset += chunkBytes) {
      const [piece] = await db
        .select({ bytes: sql<Uint8Array>`substring(${documentContents.content} from ${offset + 1} for ${chunkBytes})` })
        .from(documentContents)
        .where(eq(documentContents.sha256, sha256));
      if (!piece) return;
      yield piece.bytes;
    }
  }
  return { fileName: row.fileName, contentType: row.contentType as DocumentContentType, size, chunks: chunks() };
}

/** One document's bytes as base64 text (the typed client's download: tRPC's JSON carries no bytes). */
export async function documentBase64(db: Db, scope: YearScope, input: Pick<DocumentKey, 'id'>): Promise<DocumentBase64> {
  const doc = await documentContent(db, scope, input);
  return { fileName: doc.fileName, contentType: doc.contentType, size: doc.content.byteLength, base64: Buffer.from(doc.content).toString('base64') };
}

/**
 * Attaches a file to a record of the scope: the type from the content, the size within `maxBytes`, the bytes
 * stored once per SHA-256 (a second copy of a file adds only its document row). Answers the document.
 */
export async function attachDocument(
  db: Db,
  scope: BookingScope,
  userId: number,
  input: Pick<DocumentAttachInput, 'recordKind' | 'recordId' | 'fileName' | 'content'>,
  maxBytes = DEFAULT_DOCUMENT_MAX_BYTES,
): Promise<DocumentInfo> {
  const bytes = input.content;
  if (bytes.byteLength > maxBytes) fail('PayloadTooLarge', { field: 'file', params: { limit: maxBytes } });
  if (bytes.byteLength === 0) fail('InvalidValue', { field: 'file' });
  const contentType = sniffDocumentType(bytes);
  if (!contentType) fail('DocumentType', { field: 'file' });
  const sha256 = createHash('sha256').update(bytes).digest('hex');
  return db.transaction(async (tx) => {
    await shareBookableHead(tx, scope);
    await assertRecord(tx, scope, input.recordKind, input.recordId, true);
    await tx
      .insert(documentContents)
      .values({ sha256, size: bytes.byteLength, content: bytes as Uint8Array<ArrayBuffer> })
      .onConflictDoNothing();
    const [created] = await tx
      .insert(documents)
      .values({
        departmentId: scope.departmentId,
        year: scope.year,
        [RECORDS[input.recordKind].key]: input.recordId,
        fileName: documentFileName(input.fileName),
        contentType,
        size: bytes.byteLength,
        sha256,
        createdBy: userId,
      })
      .returning({ id: documents.id });
    const [row] = await tx.select(infoColumns).from(documents).leftJoin(users, eq(users.id, documents.createdBy)).where(eq(documents.id, created!.id));
    return toInfo(row!);
  });
}

/** Deletes a document of the scope (NotFound otherwise) while its record may still change; its bytes go with the last document naming them. */
export async function deleteDocument(db: Db, scope: BookingScope, input: Pick<DocumentKey, 'id'>): Promise<{ id: number; deleted: true }> {
  return db.transaction(async (tx) => {
    await shareBookableHead(tx, scope);
    const [row] = await tx
      .select()
      .from(documents)
      .where(and(eq(documents.id, input.id), eq(documents.departmentId, scope.departmentId), eq(documents.year, scope.year)))
      .for('update');
    if (!row) fail('NotFound', { field: 'id', params: { id: input.id } });
    const [kind, recordId] = kindOf(row);
    const record = await assertRecord(tx, scope, kind, recordId, true);
    if (kind === 'movement') await assertNotInOrder(tx, recordId);
    if (record.registered) fail('OrderRegistered', { field: 'id' });
    // its bytes go with the last document naming them (trigger document_contents_release, migration 0024)
    await tx.delete(documents).where(eq(documents.id, row.id));
    return { id: row.id, deleted: true as const };
  });
}
