import { createHash } from 'node:crypto';
import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { Writable } from 'node:stream';
import type { DbHandle } from '@app/db';
import { passwordChecks } from '@app/db/password';
import { testDatabases } from '@app/db/testing';
import { sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp, MAX_BATCH_SIZE } from './app.ts';
import { errorForLog, inlineScriptHashes, parseTrustProxy } from './security.ts';

const YEAR = 2026;
const INLINE = "document.documentElement.setAttribute('data-x', '1');";
const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/;

describe('security helpers', () => {
  it('reads TRUST_PROXY as none, a hop count or proxy addresses, never "true"', () => {
    expect(parseTrustProxy(undefined)).toBe(false);
    expect(parseTrustProxy('0')).toBe(false);
    expect(parseTrustProxy('false')).toBe(false);
    expect(parseTrustProxy('2')).toBe(2);
    expect(parseTrustProxy('10.0.0.5, 10.1.0.0/16')).toEqual(['10.0.0.5', '10.1.0.0/16']);
    expect(() => parseTrustProxy('true')).toThrow(/TRUST_PROXY/);
  });

  it('hashes inline scripts only', () => {
    const html = `<script>${INLINE}</script><script type="module" src="/a.js"></script>`;
    expect(inlineScriptHashes(html)).toEqual([`'sha256-${createHash('sha256').update(INLINE).digest('base64')}'`]);
  });

  it('logs a failed query without its parameters', () => {
    const cause = new Error('invalid byte sequence');
    const error = Object.assign(new Error('Failed query: select 1 where x = $1\nparams: secret-hash'), { params: ['secret-hash'], cause });
    const out = JSON.stringify(errorForLog(new Error(error.message, { cause: error })));
    expect(out).toContain('Failed query: select 1 where x = $1');
    expect(out).toContain('invalid byte sequence');
    expect(out).not.toContain('secret-hash');
  });
});

