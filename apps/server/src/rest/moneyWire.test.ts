import { readFileSync } from 'node:fs';
import { appRouter, createCaller, createContextInner } from '@app/api';
import { isMoneySchema } from '@app/domain';
import { schema } from '@app/db';
import { testDatabases } from '@app/db/testing';
import { and, eq } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import type { z } from 'zod';
import type { RestRequest, RestRoute } from './params.ts';
import { restRoutes } from './routes.ts';
import { form } from './multipart.testkit.ts';
import { restTestApp, YEAR } from './testApp.ts';

const INVOICE = new URL('../../../../packages/api/test-fixtures/fatturapa/own/FPR12_two_instalments.xml', import.meta.url);

/**
 * Every amount of every REST answer is in euros: each GET row that answers with money (and the
 * forecast export, a read sent as POST) is driven over HTTP against the demo data plus a change and
 * the adjustment, and compared with the same procedure called through tRPC (cents). Every field the
 * procedure's output schema marks as money must be exactly cents / 100 on the wire, wherever the row
 * put it; every other value must be what tRPC answered; at least one amount per row is not 0.
 */

type Schema = z.core.$ZodType;
type Caller = Parameters<RestRoute['call']>[0];

const procedures = appRouter._def.procedures as unknown as Record<string, { _def: { output?: Schema } } | undefined>;

/** A text no answer holds: stands for the i-th amount while the row reshapes the answer. */
const MARK = '\u0001money#';

/**
 * The answer with each amount (a value whose schema is marked as money) replaced by a mark; the
 * amounts are collected in `amounts`. Written apart from money.ts on purpose (a second reading).
 */
function markAmounts(schema: Schema, value: unknown, amounts: number[]): unknown {
  if (isMoneySchema(schema) && typeof value === 'number') {
    amounts.push(value);
    return `${MARK}${amounts.length - 1}`;
  }
  const def = schema._zod.def as z.core.$ZodTypeDef & Record<string, unknown>;
  if (def.type === 'optional' || def.type === 'nullable' || def.type === 'default') return markAmounts(def.innerType as Schema, value, amounts);
  if (def.type === 'pipe') return markAmounts(def.out as Schema, value, amounts);
  if (def.type === 'lazy') return markAmounts((def.getter as () => Schema)(), value, amounts);
  if (def.type === 'array' && Array.isArray(value)) return value.map((v) => markAmounts(def.element as Schema, v, amounts));
  if (def.type === 'union') {
    const option = (def.options as z.ZodType[]).find((o) => o.safeParse(value).success);
    return option ? markAmounts(option, value, amounts) : value;
  }
  if ((def.type === 'object' || def.type === 'record') && value !== null && typeof value === 'object') {
    return Object.fromEntries(
      Object.entries(value).map(([key, v]) => {
        const field = def.type === 'record' ? (def.valueType as Schema) : (def.shape as Record<string, Schema>)[key];
        return [key, field ? markAmounts(field, v, amounts) : v];
      }),
    );
  }
  return value;
}

/** Whether an output schema holds an amount anywhere. */
function hasAmounts(schema: Schema | undefined, depth = 0): boolean {
  if (!schema || depth > 12) return false;
  if (isMoneySchema(schema)) return true;
  const def = schema._zod.def as z.core.$ZodTypeDef & Record<string, unknown>;
  const children = [
    def.innerType,
    def.out,
    def.element,
    def.valueType,
    ...((def.options as Schema[] | undefined) ?? []),
    ...Object.values((def.shape as Record<string, Schema> | undefined) ?? {}),
  ];
  return children.some((c) => c !== undefined && hasAmounts(c as Schema, depth + 1));
}

/** The procedures a row calls (with a caller that only records), as the fuzz test finds them. */
async function proceduresOf(route: RestRoute, req: RestRequest): Promise<string[]> {
  const calls: string[] = [];
  const make = (path: string[]): unknown =>
    new Proxy(() => undefined, {
      get: (_t, key) => (typeof key === 'string' && key !== 'then' ? make([...path, key]) : undefined),
      apply: () => {
        calls.push(path.join('.'));
        return Promise.resolve(null);
      },
    });
  try {
    await route.call(make([]) as Caller, req);
  } catch {
    // a row that reshapes the answer fails on null: the call is what counts
  }
  return calls;
}

