import type { AddressInfo } from 'node:net';
import { testDatabases } from '@app/db/testing';
import { describe, expect, it } from 'vitest';
import { PERMISSIONS_POLICY } from '../security.ts';
import { restTestApp, YEAR } from './testApp.ts';

/**
 * Smaller hardening (issue 26, README "Smaller hardening"): a supplier search with a number beyond
 * the codes, an address over 16 kB, Permissions-Policy and Cache-Control on the answers, and clearing
 * an approval that is not there.
 */
for (const target of testDatabases()) {
  describe(`smaller hardening [${target.name}]`, () => {
    const t = restTestApp(target, { ipPrefix: '10.26.5', signIn: ['zwei', 'supervisor'], departments: true });
    const dept = () => t.dept('102');

    it('a supplier search with a number beyond the codes finds nothing (REST and tRPC), a code still finds its supplier', async () => {
      for (const number of ['2147483648', '99999999999999999999', '1000000']) {
        const res = await t.call('zwei', 'GET', `Suppliers/briefs/search?departmentId=${dept()}&search=${number}`);
        expect(res.statusCode, `${number}: ${res.body}`).toBe(200);
        expect(res.json()).toMatchObject({ total: 0, entities: [] });
        const trpc = await t.app.inject({
          method: 'GET',
          url: `/trpc/suppliers.search?input=${encodeURIComponent(JSON.stringify({ departmentId: dept(), search: number }))}`,
          headers: t.auth('zwei'),
        });
        expect(trpc.statusCode, trpc.body).toBe(200);
        expect(trpc.json().result.data.entities).toEqual([]);
      }
      const found = await t.call('zwei', 'GET', `Suppliers/briefs/search?departmentId=${dept()}&search=1003`);
      expect(found.json().entities[0]).toMatchObject({ code: 1003 });
    });

    it('Permissions-Policy on every answer; Cache-Control no-store on /api and /trpc answers, refusals included', async () => {
      const answers = {
        rest: await t.call('zwei', 'GET', 'Scopes'),
        restRefused: await t.app.inject({ method: 'GET', url: '/api/Scopes' }),
        restUnknown: await t.call('zwei', 'GET', 'NoSuchPath'),
        trpc: await t.app.inject({ method: 'GET', url: '/trpc/auth.me', headers: t.auth('zwei') }),
        trpcRefused: await t.app.inject({ method: 'GET', url: '/trpc/auth.me' }),
        homebanking: await t.call('zwei', 'GET', `Payments/Context?departmentId=${dept()}&year=${YEAR}`),
      };
      expect(answers.rest.statusCode).toBe(200);
      expect(answers.restRefused.statusCode).toBe(401);
      expect(answers.trpc.statusCode).toBe(200);
      expect(answers.trpcRefused.statusCode).toBe(401);
      for (const [name, res] of Object.entries(answers)) {
        expect(res.headers['cache-control'], name).toBe('no-store');
        expect(res.headers['permissions-policy'], name).toBe(PERMISSIONS_POLICY);
      }
      const page = await t.app.inject({ method: 'GET', url: '/some/deep/link' });
      expect(page.statusCode).toBe(200);
      expect(page.headers['permissions-policy']).toBe(PERMISSIONS_POLICY);
      expect(page.headers['cache-control']).toBe('no-cache');
      expect(PERMISSIONS_POLICY).toMatch(/(^|, )camera=\(\)/);
      expect(PERMISSIONS_POLICY).toMatch(/(^|, )geolocation=\(\)/);
    });

    it('an address over 16 kB is a 431 HeadersTooLarge in the error shape (a listening server: Node refuses it)', async () => {
      await t.app.listen({ host: '127.0.0.1', port: 0 });
      const url = `http://127.0.0.1:${(t.app.server.address() as AddressInfo).port}`;
      const res = await fetch(`${url}/api/Suppliers/briefs/search?departmentId=${dept()}&search=${'x'.repeat(17 * 1024)}`);
      expect(res.status).toBe(431);
      expect(res.headers.get('content-type')).toMatch(/^application\/json/);
      expect(res.headers.get('cache-control')).toBe('no-store');
      expect(res.headers.get('permissions-policy')).toBe(PERMISSIONS_POLICY);
      expect(await res.json()).toEqual({ type: { status: 431, text: 'Request Header Fields Too Large' }, details: { Message: 'HeadersTooLarge' } });
      // an address under the limit still works on the same server
      const ok = await fetch(`${url}/api/Scopes`, { headers: t.auth('zwei') });
      expect(ok.status).toBe(200);
    });

    it('clearing an approval that is not there is a refusal: BudgetNotApproved, FinalBalanceNotApproved', async () => {
      const status = await t.call('zwei', 'GET', `Scopes/Status?departmentId=${dept()}&year=${YEAR}`);
      expect(status.json()).toMatchObject({ isBudgetApproved: false });
      const forecast = await t.call('zwei', 'GET', `Budget/Forecast/Approve?departmentId=${dept()}&year=${YEAR}&approval=null`);
      expect(forecast.statusCode).toBe(409);
      expect(forecast.json()).toEqual({ type: { status: 409, text: 'Conflict' }, details: { Message: 'BudgetNotApproved', Field: 'approval' } });

      const previous = `departmentId=${dept()}&year=${YEAR - 1}`;
      expect((await t.call('zwei', 'GET', `FinalBalance?${previous}`)).json()).toMatchObject({ approval: null });
      const final = await t.call('zwei', 'PUT', `FinalBalance/Approve?${previous}`, { approval: null });
      expect(final.statusCode).toBe(409);
      expect(final.json()).toEqual({ type: { status: 409, text: 'Conflict' }, details: { Message: 'FinalBalanceNotApproved', Field: 'approval' } });
      // tRPC refuses the same
      const trpc = await t.app.inject({
        method: 'POST',
        url: '/trpc/finalBalance.approve',
        headers: t.auth('zwei'),
        payload: { departmentId: dept(), year: YEAR - 1, approval: null },
      });
      expect(trpc.statusCode).toBe(409);
      expect(trpc.json().error.data).toMatchObject({ appCode: 'FinalBalanceNotApproved' });
    });
  });
}
