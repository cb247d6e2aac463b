import { readFileSync } from 'node:fs';
import { routerProcedures } from '@app/api';
import type { HTTPMethods, InjectOptions } from 'fastify';
import { z } from 'zod';
import type { RestRequest, RestRoute } from './params.ts';
import { YEAR } from './testApp.ts';

/**
 * The model of a REST row for the tests that build requests from the spec's inputs (fuzz.test.ts,
 * accessMatrix.test.ts): which procedure the row calls (found by calling it with a recording caller),
 * the query and body keys it reads, and the fields of the procedure's zod input schemas with
 * plausible values; `requestFor` turns a model and values into an inject request. Also the spec's
 * list of paths (spec-paths.txt, extracted from the spec text).
 */

export type JsonSchema = {
  type?: string | string[];
  properties?: Record<string, JsonSchema>;
  items?: JsonSchema;
  anyOf?: JsonSchema[];
  oneOf?: JsonSchema[];
  allOf?: JsonSchema[];
  enum?: unknown[];
  const?: unknown;
  default?: unknown;
  minimum?: number;
  exclusiveMinimum?: number;
  minLength?: number;
  pattern?: string;
  format?: string;
  /** The money mark of the domain's `Cents` (its `.meta`), carried into the JSON schema. */
  money?: string;
};

export type Kind = 'integer' | 'number' | 'string' | 'boolean' | 'array' | 'object' | 'any';

export interface Field {
  /** Dotted path; array items as `0`. */
  path: string[];
  kind: Kind;
  valid: unknown;
  /** An amount (the schema is marked as money): euros on the wire. */
  money: boolean;
}

export interface RouteModel {
  route: RestRoute;
  procedures: string[];
  queryKeys: Set<string>;
  bodyKeys: Set<string>;
  paramKeys: string[];
  /** Schema fields of the procedure input (with nested positions). */
  fields: Field[];
}

// ---------------------------------------------------------------------------------------------
// Route model: which procedure a row calls and what it reads.

function recordingCaller(calls: string[]): unknown {
  const make = (path: string[]): unknown =>
    new Proxy(() => undefined, {
      get: (_t, key) => (typeof key === 'string' ? make([...path, key]) : undefined),
      apply: () => {
        calls.push(path.join('.'));
        return Promise.resolve({});
      },
    });
  return make([]);
}

function recordingBag(keys: Set<string>): Record<string, string | undefined> {
  return new Proxy({} as Record<string, string | undefined>, {
    get: (_t, key) => {
      if (typeof key === 'string') keys.add(key);
      return undefined;
    },
  });
}

export function flatten(schema: JsonSchema): JsonSchema[] {
  const parts = [schema];
  for (const sub of [...(schema.allOf ?? []), ...(schema.anyOf ?? []), ...(schema.oneOf ?? [])]) parts.push(...flatten(sub));
  return parts;
}

export function kindOf(schema: JsonSchema): Kind {
  for (const part of flatten(schema)) {
    const type = Array.isArray(part.type) ? part.type.find((t) => t !== 'null') : part.type;
    if (type === 'integer' || type === 'number' || type === 'string' || type === 'boolean' || type === 'array' || type === 'object') return type;
    if (part.enum?.length) return typeof part.enum[0] === 'number' ? 'integer' : 'string';
    if (part.const !== undefined) return typeof part.const === 'number' ? 'integer' : 'string';
  }
  return 'any';
}

export function validFor(name: string, schema: JsonSchema, depth = 0): unknown {
  const known = plausible[name];
  if (known !== undefined) return known;
  const parts = flatten(schema);
  for (const part of parts) {
    if (part.default !== undefined) return part.default;
    if (part.enum?.length) return part.enum[0];
    if (part.const !== undefined) return part.const;
  }
  switch (kindOf(schema)) {
    case 'integer':
    case 'number': {
      const min = parts.find((p) => p.minimum !== undefined)?.minimum;
      return min !== undefined && min > 0 ? min : 1;
    }
    case 'string': {
      if (parts.some((p) => p.format === 'date' || p.pattern?.includes('\\d{4}-'))) return `${YEAR}-03-01`;
      const min = parts.find((p) => p.minLength !== undefined)?.minLength ?? 1;
      return 'x'.repeat(Math.max(1, min));
    }
    case 'boolean':
      return false;
    case 'array': {
      const items = parts.find((p) => p.items)?.items;
      return items && depth < 3 ? [validFor('', items, depth + 1)] : [];
    }
    case 'object': {
      const out: Record<string, unknown> = {};
      for (const part of parts) for (const [key, sub] of Object.entries(part.properties ?? {})) out[key] = validFor(key, sub, depth + 1);
      return out;
    }
    default:
      return 'x';
  }
}

