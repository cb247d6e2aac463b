import { routerProcedures } from '@app/api';
import { execRows } from '@app/db';
import { demoCbiCuc, demoDepartments, demoUsers } from '@app/db/seed';
import { testDatabases } from '@app/db/testing';
import { AccessLevel, accessLevelKey, type Area, areaOfCode, can, type PermissionItem } from '@app/domain';
import { sql } from 'drizzle-orm';
import type { LightMyRequestResponse } from 'fastify';
import { beforeAll, describe, expect, it } from 'vitest';
import { modelOf, requestFor, type RouteModel, type SpecPath, specPaths } from './routeModel.testkit.ts';
import { restRoutes } from './routes.ts';
import { restTestApp, YEAR } from './testApp.ts';

/**
 * The access matrix of issue 26, generated: every METHOD PATH of the spec (spec-paths.txt, from the
 * spec text) crossed with every access level of spec 1 §6 (AccessLevel: Guest, Administrator,
 * Standard, Supervisor, and our Auditor of issue 27; each played by a demo user of that level, Guest by no token) and with the
 * department of the call: the user's own, a foreign one (not linked to the user), and, for a path
 * that names a record, the own scope with a record of the foreign department ("cross"). Requests
 * are built from the zod input schemas of the procedure the path's row calls (routeModel.testkit.ts,
 * as the fuzz test does). The expected decision comes from the spec's rules, not from the server:
 * - Guest: 401 everywhere but the two sign-in calls (public);
 * - a path whose input names a department: only a supervisor may use a department not linked to them
 *   (spec 1 §6 "Users see only departments assigned to them"), refused 403 otherwise; a record of
 *   another department is never reached through the own scope (403 or 404);
 * - the restricted items of spec 1/2 §6 (departments, titles, categories, chapters, bank import,
 *   users, user-departments, new financial year, chart copy, unlock) and the statistics export:
 *   `can()` of the permission matrix in the area of the call's department;
 * - the auditor reads what a Standard user reads and writes nothing: a path whose row calls a mutation
 *   is refused with ReadOnlyAccess (before its input or department is looked at).
 * Allowed: not 401/403. Refused: 401/403 (or 404 for a record) with the spec's error shape and, for a
 * write, no table's row count changed. No answer may carry data of the foreign department (its names,
 * CUC, IBANs and position amounts only it has) unless the caller reads every department there
 * (a supervisor, or a union administrator in the union scope, on the base-data lists).
 */

/** The calls of the sign-in screens (spec 1 §2 "Not signed in") and the password change, which carries username and password: no token needed. */
const publicPaths = new Set(['POST /api/Authenticate/login', 'POST /api/Auth/changePasswordAndLogin', 'POST /api/auth/changePassword']);

/** The restricted items of spec 1 §6 / spec 2 §6 by path (writes only unless `all`); statistics export for the statistics call. */
const itemRules: { pattern: RegExp; item: PermissionItem; all?: boolean }[] = [
  { pattern: /^\/api\/Departments(\/|$)/i, item: 'departments' },
  { pattern: /^\/api\/ChartOfAccounts\/Titles/i, item: 'titles' },
  { pattern: /^\/api\/ChartOfAccounts\/Categories/i, item: 'categories' },
  { pattern: /^\/api\/ChartOfAccounts\/Chapters/i, item: 'chapters' },
  { pattern: /^\/api\/ChartOfAccounts$/i, item: 'chartCopy' },
  { pattern: /^\/api\/Banks(\/|$)/i, item: 'bankImport' },
  { pattern: /^\/api\/Admin\/Departments/i, item: 'departments', all: true },
  { pattern: /^\/api\/Admin\/Users/i, item: 'users', all: true },
  { pattern: /^\/api\/Admin\/UserDepartments/i, item: 'userDepartments', all: true },
  { pattern: /^\/api\/FinancialYears$/i, item: 'newFinancialYear' },
  { pattern: /^\/api\/FinancialYears\/Status$/i, item: 'yearUnlock' },
  { pattern: /^\/api\/statistics$/i, item: 'statisticsExport', all: true },
];

function itemOf(sp: SpecPath): PermissionItem | null {
  const rule = itemRules.find((r) => r.pattern.test(sp.path) && (r.all || sp.method !== 'GET'));
  return rule?.item ?? null;
}

/** The table whose record an `id` (path or field) names, by path. */
const recordTables: [RegExp, string][] = [
  [/^\/api\/Accounts\/Transfers/i, 'account_transfers'],
  [/^\/api\/Accounts(\/\{id\}|\/?$)/i, 'accounts'],
  [/^\/api\/Reservations/i, 'reservations'],
  [/^\/api\/Payments\/Orders/i, 'payment_orders'],
  [/^\/api\/Movements/i, 'movements'],
  [/^\/api\/MovementTemplates/i, 'movement_templates'],
  [/^\/api\/Budget\/Changes/i, 'budget_changes'],
  [/^\/api\/(Admin\/)?Departments/i, 'departments'],
];

