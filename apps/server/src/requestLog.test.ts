import { Writable } from 'node:stream';
import { openDb } from '@app/db';
import { describe, expect, it } from 'vitest';
import { buildApp } from './app.ts';

/**
 * The request log (issue 29): production logs at info without a line per request (at a union's load the
 * line cost more than a read); every request is logged at debug level, with its path but never the
 * query string.
 */
async function logsOf(level: 'info' | 'debug'): Promise<string> {
  let logs = '';
  const stream = new Writable({
    write(chunk, _enc, done) {
      logs += String(chunk);
      done();
    },
  });
  const database = await openDb('pglite:memory');
  const app = await buildApp({ database, webDist: '/nonexistent', logger: { level, stream } });
  try {
    expect((await app.inject({ url: '/health?probe=secret-q' })).statusCode).toBe(200);
  } finally {
    await app.close();
    await database.close();
  }
  return logs;
}

describe('request log', () => {
  it('at info: no line per request', async () => {
    const logs = await logsOf('info');
    expect(logs).not.toContain('/health');
    expect(logs).not.toContain('request completed');
  });

  it('at debug: a line per request with its path, status and time, never the query string', async () => {
    const lines = (await logsOf('debug'))
      .split('\n')
      .filter(Boolean)
      .map((l) => JSON.parse(l) as { msg?: string; req?: { url?: string }; statusCode?: number; ms?: number });
    const line = lines.find((l) => l.msg === 'request completed');
    expect(line?.req?.url).toBe('/health');
    expect(line?.statusCode).toBe(200);
    expect(typeof line?.ms).toBe('number');
    expect(JSON.stringify(lines)).not.toContain('secret-q');
  });
});
