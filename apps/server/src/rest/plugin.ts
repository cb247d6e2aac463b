import { type createCaller as CreateCaller, bearerToken, createContextInner } from '@app/api';
import type { Db } from '@app/db';
import type { FastifyInstance } from 'fastify';
import { internalError, restError, toRestError } from './errors.ts';
import { moneyCaller } from './money.ts';
import { RestFile, type RestRequest, type RestRoute } from './params.ts';
import { restRoutes } from './routes.ts';

export interface RestOptions {
  db: Db;
  createCaller: typeof CreateCaller;
  routes?: RestRoute[];
}

/** Registers the /api table: each row builds the request context and calls one procedure (amounts in euros, money.ts). */
export async function restPlugin(app: FastifyInstance, opts: RestOptions): Promise<void> {
  // CSV uploads (Banks/import) may come as the request body; they reach the row as body.text
  app.addContentTypeParser('text/csv', { parseAs: 'string' }, (_req, text, done) => done(null, text));
  for (const route of opts.routes ?? restRoutes) {
    app.route({
      method: route.method,
      url: `/${route.path}`,
      handler: async (request, reply) => {
        const ctx = await createContextInner({
          db: opts.db,
          token: bearerToken(request.headers.authorization),
          ip: request.ip,
          requestId: request.id,
          idempotencyKey: request.headers['idempotency-key'],
        });
        const req: RestRequest = {
          query: (request.query ?? {}) as Record<string, string | undefined>,
          body:
            typeof request.body === 'string'
              ? { text: request.body }
              : request.body && typeof request.body === 'object'
                ? (request.body as Record<string, unknown>)
                : {},
          params: (request.params ?? {}) as Record<string, string | undefined>,
        };
        try {
          const result = await route.call(moneyCaller(opts.createCaller(ctx)), req);
          if (result instanceof RestFile) {
            reply.header('content-type', result.contentType);
            if (result.fileName) reply.header('content-disposition', `attachment; filename="${result.fileName}"`);
            return reply.send(result.text);
          }
          return reply.send(result ?? null);
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
