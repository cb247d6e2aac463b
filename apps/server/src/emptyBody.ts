import type { FastifyInstance } from 'fastify';

/**
 * An empty request body is an absent input (README "Sessions"): the typed client sends a procedure
 * without input (`auth.logout`) as a POST with `content-type: application/json` and no body, a
 * script may send no content type at all. Fastify's JSON parser refuses an empty JSON body and tRPC
 * parses the body as JSON (or refuses a POST without content type), so both answered 400/415.
 *
 * - /api: an empty JSON body parses to nothing (the REST rows read `{}`), anything else as before.
 * - /trpc: an empty body (with a JSON content type or none) reaches tRPC as the JSON `null`: no input
 *   for a procedure without input; a procedure with input refuses it like any missing input (400).
 */
export function registerEmptyBody(app: FastifyInstance): void {
  const json = app.getDefaultJsonParser('error', 'error');
  app.removeContentTypeParser('application/json');
  app.addContentTypeParser('application/json', { parseAs: 'string' }, (request, body, done) => {
    if (typeof body === 'string' && body.trim() === '') return done(null, undefined);
    return json(request, String(body), done);
  });

  app.addHook('preHandler', async (request) => {
    if (request.method === 'GET' || request.method === 'HEAD' || !/^\/trpc\//i.test(request.url)) return;
    const body = request.body;
    if (body !== undefined && body !== null && !(typeof body === 'string' && body.trim() === '')) return;
    request.body = 'null';
    if (!request.headers['content-type']) request.raw.headers['content-type'] = 'application/json';
  });
}
