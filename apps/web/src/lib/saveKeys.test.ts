import type { Operation } from '@trpc/client';
import { describe, expect, it } from 'vitest';
import { idempotencyHeader, newIdempotencyKey, saveRetryDelayMs, shouldRetrySave } from './saveKeys.ts';

const op = (type: 'query' | 'mutation', context: Record<string, unknown> = {}): Operation =>
  ({ id: 1, type, path: 'templates.create', input: {}, context, signal: null }) as Operation;
const outage = { data: { appCode: 'DatabaseUnavailable' } };

describe('save keys (issue 26)', () => {
  it('a key is a fresh UUID v4 each time', () => {
    const a = newIdempotencyKey();
    expect(a).toMatch(/^[0-9a-f]{8}-[0-9a-f]{4}-4[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/);
    expect(newIdempotencyKey()).not.toBe(a);
  });

  it("a save sends its operation's key as Idempotency-Key; a read sends none", () => {
    expect(idempotencyHeader(op('mutation', { idempotencyKey: 'k-1' }))).toEqual({ 'Idempotency-Key': 'k-1' });
    expect(idempotencyHeader(op('query', { idempotencyKey: 'k-1' }))).toEqual({});
    expect(idempotencyHeader(op('mutation'))).toEqual({});
  });

  it('a save answered DatabaseUnavailable is sent again three times (1, 2, 4 s); other errors and reads never', () => {
    expect([1, 2, 3, 4].map((n) => shouldRetrySave(op('mutation'), outage, n))).toEqual([true, true, true, false]);
    expect(shouldRetrySave(op('mutation'), { data: { appCode: 'InvalidValue' } }, 1)).toBe(false);
    expect(shouldRetrySave(op('mutation'), new Error('network'), 1)).toBe(false);
    expect(shouldRetrySave(op('query'), outage, 1)).toBe(false);
    expect([1, 2, 3].map(saveRetryDelayMs)).toEqual([1000, 2000, 4000]);
  });
});
