import { appRouter } from '@app/api';
import { errorStatus } from '@app/domain';
import type { z } from 'zod';
import type { RestRoute } from '../params.ts';
import { type JsonSchema, mergeObjects, wireSchema } from './jsonSchema.ts';
import { recordRoute, type RouteUse } from './recordRoute.ts';
import { screenOf } from './screens.ts';

/**
 * GET /api/openapi.json: the OpenAPI 3.1 description of the /api route table, generated from the
 * rows themselves (recordRoute: which procedure each row calls with which query, path and body
 * values) and the procedures' zod schemas (jsonSchema.ts: amounts in euros, dates YYYY-MM-DD). Nothing
 * is written by hand per path: a row added to the table is documented by the next start.
 */

type Schema = z.core.$ZodType;

interface ProcedureDef {
  _def: { type: 'query' | 'mutation'; inputs: Schema[]; output?: Schema };
}

const procedures = appRouter._def.procedures as unknown as Record<string, ProcedureDef | undefined>;

function procedureAt(path: string): ProcedureDef {
  const p = Object.hasOwn(procedures, path) ? procedures[path] : undefined;
  if (!p) throw new Error(`no procedure ${path}`);
  return p;
}

/** `Budget/Changes/:recordNumber` → `/Budget/Changes/{recordNumber}` (OpenAPI path template). */
export function openApiPath(path: string): string {
  return `/${path.replace(/:(\w+)/g, '{$1}')}`;
}

/** `budget.changes.chapterBefore` → `budget changes chapter before`. */
function words(procedure: string): string {
  return procedure
    .split('.')
    .map((w) => w.replace(/([a-z])([A-Z])/g, '$1 $2').toLowerCase())
    .join(' ');
}

function inputSchema(p: ProcedureDef, id: string): JsonSchema {
  const parts = p._def.inputs.map((s, i) => wireSchema(s, 'input', `${id}.${i}`));
  return parts.length === 0 ? { type: 'object', properties: {} } : mergeObjects(parts);
}

function propertiesOf(schema: JsonSchema): Record<string, JsonSchema> {
  if (schema.properties) return schema.properties as Record<string, JsonSchema>;
  if (Array.isArray(schema.allOf)) return Object.assign({}, ...(schema.allOf as JsonSchema[]).map(propertiesOf)) as Record<string, JsonSchema>;
  return {};
}

function requiredOf(schema: JsonSchema): string[] {
  if (Array.isArray(schema.required)) return schema.required as string[];
  if (Array.isArray(schema.allOf)) return (schema.allOf as JsonSchema[]).flatMap(requiredOf);
  return [];
}

/** The business names of the errors, by HTTP status (spec §8 of each part: errors.ts). */
function errorNamesByStatus(): Map<number, string[]> {
  const out = new Map<number, string[]>();
  for (const [name, status] of Object.entries(errorStatus)) out.set(status, [...(out.get(status) ?? []), name]);
  return out;
}

const ERROR_SCHEMA: JsonSchema = {
  type: 'object',
  description: 'The error answer of every path: the business name in details.Message (translated by the client).',
  required: ['type', 'details'],
  properties: {
    type: { type: 'object', required: ['status', 'text'], properties: { status: { type: 'integer' }, text: { type: 'string' } } },
    details: {
      type: 'object',
      required: ['Message'],
      properties: {
        Message: { type: 'string', description: 'Business name of the error (see the response description of the status).' },
        Field: { type: 'string', description: 'The request field the error is about (InvalidValue).' },
        Params: {
          type: 'object',
          additionalProperties: { type: ['string', 'number'] },
          description:
            'The values the message names (chapter, year, record number, ...). Amounts among them are euros like every amount on this API: the bounds of a final residue (`minimum`, `maximum`), what is already used (`used`, `residue`, `remaining`, `amountUsed`, `usedByPositions`) and a typed `amount`.',
          examples: [{ chapter: '21003', chapterYear: 2026, minimum: 1234.56, maximum: 2000, problem: 'belowMinimum' }],
        },
        CorrelationId: { type: 'string', description: 'Only on 500: the id the server log carries.' },
      },
    },
  },
};

/** Paths every signed-in call can answer with, beyond its own business errors. */
const PLATFORM_ERRORS: Record<number, string[]> = {
  400: ['InvalidValue', 'InvalidJson'],
  401: ['NotAuthenticated', 'SessionExpired'],
  503: ['DatabaseUnavailable'],
};

