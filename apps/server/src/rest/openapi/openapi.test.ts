import { readFileSync } from 'node:fs';
import { createCaller, createContextInner } from '@app/api';
import { testDatabases } from '@app/db/testing';
import { Validator } from '@seriousme/openapi-schema-validator';
import { Ajv2020 } from 'ajv/dist/2020.js';
import { describe, expect, it } from 'vitest';
import { type RestTestApp, restTestApp, YEAR } from '../testApp.ts';

/**
 * The developers' interface (issue 16): GET /api/openapi.json is a valid OpenAPI 3.1 document that
 * names every path of the spec's call tables (spec-paths.txt, not the code), describes amounts as
 * euros and dates as YYYY-MM-DD, and the live answers of the demo data keep the documented shapes.
 */

type Doc = { paths: Record<string, Record<string, Operation>> };
interface Operation {
  parameters?: { name: string; in: string; required: boolean; schema?: Record<string, unknown> }[];
  responses: Record<string, { content?: Record<string, { schema: Record<string, unknown> }> }>;
  'x-answer-typed'?: boolean;
}

interface SpecPath {
  method: string;
  path: string;
  pending: boolean;
}

function specPaths(): SpecPath[] {
  const text = readFileSync(new URL('../spec-paths.txt', import.meta.url), 'utf8');
  return text
    .split('\n')
    .map((l) => l.trim())
    .filter((l) => l !== '' && !l.startsWith('#'))
    .map((l) => {
      const m = /^(GET|POST|PUT|PATCH|DELETE) \/api(\/\S+)(?:\s+(pending)\b.*)?$/.exec(l);
      if (!m) throw new Error(`spec-paths.txt: ${l}`);
      return { method: m[1] as string, path: m[2] as string, pending: m[3] === 'pending' };
    });
}

/** A path compared as routing compares it: case-insensitive, any parameter name. */
const key = (method: string, path: string) => `${method.toUpperCase()} ${path.toLowerCase().replace(/\{\w+\}/g, '{}')}`;

function operations(doc: Doc): { method: string; path: string; op: Operation }[] {
  return Object.entries(doc.paths).flatMap(([path, ops]) => Object.entries(ops).map(([method, op]) => ({ method: method.toUpperCase(), path, op })));
}

/** The first value a parameter schema allows (an enum's or a union of constants'). */
function firstOption(schema: Record<string, unknown> | undefined): string | undefined {
  if (!schema) return undefined;
  if (Array.isArray(schema.enum)) return String(schema.enum[0]);
  if (schema.const !== undefined) return String(schema.const);
  const options = (schema.anyOf ?? schema.oneOf) as Record<string, unknown>[] | undefined;
  return options ? firstOption(options[0]) : undefined;
}

/**
 * The demo data has no payment order: GET /Payments/Orders/Unregistered reads one. One is stored here
 * through the API, as a cashier would: the payable instalments of 102's bank account B1 in the booked
 * year in the foreign range (the Austrian supplier's bill: a SEPA order needs no CBI CUC, which the
 * demo department has not), stored unregistered. Answers its id.
 */
async function storeUnregisteredOrder(t: RestTestApp, year: number): Promise<number> {
  const scope = { departmentId: t.dept('102'), year };
  const accounts = (await t.call('supervisor', 'GET', `Accounts/briefs?departmentId=${t.dept('102')}`)).json() as { id: number; code: string }[];
  const accountId = accounts.find((a) => a.code === 'B1')?.id;
  const payables = await t.call('supervisor', 'POST', 'Payments/Payables', { ...scope, paymentRange: 2, accountId });
  expect(payables.statusCode, payables.body).toBe(200);
  const toPay = (payables.json() as { payment: { id: number }; invoice: { movementId: number }; doHomeBank: boolean }[])
    .filter((p) => p.doHomeBank)
    .map((p) => ({ paymentId: p.payment.id, movementId: p.invoice.movementId }));
  expect(toPay.length, 'payable instalments of 102 on B1').toBeGreaterThan(0);
  // stored through tRPC with the clock in December of its year: after 31.12 a year takes no new order (OrderAfterYearEnd)
  const now = () => new Date(`${year}-12-20T10:00:00Z`);
  const context = { db: t.handle.db, ip: '10.16.9.1', now };
  const login = await createCaller(await createContextInner(context)).auth.login({ username: 'supervisor', password: 'demo', remember: false });
  const december = createCaller(await createContextInner({ ...context, token: login.token }));
  const stored = await december.payments.store({ ...scope, paymentRange: 2, accountId: accountId ?? null, toPay, groupInvoices: false, filename: 'openapi' });
  expect(stored).toMatchObject({ registered: false, count: toPay.length });
  return stored.id;
}

