import { writeFileSync } from 'node:fs';
import { STATUS_CODES } from 'node:http';
import { testDatabases } from '@app/db/testing';
import { errorCodes, exactEurosToCents } from '@app/domain';
import fc from 'fast-check';
import type { InjectOptions } from 'fastify';
import { beforeAll, describe, expect, it } from 'vitest';
import { readFuzzEnv } from '../env.ts';
import { restTestApp, YEAR } from './testApp.ts';
import { type Kind, modelOf, plausible, requestFor, type RouteModel } from './routeModel.testkit.ts';
import { restRoutes } from './routes.ts';

/**
 * Property-based fuzz of every REST path: for each row of the /api table the fields come from the
 * zod input schemas of the procedure the row calls (found by calling the row with a recording
 * caller) and from the query and body keys the row reads. Each request starts from plausible
 * values and replaces one to three fields with hostile ones (integers >= 2^31, negatives, floats,
 * NaN strings, NUL bytes, very long strings, wrong types, deep nesting); fixed cases add bad JSON,
 * wrong content types and depth-10,000 bodies. Signed in as supervisor. Every answer must be below
 * 500, every error answer exactly the spec's shape with a known business code, and no budget write
 * may accept an amount that is no exact amount (it would have been rounded).
 *
 * Fixed seed in CI; `FUZZ_SEED` and `FUZZ_RUNS` (random requests per path) widen a local run,
 * `FUZZ_TRACE=<file>` writes the time per path and all findings (`<file>.findings.json`),
 * `FUZZ_SHOW` how many findings the assertion lists (40).
 */

const { seed: SEED, runs: RUNS, trace: TRACE, show: SHOW } = readFuzzEnv();
const errorCodeSet = new Set<string>(errorCodes);

// ---------------------------------------------------------------------------------------------
// Hostile values.

const hugeIntegers = [2 ** 31, 2 ** 31 + 1, 2 ** 32, 2 ** 53, 2 ** 53 + 2, 1e20, 1e300, -(2 ** 31) - 1, -(2 ** 53)];
const oddNumbers = [-1, 0, -0, 1.5, 0.001, 1.005, 10.999, 123456789012.345, 1e-7, 5e-324, 999999999999.99, 1000000000000, -999999999999.999];
const numberStrings = [
  'NaN',
  'Infinity',
  '-Infinity',
  '1e400',
  '-1e400',
  '0x1F',
  '1_000',
  '１２',
  ' 7 ',
  '',
  '-',
  '2147483648',
  '99999999999999999999',
  '1.5',
  '1,5',
  '9007199254740993',
];

/** JSON text nested `depth` levels (arrays and objects alternating); too deep for JSON.stringify. */
function deepJson(depth: number): string {
  let open = '';
  let close = '';
  for (let i = 0; i < depth; i++) {
    open += i % 2 === 0 ? '{"a":' : '[';
    close = (i % 2 === 0 ? '}' : ']') + close;
  }
  return `${open}1${close}`;
}

/** A value nested `depth` levels, as a JSON-encodable marker replaced by the raw text when sent. */
const DEEP = '\u0001deep\u0001';

const hostileString = fc.oneof(
  fc.string().map((s) => `${s}\u0000`),
  fc.constantFrom('\u0000', 'a\u0000b', '%00', '\uD800', '\uDFFF\uD800', '😀'.repeat(300), "'; drop table users; --", '${x}', '<script>', ' ', ''),
  fc.integer({ min: 1000, max: 120_000 }).map((n) => 'x'.repeat(n)),
  fc.string({ unit: 'binary', maxLength: 40 }),
);
const hostileNumber = fc.oneof(
  fc.constantFrom(...hugeIntegers, ...oddNumbers),
  fc.integer(),
  fc.double({ noNaN: true, noDefaultInfinity: true }),
  fc.bigInt({ min: 2n ** 31n, max: 2n ** 70n }).map((n) => Number(n)),
  fc.constantFrom(...numberStrings),
);
const wrongType = fc.oneof(fc.constantFrom(null, true, false, [], {}, [1, 2], { a: 1 }, 'x', 1), fc.jsonValue({ maxDepth: 3 }));
const deepValue = fc.constantFrom<unknown>(
  DEEP,
  Array.from({ length: 5000 }, () => ({ amount: 1 })),
);

