import { schema } from '@app/db';
import { MAX_CENTS, type MovementSaveInput } from '@app/domain';
import { TRPCError } from '@trpc/server';
import { and, count, eq, type SQL } from 'drizzle-orm';
import type { PgTable } from 'drizzle-orm/pg-core';
import { expect, it } from 'vitest';
import { z } from 'zod';
import { createContextInner } from '../context.ts';
import { safeErrorInfo } from '../errors.ts';
import { accountIdOf, CURRENT_YEAR, departmentId, describeOnDatabases, expectAppError, signInAs } from '../test-utils.ts';
import { bookingProcedure, createCallerFactory, router } from '../trpc.ts';
import { workedExampleBudget } from './bookings.testkit.ts';

const { accountTransfers, budgetChangePositions, budgetChanges, chapterBudgets, movements, reservations, suppliers } = schema;

const YEAR = CURRENT_YEAR;
const JUNE = new Date(`${YEAR}-06-15T10:00:00Z`);

/**
 * A test-only router: a booking mutation that writes a supplier and then answers off its output
 * schema (the server's fault). answerBeforeCommit must answer 500 and leave nothing written.
 */
const offShapeRouter = router({
  write: bookingProcedure
    .input(z.object({ name: z.string() }))
    .output(z.strictObject({ written: z.number().max(0) }))
    .mutation(async ({ ctx, input }) => {
      await ctx.db.insert(suppliers).values({ departmentId: ctx.scope.departmentId, code: 99_999, searchKey: 'NIE', name1: input.name });
      return { written: 1 };
    }),
});

/**
 * Issue 26, item 1: every total a write can produce is bounded before the write (InvalidValue, nothing
 * written, the department's reads go on working), and an answer that fails its schema is a 500 whose
 * write was rolled back. Scope: FF Eppan (102) with DOMAIN.md's worked example budget.
 */
