import { testDatabases } from '@app/db/testing';
import { describe, expect, it } from 'vitest';
import { restTestApp, YEAR } from './testApp.ts';
import { restRoutes } from './routes.ts';

for (const target of testDatabases(undefined, { pglite: 'both' })) {
  describe(`REST adapter [${target.name}]`, () => {
    const t = restTestApp(target);

    async function login(username: string, password = 'demo', ip = '10.9.0.1') {
      const res = await t.app.inject({ method: 'POST', url: '/api/Authenticate/login', payload: { username, password }, remoteAddress: ip });
      return res;
    }
    async function tokenOf(username: string): Promise<string> {
      const res = await login(username);
      expect(res.statusCode).toBe(200);
      return res.json().token as string;
    }
    async function deptId(token: string, code: string): Promise<number> {
      const res = await t.app.inject({ method: 'GET', url: '/api/Scopes', headers: { authorization: `Bearer ${token}` } });
      const found = (res.json().departments as { id: number; code: string }[]).find((d) => d.code === code);
      return found?.id ?? 0;
    }

    it('POST Authenticate/login answers token, access level, user id and language', async () => {
      const res = await login('kassier');
      expect(res.statusCode).toBe(200);
      expect(res.json()).toMatchObject({ username: 'kassier', accessLevel: 2, language: 'de' });
      expect(typeof res.json().userId).toBe('number');
      expect(res.json().token).toHaveLength(43);
    });

    it('answers WrongCredentials in the spec error shape', async () => {
      const res = await login('kassier', 'falsch', '10.9.0.2');
      expect(res.statusCode).toBe(401);
      expect(res.json()).toEqual({ type: { status: 401, text: 'Unauthorized' }, details: { Message: 'WrongCredentials' } });
    });

    it('answers 429 TooManyAttempts when throttled', async () => {
      for (let i = 0; i < 30; i++) await login(`x${i}`, 'bad', '10.9.9.9');
      const res = await login('kassier', 'demo', '10.9.9.9');
      expect(res.statusCode).toBe(429);
      expect(res.json().details.Message).toBe('TooManyAttempts');
    });

    it('answers 401 NotAuthenticated for a call without token', async () => {
      for (const url of ['/api/Scopes', `/api/Scopes/Status?departmentId=1&year=${YEAR}`]) {
        const res = await t.app.inject({ method: 'GET', url });
        expect(res.statusCode).toBe(401);
        expect(res.json().details.Message).toBe('NotAuthenticated');
      }
      const res = await t.app.inject({ method: 'POST', url: `/api/FinancialYears?year=${YEAR + 5}` });
      expect(res.statusCode).toBe(401);
    });

    it('GET Scopes and Scopes/Status with a token', async () => {
      const token = await tokenOf('zwei');
      const scopes = await t.app.inject({ method: 'GET', url: '/api/Scopes', headers: { authorization: `Bearer ${token}` } });
      expect(scopes.statusCode).toBe(200);
      expect(scopes.json().departments.map((d: { code: string }) => d.code)).toEqual(['102', '201']);
      expect(scopes.json().years).toEqual([YEAR - 1, YEAR]);
      const id = await deptId(token, '102');
      const status = await t.app.inject({
        method: 'GET',
        url: `/api/scopes/status?departmentId=${id}&year=${YEAR - 1}`,
        headers: { authorization: `Bearer ${token}` },
      });
      expect(status.statusCode).toBe(200);
      expect(status.json()).toMatchObject({ isBudgetApproved: true, isBudgetClosed: false, openPaymentsAllowed: true });
    });

    it('refuses the status of a foreign department with 403 DepartmentNotAllowed', async () => {
      const sup = await tokenOf('supervisor');
      const foreign = await deptId(sup, '202');
      const token = await tokenOf('kassier');
      const res = await t.app.inject({
        method: 'GET',
        url: `/api/Scopes/Status?departmentId=${foreign}&year=${YEAR}`,
        headers: { authorization: `Bearer ${token}` },
      });
      expect(res.statusCode).toBe(403);
      expect(res.json().details.Message).toBe('DepartmentNotAllowed');
    });

    it('answers InvalidValue naming the field for a bad query', async () => {
      const token = await tokenOf('kassier');
      const res = await t.app.inject({ method: 'GET', url: `/api/Scopes/Status?departmentId=abc&year=${YEAR}`, headers: { authorization: `Bearer ${token}` } });
      expect(res.statusCode).toBe(400);
      expect(res.json().details).toEqual({ Message: 'InvalidValue', Field: 'departmentId' });
    });

    it('POST FinancialYears?year= creates the year and answers the years collection', async () => {
      const token = await tokenOf('supervisor');
      const res = await t.app.inject({ method: 'POST', url: `/api/FinancialYears?year=${YEAR + 1}`, headers: { authorization: `Bearer ${token}` } });
      expect(res.statusCode).toBe(200);
      expect(res.json()).toEqual({ years: [YEAR - 1, YEAR, YEAR + 1], year: YEAR + 1, created: true, message: 'YearCreated' });
      // an existing year: the collection and a message that it exists (spec 1 §7, spec 2 §4), status 200
      const again = await t.app.inject({ method: 'POST', url: `/api/FinancialYears?year=${YEAR + 1}`, headers: { authorization: `Bearer ${token}` } });
      expect(again.statusCode).toBe(200);
      expect(again.json()).toEqual({ years: [YEAR - 1, YEAR, YEAR + 1], year: YEAR + 1, created: false, message: 'YearExists' });
      const standard = await t.app.inject({
        method: 'POST',
        url: `/api/FinancialYears?year=${YEAR + 2}`,
        headers: { authorization: `Bearer ${await tokenOf('kassier')}` },
      });
      expect(standard.statusCode).toBe(403);
    });

    it('changes the password through auth/changePassword and Auth/changePasswordAndLogin', async () => {
      const wrongRepeat = await t.app.inject({
        method: 'POST',
        url: '/api/auth/changePassword',
        payload: { username: 'zwei', password: 'demo', newPassword: 'neu1', newPasswordRepeat: 'neu9' },
      });
      expect(wrongRepeat.statusCode).toBe(400);
      expect(wrongRepeat.json().details.Message).toBe('PasswordRepeatWrong');
      const changed = await t.app.inject({
        method: 'POST',
        url: '/api/auth/changePassword',
        payload: { username: 'zwei', password: 'demo', newPassword: 'neu1', newPasswordRepeat: 'neu1' },
      });
      expect(changed.json()).toEqual({ changed: true, message: 'PasswordChanged' });
      const back = await t.app.inject({
        method: 'POST',
        url: '/api/Auth/changePasswordAndLogin',
        payload: { username: 'zwei', password: 'neu1', newPassword: 'demo', newPasswordRepeat: 'demo' },
      });
      expect(back.statusCode).toBe(200);
      expect(back.json().username).toBe('zwei');
    });

    // every row of the adapter's own table answers; that the spec's paths all have a row is specPaths.test.ts
    it('answers every row of the route table (no 404)', async () => {
      const token = await tokenOf('supervisor');
      for (const route of restRoutes) {
        const res = await t.app.inject({
          method: route.method,
          url: `/api/${route.path}`,
          headers: { authorization: `Bearer ${token}` },
          payload: route.method === 'GET' ? undefined : {},
        });
        expect(res.statusCode, `${route.method} ${route.path}`).not.toBe(404);
      }
      const unknown = await t.app.inject({ method: 'GET', url: '/api/Nothing', headers: { authorization: `Bearer ${token}` } });
      expect(unknown.statusCode).toBe(404);
      expect(unknown.json().details.Message).toBe('NotFound');
    });

    it('serves /health and the client for deep links', async () => {
      const health = await t.app.inject({ method: 'GET', url: '/health' });
      expect(health.json()).toEqual({ status: 'ok', database: target.name });
      const deep = await t.app.inject({ method: 'GET', url: '/dept/101/year/2026/budget/forecast/details' });
      expect(deep.statusCode).toBe(200);
      expect(deep.body).toContain('<title>Feuerwehr</title>');
      const missingAsset = await t.app.inject({ method: 'GET', url: '/assets/nothing.js' });
      expect(missingAsset.statusCode).toBe(404);
    });

    it('serves tRPC with the business code in error data', async () => {
      const res = await t.app.inject({ method: 'GET', url: '/trpc/auth.me' });
      expect(res.statusCode).toBe(401);
      expect(res.json().error.data.appCode).toBe('NotAuthenticated');
      expect(res.json().error.data.stack).toBeUndefined();
    });
  });
}