/** A caller answering every call with the next of `answers` (what the row then reshapes). */
function answeringCaller(answers: unknown[]): Caller {
  const make = (path: string[]): unknown =>
    new Proxy(() => undefined, {
      get: (_t, key) => (typeof key === 'string' && key !== 'then' ? make([...path, key]) : undefined),
      apply: () => Promise.resolve(answers.shift()),
    });
  return make([]) as Caller;
}

/** Compares the wire with the marked row answer: marks are cents / 100, the rest as tRPC answered it. */
function compare(wire: unknown, marked: unknown, plain: unknown, amounts: number[], at: string, problems: string[]): void {
  if (typeof marked === 'string' && marked.startsWith(MARK)) {
    const cents = amounts[Number(marked.slice(MARK.length))] as number;
    if (wire !== cents / 100) problems.push(`${at}: ${String(wire)} on the wire, ${cents} cents in tRPC`);
    return;
  }
  if (marked !== null && typeof marked === 'object') {
    if (wire === null || typeof wire !== 'object') {
      problems.push(`${at}: ${JSON.stringify(wire)} on the wire`);
      return;
    }
    const keys = new Set([...Object.keys(marked), ...Object.keys(wire)]);
    for (const key of keys) {
      compare(
        (wire as Record<string, unknown>)[key],
        (marked as Record<string, unknown>)[key],
        (plain as Record<string, unknown>)[key],
        amounts,
        at ? `${at}.${key}` : key,
        problems,
      );
    }
    return;
  }
  if (!Object.is(wire, plain) && !(wire === undefined && plain === undefined))
    problems.push(`${at}: ${JSON.stringify(wire)} on the wire, ${JSON.stringify(plain)} in tRPC`);
}

interface Case {
  method: 'GET' | 'POST';
  /** The row's path. */
  path: string;
  query?: Record<string, string | number | boolean>;
  body?: Record<string, unknown>;
}