function hostileFor(kind: Kind): fc.Arbitrary<unknown> {
  switch (kind) {
    case 'integer':
    case 'number':
      return fc.oneof({ weight: 5, arbitrary: hostileNumber }, { weight: 1, arbitrary: hostileString }, { weight: 2, arbitrary: wrongType });
    case 'string':
      return fc.oneof({ weight: 5, arbitrary: hostileString }, { weight: 2, arbitrary: hostileNumber }, { weight: 2, arbitrary: wrongType });
    case 'array':
    case 'object':
      return fc.oneof(wrongType, deepValue, hostileString, hostileNumber);
    default:
      return fc.oneof(hostileNumber, hostileString, wrongType);
  }
}

/** Percent-encodes the UTF-8 bytes (a lone surrogate becomes U+FFFD, as a browser sends it). */
interface Plan {
  mutations: [number, unknown][];
  /** Put scope fields into the query (true) or the body (false) on writes. */
  scopeInQuery: boolean;
  param: unknown;
}

function buildRequest(model: RouteModel, plan: Plan, token: string, ip: string): InjectOptions {
  const options = requestFor(model, { ...plan, token, ip });
  if (typeof options.payload === 'string') options.payload = options.payload.replaceAll(JSON.stringify(DEEP), deepJson(10_000));
  return options;
}

// ---------------------------------------------------------------------------------------------
// Fixed cases: what the framework parses before a row sees the request.

function fixedCases(model: RouteModel, token: string): InjectOptions[] {
  const url = `/api/${model.route.path.replace(/:(\w+)/g, '1')}?departmentId=${plausible.departmentId}&year=${YEAR}`;
  const headers = (contentType?: string) => ({ authorization: `Bearer ${token}`, ...(contentType ? { 'content-type': contentType } : {}) });
  const method = model.route.method;
  const cases: InjectOptions[] = [
    { method, url: `/api/${model.route.path.replace(/:(\w+)/g, '2147483648')}?departmentId=2147483648&year=2147483648&id=2147483648`, headers: headers() },
    { method, url: `/api/${model.route.path.replace(/:(\w+)/g, '%zz')}?year=%E0%A4%A&departmentId=%00`, headers: headers() },
    { method, url: `${url}&departmentId=1&year=2`, headers: headers() },
  ];
  if (method !== 'GET') {
    const withBody = (payload: string, contentType?: string): InjectOptions => ({ method, url, headers: headers(contentType), payload });
    cases.push(
      withBody('{"a":', 'application/json'),
      withBody('{"a":1}}', 'application/json'),
      withBody('', 'application/json'),
      withBody('\u0000', 'application/json'),
      withBody('{"__proto__":{"x":1}}', 'application/json'),
      withBody('{"constructor":{"prototype":{"x":1}}}', 'application/json'),
      withBody(`{"positions":${deepJson(10_000)},"years":${deepJson(10_000)}}`, 'application/json'),
      withBody(deepJson(10_000), 'application/json'),
      withBody(`${'['.repeat(10_000)}${']'.repeat(10_000)}`, 'application/json'),
      withBody('<a>1</a>', 'application/xml'),
      withBody('a=1&b=2', 'application/x-www-form-urlencoded'),
      withBody('--x\r\nContent-Disposition: form-data; name="a"\r\n\r\n1\r\n--x--', 'multipart/form-data; boundary=x'),
      withBody('junk \u0000 text', 'text/plain'),
      withBody('abi;cab;name\n\u0000;1;x', 'text/csv'),
      withBody('{"a":1}', 'application/json; charset=utf-16'),
      withBody('{"a":1}', 'no/such; type'),
      withBody('{"a":1}', ''),
    );
  }
  return cases;
}

// ---------------------------------------------------------------------------------------------

interface Finding {
  request: string;
  status: number;
  body: string;
}

function shapeProblem(status: number, text: string): string | null {
  let body: unknown;
  try {
    body = JSON.parse(text);
  } catch {
    return 'not JSON';
  }
  const b = body as { type?: { status?: unknown; text?: unknown }; details?: { Message?: unknown; Field?: unknown; Params?: unknown } };
  if (!b || typeof b !== 'object' || Array.isArray(b)) return 'not an object';
  if (Object.keys(b).sort().join() !== 'details,type') return `keys ${Object.keys(b).join()}`;
  if (!b.type || b.type.status !== status || b.type.text !== STATUS_CODES[status]) return 'type';
  if (!b.details || typeof b.details.Message !== 'string' || !errorCodeSet.has(b.details.Message)) return `Message ${String(b.details?.Message)}`;
  if (Object.keys(b.details).some((k) => !['Message', 'Field', 'Params', 'CorrelationId'].includes(k))) return 'details keys';
  if (b.details.Field !== undefined && typeof b.details.Field !== 'string') return 'Field';
  if (b.details.Params !== undefined && (typeof b.details.Params !== 'object' || b.details.Params === null)) return 'Params';
  return null;
}

