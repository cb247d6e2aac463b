import type { createCaller } from '@app/api';
import { AppError } from '@app/domain';
import type { z } from 'zod';

/**
 * The building blocks of the /api rows (rest/<area>.ts): the row and request types, the file answer
 * and the helpers that read query and body values. Imports nothing of the rows, so the area files
 * and routes.ts never import each other.
 */

type Caller = ReturnType<typeof createCaller>;

export interface RestRequest {
  query: Record<string, string | undefined>;
  body: Record<string, unknown>;
  params: Record<string, string | undefined>;
}

export interface RestRoute {
  method: 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';
  /** Path under /api, as the spec writes it (matched case-insensitively). */
  path: string;
  /** Maps the request onto one procedure call; no business logic here. */
  call: (caller: Caller, req: RestRequest) => Promise<unknown>;
  /**
   * The answer as the wire carries it, for /api/openapi.json, when the row reshapes the procedure's
   * answer (a schema of the reshaped answer) or sends a file (its content type); absent: the
   * procedure's output schema.
   */
  answer?: z.core.$ZodType | { file: string };
}

/** One row of an area table: the method, the spec's path, the call and (when the row reshapes the answer) its wire schema. */
export function row(method: RestRoute['method'], path: string, call: RestRoute['call'], answer?: RestRoute['answer']): RestRoute {
  return answer ? { method, path, call, answer } : { method, path, call };
}

/** A row's answer that is a file, not JSON: sent as is with its content type (and as a download when named). */
export class RestFile {
  constructor(
    /** The file: text (CSV, XML) or bytes (a receipt). */
    readonly text: string | Uint8Array,
    readonly contentType: string,
    readonly fileName?: string,
  ) {}
}

/** A download written as its pieces come (the streamed statistics CSV): the answer's headers first, then every piece. */
export class RestStream {
  constructor(
    readonly chunks: AsyncIterable<string | Uint8Array>,
    readonly contentType: string,
    readonly fileName?: string,
  ) {}
}

/** A query or body value as a number (the spec sends scope ids and years as query strings). */
export function num(value: unknown): number | undefined {
  if (value === undefined || value === null || value === '') return undefined;
  const n = typeof value === 'number' ? value : Number(value);
  return Number.isFinite(n) ? n : Number.NaN;
}

/** A query value ('true' / 'false') or a body boolean; undefined when absent. */
export function bool(value: unknown): boolean | undefined {
  if (value === undefined || value === null || value === '') return undefined;
  if (typeof value === 'boolean') return value;
  const t = String(value).toLowerCase();
  return t === 'true' ? true : t === 'false' ? false : (value as boolean);
}

/** A query value as text; undefined when absent, an empty value stays '' (an empty filter). */
export function text(value: unknown): string | undefined {
  return value === undefined || value === null ? undefined : String(value);
}

/** A query value as text; undefined when absent or empty (an empty value means "not given"). */
export function nonEmptyText(value: unknown): string | undefined {
  return value === undefined || value === null || value === '' ? undefined : String(value);
}

/** Drops undefined values, so absent query params fall back to the schema defaults. */
export function defined<T extends Record<string, unknown>>(value: T): T {
  return Object.fromEntries(Object.entries(value).filter(([, v]) => v !== undefined)) as T;
}

/** The multipart part `file` as the pieces the server read it in (rest/plugin.ts), undefined when none came. */
export function filePieces(req: RestRequest): Uint8Array[] | undefined {
  const file = req.body.file;
  return Array.isArray(file) ? (file as Uint8Array[]) : file instanceof Uint8Array ? [file] : undefined;
}

/** The multipart part `file` whole (a statement or an e-invoice, read whole anyway): its pieces joined. */
export function fileBytes(req: RestRequest): Uint8Array | undefined {
  const pieces = filePieces(req);
  return pieces && (pieces.length === 1 ? pieces[0] : Buffer.concat(pieces));
}

/** A value from the query or, failing that, the body. */
export function param(req: RestRequest, name: string): unknown {
  return req.query[name] ?? req.body[name];
}

/** The department and year of the call (query or body, the spec's default query params). */
export function scopeOf(req: RestRequest): { departmentId: number; year: number } {
  return { departmentId: num(param(req, 'departmentId')) as number, year: num(param(req, 'year')) as number };
}

/** Deepest nesting of a scoped body the rows take (budget: head → positions → chapter; movements likewise). */
const MAX_BODY_DEPTH = 16;

/** Refuses a value nested deeper than MAX_BODY_DEPTH with InvalidValue naming where (never a stack overflow). */
function refuseDeep(value: unknown): void {
  const stack: [unknown, string[]][] = [[value, []]];
  while (stack.length > 0) {
    const [current, path] = stack.pop() as [unknown, string[]];
    if (current === null || typeof current !== 'object') continue;
    if (path.length > MAX_BODY_DEPTH) throw new AppError('InvalidValue', { field: path.slice(0, 2).join('.') });
    for (const [key, child] of Object.entries(current)) stack.push([child, [...path, key]]);
  }
}

/** A scoped body without its scope keys (they come from scopeOf), refused when nested too deep. */
export function scopedBody(req: RestRequest): Record<string, unknown> {
  const { departmentId: _d, year: _y, ...rest } = req.body;
  refuseDeep(rest);
  return rest;
}