describeOnDatabases('totals bounded before the write', (get) => {
  const as = signInAs(get, '10.26', JUNE);
  async function scope() {
    return { departmentId: await departmentId(get(), '102'), year: YEAR };
  }
  async function rows(table: PgTable, where?: SQL): Promise<number> {
    const [row] = await get().db.select({ n: count() }).from(table).where(where);
    return row?.n ?? 0;
  }
  /** Row counts of every table a booking writes (the whole database: nothing anywhere may change). */
  async function counts() {
    return {
      movements: await rows(movements),
      reservations: await rows(reservations),
      transfers: await rows(accountTransfers),
      changes: await rows(budgetChanges),
      changePositions: await rows(budgetChangePositions),
      lines: await rows(chapterBudgets),
      suppliers: await rows(suppliers),
    };
  }
  async function expense(positions: { chapter: string; amount: number }[], extra: Partial<MovementSaveInput> = {}): Promise<MovementSaveInput> {
    return {
      ...(await scope()),
      kind: 'expenses',
      type: 1,
      recordDate: `${YEAR}-05-05`,
      documentDate: `${YEAR}-05-01`,
      accountId: await accountIdOf(get(), '102', 'K1'),
      positions,
      confirmAvailableExceeded: true,
      ...extra,
    };
  }
  /** Every read of the department the issue saw failing answers, with the figures of the worked example. */
  async function readsWork() {
    const c = await as('zwei');
    const s = await scope();
    expect((await c.budget.chapter({ ...s, chapter: '21003', chapterYear: YEAR })).budgetFinal).toBe(120_000);
    expect(Array.isArray((await c.movements.list({ ...s, kind: 'expenses' })).entities)).toBe(true);
    expect(typeof (await c.accountBalances.total(s)).cashBalance).toBe('number');
    expect((await c.budget.chapters(s)).entities.length).toBeGreaterThan(0);
    expect(Array.isArray((await c.reservations.list(s)).entities)).toBe(true);
  }

  it('the worked example budget is approved', async () => {
    await workedExampleBudget(await as('zwei'), await scope());
    await readsWork();
  });

  it('a movement of two positions at the maximum is refused (InvalidValue, positions), nothing written, reads work', async () => {
    const c = await as('zwei');
    const before = await counts();
    const max = { chapter: '21003', amount: MAX_CENTS };
    await expectAppError(c.movements.save(await expense([max, max])), 'InvalidValue', { field: 'positions' });
    // one at the maximum and one cent more: still beyond
    await expectAppError(c.movements.save(await expense([max, { chapter: '21006', amount: 1 }])), 'InvalidValue', { field: 'positions' });
    expect(await counts()).toEqual(before);
    await readsWork();
  });

  it('91 positions at the maximum are refused the same way (no RangeError, no 500)', async () => {
    const c = await as('zwei');
    const before = await counts();
    const positions = Array.from({ length: 91 }, () => ({ chapter: '21006', amount: MAX_CENTS }));
    await expectAppError(c.movements.save(await expense(positions)), 'InvalidValue', { field: 'positions' });
    expect(await counts()).toEqual(before);
    await readsWork();
  });

  it('transfer positions and instalments are bounded too (InvalidValue on their list)', async () => {
    const c = await as('zwei');
    const before = await counts();
    const transfer = { chapterFrom: '11001', chapterTo: '21003', amount: MAX_CENTS };
    await expectAppError(c.movements.save(await expense([], { type: 3, transferPositions: [transfer, transfer] })), 'InvalidValue', {
      field: 'transferPositions',
    });
    // a position and a transfer position at the maximum together: a line could hold both
    await expectAppError(
      c.movements.save(await expense([{ chapter: '21003', amount: MAX_CENTS }], { type: 3, transferPositions: [transfer] })),
      'InvalidValue',
      {
        field: 'transferPositions',
      },
    );
    const [supplier] = await get()
      .db.select({ id: suppliers.id })
      .from(suppliers)
      .where(eq(suppliers.departmentId, (await scope()).departmentId))
      .limit(1);
    const due = { amount: MAX_CENTS, dateDue: `${YEAR}-07-01` };
    await expectAppError(
      c.movements.save(await expense([{ chapter: '21003', amount: 100 }], { type: 2, supplierId: supplier?.id ?? null, payments: [due, due] })),
      'InvalidValue',
      { field: 'payments' },
    );
    expect(await counts()).toEqual(before);
    await readsWork();
  });

  it('a movement at the maximum itself is no total beyond it: saved (the bound is the total, not the amount)', async () => {
    const c = await as('zwei');
    const s = await scope();
    const saved = await c.movements.save(
      await expense([
        { chapter: '21001', amount: MAX_CENTS - 1 },
        { chapter: '21006', amount: 1 },
      ]),
    );
    expect(saved.total).toBe(MAX_CENTS);
    // and deleted again (the latest record), so the figures stay the worked example's
    await c.movements.delete({ ...s, kind: 'expenses', recordNumber: saved.recordNumber });
    await readsWork();
  });

  it('forecast, change, adjustment, presumed surplus, initial balances and final residues: two at the maximum are refused, nothing written', async () => {
    const c = await as('zwei');
    const s = await scope();
    const before = await counts();
    const max = MAX_CENTS;
    await expectAppError(
      c.budget.forecast.save({
        ...s,
        part: 2,
        positions: [
          { chapter: '21003', amountCurrYear: max },
          { chapter: '21006', amountCurrYear: max },
        ],
      }),
      'InvalidValue',
      { field: 'positions' },
    );
    await expectAppError(
      c.budget.changes.save({
        ...s,
        recordNumber: 1,
        approved: `${YEAR}-02-01`,
        positions: [
          { chapter: '21003', amount: max },
          { chapter: '11001', amount: -max },
        ],
      }),
      'InvalidValue',
      { field: 'positions' },
    );
    await expectAppError(
      c.budget.adjustment.save({ ...s, approved: `${YEAR}-06-01`, surplusActual: max, positions: [{ chapter: '21003', amount: max }] }),
      'InvalidValue',
      { field: 'positions' },
    );
    await expectAppError(
      c.budget.surplus.save({ ...s, cashBalance: max, revenuesActual: 0, revenuesResidue: max, expensesActual: 0, expensesResidue: 0, surplusUsed: 0 }),
      'InvalidValue',
      { field: 'surplus' },
    );
    const k1 = await accountIdOf(get(), '102', 'K1');
    const b1 = await accountIdOf(get(), '102', 'B1');
    await expectAppError(
      c.accountBalances.save({
        ...s,
        accounts: [
          { accountId: k1, initialBalance: max },
          { accountId: b1, initialBalance: max },
        ],
      }),
      'InvalidValue',
      { field: 'accounts' },
    );
    await expectAppError(
      c.residues.saveFinal({
        ...s,
        budgetType: 1,
        positions: [
          { budgetId: 1, amount: max },
          { budgetId: 2, amount: max },
        ],
      }),
      'InvalidValue',
      { field: 'positions' },
    );
    expect(await counts()).toEqual(before);
    await readsWork();
  });

  it('a reservation at the maximum is no total beyond it: saved, answered, deleted again; a transfer at the maximum into a bank account holding money is refused', async () => {
    const c = await as('zwei');
    const s = await scope();
    const before = await counts();
    const reservation = await c.reservations.save({
      ...s,
      recordDate: `${YEAR}-04-01`,
      chapterYear: YEAR,
      chapter: '21006',
      amountBooked: MAX_CENTS,
      amountUsed: 0,
    });
    expect(reservation.budget.reservations).toBe(MAX_CENTS);
    expect(reservation.budget.availableAfterPlannedExpenses).toBe(300_000 - MAX_CENTS);
    await c.reservations.delete({ ...s, recordNumber: reservation.recordNumber });
    const balances = await c.accountBalances.get(s);
    const b1 = await accountIdOf(get(), '102', 'B1');
    expect(balances.accounts.find((a) => a.accountId === b1)?.finalBalance).toBeGreaterThan(0);
    // B1's balance would pass the maximum (a cash figure across records)
    const transfer = { ...s, recordDate: `${YEAR}-04-01`, accountIdFrom: await accountIdOf(get(), '102', 'K1'), accountIdTo: b1 };
    await expectAppError(c.accountTransfers.save({ ...transfer, amount: MAX_CENTS }), 'InvalidValue', { field: 'amount' });
    expect(await counts()).toEqual(before);
    await readsWork();
  });

  it('across records: a reservation that drives a chapter figure beyond the max is InvalidValue and nothing of it is written', async () => {
    const c = await as('zwei');
    const s = await scope();
    const saved = await c.movements.save(await expense([{ chapter: '21006', amount: MAX_CENTS }]));
    const before = await counts();
    // the line's availability after planned expenses would be 3.000,00 − 2 × max: no answer can say it
    await expectAppError(
      c.reservations.save({ ...s, recordDate: `${YEAR}-04-01`, chapterYear: YEAR, chapter: '21006', amountBooked: MAX_CENTS, amountUsed: 0 }),
      'InvalidValue',
      { field: 'amountBooked' },
    );
    expect(await counts()).toEqual(before);
    // and a second bill on the same line: its payments would pass the max
    await expectAppError(c.movements.save(await expense([{ chapter: '21006', amount: 1 }])), 'InvalidValue', { field: 'positions' });
    expect(await counts()).toEqual(before);
    await c.movements.delete({ ...s, kind: 'expenses', recordNumber: saved.recordNumber });
    await readsWork();
  });

  it('across records: budget changes that add up beyond the max on a chapter are InvalidValue, nothing of the second written', async () => {
    const c = await as('zwei');
    const s = await scope();
    const half = Math.floor(MAX_CENTS / 2);
    const positions = [
      { chapter: '21003', amount: half },
      { chapter: '11001', amount: half },
    ];
    const first = await c.budget.changes.create({ ...s, approved: `${YEAR}-02-01`, notes: '' });
    await c.budget.changes.save({ ...s, recordNumber: first.recordNumber, approved: `${YEAR}-02-01`, positions });
    const second = await c.budget.changes.create({ ...s, approved: `${YEAR}-02-02`, notes: '' });
    const before = await counts();
    // 21003's final budget would be its initial budget + 2 × half: beyond the max
    await expectAppError(c.budget.changes.save({ ...s, recordNumber: second.recordNumber, approved: `${YEAR}-02-02`, positions }), 'InvalidValue', {
      field: 'positions',
    });
    expect(await counts()).toEqual(before);
    expect((await c.budget.chapter({ ...s, chapter: '21003', chapterYear: YEAR })).budgetFinal).toBe(120_000 + half);
    await c.budget.changes.delete({ ...s, recordNumber: second.recordNumber });
    await c.budget.changes.delete({ ...s, recordNumber: first.recordNumber });
    await readsWork();
  });

  it('across records, cash: a second bill at the maximum from one account is refused (InvalidValue), the balances still answer', async () => {
    const c = await as('zwei');
    const s = await scope();
    const first = await c.movements.save(await expense([{ chapter: '21006', amount: MAX_CENTS }]));
    const before = await counts();
    await expectAppError(c.movements.save(await expense([{ chapter: '21001', amount: MAX_CENTS }])), 'InvalidValue', { field: 'positions' });
    const transfer = {
      ...s,
      recordDate: `${YEAR}-04-01`,
      accountIdFrom: await accountIdOf(get(), '102', 'K1'),
      accountIdTo: await accountIdOf(get(), '102', 'B1'),
    };
    await expectAppError(c.accountTransfers.save({ ...transfer, amount: MAX_CENTS }), 'InvalidValue', { field: 'amount' });
    expect(await counts()).toEqual(before);
    expect(Math.abs((await c.accountBalances.total(s)).cashBalance)).toBeLessThanOrEqual(MAX_CENTS);
    expect((await c.accountBalances.get(s)).accounts.length).toBeGreaterThan(0);
    await c.movements.delete({ ...s, kind: 'expenses', recordNumber: first.recordNumber });
    await readsWork();
  });

  it('across years: a write in the previous year that would carry the next year’s cash beyond the max is InvalidValue', async () => {
    const c = await as('zwei');
    const s = await scope();
    const room = MAX_CENTS - (await c.accountBalances.total(s)).cashBalance;
    const revenue = (year: number, amount: number) => ({
      ...s,
      year,
      kind: 'revenues' as const,
      type: 0,
      recordDate: `${year}-03-10`,
      accountId: 0,
      positions: [{ chapter: '11001', amount }],
      confirmAvailableExceeded: true,
    });
    const b1 = await accountIdOf(get(), '102', 'B1');
    const filled = await c.movements.save({ ...revenue(YEAR, room), accountId: b1 });
    expect((await c.accountBalances.total(s)).cashBalance).toBe(MAX_CENTS);
    const before = await counts();
    await expectAppError(c.movements.save({ ...revenue(YEAR - 1, 100), accountId: b1 }), 'InvalidValue', { field: 'positions' });
    expect(await counts()).toEqual(before);
    expect((await c.accountBalances.total(s)).cashBalance).toBe(MAX_CENTS);
    await c.movements.delete({ ...s, kind: 'revenues', recordNumber: filled.recordNumber });
    await readsWork();
  });

  it('an answer off its output schema is a 500 (no business code) and its write is rolled back', async () => {
    const before = await counts();
    const ctx = await createContextInner({ db: get().db, token: await tokenOf('zwei'), now: () => JUNE });
    const caller = createCallerFactory(offShapeRouter)(ctx);
    let caught: unknown;
    try {
      await caller.write({ ...(await scope()), name: 'Nie gespeichert' });
    } catch (error) {
      caught = error;
    }
    expect(caught).toBeInstanceOf(TRPCError);
    expect((caught as TRPCError).code).toBe('INTERNAL_SERVER_ERROR');
    expect(safeErrorInfo(caught as TRPCError)).toBeNull();
    expect(await counts()).toEqual(before);
    expect(await rows(suppliers, and(eq(suppliers.name1, 'Nie gespeichert')))).toBe(0);
  });

  async function tokenOf(username: string): Promise<string> {
    const anonymous = (await import('../root.ts')).createCaller(await createContextInner({ db: get().db, ip: '10.26.9.9', now: () => JUNE }));
    return (await anonymous.auth.login({ username, password: 'demo', remember: false })).token;
  }
});
