import { safeErrorInfo } from '@app/api';
import { TRPCError } from '@trpc/server';
import { STATUS_CODES } from 'node:http';

/** The spec's error shape: `{ type: { status, text }, details: { Message } }` (+ Field, Params). */
export interface RestError {
  type: { status: number; text: string };
  details: { Message: string; Field?: string; Params?: Record<string, string | number>; CorrelationId?: string };
}

export function restError(status: number, code: string, extra: { field?: string | undefined; params?: Record<string, string | number> | undefined } = {}): RestError {
  const details: RestError['details'] = { Message: code };
  if (extra.field) details.Field = extra.field;
  if (extra.params) details.Params = extra.params;
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
  if (!(error instanceof TRPCError)) return null;
  const info = safeErrorInfo(error);
  if (!info) return null;
  return restError(info.status, info.code, { field: info.field, params: info.params });
}