/** The demo brigades' first year (seedDemo): the only year with manual residues. */
const FIRST_YEAR = YEAR - 1;
/** The year the demo books (their first year): the year of every call, so the reads carry data. */
const DATA_YEAR = YEAR - 1;

/** The business errors that are an access refusal (spec 1 §8). */
const accessRefusals = new Set(['NotAuthenticated', 'DepartmentNotAllowed', 'Forbidden', 'ReadOnlyAccess']);

/** The mutations of the router: a row calling one writes (the auditor is refused it). */
const mutations = new Set(routerProcedures().flatMap((p) => (p.type === 'mutation' ? [p.path] : [])));

/**
 * The gates of spec 3 §6 on the demo data: open payments only where the department allows them
 * (102 in the demo), manual residues only in the first year (FIRST_YEAR).
 */
function gateOf(sp: SpecPath, scopeCode: string): string | null {
  const open = demoDepartments.find((d) => d.code === scopeCode && 'openPaymentsAllowed' in d && d.openPaymentsAllowed);
  if (/^\/api\/Payments\//i.test(sp.path) && !open) return 'openPaymentsAllowed';
  if (/^\/api\/Budget\/Residues$/i.test(sp.path) && sp.method !== 'GET' && DATA_YEAR !== FIRST_YEAR) return 'firstYear';
  return null;
}

type Dept = 'own' | 'foreign' | 'cross' | 'none';
type Expected = 'allowed' | 'refused' | 'public';

interface Role {
  level: AccessLevel;
  /** The demo user of that level (none for Guest). */
  username: string | null;
  own: string;
  foreign: string;
  linked: string[];
}

function rolesOf(): Role[] {
  return (Object.values(AccessLevel) as AccessLevel[]).map((level) => {
    if (level === AccessLevel.Guest) return { level, username: null, own: '101', foreign: '102', linked: [] };
    const user = demoUsers.find((u) => u.accessLevel === level && !('locked' in u && u.locked));
    if (!user) throw new Error(`no demo user of level ${level}`);
    const linked = [...user.departments];
    const own = user.main ?? '101';
    const foreign = ['101', '102', '201'].find((c) => !linked.includes(c) && c !== own) as string;
    return { level, username: user.username, own, foreign, linked };
  });
}

interface Decision {
  label: string;
  expected: Expected;
  status: number;
  problem: string | null;
}

for (const target of testDatabases()) {
  describe(`access matrix over every spec path [${target.name}]`, () => {
    const roles = rolesOf();
    const t = restTestApp(target, {
      ipPrefix: '10.93.0',
      signIn: ['supervisor', ...roles.flatMap((r) => (r.username && r.username !== 'supervisor' ? [r.username] : []))],
      departments: true,
    });
    let countTables: string[] = [];
    let zweiLink = 0;

    async function query<T>(text: string): Promise<T[]> {
      return execRows<T>(t.handle.db, sql.raw(text));
    }
    async function rowCounts(): Promise<string> {
      const rows = await query<{ t: string; n: string | number }>(
        countTables.map((name) => `select '${name}' as t, count(*) as n from ${name}`).join(' union all '),
      );
      return rows.map((r) => `${r.t}=${r.n}`).join(' ');
    }
    /** The first record of the table in the department (the department itself for departments). */
    async function recordOf(table: string, code: string): Promise<number | null> {
      const id = t.dept(code);
      if (table === 'departments') return id;
      const [row] = await query<{ id: number | null }>(`select min(id) as id from ${table} where department_id = ${id}`);
      return row?.id ?? null;
    }

    /** What only the foreign department of a role has: names, CUC, IBANs, position amounts. */
    const markers = new Map<string, RegExp[]>();
    async function markersOf(code: string): Promise<RegExp[]> {
      const known = markers.get(code);
      if (known) return known;
      const d = demoDepartments.find((x) => x.code === code);
      if (!d) throw new Error(`no demo department ${code}`);
      const texts = [d.name2Deu, d.name2Ita, d.locationDeu, d.locationIta, demoCbiCuc(code)].filter((s) => s.length >= 4);
      const escape = (s: string) => s.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
      const out = texts.map((s) => new RegExp(`(?<![\\w])${escape(s)}(?![\\w])`));
      const ibans = await query<{ iban: string }>(`select distinct iban from accounts where department_id = ${t.dept(code)} and iban <> ''`);
      for (const { iban } of ibans) out.push(new RegExp(escape(iban)));
      // movement totals with cents that no other department books: the largest and the latest
      const totals = `select m.id, m.department_id, sum(p.amount) as total from movements m join movement_positions p on p.movement_id = m.id group by m.id`;
      const amounts = await query<{ total: string }>(
        `with t as (${totals}) select t.total::text as total from t join movements m on m.id = t.id
         where t.department_id = ${t.dept(code)} and m.year = ${DATA_YEAR} and t.total % 1 <> 0 and t.total >= 100
           and t.total not in (select total from t where department_id <> ${t.dept(code)})
         order by m.record_date desc, m.id desc limit 12`,
      );
      for (const { total } of amounts) out.push(new RegExp(`(?<![\\d.])${escape(String(Number(total)))}(?![\\d])`));
      markers.set(code, out);
      return out;
    }

    const models = new Map<string, RouteModel>();
    beforeAll(async () => {
      const tables = await query<{ table_name: string }>(
        `select table_name from information_schema.tables where table_schema = 'public' and table_type = 'BASE TABLE' and table_name not in ('sessions', 'login_throttle') and table_name not like '%drizzle%'`,
      );
      await t.signIn('zwei');
      const [link] = await query<{ id: number }>(`select min(id) as id from user_departments where user_id = ${t.userId('zwei')}`);
      zweiLink = link?.id ?? 0;
      countTables = tables.map((r) => r.table_name).sort();
      for (const route of restRoutes) models.set(`${route.method} /api/${route.path}`.toLowerCase(), await modelOf(route));
    });

    it('finds the foreign markers where they belong (the leak check can fail)', async () => {
      const found = await markersOf('102');
      expect(found.length).toBeGreaterThan(5);
      const res = await t.call('supervisor', 'GET', `Movements/Expenses?departmentId=${t.dept('102')}&year=${DATA_YEAR}`);
      expect(res.statusCode).toBe(200);
      expect(found.filter((re) => re.test(res.body)).length).toBeGreaterThan(0);
      const own = await t.call('supervisor', 'GET', `Movements/Expenses?departmentId=${t.dept('101')}&year=${DATA_YEAR}`);
      expect(found.filter((re) => re.test(own.body))).toEqual([]);
    });

    it('decides every path for every role and department as the spec says, with no leak', async () => {
      const paths = specPaths().filter((p) => !p.pending);
      const decisions: Decision[] = [];
      const leaks: string[] = [];
      const undecided: string[] = [];
      const decided = new Set<string>();
      let ip = 0;
      let refusedByInput = 0;
      let lastUrl = '';

      async function send(model: RouteModel, role: Role, values: Record<string, unknown>, param: unknown): Promise<LightMyRequestResponse> {
        ip++;
        const token = role.username ? await t.token(role.username) : undefined;
        const options = requestFor(model, { values, scopeInQuery: true, param, ...(token ? { token } : {}), ip: `10.94.${ip >> 8}.${ip & 255}` });
        lastUrl = `${String(options.url)} ${typeof options.payload === 'string' ? options.payload.slice(0, 120) : ''}`;
        return t.app.inject(options);
      }

      // reads first, then writes; destructive ones last (a delete or an admin change may alter later decisions)
      const order = (p: SpecPath) => (p.method === 'GET' ? 0 : p.method === 'DELETE' ? 3 : /Admin\//i.test(p.path) ? 2 : 1);
      for (const sp of [...paths].sort((a, b) => order(a) - order(b))) {
        const key = `${sp.method} ${sp.path.replace(/\{(\w+)\}/g, ':$1')}`.toLowerCase();
        const model = models.get(key);
        if (!model) {
          undecided.push(`${sp.method} ${sp.path}`);
          continue;
        }
        const fieldNames = new Set([...model.fields.filter((f) => f.path.length === 1).map((f) => f.path[0] as string), ...model.queryKeys, ...model.bodyKeys]);
        const scoped = fieldNames.has('departmentId');
        const table = recordTables.find(([re]) => re.test(sp.path))?.[1] ?? null;
        const namesRecord = model.paramKeys.length > 0 || fieldNames.has('id');
        const item = itemOf(sp);
        const isPublic = publicPaths.has(`${sp.method} ${sp.path}`);
        const writes = model.procedures.some((p) => mutations.has(p));
        for (const role of isPublic ? roles.filter((r) => r.level === AccessLevel.Guest) : roles) {
          const depts: Dept[] = !scoped ? ['none'] : namesRecord && table && table !== 'departments' ? ['own', 'foreign', 'cross'] : ['own', 'foreign'];
          for (const dept of depts) {
            const scopeCode = dept === 'foreign' ? role.foreign : role.own;
            const recordCode = dept === 'foreign' || dept === 'cross' ? role.foreign : role.own;
            const sees = (c: string) => role.level === AccessLevel.Supervisor || role.linked.includes(c);
            const areaOfCall: Area | null = scoped ? areaOfCode(scopeCode) : role.linked.includes('000') || role.level === AccessLevel.Supervisor ? 1 : null;
            let expected: Expected;
            if (isPublic) expected = 'public';
            else if (role.level === AccessLevel.Guest) expected = 'refused';
            else if (role.level === AccessLevel.Auditor && writes) expected = 'refused';
            else if (scoped && !sees(scopeCode)) expected = 'refused';
            else if (dept === 'cross') expected = 'refused';
            else if (item && !can({ accessLevel: role.level }, item, areaOfCall)) expected = 'refused';
            else if (gateOf(sp, scopeCode)) expected = 'refused';
            else expected = 'allowed';

            // a user change grants the Standard level (an administrator may not grant more)
            const values: Record<string, unknown> = { year: DATA_YEAR, accessLevel: AccessLevel.Standard };
            if (scoped) Object.assign(values, { departmentId: t.dept(scopeCode), superDepartmentId: t.dept(scopeCode), deptId: t.dept(scopeCode) });
            const record = table ? await recordOf(table, recordCode) : null;
            if (record !== null && fieldNames.has('id')) values.id = record;
            // user changes touch a Standard user who plays no role here (an administrator may not touch a supervisor)
            values.userId = t.userId('zwei');
            const param = record ?? (/\/Admin\/Users\//i.test(sp.path) ? t.userId('zwei') : /\/Admin\/UserDepartments\//i.test(sp.path) ? zweiLink : 1);

            const isWrite = sp.method !== 'GET';
            const before = isWrite && expected !== 'allowed' ? await rowCounts() : '';
            const res = await send(model, role, values, param);
            const label = `${sp.method} ${sp.path} as ${accessLevelKey[role.level]} (${dept}${scoped ? ` ${scopeCode}` : ''})`;
            const message = res.statusCode >= 400 ? String((res.json() as { details?: { Message?: string } }).details?.Message) : '';
            let problem: string | null = null;
            if (res.statusCode >= 500) problem = `answered ${res.statusCode}: ${res.body.slice(0, 160)}`;
            else if (expected === 'allowed' && accessRefusals.has(message)) problem = `refused ${res.statusCode}: ${res.body.slice(0, 160)}`;
            else if (expected === 'refused') {
              const readOnly = role.level === AccessLevel.Auditor && writes;
              const byAccess =
                role.level === AccessLevel.Guest
                  ? message === 'NotAuthenticated'
                  : readOnly
                    ? message === 'ReadOnlyAccess'
                    : accessRefusals.has(message) || (dept === 'cross' && message === 'NotFound');
              // the input refused before the access check (a 4xx of the input or the state): nothing done either; never the auditor's write
              const byInput = role.level !== AccessLevel.Guest && !readOnly && res.statusCode >= 400 && res.statusCode < 500;
              if (!byAccess && !byInput) problem = `expected a refusal, got ${res.statusCode} for ${lastUrl}: ${res.body.slice(0, 160)}`;
              else if (isWrite && (await rowCounts()) !== before) problem = 'refused but wrote';
              if (!byAccess) refusedByInput++;
            }
            decisions.push({ label, expected, status: res.statusCode, problem });
            decided.add(`${sp.method} ${sp.path}`);

            // no answer carries the foreign department's data, unless the caller reads all departments on a base-data list
            const readsAll = !scoped && (role.level === AccessLevel.Supervisor || can({ accessLevel: role.level }, 'departments', areaOfCall));
            const mayShowForeign = (dept === 'foreign' && expected === 'allowed') || readsAll;
            if (!mayShowForeign) {
              const found = (await markersOf(role.foreign)).find((re) => re.test(res.body));
              if (found) leaks.push(`${label}: ${res.statusCode} carries ${found.source}`);
            }
            // a user change may end or spoil a session: sign in again for the next call
            if (
              isWrite &&
              /\/Admin\//i.test(sp.path) &&
              role.username &&
              (await t.app.inject({ method: 'GET', url: '/api/auth/me', headers: t.auth(role.username) })).statusCode !== 200
            ) {
              await t.signIn(role.username);
            }
          }
        }
      }
      for (const sp of paths)
        if (!decided.has(`${sp.method} ${sp.path}`) && !undecided.includes(`${sp.method} ${sp.path}`)) undecided.push(`${sp.method} ${sp.path}`);

      const wrong = decisions.filter((d) => d.problem);
      console.info(
        `access matrix [${target.name}]: ${decisions.length} decisions, ${leaks.length} leaks, ${decided.size} paths, ${roles.length} roles (${decisions.filter((d) => d.expected === 'refused').length} refused, ${refusedByInput} of them by the input before the access check, ${wrong.length} wrong)`,
      );
      expect(undecided, 'spec paths without a decision').toEqual([]);
      expect(leaks, 'answers carrying the foreign department').toEqual([]);
      expect(wrong.map((d) => `${d.label}: ${d.problem}`)).toEqual([]);
    }, 120_000);
  });
}
