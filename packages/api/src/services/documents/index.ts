/**
 * Receipts (issue 28): the documents of a movement, reservation, account transfer or payment order. A file's
 * type is read from its content (domain `sniffDocumentType`: DocumentType otherwise), its size is bounded
 * (PayloadTooLarge), and its bytes are kept once per content (document_contents, by SHA-256), in pieces of
 * 1 MB (document_chunks) written and read one by one, so no query carries a whole file. Reading
 * needs the record to be readable; attaching and deleting are booking writes: the year open (YearLocked),
 * the budget not closed (BudgetClosed) and approved, and — to delete — the record not frozen (a bill in a
 * stored order: PaymentInOrder; a registered order: OrderRegistered). A content no document names any more is
 * removed by the database (trigger document_contents_release), also when a record goes with its documents.
 */
import { createHash } from 'node:crypto';
import { type Db, execRows, schema, toBool, writeDocumentChunks } from '@app/db';
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

const { documentChunks, documentContents, documents, users } = schema;

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

/** One document's bytes with its name and type (NotFound for a document not of the scope): its pieces joined (the e-invoice reading needs them whole). */
export async function documentContent(db: Db, scope: YearScope, input: Pick<DocumentKey, 'id'>): Promise<DocumentContent> {
  const [row] = await db
    .select({ fileName: documents.fileName, contentType: documents.contentType, sha256: documents.sha256 })
    .from(documents)
    .where(and(eq(documents.id, input.id), eq(documents.departmentId, scope.departmentId), eq(documents.year, scope.year)));
  if (!row) fail('NotFound', { field: 'id', params: { id: input.id } });
  const pieces = await db
    .select({ bytes: documentChunks.bytes })
    .from(documentChunks)
    .where(eq(documentChunks.sha256, row.sha256))
    .orderBy(asc(documentChunks.seq));
  const content = pieces.length === 1 ? pieces[0]!.bytes : Buffer.concat(pieces.map((p) => p.bytes));
  return { fileName: row.fileName, contentType: row.contentType as DocumentContentType, content };
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
 * scope) and the lengths of its stored pieces, then its bytes in pieces of at most `chunkBytes`, each read by
 * its own query (a stored piece, or a `substring` of one when `chunkBytes` is smaller; a content never
 * changes for its SHA-256): the server holds one piece at a time, however large the file. A content gone
 * meanwhile (its last document deleted) ends the stream short.
 */
export async function documentStream(db: Db, scope: YearScope, input: Pick<DocumentKey, 'id'>, chunkBytes = DOCUMENT_CHUNK_BYTES): Promise<DocumentStream> {
  const [row] = await db
    .select({ fileName: documents.fileName, contentType: documents.contentType, size: documents.size, sha256: documents.sha256 })
    .from(documents)
    .where(and(eq(documents.id, input.id), eq(documents.departmentId, scope.departmentId), eq(documents.year, scope.year)));
  if (!row) fail('NotFound', { field: 'id', params: { id: input.id } });
  const { sha256, size } = row;
  const stored = await db
    .select({ seq: documentChunks.seq, length: sql<number>`octet_length(${documentChunks.bytes})`.mapWith(Number) })
    .from(documentChunks)
    .where(eq(documentChunks.sha256, sha256))
    .orderBy(asc(documentChunks.seq));
  async function* chunks(): AsyncGenerator<Uint8Array> {
    for (const { seq, length } of stored) {
      for (let offset = 0; offset < length; offset += chunkBytes) {
        const bytes =
          offset === 0 && length <= chunkBytes
            ? documentChunks.bytes
            : sql<Uint8Array>`substring(${documentChunks.bytes} from ${offset + 1} for ${chunkBytes})`;
        const [piece] = await db
          .select({ bytes })
          .from(documentChunks)
          .where(and(eq(documentChunks.sha256, sha256), eq(documentChunks.seq, seq)));
        if (!piece) return;
        yield piece.bytes;
      }
    }
  }
  return { fileName: row.fileName, contentType: row.contentType as DocumentContentType, size, chunks: chunks() };
}

