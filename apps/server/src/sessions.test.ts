import type { AddressInfo } from 'node:net';
import { createClient, signIn } from '@app/client';
import { testDatabases } from '@app/db/testing';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from './app.ts';

/**
 * Sessions (issue 26, README "Sessions"): the typed client of packages/client against a listening
 * server. Signing out without a body ends the token; an empty body is an absent input on /trpc and
 * /api; locking a user ends every session of theirs and unlocking revives none.
 */
for (const target of testDatabases()) {
  describe(`sessions [${target.name}]`, () => {
    let app: FastifyInstance;
    let close: () => Promise<void>;
    let url = '';
    beforeAll(async () => {
      const handle = await target.create({ demo: { year: 2026 } });
      app = await buildApp({ database: handle, webDist: '/nonexistent' });
      await app.listen({ host: '127.0.0.1', port: 0 });
      url = `http://127.0.0.1:${(app.server.address() as AddressInfo).port}`;
      close = async () => {
        await app.close();
        await handle.close();
      };
    });
    afterAll(() => close?.());

    /** The business name of a refused call of the typed client (or 'ok'). */
    const outcome = async (call: Promise<unknown>) =>
      call.then(
        () => 'ok',
        (error: { data?: { appCode?: string; httpStatus?: number } }) => `${error.data?.httpStatus} ${error.data?.appCode}`,
      );
    const login = (username: string) => signIn({ url, username, password: 'demo' });
    const post = (path: string, token: string, headers: Record<string, string> = {}, body?: string) =>
      fetch(`${url}${path}`, { method: 'POST', headers: { authorization: `Bearer ${token}`, ...headers }, ...(body !== undefined ? { body } : {}) });

    it('auth.logout through the typed client (no body) answers ok and ends the token', async () => {
      const { client, token } = await login('kassier');
      expect((await client.auth.me.query()).username).toBe('kassier');
      expect(await client.auth.logout.mutate()).toEqual({ ok: true });
      expect(await outcome(client.auth.me.query())).toBe('401 NotAuthenticated');
      // a second client with the same token: the token is gone, not just forgotten by the first
      expect(await outcome(createClient({ url, token }).auth.me.query())).toBe('401 NotAuthenticated');
    });

    it('an empty body is an absent input on /trpc and /api, with a JSON content type or none', async () => {
      for (const [path, headers] of [
        ['/trpc/auth.logout', { 'content-type': 'application/json' }],
        ['/trpc/auth.logout', {}],
        ['/api/auth/logout', { 'content-type': 'application/json' }],
        ['/api/auth/logout', {}],
      ] as const) {
        const { client, token } = await login('kassier');
        const res = await post(path, token, headers);
        expect(res.status, `${path} ${JSON.stringify(headers)}`).toBe(200);
        expect(await outcome(client.auth.me.query()), path).toBe('401 NotAuthenticated');
      }
      // a procedure that needs input refuses the empty body like any missing input: 400, not 500
      const { token } = await login('kassier');
      const res = await post('/trpc/auth.setLanguage', token, { 'content-type': 'application/json' });
      expect(res.status).toBe(400);
      expect(((await res.json()) as { error: { data: { appCode: string } } }).error.data.appCode).toBe('InvalidValue');
      const rest = await post('/api/auth/logout', token, { 'content-type': 'application/json' }, '{');
      expect(rest.status).toBe(400); // a body that is no JSON stays a refusal
    });

    it('locking a user ends all their sessions; unlocking revives none', async () => {
      const admin = (await login('admin')).client;
      const first = await login('zwei');
      const second = await login('zwei');
      const other = await login('kassier');
      const id = first.user.userId;
      expect(await outcome(first.client.auth.me.query())).toBe('ok');

      expect((await admin.admin.users.patch.mutate({ id, locked: true })).locked).toBe(true);
      expect(await outcome(first.client.auth.me.query())).toBe('401 NotAuthenticated');
      expect(await outcome(second.client.auth.me.query())).toBe('401 NotAuthenticated');
      expect(await outcome(login('zwei'))).toBe('401 UserLocked');
      expect(await outcome(other.client.auth.me.query())).toBe('ok'); // another user's session stays

      expect((await admin.admin.users.patch.mutate({ id, locked: false })).locked).toBe(false);
      expect(await outcome(first.client.auth.me.query())).toBe('401 NotAuthenticated');
      expect(await outcome(second.client.auth.me.query())).toBe('401 NotAuthenticated');
      const again = await login('zwei');
      expect((await again.client.auth.me.query()).username).toBe('zwei');
    });
  });
}
