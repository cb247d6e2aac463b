import type { AppRouter } from '@app/api';
import type { Operation, TRPCLink } from '@trpc/client';
import { appCodeOf } from './errors.ts';

/**
 * Idempotency keys of saves (issue 26): every mutation call gets a key of its own, kept in the
 * operation's context, so each attempt of that call (the retry link sends the same operation again)
 * carries the same `Idempotency-Key` header and the server stores the save once.
 */

/** A random UUID v4 (crypto.randomUUID needs a secure context; getRandomValues does not). */
export function newIdempotencyKey(): string {
  if (typeof crypto.randomUUID === 'function') return crypto.randomUUID();
  const bytes = crypto.getRandomValues(new Uint8Array(16));
  bytes[6] = ((bytes[6] as number) & 0x0f) | 0x40;
  bytes[8] = ((bytes[8] as number) & 0x3f) | 0x80;
  const hex = [...bytes].map((b) => b.toString(16).padStart(2, '0')).join('');
  return `${hex.slice(0, 8)}-${hex.slice(8, 12)}-${hex.slice(12, 16)}-${hex.slice(16, 20)}-${hex.slice(20)}`;
}

/** Gives each mutation operation its key (once: a retried operation keeps the key it has). */
export const idempotencyKeyLink: TRPCLink<AppRouter> =
  () =>
  ({ next, op }) =>
    next(op.type === 'mutation' && !op.context.idempotencyKey ? { ...op, context: { ...op.context, idempotencyKey: newIdempotencyKey() } } : op);

/** The header of an operation's key (mutations only). */
export function idempotencyHeader(op: Operation): Record<string, string> {
  const key = op.type === 'mutation' ? op.context.idempotencyKey : undefined;
  return typeof key === 'string' ? { 'Idempotency-Key': key } : {};
}

/** A save answered 503 DatabaseUnavailable is sent again (with its key) up to three times, after 1, 2 and 4 s. */
export function shouldRetrySave(op: Operation, error: unknown, attempts: number): boolean {
  return op.type === 'mutation' && appCodeOf(error) === 'DatabaseUnavailable' && attempts <= 3;
}

/** The wait before retry n (n = the attempts so far: 1, 2, 3): 1, 2 and 4 s. */
export const saveRetryDelayMs = (attempts: number): number => 1000 * 2 ** (attempts - 1);
