import { readFile } from 'node:fs/promises';
import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';
import type { FastifyInstance } from 'fastify';
import type { RestRoute } from '../params.ts';
import { restRoutes } from '../routes.ts';
import { buildOpenApi } from './document.ts';

/**
 * GET /api/openapi.json (the OpenAPI 3.1 document of the route table, built once on the first call)
 * and GET /api/docs: Swagger UI served from the app itself (swagger-ui-dist from npm, no CDN). The
 * page loads only files of this server and starts by a script file, so the app's
 * Content-Security-Policy (script-src 'self') holds unchanged. Signing in by POST
 * Authenticate/login in the page authorizes the following calls with the answered token.
 */

const swaggerDir = dirname(createRequire(import.meta.url).resolve('swagger-ui-dist/package.json'));

const PAGE = `<!doctype html>
<html lang="en">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<title>Feuerwehr Haushalt API</title>
<link rel="stylesheet" href="/api/docs/swagger-ui.css">
</head>
<body>
<div id="swagger-ui"></div>
<script src="/api/docs/swagger-ui-bundle.js"></script>
<script src="/api/docs/start.js"></script>
</body>
</html>
`;

// a successful sign-in in the page authorizes the next calls with its token (the Authorize button shows it)
const START = `window.ui = SwaggerUIBundle({
  url: '/api/openapi.json',
  dom_id: '#swagger-ui',
  deepLinking: true,
  docExpansion: 'list',
  filter: true,
  persistAuthorization: true,
  tryItOutEnabled: true,
  validatorUrl: null,
  responseInterceptor: function (res) {
    if (/\\/api\\/Authenticate\\/login$/i.test(res.url) && res.ok && res.body && res.body.token) {
      window.ui.preauthorizeApiKey('bearer', res.body.token);
    }
    return res;
  },
});
`;

const ASSETS: Record<string, string> = {
  'swagger-ui.css': 'text/css; charset=utf-8',
  'swagger-ui-bundle.js': 'text/javascript; charset=utf-8',
};

export interface DocsOptions {
  routes?: RestRoute[];
}

export async function docsPlugin(app: FastifyInstance, opts: DocsOptions): Promise<void> {
  let document: Promise<Record<string, unknown>> | undefined;
  app.get('/openapi.json', async (_request, reply) => {
    document ??= buildOpenApi({ routes: opts.routes ?? restRoutes });
    return reply.header('cache-control', 'no-cache').send(await document);
  });
  app.get('/docs', (_request, reply) => reply.header('content-type', 'text/html; charset=utf-8').header('cache-control', 'no-cache').send(PAGE));
  app.get('/docs/start.js', (_request, reply) => reply.header('content-type', 'text/javascript; charset=utf-8').send(START));
  for (const [file, type] of Object.entries(ASSETS)) {
    let content: Promise<Buffer> | undefined;
    app.get(`/docs/${file}`, async (_request, reply) => {
      content ??= readFile(join(swaggerDir, file));
      return reply
        .header('content-type', type)
        .header('cache-control', 'public, max-age=86400')
        .send(await content);
    });
  }
}
