import { describe, expect, it } from 'vitest';
import { isDatabaseUnavailable, reconnectDelaySeconds } from './client.ts';

const withCode = (code: string, cause?: unknown) => Object.assign(new Error(code), { code }, cause ? { cause } : {});

describe('isDatabaseUnavailable', () => {
  it('recognizes lost and refused connections and a server shutting down, also as a cause', () => {
    for (const code of [
      'CONNECTION_CLOSED',
      'CONNECTION_ENDED',
      'CONNECTION_DESTROYED',
      'CONNECT_TIMEOUT',
      'ECONNREFUSED',
      'ECONNRESET',
      '57P01',
      '57P02',
      '57P03',
      '08006',
      '08001',
    ]) {
      expect(isDatabaseUnavailable(withCode(code)), code).toBe(true);
    }
    // drizzle wraps the driver's error ("Failed query: ..."), tRPC wraps drizzle's
    const wrapped = new Error('tRPC', { cause: new Error('Failed query: select 1', { cause: withCode('57P01') }) });
    expect(isDatabaseUnavailable(wrapped)).toBe(true);
  });

  it('leaves query errors and everything else alone (those stay 4xx/500)', () => {
    for (const code of ['23505', '22P02', '42P01', '40001', 'P0001']) expect(isDatabaseUnavailable(withCode(code)), code).toBe(false);
    expect(isDatabaseUnavailable(new Error('boom'))).toBe(false);
    expect(isDatabaseUnavailable(null)).toBe(false);
    expect(isDatabaseUnavailable('CONNECTION_CLOSED')).toBe(false);
  });
});

describe('reconnectDelaySeconds', () => {
  it('doubles from 50 ms and never waits more than 1 s', () => {
    expect([0, 1, 2, 3, 4, 5, 6, 7, 20].map(reconnectDelaySeconds)).toEqual([0.05, 0.05, 0.1, 0.2, 0.4, 0.8, 1, 1, 1]);
  });
});