for (const target of testDatabases()) {
  describe(`HTTP hardening [${target.name}]`, () => {
    let handle: DbHandle;
    let app: FastifyInstance;
    let proxied: FastifyInstance;
    let logs = '';
    const webDist = mkdtempSync(join(tmpdir(), 'web-dist-'));
    writeFileSync(join(webDist, 'index.html'), `<!doctype html><title>Feuerwehr</title><script>${INLINE}</script>`);

    beforeAll(async () => {
      handle = await target.create({ demo: { year: YEAR } });
      const stream = new Writable({
        write(chunk, _enc, done) {
          logs += String(chunk);
          done();
        },
      });
      app = await buildApp({ database: handle, webDist, logger: { level: 'debug', stream } });
      proxied = await buildApp({ database: handle, webDist, trustProxy: ['127.0.0.1'] });
    });
    afterAll(async () => {
      await app.close();
      await proxied.close();
      await handle.close();
    });

    const login = (server: FastifyInstance, username: string, password: string, headers: Record<string, string> = {}) =>
      server.inject({ method: 'POST', url: '/api/Authenticate/login', payload: { username, password }, headers });

    it('sends the security headers on the client, /api and /trpc answers', async () => {
      const hash = `'sha256-${createHash('sha256').update(INLINE).digest('base64')}'`;
      const answers = await Promise.all([
        app.inject({ method: 'GET', url: '/' }),
        app.inject({ method: 'GET', url: '/year/2026/overview' }),
        app.inject({ method: 'GET', url: '/api/auth/me' }),
        app.inject({ method: 'GET', url: '/trpc/auth.me' }),
        app.inject({ method: 'GET', url: '/api/nothing-here' }),
      ]);
      expect(answers.map((r) => r.statusCode)).toEqual([200, 200, 401, 401, 404]);
      for (const res of answers) {
        const csp = String(res.headers['content-security-policy']);
        expect(csp).toContain("frame-ancestors 'none'");
        expect(csp).toContain("default-src 'self'");
        expect(csp).toContain(`script-src 'self' ${hash}`);
        expect(csp).not.toContain('unsafe-eval');
        expect(res.headers['x-content-type-options']).toBe('nosniff');
        expect(res.headers['referrer-policy']).toBe('no-referrer');
        expect(res.headers['x-frame-options']).toBe('DENY');
        // plain HTTP: no HSTS; no CORS unless configured
        expect(res.headers['strict-transport-security']).toBeUndefined();
        expect(res.headers['access-control-allow-origin']).toBeUndefined();
      }
    });

    it('answers no CORS preflight unless origins are configured', async () => {
      const preflight = {
        method: 'OPTIONS' as const,
        url: '/api/auth/me',
        headers: { origin: 'https://evil.example', 'access-control-request-method': 'GET' },
      };
      const res = await app.inject(preflight);
      expect(res.headers['access-control-allow-origin']).toBeUndefined();
      const withCors = await buildApp({ database: handle, webDist, corsOrigins: ['https://kasse.example'] });
      try {
        const allowed = await withCors.inject({ ...preflight, headers: { ...preflight.headers, origin: 'https://kasse.example' } });
        expect(allowed.headers['access-control-allow-origin']).toBe('https://kasse.example');
        const other = await withCors.inject(preflight);
        expect(other.headers['access-control-allow-origin']).toBeUndefined();
      } finally {
        await withCors.close();
      }
    });

    it('sends HSTS only when served over HTTPS through a trusted proxy', async () => {
      const direct = await app.inject({ method: 'GET', url: '/api/auth/me', headers: { 'x-forwarded-proto': 'https' } });
      expect(direct.headers['strict-transport-security']).toBeUndefined();
      const viaProxy = await proxied.inject({ method: 'GET', url: '/api/auth/me', headers: { 'x-forwarded-proto': 'https' } });
      expect(viaProxy.headers['strict-transport-security']).toBe('max-age=31536000; includeSubDomains');
    });

    it('ignores X-Forwarded-For by default and honours it from a configured proxy', async () => {
      // by default every attempt counts for the socket address, whatever the header says
      for (let i = 0; i < 5; i++) expect((await login(app, 'admin', 'bad', { 'x-forwarded-for': `203.0.113.${i}` })).statusCode).toBe(401);
      const refused = await login(app, 'admin', 'demo', { 'x-forwarded-for': '203.0.113.99' });
      expect(refused.statusCode).toBe(429);
      expect(refused.json().details.Message).toBe('TooManyAttempts');
      // behind a trusted proxy the forwarded address counts: one client is throttled, another is not
      for (let i = 0; i < 5; i++) expect((await login(proxied, 'zwei', 'bad', { 'x-forwarded-for': '198.51.100.1' })).statusCode).toBe(401);
      expect((await login(proxied, 'zwei', 'demo', { 'x-forwarded-for': '198.51.100.1' })).statusCode).toBe(429);
      expect((await login(proxied, 'zwei', 'demo', { 'x-forwarded-for': '198.51.100.2' })).statusCode).toBe(200);
    });

    it('refuses auth.login inside a tRPC batch without checking a password', async () => {
      const before = passwordChecks();
      const res = await app.inject({
        method: 'POST',
        url: '/trpc/auth.login,auth.login?batch=1',
        payload: { 0: { username: 'kassier', password: 'a', remember: false }, 1: { username: 'kassier', password: 'b', remember: false } },
        remoteAddress: '10.20.0.1',
      });
      expect(res.statusCode).toBe(400);
      expect(passwordChecks()).toBe(before);
      const alone = await app.inject({
        method: 'POST',
        url: '/trpc/auth.login',
        payload: { username: 'kassier', password: 'demo', remember: false },
        remoteAddress: '10.20.0.1',
      });
      expect(alone.statusCode).toBe(200);
      expect(alone.json().result.data.username).toBe('kassier');
    });

    it('caps a tRPC batch at 10 calls', async () => {
      const batch = (n: number) => `/trpc/${Array.from({ length: n }, () => 'system.info').join(',')}?batch=1&input=${encodeURIComponent('{}')}`;
      const ok = await app.inject({ method: 'GET', url: batch(MAX_BATCH_SIZE) });
      expect(ok.statusCode).toBe(200);
      expect(ok.json()).toHaveLength(MAX_BATCH_SIZE);
      const tooMany = await app.inject({ method: 'GET', url: batch(MAX_BATCH_SIZE + 1) });
      expect(tooMany.statusCode).toBe(400);
    });

    it('answers a body over the limit with 413 in the REST error shape', async () => {
      const big = JSON.stringify({ username: 'x', password: 'y'.repeat(11 * 1024 * 1024) });
      for (const url of ['/api/Authenticate/login', '/trpc/auth.login']) {
        const res = await app.inject({ method: 'POST', url, payload: big, headers: { 'content-type': 'application/json' } });
        expect(res.statusCode).toBe(413);
        expect(res.json()).toEqual({ type: { status: 413, text: 'Payload Too Large' }, details: { Message: 'PayloadTooLarge' } });
        expect(res.headers['x-content-type-options']).toBe('nosniff');
      }
    });

    it('answers an unexpected error with a correlation id only, and logs it without query parameters', async () => {
      // a real database failure inside auth.login: the throttle table is gone for a moment
      const username = 'marker7';
      await handle.db.execute(sql`alter table login_throttle rename to login_throttle_away`);
      let trpc: Awaited<ReturnType<FastifyInstance['inject']>>;
      let rest: Awaited<ReturnType<FastifyInstance['inject']>>;
      try {
        trpc = await app.inject({ method: 'POST', url: '/trpc/auth.login', payload: { username, password: 'pw-secret-42', remember: false } });
        rest = await login(app, username, 'pw-secret-42');
      } finally {
        await handle.db.execute(sql`alter table login_throttle_away rename to login_throttle`);
      }
      expect(trpc.statusCode).toBe(500);
      const text = trpc.body;
      expect(text).not.toMatch(/select|insert|login_throttle|marker7|Failed query/i);
      const error = trpc.json().error;
      expect(error.message).toBe('Error');
      expect(error.data.correlationId).toMatch(UUID);
      expect(error.data.stack).toBeUndefined();

      expect(rest.statusCode).toBe(500);
      expect(rest.body).not.toMatch(/select|insert|login_throttle|marker7/i);
      expect(rest.json().details.Message).toBe('Error');
      expect(rest.json().details.CorrelationId).toMatch(UUID);

      const lines = logs
        .split('\n')
        .filter(Boolean)
        .map((l) => JSON.parse(l) as { reqId?: string; level: number; err?: { message?: string } });
      for (const id of [error.data.correlationId, rest.json().details.CorrelationId]) {
        const failed = lines.find((l) => l.reqId === id && l.level >= 50);
        expect(failed, `log line for ${id}`).toBeDefined();
        expect(failed?.err?.message ?? '').toMatch(/Failed query/);
      }
      // the log has the SQL text but never the values (the username), nor the password
      expect(logs).not.toContain('marker7');
      expect(logs).not.toContain('pw-secret-42');
    });

    it('never logs tokens, query strings or the authorization header', async () => {
      const res = await app.inject({ method: 'GET', url: '/api/auth/me?token=abc-secret', headers: { authorization: 'Bearer tok-secret-1' } });
      expect(res.statusCode).toBe(401);
      expect(logs).toContain('/api/auth/me');
      expect(logs).not.toContain('abc-secret');
      expect(logs).not.toContain('tok-secret-1');
    });
  });
}