/** Plausible values for the field names the demo data knows (filled in once the demo is seeded). */
export const plausible: Record<string, unknown> = {
  year: YEAR,
  chapterYear: YEAR,
  yearFrom: YEAR - 1,
  yearTo: YEAR,
  part: 1,
  area: 1,
  page: 1,
  pageSize: 30,
  language: 'de',
  sort: 'code',
  chapter: '11001',
  approval: `${YEAR}-03-01`,
  approved: `${YEAR}-03-01`,
  deptFrom: '101',
  deptTo: '101',
};

export function schemaFields(schema: JsonSchema, prefix: string[], out: Field[], depth = 0): void {
  for (const part of flatten(schema)) {
    for (const [key, sub] of Object.entries(part.properties ?? {})) {
      const path = [...prefix, key];
      if (out.some((f) => f.path.join('.') === path.join('.'))) continue;
      const kind = kindOf(sub);
      out.push({ path, kind, valid: validFor(key, sub), money: flatten(sub).some((p) => p.money === 'cents') });
      if (depth < 2) {
        for (const p of flatten(sub)) {
          if (p.items) schemaFields(p.items, [...path, '0'], out, depth + 1);
          if (p.properties) schemaFields(p, path, out, depth + 1);
        }
      }
    }
  }
}

/** The zod input schemas of every procedure by path (the router walked once). */
const inputsByPath = new Map(routerProcedures().map((p) => [p.path, p.inputs]));

/** The fields of a procedure's input schemas with plausible values. */
export function inputFields(path: string): Field[] {
  const fields: Field[] = [];
  for (const input of inputsByPath.get(path) ?? []) {
    const schema = z.toJSONSchema(input, { io: 'input', unrepresentable: 'any' }) as JsonSchema;
    schemaFields(schema, [], fields);
  }
  return fields;
}

export async function modelOf(route: RestRoute): Promise<RouteModel> {
  const calls: string[] = [];
  const queryKeys = new Set<string>();
  const bodyKeys = new Set<string>();
  const paramKeys = [...route.path.matchAll(/:(\w+)/g)].map((m) => m[1] as string);
  const req: RestRequest = { query: recordingBag(queryKeys), body: recordingBag(bodyKeys), params: {} };
  try {
    await route.call(recordingCaller(calls) as Parameters<RestRoute['call']>[0], req);
  } catch {
    // rows that post-process the answer (CSV) fail on the recorded {}: the call is what counts
  }
  const fields: Field[] = [];
  for (const name of calls) for (const field of inputFields(name)) if (!fields.some((f) => f.path.join('.') === field.path.join('.'))) fields.push(field);
  for (const key of [...queryKeys, ...bodyKeys]) {
    if (!fields.some((f) => f.path.length === 1 && f.path[0] === key)) fields.push({ path: [key], kind: 'any', valid: plausible[key] ?? '1', money: false });
  }
  return { route, procedures: calls, queryKeys, bodyKeys, paramKeys, fields };
}

export function encodeSegment(text: string): string {
  return [...Buffer.from(text, 'utf8')]
    .map((b) => (/[A-Za-z0-9_.~-]/.test(String.fromCharCode(b)) ? String.fromCharCode(b) : `%${b.toString(16).toUpperCase().padStart(2, '0')}`))
    .join('');
}

