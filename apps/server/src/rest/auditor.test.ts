import { AUDITOR_WRITES, createCaller, createContextInner, routerProcedures, safeErrorInfo } from '@app/api';
import { execRows } from '@app/db';
import { testDatabases } from '@app/db/testing';
import { sql } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { inputFields, modelOf, requestFor, type RouteModel } from './routeModel.testkit.ts';
import { restRoutes } from './routes.ts';
import { restTestApp, YEAR } from './testApp.ts';

/**
 * The auditor (issue 27; demo user `revisor`, linked to 101 and 102) against the whole API, walked, not
 * listed: every procedure of the tRPC router and every row of the REST route table, with inputs built
 * from the procedures' zod schemas (routeModel.testkit.ts) in 101 (linked to him and to the Standard
 * user `kassier`) and in 201 (linked to neither).
 * - every mutation is declared in AUDITOR_WRITES (packages/api/src/readOnlyAccess.ts); one not declared
 *   `own` refuses him with ReadOnlyAccess and writes nothing (every table's row count, the audit trail's
 *   too); his own ones (language, password, sign-out) answer him;
 * - every query answers him as it answers the Standard user (answered, or refused with the same
 *   error), in 101 and in 201 (DepartmentNotAllowed for both), writes nothing, and none of his answers
 *   says a screen is editable (`isEditable`, `editable`, … at the top: the screens open read-only);
 * - every REST row that calls a mutation answers him 403 ReadOnlyAccess, every other row the status
 *   class it answers the Standard user.
 */

/** The demo brigades' booking year (the fixture's previous year, approved and open): reads carry data, a Standard user may write. */
const DATA_YEAR = YEAR - 1;

/** The top-level flags of an answer that tell a screen it may write. */
const EDIT_FLAGS = ['isEditable', 'editable', 'isPreviousYearBudgetEditable', 'canReopen', 'canInterPartTransfer'];

/** The outcome of a call: `ok` or the business error (or the HTTP class of another error). */
type Outcome = string;

