import { existsSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { type AppRouter, appRouter, bearerToken, createCaller, createContextInner } from '@app/api';
import { type DbHandle, isDatabaseUnavailable } from '@app/db';
import fastifyStatic from '@fastify/static';
import { TRPCError } from '@trpc/server';
import { type FastifyTRPCPluginOptions, fastifyTRPCPlugin } from '@trpc/server/adapters/fastify';
import { sql } from 'drizzle-orm';
import Fastify, { type FastifyInstance, type FastifyReply, type FastifyServerOptions, LogController } from 'fastify';
import { registerEmptyBody } from './emptyBody.ts';
import { clientErrorAnswer, frameworkError, internalError, restError } from './rest/errors.ts';
import { docsPlugin } from './rest/openapi/docsPlugin.ts';
import { restPlugin } from './rest/plugin.ts';
import { genReqId, loggerOptions, PERMISSIONS_POLICY, registerSecurity, type TrustProxy, trustProxyOption } from './security.ts';

export const defaultWebDist = fileURLToPath(new URL('../../web/dist', import.meta.url));

export interface AppOptions {
  database: DbHandle;
  /** A read replica (DATABASE_READ_URL) for the queries once the session is resolved (trpc.ts readReplica); absent: all on `database`. */
  readDatabase?: DbHandle | undefined;
  logger?: FastifyServerOptions['logger'];
  /** Folder of the built web client; served when it exists. */
  webDist?: string;
  /** Proxies trusted for the client address and protocol (TRUST_PROXY); none by default. */
  trustProxy?: TrustProxy;
  /** Browser origins allowed by CORS (CORS_ORIGINS); none by default. */
  corsOrigins?: string[];
  /** The largest receipt in bytes (DOCUMENT_MAX_BYTES); 10 MB by default. */
  documentMaxBytes?: number;
}

/** Largest request body (bank directory CSV uploads included); a larger one answers 413 PayloadTooLarge. */
export const BODY_LIMIT_BYTES = 10 * 1024 * 1024;
/** A request slower than this is logged at info level (every request only at debug). */
export const SLOW_REQUEST_MS = 1000;
/** Most calls in one tRPC batch (the web client's batch link uses the same). */
export const MAX_BATCH_SIZE = 10;
/** Procedures that check a password: never batched, so a batch can't multiply guesses. */
const UNBATCHED_PROCEDURES = new Set(['auth.login', 'auth.changePasswordAndLogin', 'auth.changePassword']);

/** Builds the Fastify app without listening (tests use `inject`). */
export async function buildApp(opts: AppOptions): Promise<FastifyInstance> {
  const { db } = opts.database;
  const readDb = opts.readDatabase?.db;
  const app = Fastify({
    logger: loggerOptions(opts.logger ?? false),
    // no info line per request (issue 29: at a union's load the log cost more than the read); see the onResponse hook
    logController: new LogController({ disableRequestLogging: true }),
    trustProxy: trustProxyOption(opts.trustProxy ?? false),
    genReqId,
    routerOptions: { maxParamLength: 5000, caseSensitive: false },
    bodyLimit: BODY_LIMIT_BYTES,
    // a malformed address (bad percent-encoding, a too long path parameter) in the REST error shape
    frameworkErrors: (error, _request, reply) => {
      const body = frameworkError(error) ?? restError(400, 'InvalidValue');
      return (reply as FastifyReply).status(body.type.status).send(body);
    },
    // what Node's parser refuses (an address or headers over 16 kB: 431) in the error shape too
    clientErrorHandler: (error, socket) => {
      if ((error as { code?: string }).code === 'ECONNRESET' || socket.destroyed) return;
      if (socket.writable)
        socket.write(clientErrorAnswer((error as { code?: string }).code, { 'Cache-Control': 'no-store', 'Permissions-Policy': PERMISSIONS_POLICY }));
      socket.destroy(error);
    },
  });
  // each request at debug level; a slow one (SLOW_REQUEST_MS) at info, so it is seen in production's log
  app.addHook('onResponse', async (request, reply) => {
    const ms = Math.round(reply.elapsedTime);
    if (ms >= SLOW_REQUEST_MS) request.log.info({ req: request, statusCode: reply.statusCode, ms }, 'slow request');
    else if (request.log.level === 'debug' || request.log.level === 'trace')
      request.log.debug({ req: request, statusCode: reply.statusCode, ms }, 'request completed');
  });
  const webDist = opts.webDist ?? defaultWebDist;
  await registerSecurity(app, { webDist, corsOrigins: opts.corsOrigins ?? [] });
  registerEmptyBody(app);

  // Errors Fastify raises itself (body too large, ...) and anything unexpected, in the REST error shape;
  // a 500 tells nothing but the correlation id that the log line carries.
  app.setErrorHandler((error: { statusCode?: number }, request, reply) => {
    const status = typeof error.statusCode === 'number' && error.statusCode >= 400 ? error.statusCode : 500;
    if (status === 413) return reply.status(413).send(restError(413, 'PayloadTooLarge'));
    if (isDatabaseUnavailable(error)) {
      request.log.warn({ err: error }, 'database unavailable');
      return reply.status(503).send(restError(503, 'DatabaseUnavailable'));
    }
    if (status >= 500) {
      request.log.error({ err: error }, 'request failed');
      return reply.status(500).send(internalError(request.id));
    }
    const known = frameworkError(error);
    return reply.status(status).send(known ?? restError(status, 'InvalidValue'));
  });

  app.get('/health', async (_req, reply) => {
    try {
      await db.execute(sql`select 1`);
      return { status: 'ok', database: opts.database.kind };
    } catch (error) {
      app.log.error({ err: error }, 'health check failed');
      return reply.status(503).send({ status: 'error', database: opts.database.kind });
    }
  });

  await app.register(fastifyTRPCPlugin, {
    prefix: '/trpc',
    trpcOptions: {
      router: appRouter,
      maxBatchSize: MAX_BATCH_SIZE,
      createContext: ({ req, info }) => {
        if (info.isBatchCall && info.calls.some((call) => UNBATCHED_PROCEDURES.has(call.path))) {
          throw new TRPCError({ code: 'BAD_REQUEST', message: 'Sign-in calls cannot be batched' });
        }
        return createContextInner({
          db,
          readDb,
          batch: info.isBatchCall && info.calls.length > 1,
          token: bearerToken(req.headers.authorization),
          ip: req.ip,
          requestId: req.id,
          idempotencyKey: req.headers['idempotency-key'],
        });
      },
      onError({ error, path, req }) {
        if (error.code === 'INTERNAL_SERVER_ERROR') req.log.error({ err: error, path }, 'tRPC call failed');
        // 503 DatabaseUnavailable: the database is unreachable (the operator should see the outage)
        if (error.code === 'SERVICE_UNAVAILABLE') req.log.warn({ err: error, path }, 'database unavailable');
      },
    } satisfies FastifyTRPCPluginOptions<AppRouter>['trpcOptions'],
  });

  await app.register(restPlugin, { prefix: '/api', db, readDb, createCaller, ...(opts.documentMaxBytes ? { documentMaxBytes: opts.documentMaxBytes } : {}) });
  // the developers' interface: OpenAPI document and interactive reference of the table above
  await app.register(docsPlugin, { prefix: '/api' });

  const hasWeb = existsSync(`${webDist}/index.html`);
  if (hasWeb) {
    await app.register(fastifyStatic, {
      root: webDist,
      wildcard: false,
      setHeaders(res, path) {
        res.header('Cache-Control', path.endsWith('.html') ? 'no-cache' : 'public, max-age=31536000, immutable');
      },
    });
  }
  app.setNotFoundHandler((request, reply) => {
    const path = request.url.split('?')[0] ?? '';
    const isApi = path.startsWith('/trpc') || path.startsWith('/api');
    if (request.method === 'GET' && !isApi && hasWeb && !/\.[a-z0-9]+$/i.test(path)) {
      // deep links to client routes load the app
      return reply.header('Cache-Control', 'no-cache').sendFile('index.html');
    }
    return reply.status(404).send({ type: { status: 404, text: 'Not Found' }, details: { Message: 'NotFound' } });
  });

  return app;
}