/** A query value as the wire carries it. */
export function queryText(value: unknown): string {
  if (typeof value === 'string') return value;
  if (typeof value === 'number') return String(value);
  const json = JSON.stringify(value) ?? '';
  return json.length > 20_000 ? json.slice(0, 20_000) : json;
}

export function setPath(target: Record<string, unknown>, path: string[], value: unknown): void {
  let node: Record<string, unknown> = target;
  for (const [i, key] of path.entries()) {
    if (i === path.length - 1) {
      node[key] = value;
      return;
    }
    const next = node[key];
    if (next === null || typeof next !== 'object') {
      node[key] = /^\d+$/.test(path[i + 1] as string) ? [] : {};
    }
    node = node[key] as Record<string, unknown>;
  }
}

export interface RequestPlan {
  /** Fields replaced after the plausible values: [index into the model's fields, value]. */
  mutations?: [number, unknown][];
  /** Top-level values by key instead of the plausible ones. */
  values?: Record<string, unknown>;
  /** Put scope fields into the query (true) or the body (false) on writes. */
  scopeInQuery: boolean;
  /** The value of the path parameter ({id}). */
  param: unknown;
  /** The bearer token; absent: no authorization header. */
  token?: string;
  ip: string;
}

/** The inject request of a row: its fields' plausible values (or the plan's), reads in the query, writes with a JSON body. */
export function requestFor(model: RouteModel, plan: RequestPlan): InjectOptions {
  const isRead = model.route.method === 'GET' || model.route.method === 'DELETE';
  const values = plan.values ?? {};
  const query: Record<string, string> = {};
  const body: Record<string, unknown> = {};
  for (const field of model.fields) {
    if (field.path.length !== 1) continue;
    const key = field.path[0] as string;
    const value = key in values ? values[key] : field.valid;
    const inQuery = isRead || (model.queryKeys.has(key) && (plan.scopeInQuery || !model.bodyKeys.has(key)));
    if (inQuery) query[key] = queryText(value);
    else body[key] = structuredClone(value);
  }
  for (const [index, value] of plan.mutations ?? []) {
    const field = model.fields[index % model.fields.length];
    if (!field) continue;
    const key = field.path[0] as string;
    if (key in query && field.path.length === 1) query[key] = queryText(value);
    else setPath(body, field.path, value);
  }
  let url = `/api/${model.route.path}`;
  for (const key of model.paramKeys) url = url.replace(`:${key}`, encodeSegment(queryText(plan.param)));
  const search = new URLSearchParams(query).toString();
  const options: InjectOptions = {
    method: model.route.method,
    url: search ? `${url}?${search}` : url,
    headers: plan.token ? { authorization: `Bearer ${plan.token}` } : {},
    remoteAddress: plan.ip,
  };
  if (!isRead) {
    options.payload = JSON.stringify(body);
    options.headers = { ...options.headers, 'content-type': 'application/json' };
  }
  return options;
}

// ---------------------------------------------------------------------------------------------
// The spec's paths.

export interface SpecPath {
  method: HTTPMethods;
  path: string;
  pending: boolean;
  line: number;
  /** The spec part (the `# <part> (§7)` heading above it). */
  part: string;
}

/** Every METHOD PATH of spec-paths.txt (extracted from the spec's call sections by scripts/spec-paths.mjs). */
export function specPaths(): SpecPath[] {
  const text = readFileSync(new URL('./spec-paths.txt', import.meta.url), 'utf8');
  const out: SpecPath[] = [];
  let part = '';
  for (const [i, raw] of text.split('\n').entries()) {
    const line = raw.trim();
    const heading = /^#\s*(\d-[\w-]+)/.exec(line);
    if (heading) part = heading[1] as string;
    if (line === '' || line.startsWith('#')) continue;
    const m = /^(GET|POST|PUT|PATCH|DELETE) (\/api\/\S+)(?:\s+(pending)\b.*)?$/.exec(line);
    if (!m) throw new Error(`spec-paths.txt line ${i + 1} is not "METHOD /api/path [pending]": ${line}`);
    out.push({ method: m[1] as HTTPMethods, path: m[2] as string, pending: m[3] === 'pending', line: i + 1, part });
  }
  return out;
}
