import { DOCUMENT_CONTENT_TYPES } from '@app/domain';
import { filePieces, num, param, type RestRequest, type RestRoute, RestStream, row, scopeOf } from './params.ts';

/** The record a document belongs to, from the multipart fields or the query. */
function recordOf(req: RestRequest) {
  return { recordKind: param(req, 'recordKind') as never, recordId: num(param(req, 'recordId')) as number };
}

/**
 * Receipts (issue 28): `POST Documents` takes a multipart form (the field `file`, and `recordKind` —
 * movement, reservation, transfer, order — with `recordId`; the scope as query values or fields) and answers
 * the document; `GET Documents` lists a record's documents; `GET Documents/{id}` streams the bytes with their
 * content type; `DELETE Documents/{id}` deletes one.
 */
export const documentRoutes: RestRoute[] = [
  row('POST', 'Documents', (c, req) =>
    c.documents.attach({
      ...scopeOf(req),
      ...recordOf(req),
      fileName: (req.body.fileName as string | undefined) ?? '',
      // the pieces the upload was read in: stored one by one, never joined
      content: filePieces(req) ?? [],
    }),
  ),
  row('GET', 'Documents', (c, req) => c.documents.list({ ...scopeOf(req), ...recordOf(req) })),
  row(
    'GET',
    'Documents/:id',
    async (c, req) => {
      // streamed in pieces of 1 MB: the file is never held whole in the server
      const doc = await c.documents.stream({ ...scopeOf(req), id: num(req.params.id) as number });
      return new RestStream(doc.chunks, doc.contentType, doc.fileName);
    },
    { file: DOCUMENT_CONTENT_TYPES.join(', ') },
  ),
  row('DELETE', 'Documents/:id', (c, req) => c.documents.delete({ ...scopeOf(req), id: num(req.params.id) as number })),
];
