import { DocumentAttachInput, DocumentBase64, DocumentDeleted, DocumentInfo, DocumentKey, DocumentList, DocumentRecordInput } from '@app/domain';
import { attachDocument, deleteDocument, documentBase64, documentStream, listDocuments } from '../services/documents/index.ts';
import { bookingProcedure, router } from '../trpc.ts';

/**
 * Receipts of the bookings (issue 28): whoever may read a record reads its documents; whoever may book
 * attaches and deletes them (the auditor reads only). The bytes travel over REST (`POST Documents` as
 * multipart, `GET Documents/{id}`); over tRPC's JSON (the typed client) `attach` takes them as base64 text
 * and `download` answers them so; `stream` hands the bytes piece by piece to the REST row in the server's own process.
 */
export const documentsRouter = router({
  /** The documents of one record, oldest first. */
  list: bookingProcedure
    .input(DocumentRecordInput)
    .output(DocumentList)
    .query(({ ctx, input }) => listDocuments(ctx.db, ctx.bookingScope, input)),
  /** One document streamed in pieces (REST `GET Documents/{id}`, in the server's own process: no output schema). */
  stream: bookingProcedure.input(DocumentKey).query(({ ctx, input }) => documentStream(ctx.db, ctx.bookingScope, input)),
  /** One document's bytes as base64 text, name, type and size: the typed client's download. */
  download: bookingProcedure
    .input(DocumentKey)
    .output(DocumentBase64)
    .query(({ ctx, input }) => documentBase64(ctx.db, ctx.bookingScope, input)),
  /** Attaches a file to a record: the type from its content (DocumentType), at most the size limit (PayloadTooLarge). */
  attach: bookingProcedure
    .input(DocumentAttachInput)
    .output(DocumentInfo)
    .mutation(({ ctx, input }) => attachDocument(ctx.db, ctx.bookingScope, ctx.session.userId, input, ctx.documentMaxBytes)),
  /** Deletes a document while its record may change. */
  delete: bookingProcedure
    .input(DocumentKey)
    .output(DocumentDeleted)
    .mutation(({ ctx, input }) => deleteDocument(ctx.db, ctx.bookingScope, input)),
});
