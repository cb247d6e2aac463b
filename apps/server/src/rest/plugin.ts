import { type createCaller as CreateCaller, bearerToken, createContextInner, DOCUMENT_CHUNK_BYTES } from '@app/api';
import type { Db } from '@app/db';
import { Readable } from 'node:stream';
import multipart from '@fastify/multipart';
import { AppError, DEFAULT_DOCUMENT_MAX_BYTES } from '@app/domain';
import { promisify } from 'node:util';
import { gzip } from 'node:zlib';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { internalError, restError, toRestError } from './errors.ts';
import { moneyCaller } from './money.ts';
import { RestFile, type RestRequest, type RestRoute, RestStream } from './params.ts';
import { restRoutes } from './routes.ts';

export interface RestOptions {
  db: Db;
  /** The read replica for queries (DATABASE_READ_URL), when there is one. */
  readDb?: Db | undefined;
  createCaller: typeof CreateCaller;
  routes?: RestRoute[];
  /** The largest receipt (DOCUMENT_MAX_BYTES). */
  documentMaxBytes?: number;
}

/** A download's Content-Disposition: the name as ASCII (quotes and controls dropped) and, when it is more, as UTF-8 (RFC 6266). */
function disposition(fileName: string): string {
  const ascii = fileName.replace(/[^\x20-\x7e]|["\\]/g, '_');
  return ascii === fileName ? `attachment; filename="${ascii}"` : `attachment; filename="${ascii}"; filename*=UTF-8''${encodeURIComponent(fileName)}`;
}

/**
 * A multipart form (`POST Documents`): its text fields, and the one file read as it streams in — into pieces
 * of DOCUMENT_CHUNK_BYTES as they fill (the bytes held once, never joined: the receipt is stored piece by
 * piece) — refused over `maxBytes` (PayloadTooLarge) while it arrives. The file's pieces are `file` (read
 * with `filePieces` / `fileBytes`), its name `fileName`.
 */
async function multipartBody(request: FastifyRequest, maxBytes: number): Promise<Record<string, unknown>> {
  const body: Record<string, unknown> = {};
  for await (const part of request.parts({ limits: { fileSize: maxBytes, files: 1, fields: 20, fieldSize: 1000 } })) {
    if (part.type === 'field') {
      body[part.fieldname] = typeof part.value === 'string' ? part.value : String(part.value);
      continue;
    }
    const pieces: Buffer[] = [];
    let piece = Buffer.allocUnsafe(0);
    let filled = 0;
    for await (const chunk of part.file as AsyncIterable<Buffer>) {
      for (let at = 0; at < chunk.length;) {
        if (filled === piece.length) {
          if (piece.length) pieces.push(piece);
          piece = Buffer.allocUnsafe(DOCUMENT_CHUNK_BYTES);
          filled = 0;
        }
        const copied = chunk.copy(piece, filled, at);
        filled += copied;
        at += copied;
      }
    }
    if (part.file.truncated) throw new AppError('PayloadTooLarge', { field: 'file', params: { limit: maxBytes } });
    if (filled) pieces.push(piece.subarray(0, filled));
    body.file = pieces;
    body.fileName ??= part.filename;
  }
  return body;
}

const gzipAsync = promisify(gzip);
/** An answer this long or longer goes gzip'd to a client that accepts it (issue 29). */
export const COMPRESS_FROM_BYTES = 1024;
/** The JSON text (and its gzip) of each answer object: a hot read served from the read cache is the same object each time. */
const answerTexts = new WeakMap<object, { text: string; gzip?: Promise<Buffer> }>();

/** Whether an Accept-Encoding header takes gzip (`gzip` or `*`, with no q=0). */
export function acceptsGzip(header: string | string[] | undefined): boolean {
  const value = Array.isArray(header) ? header.join(',') : (header ?? '');
  return value.split(',').some((token) => {
    const [name = '', ...params] = token.split(';').map((part) => part.trim().toLowerCase());
    const q = params.find((p) => p.startsWith('q='));
    return (name === 'gzip' || name === '*') && (q === undefined || Number(q.slice(2)) > 0);
  });
}

/** A JSON answer: serialised once per answer object, compressed above COMPRESS_FROM_BYTES when the client accepts gzip. */
async function sendJson(request: FastifyRequest, reply: FastifyReply, value: unknown): Promise<FastifyReply> {
  if (value === null || typeof value !== 'object') return reply.send(value ?? null);
  let memo = answerTexts.get(value);
  if (!memo) answerTexts.set(value, (memo = { text: JSON.stringify(value) }));
  reply.header('content-type', 'application/json; charset=utf-8');
  if (memo.text.length < COMPRESS_FROM_BYTES) return reply.send(memo.text);
  reply.header('vary', 'accept-encoding');
  if (!acceptsGzip(request.headers['accept-encoding'])) return reply.send(memo.text);
  memo.gzip ??= gzipAsync(memo.text, { level: 1 });
  return reply.header('content-encoding', 'gzip').send(await memo.gzip);
}

/** Registers the /api table: each row builds the request context and calls one procedure (amounts in euros, money.ts). */
export async function restPlugin(app: FastifyInstance, opts: RestOptions): Promise<void> {
  // CSV uploads (Banks/import) may come as the request body; they reach the row as body.text
  app.addContentTypeParser('text/csv', { parseAs: 'string' }, (_req, text, done) => done(null, text));
  // receipts (POST Documents) come as a multipart form: read by the row's request below, as they stream in
  const documentMaxBytes = opts.documentMaxBytes ?? DEFAULT_DOCUMENT_MAX_BYTES;
  await app.register(multipart, { limits: { fileSize: documentMaxBytes, files: 1 } });
  for (const route of opts.routes ?? restRoutes) {
    app.route({
      method: route.method,
      url: `/${route.path}`,
      handler: async (request, reply) => {
        const ctx = await createContextInner({
          db: opts.db,
          readDb: opts.readDb,
          token: bearerToken(request.headers.authorization),
          ip: request.ip,
          requestId: request.id,
          idempotencyKey: request.headers['idempotency-key'],
          documentMaxBytes,
        });
        try {
          const req: RestRequest = {
            query: (request.query ?? {}) as Record<string, string | undefined>,
            body: request.isMultipart()
              ? await multipartBody(request, documentMaxBytes)
              : typeof request.body === 'string'
                ? { text: request.body }
                : request.body && typeof request.body === 'object'
                  ? (request.body as Record<string, unknown>)
                  : {},
            params: (request.params ?? {}) as Record<string, string | undefined>,
          };
          const result = await route.call(moneyCaller(opts.createCaller(ctx)), req);
          if (result instanceof RestFile) {
            reply.header('content-type', result.contentType);
            if (result.fileName) reply.header('content-disposition', disposition(result.fileName));
            return reply.send(result.text);
          }
          if (result instanceof RestStream) {
            // the pieces as they come, with back-pressure (a slow client pauses the cursor); an error after the
            // headers ends the download short (its status is already sent), logged
            reply.header('content-type', result.contentType);
            if (result.fileName) reply.header('content-disposition', disposition(result.fileName));
            const body = Readable.from(result.chunks, { objectMode: false });
            body.on('error', (err) => request.log.error({ err }, 'streamed download failed'));
            return reply.send(body);
          }
          return await sendJson(request, reply, result);
        } catch (error) {
          const body = toRestError(error);
          if (!body) {
            request.log.error({ err: error }, 'unexpected error in REST call');
            return reply.status(500).send(internalError(request.id));
          }
          if (body.type.status === 503) request.log.warn({ err: error }, 'database unavailable');
          return reply.status(body.type.status).send(body);
        }
      },
    });
  }
  app.setNotFoundHandler((request, reply) => {
    reply.status(404).send(restError(404, 'NotFound', { params: { path: request.url } }));
  });
}