/** A receipt (issue 28) on the first expense of 101 in `year` (supervisor, multipart over REST): answers that movement's id. */
async function attachReceipt(t: RestTestApp, year: number): Promise<{ recordId: number; invoiceId: number }> {
  const scope = `departmentId=${t.dept('101')}&year=${year}`;
  const expense = await t.call('supervisor', 'GET', `Movements/Expenses?${scope}&recordNumber=1`);
  expect(expense.statusCode, expense.body).toBe(200);
  const id = (expense.json() as { id: number }).id;
  const boundary = 'openapi-receipt';
  const body = Buffer.from(
    `--${boundary}\r\nContent-Disposition: form-data; name="recordKind"\r\n\r\nmovement\r\n--${boundary}\r\nContent-Disposition: form-data; name="recordId"\r\n\r\n${id}\r\n` +
      `--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="beleg.pdf"\r\nContent-Type: application/pdf\r\n\r\n%PDF-1.4\n%%EOF\n\r\n--${boundary}--\r\n`,
  );
  const attached = await t.call('supervisor', 'POST', `Documents?${scope}`, body, { 'content-type': `multipart/form-data; boundary=${boundary}` });
  expect(attached.statusCode, attached.body).toBe(200);
  // and an e-invoice (GET Invoices reads it, GET Invoices/Print renders it)
  const invoice = Buffer.concat([
    Buffer.from(
      `--${boundary}\r\nContent-Disposition: form-data; name="recordKind"\r\n\r\nmovement\r\n--${boundary}\r\nContent-Disposition: form-data; name="recordId"\r\n\r\n${id}\r\n` +
        `--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="fattura.xml"\r\nContent-Type: application/xml\r\n\r\n`,
    ),
    readFileSync(new URL('../../../../../packages/api/test-fixtures/fatturapa/own/FPR12_two_instalments.xml', import.meta.url)),
    Buffer.from(`\r\n--${boundary}--\r\n`),
  ]);
  const stored = await t.call('supervisor', 'POST', `Documents?${scope}`, invoice, { 'content-type': `multipart/form-data; boundary=${boundary}` });
  expect(stored.statusCode, stored.body).toBe(200);
  return { recordId: id, invoiceId: (stored.json() as { id: number }).id };
}

// amounts are decimals: multipleOf 0.01 up to float precision
const ajv = () => new Ajv2020({ strict: false, allErrors: true, multipleOfPrecision: 6, formats: { date: /^\d{4}-\d{2}-\d{2}$/ } });