function errorResponses(use: RouteUse, hasScope: boolean, isPublic: boolean, names: Map<number, string[]>): Record<string, unknown> {
  const byStatus = new Map<number, Set<string>>();
  const add = (status: number, list: string[]) => byStatus.set(status, new Set([...(byStatus.get(status) ?? []), ...list]));
  for (const [status, list] of Object.entries(PLATFORM_ERRORS)) if (!(isPublic && status === '401')) add(Number(status), list);
  if (hasScope) add(403, ['DepartmentNotAllowed']);
  if (use.params.length > 0) add(404, ['NotFound']);
  // the business errors of the status codes the areas answer with (errors.ts, spec §8)
  for (const status of [400, 401, 403, 404, 409, 429]) {
    if (status === 401 && !isPublic) continue;
    add(
      status,
      (names.get(status) ?? []).filter((n) => !['InvalidJson', 'UnsupportedMediaType', 'PayloadTooLarge'].includes(n)),
    );
  }
  if (isPublic) add(429, ['TooManyAttempts']);
  const out: Record<string, unknown> = {};
  for (const [status, set] of [...byStatus].sort((a, b) => a[0] - b[0])) {
    out[String(status)] = {
      description: `details.Message is one of: ${[...set].join(', ')}`,
      content: { 'application/json': { schema: { $ref: '#/components/schemas/Error' } } },
    };
  }
  return out;
}

function answerOf(route: RestRoute, use: RouteUse, id: string): { content: Record<string, unknown>; typed: boolean } {
  const answer = route.answer;
  // a file answer: its content type, or the types it may have (a comma list: a receipt is a PDF, an image, an e-invoice)
  if (answer && 'file' in answer)
    return {
      content: Object.fromEntries(answer.file.split(',').map((type) => [type.trim(), { schema: { type: 'string' } }])),
      typed: true,
    };
  if (answer) return { content: { 'application/json': { schema: wireSchema(answer, 'output', `${id}.answer`) } }, typed: true };
  const outputs = use.procedures.map((p) => procedureAt(p)._def.output);
  if (outputs.some((o) => o === undefined)) {
    return {
      content: { 'application/json': { schema: { description: 'Not described yet: the procedure has no output schema.' } } },
      typed: false,
    };
  }
  const schemas = outputs.map((o, i) => wireSchema(o as Schema, 'output', `${id}.out${i}`));
  return { content: { 'application/json': { schema: schemas.length === 1 ? schemas[0] : { anyOf: schemas } } }, typed: true };
}

/** Every save takes an idempotency key (issue 26; packages/api/src/idempotency.ts). */
const IDEMPOTENCY_KEY_PARAMETER = {
  name: 'Idempotency-Key',
  in: 'header',
  required: false,
  schema: { type: 'string', minLength: 1, maxLength: 100, pattern: '^[\\x21-\\x7e]+$' },
  description:
    'A key the client chooses for this save (a UUID) and sends again with every retry of it. The same key within 24 hours answers the first answer and writes nothing; the same key with another request is 409 IdempotencyKeyReused. Keys are per user.',
};

/** Query values the spec sends for the scope; described even when the procedure names them differently. */
function queryParameter(name: string, input: JsonSchema, required: boolean): Record<string, unknown> {
  const schema = propertiesOf(input)[name] ?? { type: 'string' };
  return { name, in: 'query', required, schema };
}

