import { safeErrorInfo } from '@app/api';
import { isDatabaseUnavailable } from '@app/db';
import { AppError, centsToEuros, type ErrorCode, MONEY_ERROR_PARAMS, MONEY_LIST_ERROR_PARAMS } from '@app/domain';
import { TRPCError } from '@trpc/server';
import { STATUS_CODES } from 'node:http';

/** The spec's error shape: `{ type: { status, text }, details: { Message } }` (+ Field, Params). */
export interface RestError {
  type: { status: number; text: string };
  details: { Message: string; Field?: string; Params?: Record<string, string | number>; CorrelationId?: string };
}

/**
 * An error's params for the REST wire: the amounts among them (MONEY_ERROR_PARAMS, cents inside) in
 * euros, and so each amount of a list (MONEY_LIST_ERROR_PARAMS: `"41810,500"` → `"418.1,5"`).
 */
export function restParams(params: Record<string, string | number>): Record<string, string | number> {
  const euros = (key: string, value: string | number): string | number => {
    if (typeof value === 'number' && MONEY_ERROR_PARAMS.has(key)) return centsToEuros(value);
    if (typeof value === 'string' && MONEY_LIST_ERROR_PARAMS.has(key))
      return value
        .split(',')
        .map((cents) => centsToEuros(Number(cents)))
        .join(',');
    return value;
  };
  return Object.fromEntries(Object.entries(params).map(([key, value]) => [key, euros(key, value)]));
}

export function restError(
  status: number,
  code: string,
  extra: { field?: string | undefined; params?: Record<string, string | number> | undefined } = {},
): RestError {
  const details: RestError['details'] = { Message: code };
  if (extra.field) details.Field = extra.field;
  if (extra.params) details.Params = restParams(extra.params);
  return { type: { status, text: STATUS_CODES[status] ?? 'Error' }, details };
}

/** The answer to an unexpected error: no detail, only the correlation id that the server log carries. */
export function internalError(correlationId: string): RestError {
  const body = restError(500, 'Error');
  body.details.CorrelationId = correlationId;
  return body;
}

/** Maps anything a procedure threw to status and body; null for an unexpected error (a real 500). */
export function toRestError(error: unknown): RestError | null {
  // a row's own refusal before the procedure runs (an amount that is no amount)
  if (error instanceof AppError) return restError(error.status, error.code, { field: error.field, params: error.params });
  // a lost database connection is an outage to wait out, not an unexpected error
  if (isDatabaseUnavailable(error)) return restError(503, 'DatabaseUnavailable');
  if (!(error instanceof TRPCError)) return null;
  const info = safeErrorInfo(error);
  if (!info) return null;
  return restError(info.status, info.code, { field: info.field, params: info.params });
}

/** Business names of the errors Fastify raises itself, before a row runs (reading the request). */
const frameworkCodes: Record<string, ErrorCode> = {
  FST_ERR_CTP_INVALID_JSON_BODY: 'InvalidJson',
  FST_ERR_CTP_EMPTY_JSON_BODY: 'InvalidJson',
  FST_ERR_CTP_INVALID_MEDIA_TYPE: 'UnsupportedMediaType',
  FST_ERR_CTP_BODY_TOO_LARGE: 'PayloadTooLarge',
};

/**
 * A client error Fastify raised (bad JSON, an unsupported content type, a body over the limit, a
 * malformed address, ...) in the spec's error shape; null for anything that is not a 4xx (a 500).
 */
export function frameworkError(error: { code?: unknown; statusCode?: unknown }): RestError | null {
  const status = typeof error.statusCode === 'number' ? error.statusCode : 0;
  if (status < 400 || status >= 500) return null;
  const code = typeof error.code === 'string' ? frameworkCodes[error.code] : undefined;
  return restError(status, code ?? (status === 404 ? 'NotFound' : 'InvalidValue'));
}

/**
 * The raw answer to a request Node's HTTP parser refused before Fastify saw it, in the spec's error
 * shape: headers or an address over Node's 16 kB header limit are 431 HeadersTooLarge, a timeout 408,
 * anything else 400 InvalidValue (Fastify's own answer would have its shape, not ours).
 */
export function clientErrorAnswer(code: unknown, extraHeaders: Record<string, string>): string {
  const [status, name] =
    code === 'HPE_HEADER_OVERFLOW' ? [431, 'HeadersTooLarge'] : code === 'ERR_HTTP_REQUEST_TIMEOUT' ? [408, 'InvalidValue'] : [400, 'InvalidValue'];
  const body = JSON.stringify(restError(status, name));
  const headers = {
    'Content-Type': 'application/json; charset=utf-8',
    'Content-Length': String(Buffer.byteLength(body)),
    Connection: 'close',
    ...extraHeaders,
  };
  const head = Object.entries(headers).map(([key, value]) => `${key}: ${value}\r\n`);
  return `HTTP/1.1 ${status} ${STATUS_CODES[status] ?? 'Error'}\r\n${head.join('')}\r\n${body}`;
}