/**
 * The path of an amount field (a field the procedure's input schema marks as money: euros on the
 * wire) holding a number that is no exact amount. Array items match the model's `0`.
 */
function inexactAmount(model: RouteModel, payload: unknown): string | null {
  const moneyPaths = new Set(model.fields.filter((f) => f.money).map((f) => f.path.join('.')));
  if (typeof payload !== 'string' || !payload.startsWith('{')) return null;
  let body: unknown;
  try {
    body = JSON.parse(payload);
  } catch {
    return null;
  }
  const stack: [unknown, string, number][] = [[body, '', 0]];
  while (stack.length > 0) {
    const [node, path, depth] = stack.pop() as [unknown, string, number];
    if (node === null || typeof node !== 'object' || depth > 8) continue;
    for (const [key, value] of Object.entries(node)) {
      const at = path ? `${path}.${key}` : key;
      const modelPath = at.replace(/(^|\.)\d+(?=\.|$)/g, (_, dot: string) => `${dot}0`);
      if (moneyPaths.has(modelPath) && typeof value === 'number' && exactEurosToCents(value) === null) return at;
      stack.push([value, at, depth + 1]);
    }
  }
  return null;
}

function describeRequest(options: InjectOptions): string {
  const payload = typeof options.payload === 'string' ? options.payload : JSON.stringify(options.payload ?? '');
  const ct = (options.headers as Record<string, string> | undefined)?.['content-type'];
  return `${options.method} ${String(options.url).slice(0, 160)}${ct ? ` [${ct}]` : ''} ${(payload ?? '').slice(0, 160)}`;
}

