import { Readable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import type { Db } from './client.ts';
import { postgresJsClient } from './rows.ts';
import { documentChunks } from './schema/documents.ts';

/**
 * Writes the pieces of one stored content (`document_chunks`: sha256, seq from 0, bytes) in the caller's
 * transaction (issue 28: an upload held once).
 * - PostgreSQL: one `COPY … FROM STDIN (FORMAT binary)`, each piece sent as it is. postgres.js sends every query
 *   parameter as text, so an insert per piece wrote each bytea as hex (twice its size in V8's heap) into a message
 *   buffer growing in steps — about 8 MB of garbage per 1 MB piece; through COPY a piece is copied once into its
 *   CopyData message.
 * - PGlite: one insert per piece (its parameters never cross a socket).
 */
export async function writeDocumentChunks(db: Db, sha256: string, pieces: readonly Uint8Array[]): Promise<void> {
  const client = postgresJsClient(db);
  if (!client) {
    for (const [seq, piece] of pieces.entries()) await db.insert(documentChunks).values({ sha256, seq, bytes: piece as Uint8Array<ArrayBuffer> });
    return;
  }
  const target = await client.unsafe('copy document_chunks (sha256, seq, bytes) from stdin (format binary)').writable();
  await pipeline(Readable.from(binaryCopyRows(sha256, pieces)), target);
}

/** PostgreSQL's binary COPY stream of the rows `(sha256 char(64), seq integer, bytes bytea)`: header, a tuple per piece, trailer. */
export function* binaryCopyRows(sha256: string, pieces: readonly Uint8Array[]): Generator<Uint8Array> {
  const hash = Buffer.from(sha256, 'ascii');
  // signature "PGCOPY\n\xff\r\n\0", flags 0, header extension length 0
  yield Buffer.concat([Buffer.from('PGCOPY\n\xff\r\n\0', 'latin1'), Buffer.alloc(8)]);
  for (const [seq, piece] of pieces.entries()) {
    const head = Buffer.alloc(2 + 4 + hash.length + 4 + 4 + 4);
    let at = head.writeInt16BE(3, 0);
    at = head.writeInt32BE(hash.length, at);
    at += hash.copy(head, at);
    at = head.writeInt32BE(4, at);
    at = head.writeInt32BE(seq, at);
    head.writeInt32BE(piece.byteLength, at);
    yield head;
    yield piece;
  }
  // the trailer: a field count of -1
  yield Buffer.from([0xff, 0xff]);
}