/** One document's bytes as base64 text (the typed client's download: tRPC's JSON carries no bytes). */
export async function documentBase64(db: Db, scope: YearScope, input: Pick<DocumentKey, 'id'>): Promise<DocumentBase64> {
  const doc = await documentContent(db, scope, input);
  return { fileName: doc.fileName, contentType: doc.contentType, size: doc.content.byteLength, base64: Buffer.from(doc.content).toString('base64') };
}

/** The bytes of an upload as the pieces they are stored in: each part cut at DOCUMENT_CHUNK_BYTES, without copying. */
function piecesOf(content: Uint8Array | readonly Uint8Array[]): Uint8Array[] {
  const pieces: Uint8Array[] = [];
  for (const part of content instanceof Uint8Array ? [content] : content)
    for (let offset = 0; offset < part.byteLength; offset += DOCUMENT_CHUNK_BYTES) pieces.push(part.subarray(offset, offset + DOCUMENT_CHUNK_BYTES));
  return pieces;
}

/** The first bytes of the pieces, enough to tell the type (the first piece itself unless it is shorter). */
function headOf(pieces: readonly Uint8Array[], bytes = 64): Uint8Array {
  const first = pieces[0] ?? new Uint8Array(0);
  if (first.byteLength >= bytes || pieces.length <= 1) return first;
  const head: Uint8Array[] = [];
  let length = 0;
  for (const piece of pieces) {
    if (length >= bytes) break;
    head.push(piece.subarray(0, bytes - length));
    length += head.at(-1)!.byteLength;
  }
  return Buffer.concat(head);
}

/**
 * Attaches a file to a record of the scope: the type from the content (its first piece), the size within
 * `maxBytes`, the bytes stored once per SHA-256 (a second copy of a file adds only its document row). The
 * content comes as one buffer or as the pieces the REST upload read it in (the file held once, never joined):
 * hashed piece by piece, then written piece by piece (document_chunks: a binary COPY on PostgreSQL, an insert each
 * on PGlite — @app/db writeDocumentChunks) in the transaction of its document row. Answers the document.
 */
export async function attachDocument(
  db: Db,
  scope: BookingScope,
  userId: number,
  input: Pick<DocumentAttachInput, 'recordKind' | 'recordId' | 'fileName'> & { content: Uint8Array | readonly Uint8Array[] },
  maxBytes = DEFAULT_DOCUMENT_MAX_BYTES,
): Promise<DocumentInfo> {
  const pieces = piecesOf(input.content);
  const hash = createHash('sha256');
  let size = 0;
  for (const piece of pieces) {
    size += piece.byteLength;
    hash.update(piece);
  }
  if (size > maxBytes) fail('PayloadTooLarge', { field: 'file', params: { limit: maxBytes } });
  if (size === 0) fail('InvalidValue', { field: 'file' });
  const contentType = sniffDocumentType(headOf(pieces));
  if (!contentType) fail('DocumentType', { field: 'file' });
  const sha256 = hash.digest('hex');
  return db.transaction(async (tx) => {
    await shareBookableHead(tx, scope);
    await assertRecord(tx, scope, input.recordKind, input.recordId, true);
    // the first copy of a content writes its pieces; a second one finds the row (kept: this transaction holds the record)
    const [fresh] = await tx.insert(documentContents).values({ sha256, size }).onConflictDoNothing().returning({ sha256: documentContents.sha256 });
    if (fresh) await writeDocumentChunks(tx, sha256, pieces);
    const [created] = await tx
      .insert(documents)
      .values({
        departmentId: scope.departmentId,
        year: scope.year,
        [RECORDS[input.recordKind].key]: input.recordId,
        fileName: documentFileName(input.fileName),
        contentType,
        size,
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