for (const target of testDatabases()) {
  describe(`the auditor reads everything and writes nothing [${target.name}]`, () => {
    const t = restTestApp(target, { ipPrefix: '10.96.0', signIn: ['kassier', 'revisor'] });
    const procedures = routerProcedures();
    let countTables: string[] = [];
    const departmentIds = new Map<string, number>();
    const dept = (code: string) => departmentIds.get(code) ?? 0;

    async function rowCounts(): Promise<string> {
      const rows = await execRows<{ t: string; n: string | number }>(
        t.handle.db,
        sql.raw(countTables.map((name) => `select '${name}' as t, count(*) as n from ${name}`).join(' union all ')),
      );
      return rows.map((r) => `${r.t}=${r.n}`).join(' ');
    }
    async function callerOf(username: string) {
      return createCaller(await createContextInner({ db: t.handle.db, token: await t.token(username), ip: '10.96.1.1' }));
    }
    /** The plausible input of a procedure in the department (by code) and the booking year. */
    function inputOf(path: string, code: string): Record<string, unknown> {
      const input: Record<string, unknown> = {};
      for (const f of inputFields(path)) if (f.path.length === 1) input[f.path[0] as string] = structuredClone(f.valid);
      const id = dept(code);
      return { ...input, year: DATA_YEAR, chapterYear: DATA_YEAR, departmentId: id, superDepartmentId: id, deptId: id };
    }
    async function run(caller: unknown, path: string, input: unknown): Promise<{ outcome: Outcome; data: unknown }> {
      const fn = path.split('.').reduce<unknown>((node, key) => (node as Record<string, unknown>)[key], caller) as (i: unknown) => Promise<unknown>;
      try {
        return { outcome: 'ok', data: await fn(input) };
      } catch (error) {
        return {
          outcome: safeErrorInfo(error as Parameters<typeof safeErrorInfo>[0])?.code ?? `error ${String((error as Error).message).slice(0, 80)}`,
          data: null,
        };
      }
    }

    beforeAll(async () => {
      const tables = await execRows<{ table_name: string }>(
        t.handle.db,
        sql.raw(
          `select table_name from information_schema.tables where table_schema = 'public' and table_type = 'BASE TABLE' and table_name not in ('sessions', 'login_throttle') and table_name not like '%drizzle%'`,
        ),
      );
      countTables = tables.map((r) => r.table_name).sort();
      for (const d of await execRows<{ id: number; code: string }>(t.handle.db, sql.raw('select id, code from departments')))
        departmentIds.set(d.code, Number(d.id));
    });

    it('declares every mutation of the router and no other path', () => {
      const mutations = procedures.filter((p) => p.type === 'mutation').map((p) => p.path);
      expect(mutations.length).toBeGreaterThan(70);
      expect(
        mutations.filter((p) => !(p in AUDITOR_WRITES)),
        'mutations without a declaration',
      ).toEqual([]);
      expect(
        Object.keys(AUDITOR_WRITES).filter((p) => !mutations.includes(p)),
        'declarations of no mutation',
      ).toEqual([]);
    });

    it('refuses every write procedure with ReadOnlyAccess and writes nothing; his own ones answer', async () => {
      const revisor = await callerOf('revisor');
      const before = await rowCounts();
      const wrong: string[] = [];
      let refused = 0;
      for (const p of procedures.filter((x) => x.type === 'mutation' && AUDITOR_WRITES[x.path] === 'refused')) {
        for (const code of ['101', '201']) {
          const { outcome } = await run(revisor, p.path, inputOf(p.path, code));
          if (outcome === 'ReadOnlyAccess') refused++;
          else wrong.push(`${p.path} (${code}): ${outcome}`);
        }
      }
      expect(wrong, 'writes not refused with ReadOnlyAccess').toEqual([]);
      expect(await rowCounts(), 'a refused write wrote').toBe(before);

      // his own: the interface language, his password (a sign-in call with his credentials)
      expect((await run(revisor, 'auth.setLanguage', { language: 'it' })).outcome).toBe('ok');
      expect((await run(revisor, 'auth.setLanguage', { language: 'de' })).outcome).toBe('ok');
      const anonymous = createCaller(await createContextInner({ db: t.handle.db, ip: '10.96.2.1' }));
      for (const [password, next] of [
        ['demo', 'demo-2'],
        ['demo-2', 'demo'],
      ])
        expect((await run(anonymous, 'auth.changePassword', { username: 'revisor', password, newPassword: next, newPasswordRepeat: next })).outcome).toBe('ok');
      // the password change ended his sessions
      await t.signIn('revisor');
      console.info(`auditor [${target.name}]: ${refused} writes refused (ReadOnlyAccess), nothing written`);
    }, 120_000);

    it('answers every read procedure as it answers a Standard user, writes nothing, and no answer is editable', async () => {
      const revisor = await callerOf('revisor');
      const kassier = await callerOf('kassier');
      const before = await rowCounts();
      const differ: string[] = [];
      const editable: string[] = [];
      let answered = 0;
      let foreignRefused = 0;
      let editableForStandard = 0;
      for (const p of procedures.filter((x) => x.type === 'query')) {
        for (const code of ['101', '201']) {
          const input = inputOf(p.path, code);
          const standard = await run(kassier, p.path, input);
          const auditor = await run(revisor, p.path, input);
          if (standard.outcome !== auditor.outcome) differ.push(`${p.path} (${code}): Standard ${standard.outcome}, auditor ${auditor.outcome}`);
          if (auditor.outcome === 'ok' && code === '101') answered++;
          if (auditor.outcome === 'DepartmentNotAllowed' && code === '201') foreignRefused++;
          const flags = (data: unknown) => (data && typeof data === 'object' ? EDIT_FLAGS.filter((f) => (data as Record<string, unknown>)[f] === true) : []);
          const open = flags(auditor.data);
          if (open.length) editable.push(`${p.path} (${code}): ${open.join(', ')}`);
          if (flags(standard.data).length) editableForStandard++;
        }
      }
      console.info(
        `auditor [${target.name}]: ${procedures.filter((x) => x.type === 'query').length} read procedures, ${answered} answered in 101, ${foreignRefused} refused in 201 (DepartmentNotAllowed), ${differ.length} different from Standard, ${editableForStandard} editable for Standard, ${editable.length} for the auditor`,
      );
      expect(differ, 'reads answering the auditor otherwise than a Standard user').toEqual([]);
      expect(editable, 'answers telling the auditor he may edit').toEqual([]);
      // the check can fail: the Standard user's answers do say so, the reads carry data, the foreign department is refused
      expect(editableForStandard).toBeGreaterThanOrEqual(8);
      expect(answered).toBeGreaterThan(60);
      expect(foreignRefused).toBeGreaterThan(60);
      expect(await rowCounts(), 'a read wrote').toBe(before);
    }, 180_000);

    it('refuses every REST row that writes with 403 ReadOnlyAccess and answers every other row as it answers a Standard user', async () => {
      const mutations = new Set(procedures.filter((p) => p.type === 'mutation').map((p) => p.path));
      const models: RouteModel[] = [];
      for (const route of restRoutes) models.push(await modelOf(route));
      const before = await rowCounts();
      const wrong: string[] = [];
      let ip = 0;
      const send = async (model: RouteModel, username: string) => {
        ip++;
        const values = { year: DATA_YEAR, departmentId: dept('101'), superDepartmentId: dept('101'), deptId: dept('101') };
        return t.app.inject(requestFor(model, { values, scopeInQuery: true, param: 1, token: await t.token(username), ip: `10.97.${ip >> 8}.${ip & 255}` }));
      };
      let writes = 0;
      for (const model of models) {
        const label = `${model.route.method} /api/${model.route.path}`;
        if (model.procedures.length === 0) wrong.push(`${label}: calls no procedure`);
        const own = model.procedures.every((p) => AUDITOR_WRITES[p] === 'own' || AUDITOR_WRITES[p] === 'signIn');
        if (model.procedures.some((p) => mutations.has(p)) && !own) {
          writes++;
          const res = await send(model, 'revisor');
          const message = res.statusCode >= 400 ? (res.json() as { details?: { Message?: string } }).details?.Message : undefined;
          if (res.statusCode !== 403 || message !== 'ReadOnlyAccess') wrong.push(`${label}: ${res.statusCode} ${res.body.slice(0, 120)}`);
        } else if (!own) {
          const [standard, auditor] = [await send(model, 'kassier'), await send(model, 'revisor')];
          const outcome = (r: { statusCode: number; body: string }) =>
            r.statusCode < 400
              ? String(Math.floor(r.statusCode / 100))
              : `${r.statusCode} ${(JSON.parse(r.body) as { details?: { Message?: string } }).details?.Message}`;
          if (outcome(standard) !== outcome(auditor)) wrong.push(`${label}: Standard ${outcome(standard)}, auditor ${outcome(auditor)}`);
        }
      }
      console.info(`auditor [${target.name}]: ${models.length} REST rows, ${writes} writes refused, ${models.length - writes} reads as for Standard`);
      expect(wrong).toEqual([]);
      expect(writes).toBeGreaterThan(60);
      expect(await rowCounts(), 'a refused REST write wrote').toBe(before);
    }, 180_000);
  });
}
