import { existsSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { type AppRouter, appRouter, bearerToken, createCaller, createContextInner } from '@app/api';
import type { DbHandle } from '@app/db';
import fastifyStatic from '@fastify/static';
import { type FastifyTRPCPluginOptions, fastifyTRPCPlugin } from '@trpc/server/adapters/fastify';
import { sql } from 'drizzle-orm';
import Fastify, { type FastifyInstance, type FastifyServerOptions } from 'fastify';
import { restPlugin } from './rest/plugin.ts';

export const defaultWebDist = fileURLToPath(new URL('../../web/dist', import.meta.url));

export interface AppOptions {
  database: DbHandle;
  logger?: FastifyServerOptions['logger'];
  /** Folder of the built web client; served when it exists. */
  webDist?: string;
}

/** Builds the Fastify app without listening (tests use `inject`). */
export async function buildApp(opts: AppOptions): Promise<FastifyInstance> {
  const { db } = opts.database;
  const app = Fastify({
    logger: opts.logger ?? false,
    trustProxy: true,
    routerOptions: { maxParamLength: 5000, caseSensitive: false },
    bodyLimit: 10 * 1024 * 1024,
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
      createContext: ({ req }) => createContextInner({ db, token: bearerToken(req.headers.authorization), ip: req.ip }),
      onError({ error, path }) {
        if (error.code === 'INTERNAL_SERVER_ERROR') app.log.error({ err: error, path }, 'tRPC call failed');
      },
    } satisfies FastifyTRPCPluginOptions<AppRouter>['trpcOptions'],
  });

  await app.register(restPlugin, { prefix: '/api', db, createCaller });

  const webDist = opts.webDist ?? defaultWebDist;
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