for (const target of testDatabases()) {
  describe(`OpenAPI document [${target.name}]`, () => {
    const t = restTestApp(target, { ipPrefix: '10.16.0', signIn: ['supervisor'], departments: true });
    let cached: Doc | undefined;
    async function doc(): Promise<Doc> {
      if (cached) return cached;
      const res = await t.app.inject({ method: 'GET', url: '/api/openapi.json' });
      expect(res.statusCode).toBe(200);
      cached = res.json() as Doc;
      return cached;
    }

    it('is a valid OpenAPI 3.1 document', async () => {
      const validator = new Validator();
      const result = await validator.validate((await doc()) as unknown as Parameters<Validator['validate']>[0]);
      expect(result.errors ?? [], String(JSON.stringify(result.errors)).slice(0, 2000)).toEqual([]);
      expect(result.valid).toBe(true);
      expect(validator.version).toBe('3.1');
    });

    it('the validator refuses a broken document (the check can fail)', async () => {
      const broken = structuredClone(await doc()) as unknown as { paths: Record<string, Record<string, Record<string, unknown>>> };
      const [parameter] = (broken.paths['/Budget/Chapters']?.get as { parameters: Record<string, unknown>[] }).parameters;
      delete parameter?.in;
      expect((await new Validator().validate(broken as unknown as Parameters<Validator['validate']>[0])).valid).toBe(false);
    });

    it('names every path of the spec call tables that is not pending, each with its answer schema', async () => {
      const documented = new Set(operations(await doc()).map((o) => key(o.method, o.path)));
      const spec = specPaths();
      expect(spec.length).toBeGreaterThan(100);
      const missing = spec.filter((p) => !p.pending && !documented.has(key(p.method, p.path))).map((p) => `${p.method} ${p.path}`);
      expect(missing).toEqual([]);
      expect(documented.has(key('GET', '/NoSuchPath'))).toBe(false);
      // every answer has its schema (a procedure without .output() would be documented as not described)
      const loose = operations(await doc()).filter((o) => o.op['x-answer-typed'] === false);
      expect(
        loose.map((o) => `${o.method} ${o.path}`),
        'give these procedures an output schema (see packages/domain/src/*Outputs.ts)',
      ).toEqual([]);
      // every row was followed to its procedure
      const undescribed = operations(await doc()).filter((o) => (o.op as { 'x-described'?: boolean })['x-described'] === false);
      expect(undescribed.map((o) => `${o.method} ${o.path}`)).toEqual([]);
    });

    it('describes amounts as euros with two decimals, dates as YYYY-MM-DD, the bearer scheme and the business errors', async () => {
      const d = (await doc()) as Doc & Record<string, unknown>;
      const chapters = d.paths['/Budget/Chapters']?.get as Operation;
      const answer = chapters.responses['200']?.content?.['application/json']?.schema as {
        properties: { entities: { items: { properties: Record<string, Record<string, unknown>> } } };
      };
      const fields = answer.properties.entities.items.properties;
      expect(fields.budgetInitial).toMatchObject({ type: 'number', multipleOf: 0.01 });
      expect(fields.chapter).toMatchObject({ type: 'string' });
      expect(chapters.parameters?.find((p) => p.name === 'departmentId')).toMatchObject({ in: 'query', required: true });
      expect(chapters.parameters?.find((p) => p.name === 'withBudgetOnly')).toMatchObject({ in: 'query', required: false });
      expect(JSON.stringify(chapters.responses['403'])).toContain('DepartmentNotAllowed');
      expect(JSON.stringify(chapters.responses['401'])).toContain('NotAuthenticated');
      const change = d.paths['/Budget/Changes']?.post as Operation & {
        requestBody: { content: Record<string, { schema: { properties: Record<string, unknown> } }> };
      };
      expect(change.requestBody.content['application/json']?.schema.properties.approved).toMatchObject({ type: 'string', format: 'date' });
      expect(d.components).toMatchObject({ securitySchemes: { bearer: { type: 'http', scheme: 'bearer' } } });
      expect(d.security).toEqual([{ bearer: [] }]);
      expect((d.paths['/Authenticate/login']?.post as unknown as Record<string, unknown>).security).toEqual([]);
    });

    const checkedInYear = new Map<number, Set<string>>();
    // an order of the booked year is read in the current year too (orders of the scope year or an earlier one)
    let orderId: Promise<number> | undefined;
    let receiptRecord: Promise<{ recordId: number; invoiceId: number }> | undefined;
    // the demo's previous year has a year of bookings, reservations and transfers; the current one a new budget
    it.each([YEAR - 1, YEAR])('every GET answer of the demo data keeps its documented shape (%i)', async (year) => {
      const d = await doc();
      const dept = t.dept('101');
      const validate = ajv();
      // values of earlier answers by field name: a path that needs a chapter, an order or a record gets one,
      // preferably from an answer of its own area (the record numbers of reservations, not of movements)
      const scope = new Map<string, string>([
        ['departmentId', String(dept)],
        ['year', String(year)],
        ['part', '1'],
        ['yearFrom', String(year)],
        ['yearTo', String(year)],
        ['orderId', String(await (orderId ??= storeUnregisteredOrder(t, YEAR - 1)))],
        // a record with a receipt (GET Documents, then GET Documents/{id} with the id that list answered)
        ['recordId', String((await (receiptRecord ??= attachReceipt(t, YEAR - 1))).recordId)],
        ['documentId', String((await receiptRecord).invoiceId)],
      ]);
      const seenByArea = new Map<string, Map<string, string>>();
      const area = (path: string) => (path.split('/')[1] ?? '').toLowerCase();
      const seen = (path: string, name: string) => scope.get(name) ?? seenByArea.get(area(path))?.get(name) ?? seenByArea.get('')?.get(name);
      // `areas`: where the values count (an answer of another department's records only in its own area)
      const harvest = (path: string, value: unknown, areas: string[]): void => {
        if (Array.isArray(value)) return value.forEach((v) => harvest(path, v, areas));
        if (value === null || typeof value !== 'object') return;
        for (const [k, v] of Object.entries(value)) {
          if ((typeof v === 'number' && v > 0) || (typeof v === 'string' && v !== '')) {
            for (const key of areas) {
              const values = seenByArea.get(key) ?? new Map<string, string>();
              seenByArea.set(key, values);
              if (!values.has(k)) values.set(k, String(v));
            }
          } else harvest(path, v, areas);
        }
      };
      const checked: string[] = [];
      let failures: string[] = [];
      const gets = operations(d).filter(({ method, op }) => method === 'GET' && op['x-answer-typed'] !== false);
      async function check({ path, op }: (typeof gets)[number]): Promise<string | null> {
        const content = op.responses['200']?.content ?? {};
        const schema = content['application/json']?.schema;
        const files = Object.keys(content).filter((type) => type !== 'application/json');
        const file = files[0];
        const query = new URLSearchParams();
        for (const p of op.parameters ?? []) {
          const value = seen(path, p.name);
          if (p.in === 'query' && (p.required || ['departmentId', 'year'].includes(p.name)) && value !== undefined) query.set(p.name, value);
        }
        let user = 'kassier';
        const departments = ['102'];
        // a record in the path: the first of its area's list (GET /Banks answered before GET /Banks/{id})
        const url = () => `${path.slice(1).replace(/\{(\w+)\}/g, (_m, name: string) => seen(path, name) ?? '0')}?${query}`;
        let res = await t.call(user, 'GET', url());
        for (let i = 0; i < 4 && (res.statusCode === 400 || res.statusCode === 403); i++) {
          if (res.statusCode === 403) {
            // paths of the administration, or of an area another department has (homebanking: 102): the supervisor
            const code = user === 'kassier' ? '101' : departments.shift();
            if (!code) break;
            user = 'supervisor';
            if (query.has('departmentId')) query.set('departmentId', String(t.dept(code)));
          } else {
            // a value the path needs beyond the scope (named by InvalidValue): the one an earlier answer had
            const field = (res.json() as { details: { Field?: string } }).details.Field;
            // a text search: the start of a search key an answer had
            const search = field === 'search' ? seen(path, 'searchKey')?.slice(0, 3) : undefined;
            const value = field && (seen(path, field) ?? search ?? firstOption(op.parameters?.find((p) => p.name === field)?.schema));
            if (!field || !value || query.has(field)) break;
            query.set(field, value);
          }
          res = await t.call(user, 'GET', url());
        }
        if (res.statusCode !== 200) return `GET ${path}?${query}: ${res.statusCode} ${res.body.slice(0, 200)}`;
        if (file) {
          // a file answer: its content type, not JSON
          if (!files.some((type) => String(res.headers['content-type']).startsWith(type)))
            return `GET ${path}: ${String(res.headers['content-type'])} is not ${files.join(' or ')}`;
          checked.push(path);
          return null;
        }
        if (!schema) return `GET ${path}: no answer schema`;
        const body: unknown = res.json();
        const ownDepartment = !query.has('departmentId') || query.get('departmentId') === String(dept);
        harvest(path, body, ownDepartment ? [area(path), ''] : [area(path)]);
        const conforms = validate.compile(schema);
        if (!conforms(body)) return `GET ${path}: ${validate.errorsText(conforms.errors).slice(0, 500)}`;
        checked.push(path);
        return null;
      }
      let todo = gets;
      for (let round = 0; round < 2 && todo.length > 0; round++) {
        const again: typeof gets = [];
        failures = [];
        for (const o of todo) {
          const failure = await check(o);
          if (failure) {
            failures.push(failure);
            again.push(o);
          }
        }
        todo = again;
      }
      // a path that reads one record (InvalidValue or RecordNotFound without one) is checked in the year that has records;
      // so is one that needs a state (clearing the forecast's approval: BudgetNotApproved where it is not approved)
      const needsRecord = (failure: string) =>
        / (400|404|409) .*"Field":/.test(failure) && checkedInYear.get(YEAR - 1)?.has(failure.split('?')[0]?.slice(4) ?? '');
      expect(failures.filter((f) => !(year === YEAR && needsRecord(f)))).toEqual([]);
      checkedInYear.set(year, new Set(checked));
      if (year === YEAR - 1) expect(checked.length).toBe(gets.length);
      expect(checked).toContain('/Budget/Chapters');
      expect(checked).toContain('/Payments/Orders/Unregistered');
    });

    it('writes: the bodies the tests send fit the documented body, the answers the documented answer', async () => {
      const d = await doc();
      const validate = ajv();
      const booked = YEAR - 1;
      const scope = (year: number) => ({ departmentId: String(t.dept('101')), year: String(year) });
      async function write(method: 'POST' | 'PUT', path: string, query: Record<string, string>, body: Record<string, unknown>, user = 'kassier') {
        const op = d.paths[path]?.[method.toLowerCase()] as Operation & { requestBody?: { content: Record<string, { schema: object }> } };
        expect(op, `${method} ${path} documented`).toBeDefined();
        const bodySchema = op.requestBody?.content['application/json']?.schema;
        if (bodySchema) {
          const fits = validate.compile(bodySchema);
          expect(fits(body), `${method} ${path} body: ${validate.errorsText(fits.errors)}`).toBe(true);
        }
        const res = await t.call(user, method, `${path.slice(1)}?${new URLSearchParams(query)}`, body);
        expect(res.statusCode, `${method} ${path}: ${res.body}`).toBe(200);
        const answer = validate.compile(op.responses['200']?.content?.['application/json']?.schema ?? {});
        expect(answer(res.json()), `${method} ${path} answer: ${validate.errorsText(answer.errors)}`).toBe(true);
        return res.json() as Record<string, unknown>;
      }
      const accounts = (await t.call('kassier', 'GET', `Accounts/briefs?departmentId=${t.dept('101')}`)).json() as { id: number; code: string }[];
      const k1 = accounts.find((a) => a.code === 'K1')?.id;
      const movement = await write('POST', '/Movements', scope(booked), {
        kind: 'revenues',
        type: 0,
        recordDate: `${booked}-05-04`,
        accountId: k1,
        positions: [{ chapter: '11001', amount: 10.5, note: 'OpenAPI' }],
      });
      expect(movement.total).toBe(10.5);
      const change = await write('POST', '/Budget/Changes', scope(booked), { approved: `${booked}-05-02`, notes: 'OpenAPI' });
      const saved = await write(
        'PUT',
        '/Budget/Changes',
        { ...scope(booked), recordNumber: String(change.recordNumber) },
        {
          approved: `${booked}-05-02`,
          notes: 'OpenAPI',
          positions: [
            { chapter: '11006', amount: 12.5 },
            { chapter: '21006', amount: 12.5 },
          ],
        },
      );
      // the nested positions of the wire (rest/budget.ts nestedChange) as documented
      expect((saved.positions as { chapter: { code: string }; amount: number }[]).map((p) => [p.chapter.code, p.amount])).toEqual([
        ['11006', 12.5],
        ['21006', 12.5],
      ]);
      const one = await t.call('kassier', 'GET', `Budget/Changes?${new URLSearchParams({ ...scope(booked), recordNumber: String(change.recordNumber) })}`);
      const getChange = validate.compile(d.paths['/Budget/Changes']?.get?.responses['200']?.content?.['application/json']?.schema ?? {});
      expect(getChange(one.json()), validate.errorsText(getChange.errors)).toBe(true);
      await write('PUT', '/Budget/Forecast', { ...scope(YEAR), part: '1' }, { positions: [{ chapter: '11001', amountCurrYear: 100.25 }] });
      await write('POST', '/Reservations', scope(booked), {
        recordDate: `${booked}-06-01`,
        chapterYear: booked,
        chapter: '21003',
        amountBooked: 40,
        amountUsed: 0,
      });
      await write('POST', '/FinancialYears', { year: String(YEAR + 1) }, {}, 'supervisor');
      const login = await t.app.inject({
        method: 'POST',
        url: '/api/Authenticate/login',
        payload: { username: 'zwei', password: 'demo' },
        remoteAddress: '10.16.0.99',
      });
      const signedIn = validate.compile(d.paths['/Authenticate/login']?.post?.responses['200']?.content?.['application/json']?.schema ?? {});
      expect(signedIn(login.json()), validate.errorsText(signedIn.errors)).toBe(true);
    });

    it('an answer that drifts from its schema is caught (the check can fail)', async () => {
      const d = await doc();
      const schema = d.paths['/Budget/Chapters']?.get?.responses['200']?.content?.['application/json']?.schema as object;
      const res = await t.call('kassier', 'GET', `Budget/Chapters?departmentId=${t.dept('101')}&year=${YEAR}`);
      const body = res.json() as { entities: Record<string, unknown>[] };
      const conforms = ajv().compile(schema);
      expect(conforms(body)).toBe(true);
      const first = body.entities[0] as Record<string, unknown>;
      // an amount in cents with a fraction of a cent, an unknown field: both refused
      expect(conforms({ ...body, entities: [{ ...first, budgetInitial: 0.125 }] })).toBe(false);
      expect(conforms({ ...body, entities: [{ ...first, newField: 1 }] })).toBe(false);
    });
  });
}