for (const target of testDatabases(undefined, { pglite: 'both' })) {
  describe(`REST money on the wire [${target.name}]`, () => {
    const t = restTestApp(target, { ipPrefix: '10.8.9', signIn: ['supervisor'], departments: true });
    const user = 'supervisor';
    const scope = () => ({ departmentId: t.dept('101'), year: YEAR });
    let changeId = 0;
    let orderId = 0;
    let supplierId = 0;
    let invoiceDocumentId = 0;
    let bankId = 0;

    beforeAll(async () => {
      // a balanced, approved forecast with a surplus, a change and the adjustment
      const ok = async (method: 'POST' | 'PUT', url: string, body: object) => {
        const res = await t.call(user, method, url, body);
        expect(res.statusCode, `${method} ${url}: ${res.body}`).toBe(200);
        return res.json();
      };
      const part = (n: 1 | 2, positions: [string, number][]) =>
        ok('PUT', 'Budget/Forecast', { ...scope(), part: n, positions: positions.map(([chapter, amountCurrYear]) => ({ chapter, amountCurrYear })) });
      await part(1, [
        ['11001', 20_000.5],
        ['13001', 1000],
      ]);
      await part(2, [
        ['21003', 20_000.5],
        ['22002', 500],
        ['23001', 1000],
      ]);
      await ok('PUT', 'Budget/Forecast/Surplus', {
        ...scope(),
        cashBalance: 1000,
        revenuesActual: 250.25,
        revenuesResidue: 0,
        expensesActual: 50.25,
        expensesResidue: 0,
        surplusUsed: 500,
      });
      const approved = await t.call(user, 'GET', `Budget/Forecast/Approve?departmentId=${scope().departmentId}&year=${YEAR}&approval=${YEAR}-01-15`);
      expect(approved.statusCode, approved.body).toBe(200);
      changeId = (await ok('POST', 'Budget/Changes', { ...scope(), approved: `${YEAR}-03-01`, notes: 'Ausschuss' })).id;
      await ok('PUT', 'Budget/Changes', {
        ...scope(),
        recordNumber: 1,
        approved: `${YEAR}-03-01`,
        positions: [
          { chapter: '11006', amount: 123.45 },
          { chapter: '21006', amount: 123.45 },
        ],
      });
      await ok('POST', 'Budget/Adjust', { ...scope(), approved: `${YEAR}-05-10`, surplusActual: 600.01 });
      await ok('PUT', 'Budget/Adjust', { ...scope(), approved: `${YEAR}-05-10`, surplusActual: 600.01, positions: [{ chapter: '21016', amount: 100.01 }] });
      // bookings: a revenue and an expense paid in two instalments (one open)
      const [account] = await t.handle.db
        .select({ id: schema.accounts.id })
        .from(schema.accounts)
        .where(eq(schema.accounts.departmentId, scope().departmentId))
        .limit(1);
      const [supplier] = await t.handle.db
        .select({ id: schema.suppliers.id })
        .from(schema.suppliers)
        .where(eq(schema.suppliers.departmentId, scope().departmentId))
        .limit(1);
      supplierId = supplier?.id ?? 0;
      await ok('POST', 'Movements', {
        ...scope(),
        type: 0,
        recordDate: `${YEAR}-03-10`,
        accountId: account?.id,
        positions: [{ chapter: '11001', amount: 1234.56 }],
      });
      // a reservation (partly used by a typed amount) that the expense below uses too
      const reservation = await ok('POST', 'Reservations', {
        ...scope(),
        recordDate: `${YEAR}-03-02`,
        chapter: { chapterYear: YEAR, chapter: '21003' },
        amountBooked: 500.5,
        amountUsed: 100.25,
        note: 'Atemschutz',
      });
      await ok('POST', 'Movements', {
        ...scope(),
        type: 1,
        recordDate: `${YEAR}-03-12`,
        documentDate: `${YEAR}-03-11`,
        accountId: account?.id,
        supplierId: supplier?.id,
        positions: [
          { chapter: '21003', amount: 99.99, reservationId: reservation.id },
          { chapter: '21006', amount: 0.02 },
        ],
      });
      // an open bill in a stored payment order (open payments allowed here, with a CBI CUC)
      await t.handle.db
        .update(schema.departments)
        .set({ openPaymentsAllowed: true, siaNumber: 'S1', cbiCuc: 'C1D2E3F4' })
        .where(eq(schema.departments.id, scope().departmentId));
      const [bank] = await t.handle.db
        .select({ id: schema.accounts.id })
        .from(schema.accounts)
        .where(and(eq(schema.accounts.departmentId, scope().departmentId), eq(schema.accounts.code, 'B1')));
      const bill = await ok('POST', 'Movements', {
        ...scope(),
        type: 2,
        recordDate: `${YEAR}-03-14`,
        documentDate: `${YEAR}-03-13`,
        accountId: bank?.id,
        supplierId: supplier?.id,
        positions: [{ chapter: '21003', amount: 250.25 }],
      });
      const toPay = [{ paymentId: bill.payments[0].id, movementId: bill.id }];
      // an e-invoice attached to the bill (GET Invoices reads it back, with its amounts)
      const invoice = form({ recordKind: 'movement', recordId: bill.id }, { name: 'fattura.xml', bytes: readFileSync(INVOICE) });
      const stored = await t.call(user, 'POST', `Documents?departmentId=${scope().departmentId}&year=${YEAR}`, invoice.payload, invoice.headers);
      expect(stored.statusCode, stored.body).toBe(200);
      invoiceDocumentId = (stored.json() as { id: number }).id;
      orderId = (await ok('POST', 'Payments/Orders', { ...scope(), paymentRange: 1, accountId: bank?.id, filename: 'hb', toPay })).id;
      bankId = bank?.id ?? 0;
      // a stored bank statement of B1 (issue 28): its balances in the list and the reconciliation
      await t.handle.db.insert(schema.bankStatements).values({
        departmentId: scope().departmentId,
        year: YEAR,
        accountId: bankId,
        iban: 'IT60X0542811101000000123456',
        message: 'camt.053',
        messageId: 'MSG-1',
        statementId: 'S-1',
        createdOn: `${YEAR}-03-31`,
        openingBalance: 10_001,
        openingDate: `${YEAR}-02-28`,
        closingBalance: 12_345,
        closingDate: `${YEAR}-03-31`,
        sha256: 'a'.repeat(64),
        entryCount: 0,
      });
      // residues: a manual residue of the first year (the previous year); its residues determined (each line's availability)
      // and carried into this year
      const inYear = (year: number) => `departmentId=${scope().departmentId}&year=${year}`;
      await ok('POST', `Budget/Residues?${inYear(YEAR - 1)}`, { chapterYear: YEAR - 2, chapter: '21006', amount: 321.09 });
      for (const source of [1, 2]) {
        const final = (await t.call(user, 'GET', `Budget/Residues/Final?${inYear(YEAR - 1)}&source=${source}`)).json() as {
          positions: { maximum: number; budget: { budgetId: number } }[];
        };
        const positions = final.positions.map((p) => ({ budgetId: p.budget.budgetId, amount: p.maximum }));
        await ok('PUT', 'Budget/Residues/Final', { departmentId: scope().departmentId, year: YEAR - 1, budgetType: source, positions });
      }
      await ok('PUT', `Budget/Residues/CarryOver?${inYear(YEAR)}`, {});
      // the manual residue determined lower after the carry-over: the carry-over state lists it (out of date)
      const residues = (await t.call(user, 'GET', `Budget/Residues/Final?${inYear(YEAR - 1)}&source=2`)).json() as {
        positions: { budget: { budgetId: number } }[];
      };
      const manual = residues.positions.map((p) => ({ budgetId: p.budget.budgetId, amount: 300 }));
      await ok('PUT', 'Budget/Residues/Final', { departmentId: scope().departmentId, year: YEAR - 1, budgetType: 2, positions: manual });
    });

    const cases = (): Case[] => {
      const s = scope();
      return [
        { method: 'GET', path: 'Budget/Chapters', query: { ...s, part: 2 } },
        { method: 'GET', path: 'Budget/Chapter', query: { ...s, chapter: '21006' } },
        { method: 'GET', path: 'Budget/Adjust', query: s },
        { method: 'GET', path: 'Budget/Changes', query: { ...s, recordNumber: 1 } },
        { method: 'GET', path: 'Budget/Changes/ChapterBefore', query: { ...s, chapter: '21003', changeId, beforeAdjustment: true } },
        { method: 'GET', path: 'Budget/Changes/ChapterBefore', query: { ...s, chapter: '21016' } },
        { method: 'GET', path: 'budget/changes/byChapter', query: { ...s, withDetails: true } },
        { method: 'GET', path: 'budget/changes/adjustmentProtocol', query: s },
        { method: 'GET', path: 'budget/changes/changesProtocol', query: s },
        { method: 'GET', path: 'Budget/Forecast/Summary', query: s },
        { method: 'GET', path: 'Budget/Forecast', query: { ...s, part: 1 } },
        { method: 'GET', path: 'Budget/Forecast', query: { ...s, part: 2 } },
        { method: 'GET', path: 'Budget/Forecast/Surplus', query: s },
        { method: 'POST', path: 'Budget/Forecast/Export', body: { ...s, withoutValues: false, details: true, summary: true } },
        { method: 'GET', path: 'Movements/Revenues', query: s },
        { method: 'GET', path: 'Movements/Expenses', query: { ...s, recordNumber: 1 } },
        { method: 'POST', path: 'Movements/ChaptersBefore', body: { ...s, chapters: ['21003', '11001'] } },
        { method: 'GET', path: 'Reservations', query: { ...s, recordNumber: 1 } },
        { method: 'GET', path: 'Reservations/List', query: { ...s, openOnly: true } },
        { method: 'POST', path: 'Reservations/List', body: { ...s, open: true } },
        // the demo's account transfers are in the previous year (the first year), the balances carry into this one
        { method: 'GET', path: 'Accounts/Transfers', query: { ...s, year: YEAR - 1 } },
        { method: 'GET', path: 'Accounts/Transfers', query: { ...s, year: YEAR - 1, recordNumber: 1 } },
        { method: 'GET', path: 'Accounts/Balance', query: s },
        { method: 'GET', path: 'Accounts/Balance/Total', query: s },
        { method: 'GET', path: 'Payments/Orders', query: s },
        { method: 'GET', path: 'Payments/Orders/Unregistered', query: { ...s, orderId } },
        { method: 'GET', path: 'Digests/CashJournal', query: { ...s, accountCode: 'B1' } },
        { method: 'GET', path: 'Statements', query: s },
        { method: 'GET', path: 'Statements/Reconciliation', query: { ...s, accountId: bankId } },
        { method: 'GET', path: 'Digests/Chapters', query: { ...s, chapter: '21003' } },
        { method: 'GET', path: 'Digests/Suppliers', query: { ...s, supplierId } },
        { method: 'GET', path: 'Digests/Availabilities', query: s },
        { method: 'GET', path: 'Digests/Chapters/List', query: { ...s, chapterFrom: '21003', chapterTo: '21006' } },
        { method: 'GET', path: 'Digests/Suppliers/List', query: s },
        { method: 'GET', path: 'Budget/Residues/Final', query: { ...s, year: YEAR - 1, source: 1 } },
        { method: 'GET', path: 'Budget/Residues/Export', query: { ...s, year: YEAR - 1, source: 0, detailed: true } },
        { method: 'GET', path: 'Budget/Residues/CarryOver/Report', query: s },
        { method: 'GET', path: 'Budget/Residues/CarryOver/Status', query: s },
        // the spec's boolean; its procedure answers the state with amounts
        { method: 'GET', path: 'Budget/Residues/CarryOver', query: s },
        { method: 'GET', path: 'Budget/Residues', query: { ...s, year: YEAR - 1 } },
        { method: 'GET', path: 'FinalBalance/Errors', query: s },
        { method: 'POST', path: 'FinalBalance/Report', body: s },
        { method: 'POST', path: 'FinalBalance/ETSReport', body: s },
        // a stored e-invoice read again (issue 28)
        { method: 'GET', path: 'Invoices', query: { ...s, documentId: invoiceDocumentId } },
        // the year at a glance (issue 30)
        { method: 'GET', path: 'Overview/Year', query: s },
        { method: 'GET', path: 'Overview/Union', query: s },
      ];
    };

    const routeOf = (c: Case) => restRoutes.find((r) => r.method === c.method && r.path === c.path) as RestRoute;
    const requestOf = (c: Case): RestRequest => ({
      query: Object.fromEntries(Object.entries(c.query ?? {}).map(([k, v]) => [k, String(v)])),
      body: c.body ?? {},
      params: {},
    });

    it('drives every GET row that answers with money', async () => {
      const covered = new Set(cases().map((c) => `${c.method} ${c.path}`));
      const missing: string[] = [];
      for (const route of restRoutes.filter((r) => r.method === 'GET')) {
        // the rows read their scope from the query; a record number picks the single change
        for (const query of [scope(), { ...scope(), recordNumber: '1' }]) {
          const calls = await proceduresOf(route, { query: Object.fromEntries(Object.entries(query).map(([k, v]) => [k, String(v)])), body: {}, params: {} });
          if (calls.some((p) => hasAmounts(procedures[p]?._def.output)) && !covered.has(`GET ${route.path}`)) missing.push(`GET ${route.path}`);
        }
      }
      expect(missing).toEqual([]);
      for (const c of cases()) expect(routeOf(c), `${c.method} ${c.path}`).toBeDefined();
    });

    it('answers every amount in euros: cents / 100 of what tRPC answers, everything else unchanged', async () => {
      const caller = createCaller(await createContextInner({ db: t.handle.db, token: await t.token(user) }));
      for (const c of cases()) {
        const label = `${c.method} ${c.path} ${JSON.stringify(c.query ?? c.body)}`;
        const route = routeOf(c);
        const req = requestOf(c);
        // the procedure's answer in cents, through tRPC
        const answers: { path: string; answer: unknown }[] = [];
        const tap = (path: string[], target: unknown): unknown =>
          new Proxy(() => undefined, {
            get: (_t, key) => (typeof key === 'string' && key !== 'then' ? tap([...path, key], (target as Record<string, unknown>)[key]) : undefined),
            apply: async (_t, _this, args: unknown[]) => {
              const answer = await (target as (...a: unknown[]) => Promise<unknown>)(...args);
              answers.push({ path: path.join('.'), answer });
              return answer;
            },
          });
        const plain = await route.call(tap([], caller) as Caller, req);
        expect(answers, label).toHaveLength(1);
        const [{ path, answer }] = answers as [{ path: string; answer: unknown }];
        const output = procedures[path]?._def.output;
        expect(output, `${label}: ${path} has an output schema`).toBeDefined();
        const amounts: number[] = [];
        const marked = await route.call(answeringCaller([markAmounts(output as Schema, answer, amounts)]), req);
        expect(amounts.length, `${label}: amounts`).toBeGreaterThan(0);
        expect(
          amounts.some((a) => a !== 0),
          `${label}: an amount that is not 0`,
        ).toBe(true);
        // the same read over HTTP
        const qs = new URLSearchParams(req.query as Record<string, string>).toString();
        const res = await t.call(user, c.method, `${c.path}${qs ? `?${qs}` : ''}`, c.body);
        expect(res.statusCode, `${label}: ${res.body}`).toBe(200);
        const problems: string[] = [];
        compare(res.json(), marked, JSON.parse(JSON.stringify(plain)), amounts, '', problems);
        expect(problems, label).toEqual([]);
      }
    });
  });
}
