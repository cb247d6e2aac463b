import { testDatabases } from '@app/db/testing';
import type { InjectOptions } from 'fastify';
import { beforeAll, describe, expect, it } from 'vitest';
import { restTestApp, YEAR } from './testApp.ts';

/**
 * Bad input is a 400 with the business name and the field, never a 500: integers beyond the integer
 * columns, NUL bytes, deep nesting, amounts that are no amounts, and what Fastify refuses itself
 * (bad JSON, content types, malformed addresses), on REST and tRPC alike.
 */

for (const target of testDatabases()) {
  describe(`bad input is a 400 [${target.name}]`, () => {
    const t = restTestApp(target, { ipPrefix: '10.12.0', signIn: ['supervisor'], departments: true });
    const auth = () => t.auth('supervisor');
    const rest = (method: InjectOptions['method'], url: string, payload?: unknown, headers: Record<string, string> = {}) =>
      t.call('supervisor', method, url, payload, headers);
    let dept = 0;
    beforeAll(() => {
      dept = t.dept('101');
    });
    const q = (year: number | string = YEAR) => `departmentId=${dept}&year=${year}`;
    /** A tRPC query; the answer's error data (appCode, field). */
    const trpcQuery = async (path: string, input: unknown) => {
      const res = await t.app.inject({ method: 'GET', url: `/trpc/${path}?input=${encodeURIComponent(JSON.stringify(input))}`, headers: auth() });
      return { status: res.statusCode, data: res.json().error?.data as { appCode: string; field: string | null } | undefined };
    };
    const trpcMutation = async (path: string, input: unknown) => {
      const res = await t.app.inject({ method: 'POST', url: `/trpc/${path}`, headers: auth(), payload: input as InjectOptions['payload'] });
      return { status: res.statusCode, data: res.json().error?.data as { appCode: string; field: string | null } | undefined };
    };
    const invalid = (field: string) => ({ type: { status: 400, text: 'Bad Request' }, details: { Message: 'InvalidValue', Field: field } });

    it('refuses integers beyond the integer columns in ids, scopes, codes and record numbers', async () => {
      const big = 2 ** 31;
      expect((await rest('GET', `Scopes/Status?departmentId=${big}&year=${YEAR}`)).json()).toEqual(invalid('departmentId'));
      expect((await rest('GET', `Scopes/Status?${q(big)}`)).json()).toEqual(invalid('year'));
      expect((await rest('GET', `Suppliers/${big}?departmentId=${dept}`)).json()).toEqual(invalid('id'));
      expect((await rest('DELETE', `Departments/${2 ** 53}?departmentId=${dept}`)).json()).toEqual(invalid('id'));
      expect((await rest('GET', `Suppliers?departmentId=${dept}&code=${big}`)).json()).toEqual(invalid('code'));
      expect((await rest('GET', `MovementTemplates/${big}?${q()}`)).json()).toEqual(invalid('code'));
      expect((await rest('GET', `Budget/Changes?${q()}&recordNumber=${big}`)).json()).toEqual(invalid('recordNumber'));
      expect((await rest('GET', `Admin/UserDepartments?userId=${big}`)).json()).toEqual(invalid('userId'));
      // the largest integer still is a value (nothing found), not a refusal
      const largest = await rest('GET', `Suppliers/${big - 1}?departmentId=${dept}`);
      expect(largest.statusCode).toBe(404);
      // tRPC refuses the same with the field
      expect(await trpcQuery('scope.status', { departmentId: big, year: YEAR })).toEqual({
        status: 400,
        data: expect.objectContaining({ appCode: 'InvalidValue', field: 'departmentId' }),
      });
      expect(await trpcQuery('suppliers.get', { id: big, departmentId: dept })).toEqual({
        status: 400,
        data: expect.objectContaining({ appCode: 'InvalidValue', field: 'id' }),
      });
    });

    it('refuses a NUL byte in any text with the field, and writes nothing', async () => {
      expect((await rest('GET', `Departments/briefs/search?filter=ab%00c`)).json()).toEqual(invalid('filter'));
      const bank = await rest('POST', 'Banks', { name1: 'Raika\u0000', abi: '08187', cab: '58220' });
      expect(bank.json()).toEqual(invalid('name1'));
      expect((await rest('GET', 'Banks?name=Raika')).json().entities).toEqual([]);
      // a key the schema doesn't know (PATCH merges) is caught at the boundary, naming where it was
      const patch = await rest('PATCH', `Suppliers/1?departmentId=${dept}`, { notes: { deep: ['ok', 'x\u0000'] } });
      expect(patch.json()).toEqual(invalid('notes.deep.1'));
      expect(await trpcMutation('banks.create', { name1: 'Raika\u0000', abi: '08187', cab: '58220' })).toEqual({
        status: 400,
        data: expect.objectContaining({ appCode: 'InvalidValue', field: 'name1' }),
      });
      // a bank CSV with a NUL byte
      const csv = await rest('POST', 'Banks/import', 'abi;cab;name\n08187;58220;Raika\u0000', { 'content-type': 'text/csv' });
      expect(csv.json()).toEqual(invalid('csv'));
    });

    it('refuses bodies nested 10,000 deep with 400, not a stack overflow', async () => {
      const deep = `${'['.repeat(10_000)}1${']'.repeat(10_000)}`;
      const forecast = await rest('PUT', `Budget/Forecast?${q()}&part=1`, `{"positions":${deep}}`, { 'content-type': 'application/json' });
      expect(forecast.statusCode).toBe(400);
      expect(forecast.json().details).toMatchObject({ Message: 'InvalidValue', Field: 'positions.0' });
      const objects = `${'{"a":'.repeat(10_000)}1${'}'.repeat(10_000)}`;
      const changes = await rest('POST', `Budget/Changes?${q()}`, `{"positions":[${objects}]}`, { 'content-type': 'application/json' });
      expect(changes.statusCode).toBe(400);
      expect(changes.json().details.Message).toBe('InvalidValue');
      const years = await rest('PUT', 'FinancialYears/Status', `{"years":${deep}}`, { 'content-type': 'application/json' });
      expect(years.statusCode).toBe(400);
      expect(years.json().details.Message).toBe('InvalidValue');
    });

    it('refuses amounts with more than two decimals, infinities, text and beyond the maximum, never rounding', async () => {
      const save = (amount: unknown) =>
        rest('PUT', `Budget/Forecast?${q()}&part=1`, `{"positions":[{"chapter":"11001","amountCurrYear":${amount}}]}`, { 'content-type': 'application/json' });
      for (const amount of ['12.345', '1.005', '0.001', '1e400', '-1e400', '1000000000000', '-1000000000000.01', '"NaN"', '"12.50"', 'null']) {
        const res = await save(amount);
        expect(res.json(), amount).toEqual(invalid('positions.0.amountCurrYear'));
      }
      // nothing was written
      const before = await rest('GET', `Budget/Forecast?${q()}&part=1`);
      expect(before.json().positions.find((p: { chapter: string }) => p.chapter === '11001')?.amountCurrYear ?? 0).toBe(0);
      // two decimals (and binary artefacts of them) are amounts; the largest one too
      expect((await save('12.34')).statusCode).toBe(200);
      expect((await save('0.30000000000000004')).statusCode).toBe(200);
      expect((await save('999999999999.99')).statusCode).toBe(200);
      const after = await rest('GET', `Budget/Forecast?${q()}&part=1`);
      expect(after.json().positions.find((p: { chapter: string }) => p.chapter === '11001').amountCurrYear).toBe(999_999_999_999.99);
      // a change's head amount and nested position amounts alike (where the procedure takes them: its
      // input schema marks them as money; the change head of POST Budget/Changes has no positions)
      const change = await rest('PUT', `Budget/Changes?${q()}&recordNumber=1`, { positions: [{ chapter: { code: '11001' }, amount: 10.001 }] });
      expect(change.json()).toEqual(invalid('positions.0.amount'));
      const adjustment = await rest('PUT', `Budget/Adjust?${q()}`, { surplusActual: 1e12, positions: [] });
      expect(adjustment.json()).toEqual(invalid('surplusActual'));
      // tRPC takes cents: a fraction of a cent or beyond the maximum is refused with the field
      for (const cents of [1234.5, 100_000_000_000_000, -100_000_000_000_000]) {
        expect(
          await trpcMutation('budget.forecast.save', { departmentId: dept, year: YEAR, part: 1, positions: [{ chapter: '11001', amountCurrYear: cents }] }),
        ).toEqual({
          status: 400,
          data: expect.objectContaining({ appCode: 'InvalidValue', field: 'positions.0.amountCurrYear' }),
        });
      }
    });

    it('answers what Fastify refuses itself in the error shape', async () => {
      const shape = (status: number, text: string, Message: string) => ({ type: { status, text }, details: { Message } });
      expect((await rest('POST', 'Banks', '{"name1":', { 'content-type': 'application/json' })).json()).toEqual(shape(400, 'Bad Request', 'InvalidJson'));
      // an empty body is an absent input (README "Sessions"): the bank's fields are missing, not the JSON
      expect((await rest('POST', 'Banks', '', { 'content-type': 'application/json' })).json()).toMatchObject({
        type: { status: 400 },
        details: { Message: 'InvalidValue' },
      });
      expect((await rest('POST', 'Banks', '{"__proto__":{"admin":true}}', { 'content-type': 'application/json' })).json()).toEqual(
        shape(400, 'Bad Request', 'InvalidJson'),
      );
      expect((await rest('POST', 'Banks', '<bank/>', { 'content-type': 'application/xml' })).json()).toEqual(
        shape(415, 'Unsupported Media Type', 'UnsupportedMediaType'),
      );
      expect((await rest('POST', 'Banks', 'name1=x', { 'content-type': 'application/x-www-form-urlencoded' })).json()).toEqual(
        shape(415, 'Unsupported Media Type', 'UnsupportedMediaType'),
      );
      expect((await rest('GET', 'Suppliers/%zz?year=%E0%A4%A')).json()).toEqual(shape(400, 'Bad Request', 'InvalidValue'));
      const unknown = await rest('GET', 'Nothing/here');
      expect(unknown.statusCode).toBe(404);
      expect(unknown.json().details.Message).toBe('NotFound');
    });
  });
}