for (const target of testDatabases()) {
  describe(`REST fuzz of every path [${target.name}]`, () => {
    const t = restTestApp(target, { ipPrefix: '10.66.0', signIn: ['supervisor'], departments: true });
    let token = '';
    let supervisorId = 0;

    async function signIn(): Promise<void> {
      token = await t.signIn('supervisor');
      supervisorId = t.userId('supervisor');
    }

    beforeAll(async () => {
      token = await t.token('supervisor');
      supervisorId = t.userId('supervisor');
      plausible.departmentId = t.dept('101');
      plausible.superDepartmentId = t.dept('101');
      plausible.deptId = t.dept('101');
    });

    it('answers every path below 500 and every error in the spec shape', async () => {
      const findings: Finding[] = [];
      let requests = 0;
      let serverErrors = 0;
      const failingRoutes = new Set<string>();
      const statuses = new Map<number, number>();
      const routeStatuses = new Map<number, number>();
      const refusals = new Map<string, number>();
      // existing ids (but never the signed-in supervisor), a missing one, and hostile ones
      const ids = [2, 3, 5, 999_999].filter((id) => id !== supervisorId);
      const paramArb = fc.oneof(
        { weight: 2, arbitrary: fc.constantFrom(...ids) },
        { weight: 3, arbitrary: hostileNumber },
        { weight: 1, arbitrary: hostileString.map((s) => s.slice(0, 4000)) },
      );

      async function send(model: RouteModel, options: InjectOptions): Promise<void> {
        requests++;
        const res = await t.app.inject(options);
        statuses.set(res.statusCode, (statuses.get(res.statusCode) ?? 0) + 1);
        routeStatuses.set(res.statusCode, (routeStatuses.get(res.statusCode) ?? 0) + 1);
        if (TRACE && res.statusCode === 400) refusals.set(res.json().details?.Field ?? '-', (refusals.get(res.json().details?.Field ?? '-') ?? 0) + 1);
        const label = `${model.route.method} ${model.route.path}`;
        if (res.statusCode >= 500) {
          serverErrors++;
          failingRoutes.add(label);
          findings.push({ request: describeRequest(options), status: res.statusCode, body: res.body.slice(0, 200) });
        } else if (res.statusCode < 300 && model.route.path.toLowerCase().startsWith('budget/') && inexactAmount(model, options.payload)) {
          // an amount that is no amount (more decimals, beyond the maximum) must never be rounded into a 2xx
          failingRoutes.add(label);
          findings.push({
            request: describeRequest(options),
            status: res.statusCode,
            body: `accepted the inexact amount ${inexactAmount(model, options.payload)}`,
          });
        } else if (res.statusCode >= 400) {
          const problem = shapeProblem(res.statusCode, res.body);
          if (problem) {
            failingRoutes.add(label);
            findings.push({ request: describeRequest(options), status: res.statusCode, body: `${problem}: ${res.body.slice(0, 200)}` });
          }
        }
      }

      const models = await Promise.all(restRoutes.map(modelOf));
      // every row was traced to its procedure, so its fields come from the procedure's zod input
      expect(models.filter((m) => m.procedures.length === 0).map((m) => `${m.route.method} ${m.route.path}`)).toEqual([]);
      expect(models.filter((m) => m.fields.length > 0).length).toBeGreaterThan(models.length * 0.9);
      // the amounts of the budget writes are found by their schema's money mark (the inexact-amount checks below rely on it)
      expect(models.filter((m) => m.route.method !== 'GET' && m.fields.some((f) => f.money)).map((m) => `${m.route.method} ${m.route.path}`)).toEqual(
        expect.arrayContaining(['PUT Budget/Forecast', 'PUT Budget/Forecast/Surplus', 'PUT Budget/Adjust', 'PUT Budget/Changes']),
      );
      for (const [r, model] of models.entries()) {
        const started = Date.now();
        const planArb: fc.Arbitrary<Plan> = fc.record({
          mutations: fc.array(
            fc
              .nat({ max: Math.max(0, model.fields.length - 1) })
              .chain((index) => fc.tuple(fc.constant(index), hostileFor(model.fields[index]?.kind ?? 'any'))),
            { minLength: 1, maxLength: 3 },
          ),
          scopeInQuery: fc.boolean(),
          param: paramArb,
        });
        // sign-in rows run argon2 on every well-formed attempt (about a second here): fewer runs
        const runs = model.procedures.some((p) => p.startsWith('auth.')) ? Math.ceil(RUNS / 6) : RUNS;
        const plans = fc.sample(planArb, { seed: SEED + r, numRuns: runs });
        for (const [i, plan] of plans.entries()) {
          await send(model, buildRequest(model, plan, token, `10.77.${r}.${i % 250}`));
        }
        for (const options of fixedCases(model, token)) await send(model, { remoteAddress: `10.78.${r}.1`, ...options });
        // every amount field of a write alone with an amount that is no amount: refused, never rounded
        if (model.route.method !== 'GET') {
          for (const [index, field] of model.fields.entries()) {
            if (!field.money) continue;
            for (const value of [12.345, 1.005, 0.001, 1e12, -1e12 - 0.01]) {
              await send(model, buildRequest(model, { mutations: [[index, value]], scopeInQuery: true, param: 1 }, token, `10.79.${r}.1`));
            }
          }
        }
        // a row may end or spoil the session (logout): sign in again for the next path
        const me = await t.app.inject({ method: 'GET', url: '/api/auth/me', headers: { authorization: `Bearer ${token}` } });
        if (me.statusCode !== 200) await signIn();
        if (TRACE) {
          const line = `${model.route.method} ${model.route.path} ${Date.now() - started} ms ${[...routeStatuses].map(([st, n]) => `${st}×${n}`).join(' ')}; 400 fields ${[...refusals].map(([f, n]) => `${f}×${n}`).join(' ')}\n`;
          writeFileSync(TRACE, line, { flag: 'a' });
        }
        routeStatuses.clear();
        refusals.clear();
      }

      if (TRACE) writeFileSync(`${TRACE}.findings.json`, JSON.stringify(findings, null, 1));
      console.info(
        `REST fuzz [${target.name}] seed ${SEED}: ${requests} requests on ${models.length} paths, ${serverErrors} answers >= 500, ${findings.length - serverErrors} outside the error shape or accepting an inexact amount, ${failingRoutes.size} failing paths; statuses ${[
          ...statuses,
        ]
          .sort(([a], [b]) => a - b)
          .map(([s, n]) => `${s}×${n}`)
          .join(' ')}`,
      );
      expect(findings.slice(0, SHOW), `failing paths: ${[...failingRoutes].join(', ')}`).toEqual([]);
    }, 600_000);
  });
}