async function operation(route: RestRoute, names: Map<number, string[]>) {
  const use = await recordRoute(route);
  const id = `${route.method} ${route.path}`;
  const [main] = use.procedures;
  if (!main) throw new Error(`${id} calls no procedure`);
  const p = procedureAt(main);
  const input = inputSchema(p, id);
  const required = new Set(requiredOf(input));
  const hasBody = route.method !== 'GET' && route.method !== 'DELETE';
  const queryNames = use.query.filter((q) => !use.params.includes(q));
  const parameters = [
    ...use.params.map((name) => ({ name, in: 'path', required: true, schema: propertiesOf(input)[name] ?? { type: 'string' } })),
    ...queryNames.map((name) => queryParameter(name, input, required.has(name) && !(hasBody && use.body.includes(name)))),
    ...(p._def.type === 'mutation' && !main.startsWith('auth.') ? [IDEMPOTENCY_KEY_PARAMETER] : []),
  ];
  const operation: Record<string, unknown> = {};
  const screen = screenOf(route.path);
  operation.operationId = `${route.method.toLowerCase()}_${route.path.replace(/[^A-Za-z0-9]+/g, '_')}`;
  operation.tags = [screen.en];
  const english = words(main);
  operation.summary = `${english.charAt(0).toUpperCase()}${english.slice(1)} — ${screen.de} / ${screen.it}`;
  operation.description = [
    `Calls the procedure \`${use.procedures.join('` or `')}\` (the same with the typed client: amounts there in integer cents).`,
    `Screen: ${screen.de} (de) · ${screen.it} (it).`,
    'Amounts on this path are euros with two decimals; dates are YYYY-MM-DD.',
  ].join('\n\n');
  const isPublic = main === 'auth.login' || main === 'auth.changePasswordAndLogin';
  if (isPublic) operation.security = [];
  if (parameters.length > 0) operation.parameters = parameters;
  if (hasBody) {
    const props = propertiesOf(input);
    const bodyNames = use.wholeBody ? Object.keys(props) : use.body;
    const fields = bodyNames.filter((n) => !queryNames.includes(n) && !use.params.includes(n));
    if (fields.length > 0 || use.wholeBody) {
      const body: JsonSchema = {
        type: 'object',
        properties: Object.fromEntries(fields.map((n) => [n, props[n] ?? {}])),
      };
      const req = fields.filter((n) => required.has(n));
      if (req.length > 0) body.required = req;
      if (input.$defs) Object.assign(body, { $id: `${String(input.$id)}:body`, $defs: input.$defs });
      const content: Record<string, unknown> = { 'application/json': { schema: body } };
      if (use.body.includes('text')) content['text/csv'] = { schema: { type: 'string' } };
      if (use.body.includes('file')) {
        // a file upload (POST Documents): a multipart form, the file's bytes in the part `file`
        delete content['application/json'];
        const fields = body.properties as Record<string, JsonSchema>;
        fields.file = {
          type: 'string',
          format: 'binary',
          description: route.path.startsWith('Statements')
            ? 'The bank statement: an ISO 20022 camt.053.001.02 (or camt.054.001.02) XML file, UTF-8, no DOCTYPE.'
            : 'The file: PDF, JPEG, PNG or an e-invoice (XML, P7M), as its content shows.',
        };
        delete fields.content;
        if (fields.fileName) fields.fileName = { ...fields.fileName, description: "The file's name; the name of the part `file` when not given." };
        content['multipart/form-data'] = { schema: { ...body, properties: fields, required: ['file'] } };
      }
      operation.requestBody = { required: req.length > 0, content };
    }
  }
  const answer = answerOf(route, use, id);
  operation.responses = {
    '200': { description: answer.typed ? 'The answer.' : 'The answer (shape not described yet).', content: answer.content },
    ...errorResponses(
      use,
      ['departmentId', 'year'].every((k) => required.has(k)),
      isPublic,
      names,
    ),
  };
  if (!answer.typed) operation['x-answer-typed'] = false;
  return operation;
}

/** A row the recording could not follow (it fails before naming a procedure): listed, never a failed document. */
function undescribed(route: RestRoute, error: unknown) {
  const screen = screenOf(route.path);
  return {
    tags: [screen.en],
    summary: `${route.path} — ${screen.de} / ${screen.it}`,
    description: `Not described: ${error instanceof Error ? error.message : String(error)}`,
    responses: { '200': { description: 'The answer (shape not described).' } },
    'x-described': false,
  };
}

export interface OpenApiOptions {
  routes: RestRoute[];
  /** The app's version (info.version). */
  version?: string;
}

/** The OpenAPI 3.1 document of the route table. */
export async function buildOpenApi(opts: OpenApiOptions): Promise<Record<string, unknown>> {
  const names = errorNamesByStatus();
  const paths: Record<string, Record<string, unknown>> = {};
  for (const route of opts.routes) {
    const path = openApiPath(route.path);
    paths[path] ??= {};
    paths[path][route.method.toLowerCase()] = await operation(route, names).catch((error: unknown) => undescribed(route, error));
  }
  const tags = [...new Set(opts.routes.map((r) => screenOf(r.path).en))].map((name) => {
    const s = opts.routes.map((r) => screenOf(r.path)).find((x) => x.en === name);
    return { name, description: s ? `${s.de} · ${s.it}` : name };
  });
  return {
    openapi: '3.1.0',
    info: {
      title: 'Feuerwehr Haushalt API',
      version: opts.version ?? '1.0.0',
      description: [
        'Budget and bookkeeping of volunteer fire brigades: every /api path.',
        '**Sign in** with `POST /api/Authenticate/login` (`{"username","password"}`): the answer holds `token`. Send it as `Authorization: Bearer <token>` (the Authorize button here).',
        '**Amounts** travel as euros, JSON numbers with at most two decimals. **Dates** are `YYYY-MM-DD`. The department and year of a call (`departmentId`, `year`) are query values.',
        "**Errors** answer `{ type: { status, text }, details: { Message, Field?, Params? } }`: `details.Message` is the business name; amounts in `details.Params` (e.g. a residue's `minimum` and `maximum`) are euros too.",
        'Scripts in TypeScript: the typed client `@app/client` (`createClient({ url, token })`) calls the same procedures (amounts in integer cents there).',
      ].join('\n\n'),
    },
    servers: [{ url: '/api', description: 'this server' }],
    security: [{ bearer: [] }],
    tags,
    paths,
    components: {
      securitySchemes: { bearer: { type: 'http', scheme: 'bearer', description: 'The token of POST /api/Authenticate/login.' } },
      schemas: { Error: ERROR_SCHEMA },
    },
  };
}
