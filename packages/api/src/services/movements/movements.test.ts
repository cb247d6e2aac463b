import { schema } from '@app/db';
import { addDays, type MovementSaveInput } from '@app/domain';
import { and, count, eq } from 'drizzle-orm';
import { expect, it } from 'vitest';
import { CURRENT_YEAR, departmentId, describeOnDatabases, expectAppError, signInAs } from '../../test-utils.ts';
import { addResidueLine, withBudgetClosed } from '../bookings.testkit.ts';
import { referencesTo, supplierReferences } from '../ledger/references.ts';

const { accounts, movements, suppliers } = schema;

const YEAR = CURRENT_YEAR;
const JUNE = new Date(`${YEAR}-06-15T10:00:00Z`);

/**
 * Bookings on PGlite and PostgreSQL. The scope is FF Eppan (102, open payments allowed) in the current
 * year with a small approved forecast, so every figure below is a hand calculation from it:
 * revenues 11001 5.000,00, 13001 200,00; expenses 21006 3.000,00, 21001 2.000,00, 23001 200,00.
 */
describeOnDatabases('movements', (get) => {
  const as = signInAs(get, '10.11', JUNE);
  const deptId = (code: string) => departmentId(get(), code);
  async function scope(code = '102', year = YEAR) {
    return { departmentId: await deptId(code), year };
  }
  async function accountId(code: string, dept = '102') {
    const [row] = await get()
      .db.select({ id: accounts.id })
      .from(accounts)
      .where(and(eq(accounts.departmentId, await deptId(dept)), eq(accounts.code, code)));
    if (!row) throw new Error(`no account ${code}`);
    return row.id;
  }
  async function supplierOf(dept = '102') {
    const [row] = await get()
      .db.select({ id: suppliers.id, paymentTerm: suppliers.paymentTerm })
      .from(suppliers)
      .where(eq(suppliers.departmentId, await deptId(dept)))
      .orderBy(suppliers.code)
      .limit(1);
    if (!row) throw new Error('no supplier');
    return row;
  }
  async function movementCount(dept = '102') {
    const [row] = await get()
      .db.select({ n: count() })
      .from(movements)
      .where(and(eq(movements.departmentId, await deptId(dept)), eq(movements.year, YEAR)));
    return row?.n ?? 0;
  }
  const pos = (chapter: string, amount: number, extra: Record<string, unknown> = {}) => ({ chapter, amount, ...extra });
  type Caller = Awaited<ReturnType<typeof as>>;
  /** The cash the demo bookings of the previous year leave on 102's accounts (carried into this year, services/cash). */
  async function carriedCash(c: Caller) {
    return (await c.accountBalances.get(await scope('102', YEAR - 1))).totals.finalBalance;
  }
  async function figures(c: Caller, chapter: string, chapterYear = YEAR) {
    const f = await c.budget.chapter({ ...(await scope()), chapter, chapterYear });
    return {
      payments: f.payments,
      openPayments: f.openPayments,
      afterDone: f.availableAfterDonePayments,
      afterPlanned: f.availableAfterPlannedExpenses,
      toReceive: f.toReceive,
    };
  }
  async function expense(input: Partial<MovementSaveInput> & Pick<MovementSaveInput, 'type'>): Promise<MovementSaveInput> {
    return { ...(await scope()), kind: 'expenses', recordDate: `${YEAR}-03-05`, documentDate: `${YEAR}-03-01`, accountId: await accountId('K1'), ...input };
  }
  async function revenue(input: Partial<MovementSaveInput> = {}): Promise<MovementSaveInput> {
    return { ...(await scope()), kind: 'revenues', type: 0, recordDate: `${YEAR}-03-10`, accountId: await accountId('B1'), ...input };
  }

  it('books nothing before the forecast is approved (BudgetNotApproved), then the forecast is approved', async () => {
    const c = await as('zwei');
    const s = await scope();
    await expectAppError(c.movements.save(await revenue({ positions: [pos('11001', 100)] })), 'BudgetNotApproved');
    await c.budget.forecast.save({
      ...s,
      part: 1,
      positions: [
        { chapter: '11001', amountCurrYear: 500_000 },
        { chapter: '13001', amountCurrYear: 20_000 },
      ],
    });
    await c.budget.forecast.save({
      ...s,
      part: 2,
      positions: [
        { chapter: '21006', amountCurrYear: 300_000 },
        { chapter: '21001', amountCurrYear: 200_000 },
        { chapter: '23001', amountCurrYear: 20_000 },
      ],
    });
    expect(await c.budget.forecast.approve({ ...s, approval: `${YEAR}-01-20` })).toBe(true);
    expect(await movementCount()).toBe(0);
    const context = await c.movements.context({ ...s, kind: 'expenses' });
    expect(context).toMatchObject({
      typeOptions: [1, 2, 3],
      isEditable: true,
      isBudgetApproved: true,
      canInterPartTransfer: false,
      openPaymentsAllowed: true,
      nextRecordNumber: 1,
    });
    expect(context.defaultAccount?.code).toBe('B1');
    expect((await c.movements.context({ ...s, kind: 'revenues' })).typeOptions).toEqual([0, 5]);
  });

  it('a revenue counts as collected on its chapter and adds to the cash', async () => {
    const c = await as('zwei');
    const saved = await c.movements.save(await revenue({ documentNumber: 'Q-17', positions: [pos('11001', 123_456, { note: 'Gemeinde 1. Rate' })] }));
    expect(saved).toMatchObject({
      kind: 'revenues',
      recordNumber: 1,
      type: 0,
      recordDate: `${YEAR}-03-10`,
      documentDate: null,
      documentNumber: 'Q-17',
      total: 123_456,
      transferTotal: 0,
      payments: [],
      cancelled: false,
      isEditable: true,
    });
    expect(saved.account?.code).toBe('B1');
    expect(saved.positions).toEqual([
      expect.objectContaining({
        chapter: '11001',
        chapterYear: YEAR,
        part: 1,
        amount: 123_456,
        note: 'Gemeinde 1. Rate',
        descriptionDeu: 'Ordentlicher Beitrag der Gemeinde',
      }),
    ]);
    // 5.000,00 - 1.234,56 = 3.765,44 still to receive
    expect(await figures(c, '11001')).toMatchObject({ payments: 123_456, openPayments: 0, toReceive: 376_544 });
    expect((await c.overview.home(await scope())).bookings).toMatchObject({
      available: true,
      cashBalance: (await carriedCash(c)) + 123_456,
      revenuesPaid: 123_456,
      expensesPaid: 0,
      openPayments: 0,
    });
    expect(await c.movements.get({ ...(await scope()), kind: 'revenues', recordNumber: 1 })).toEqual(saved);
  });

  it('a payment done is paid at the record date on every position', async () => {
    const c = await as('zwei');
    const saved = await c.movements.save(await expense({ type: 1, documentNumber: 'R-1', positions: [pos('21006', 100_000), pos('21001', 50_050)] }));
    expect(saved).toMatchObject({ recordNumber: 1, type: 1, total: 150_050, documentDate: `${YEAR}-03-01` });
    expect(saved.payments).toEqual([expect.objectContaining({ amount: 150_050, dateDue: `${YEAR}-03-05`, datePaid: `${YEAR}-03-05` })]);
    expect(saved.positions.map((p) => [p.chapter, p.paid, p.open])).toEqual([
      ['21006', 100_000, 0],
      ['21001', 50_050, 0],
    ]);
    // 3.000,00 - 1.000,00 = 2.000,00; 2.000,00 - 500,50 = 1.499,50
    expect(await figures(c, '21006')).toMatchObject({ payments: 100_000, openPayments: 0, afterDone: 200_000, afterPlanned: 200_000 });
    expect(await figures(c, '21001')).toMatchObject({ payments: 50_050, openPayments: 0, afterDone: 149_950, afterPlanned: 149_950 });
    // the statistics export sums the same payments
    const statistics = await c.statistics.export({ deptFrom: '102', deptTo: '102', yearFrom: YEAR, yearTo: YEAR });
    expect(statistics.rows).toEqual([expect.objectContaining({ departmentCode: '102', year: YEAR, revenuesPayments: 123_456, expensesPayments: 150_050 })]);
    // cash: 1.234,56 in, 1.500,50 out
    expect((await c.overview.home(await scope())).bookings).toMatchObject({ cashBalance: (await carriedCash(c)) + 123_456 - 150_050, expensesPaid: 150_050 });
  });

  it('an open payment with two instalments splits each over the positions to the cent', async () => {
    const c = await as('zwei');
    const supplier = await supplierOf();
    const input = await expense({
      type: 2,
      supplierId: supplier.id,
      documentNumber: 'R-2',
      positions: [pos('21006', 60_000), pos('21001', 40_001)],
      payments: [
        { amount: 30_000, dateDue: `${YEAR}-04-30`, datePaid: `${YEAR}-05-02` },
        { amount: 70_001, dateDue: `${YEAR}-07-31`, datePaid: null },
      ],
    });
    const saved = await c.movements.save(input);
    // 300,00 over 600,00 / 400,01: 179,9982 -> 180,00 (largest remainder), 120,0018 -> 120,00; the rest is open
    expect(saved.positions.map((p) => [p.chapter, p.amount, p.paid, p.open])).toEqual([
      ['21006', 60_000, 18_000, 42_000],
      ['21001', 40_001, 12_000, 28_001],
    ]);
    expect(saved.payments.map((p) => [p.amount, p.dateDue, p.datePaid])).toEqual([
      [30_000, `${YEAR}-04-30`, `${YEAR}-05-02`],
      [70_001, `${YEAR}-07-31`, null],
    ]);
    // 21006: paid 1.000,00 + 180,00, open 420,00 -> 1.820,00 / 1.400,00
    expect(await figures(c, '21006')).toMatchObject({ payments: 118_000, openPayments: 42_000, afterDone: 182_000, afterPlanned: 140_000 });
    // 21001: paid 500,50 + 120,00, open 280,01 -> 1.379,50 / 1.099,49
    expect(await figures(c, '21001')).toMatchObject({ payments: 62_050, openPayments: 28_001, afterDone: 137_950, afterPlanned: 109_949 });

    // the figures before this movement (positions form preview)
    const before = await c.movements.chaptersBefore({
      ...(await scope()),
      movementId: saved.id,
      chapters: [{ chapter: '21006' }, { chapter: '21001', chapterYear: YEAR }],
    });
    expect(before.map((b) => [b.chapter, b.payments, b.openPayments, b.availableAfterPlannedExpenses])).toEqual([
      ['21006', 100_000, 0, 200_000],
      ['21001', 50_050, 0, 149_950],
    ]);
    expect((await c.movements.chaptersBefore({ ...(await scope()), chapters: [{ chapter: '21006' }] }))[0]?.availableAfterPlannedExpenses).toBe(140_000);

    // the answer is built from what was written: exactly what Movements.get reads back
    expect(await c.movements.get({ ...(await scope()), kind: 'expenses', recordNumber: saved.recordNumber })).toEqual(saved);

    // re-saved unchanged: same figures (the answer again what get reads: new position and payment ids); the type can't change
    const resaved = await c.movements.save({ ...input, recordNumber: 2 });
    expect(await c.movements.get({ ...(await scope()), kind: 'expenses', recordNumber: 2 })).toEqual(resaved);
    expect(resaved.id).toBe(saved.id);
    expect(await figures(c, '21006')).toMatchObject({ payments: 118_000, openPayments: 42_000 });
    await expectAppError(c.movements.save({ ...input, recordNumber: 2, type: 1 }), 'InvalidValue');
  });

  it('an open payment without a split is one payment for the total, due after the supplier term', async () => {
    const c = await as('zwei');
    const supplier = await supplierOf();
    const input = await expense({
      type: 2,
      supplierId: supplier.id,
      documentDate: `${YEAR}-06-01`,
      recordDate: `${YEAR}-06-02`,
      positions: [pos('21001', 10_000)],
    });
    const refused = { ...input, payments: [{ amount: 9_999, dateDue: `${YEAR}-07-01`, datePaid: null }] };
    const countBefore = await movementCount();
    await expectAppError(c.movements.save(refused), 'WrongPaymentTotal');
    expect(await movementCount()).toBe(countBefore);
    const saved = await c.movements.save(input);
    expect(saved.recordNumber).toBe(3);
    expect(saved.payments.map((p) => [p.amount, p.dateDue, p.datePaid])).toEqual([[10_000, addDays(`${YEAR}-06-01`, supplier.paymentTerm), null]]);
    expect(await figures(c, '21001')).toMatchObject({ payments: 62_050, openPayments: 38_001, afterPlanned: 99_949 });
    expect((await c.overview.home(await scope())).bookings).toMatchObject({ expensesPaid: 150_050 + 30_000, openPayments: 70_001 + 10_000 });
  });

  it('transfers count as payments on both lines and move no cash', async () => {
    const c = await as('zwei');
    const cashBefore = (await c.overview.home(await scope())).bookings.cashBalance;
    const saved = await c.movements.save(
      await expense({
        type: 3,
        accountId: null,
        documentDate: null,
        transferPositions: [{ chapterFrom: '13001', chapterTo: '23001', amount: 5_000, note: 'Quellensteuer' }],
      }),
    );
    expect(saved).toMatchObject({ recordNumber: 4, type: 3, account: null, documentDate: `${YEAR}-03-05`, total: 0, transferTotal: 5_000, payments: [] });
    expect(saved.transferPositions).toEqual([
      expect.objectContaining({
        amount: 5_000,
        note: 'Quellensteuer',
        from: expect.objectContaining({ chapter: '13001', part: 1 }),
        to: expect.objectContaining({ chapter: '23001', part: 2 }),
      }),
    ]);
    const rev = await c.movements.save(
      await revenue({ type: 5, accountId: null, transferPositions: [{ chapterFrom: '13001', chapterTo: '23001', amount: 1_000 }] }),
    );
    expect(rev).toMatchObject({ kind: 'revenues', recordNumber: 2, type: 5, transferTotal: 1_000 });
    expect(await c.movements.get({ ...(await scope()), kind: 'expenses', recordNumber: 4 })).toEqual(saved);
    expect(await c.movements.get({ ...(await scope()), kind: 'revenues', recordNumber: 2 })).toEqual(rev);
    // 13001: 200,00 - 60,00 collected = 140,00 to receive; 23001: 200,00 - 60,00 paid = 140,00
    expect(await figures(c, '13001')).toMatchObject({ payments: 6_000, toReceive: 14_000 });
    expect(await figures(c, '23001')).toMatchObject({ payments: 6_000, afterDone: 14_000, afterPlanned: 14_000 });
    expect((await c.overview.home(await scope())).bookings.cashBalance).toBe(cashBefore);
    // a transfer needs a revenue and an expense line
    await expectAppError(
      c.movements.save(await expense({ type: 3, transferPositions: [{ chapterFrom: '21001', chapterTo: '23001', amount: 100 }] })),
      'InvalidValue',
    );
  });

  it('over the availability asks for confirmation; the latest record is deleted and its number reused', async () => {
    const c = await as('zwei');
    const input = await expense({ type: 1, positions: [pos('21006', 150_000)] });
    const countBefore = await movementCount();
    // the question names the line and by how much it goes past (1.400,00 - 1.500,00: 100,00)
    await expectAppError(c.movements.save(input), 'AvailableExceeded', { params: { chapter: '21006', excess: '10000' } });
    expect(await movementCount()).toBe(countBefore);
    const saved = await c.movements.save({ ...input, confirmAvailableExceeded: true });
    expect(saved.recordNumber).toBe(5);
    // 1.400,00 - 1.500,00 = -100,00
    expect(await figures(c, '21006')).toMatchObject({ payments: 268_000, afterPlanned: -10_000 });
    // re-saving the same amount on the exceeded chapter needs no new confirmation
    await c.movements.save({ ...input, recordNumber: 5 });
    expect(await c.movements.delete({ ...(await scope()), kind: 'expenses', recordNumber: 5 })).toEqual({ deleted: true, cancelled: false, recordNumber: 5 });
    expect(await figures(c, '21006')).toMatchObject({ payments: 118_000, afterPlanned: 140_000 });
    expect((await c.movements.context({ ...(await scope()), kind: 'expenses' })).nextRecordNumber).toBe(5);
    const again = await c.movements.save(await expense({ type: 1, positions: [pos('21006', 1_000)] }));
    expect(again.recordNumber).toBe(5);
  });

  it('an earlier record is cancelled: it keeps its number, its amounts are gone', async () => {
    const c = await as('zwei');
    const s = await scope();
    const standing = await c.movements.get({ ...s, kind: 'expenses', recordNumber: 1 });
    expect(await c.movements.delete({ ...s, kind: 'expenses', recordNumber: 1 })).toEqual({ deleted: false, cancelled: true, recordNumber: 1 });
    const cancelled = await c.movements.get({ ...s, kind: 'expenses', recordNumber: 1 });
    expect(cancelled).toMatchObject({ recordNumber: 1, cancelled: true, isEditable: false, total: 0 });
    // its instalments stay as they were (DOMAIN decision 27), counting 0: nothing paid or open on its positions
    expect(standing.payments.length).toBeGreaterThan(0);
    expect(cancelled.payments).toEqual(standing.payments);
    expect(cancelled.positions.every((p) => p.paid === 0 && p.open === 0)).toBe(true);
    // its positions stay with their chapters at 0 (DOMAIN decision 27: the chapter register lists it)
    expect(cancelled.positions.map((p) => [p.chapter, p.amount, p.reservationId])).toEqual([
      ['21006', 0, null],
      ['21001', 0, null],
    ]);
    // 21006 loses the 1.000,00 of record 1: paid 180,00 + 10,00 of record 5
    expect(await figures(c, '21006')).toMatchObject({ payments: 19_000, openPayments: 42_000, afterPlanned: 239_000 });
    const list = await c.movements.list({ ...s, kind: 'expenses' });
    expect(list.total).toBe(5);
    expect(list.entities.map((e) => [e.recordNumber, e.amount, e.cancelled, e.isPaid])).toEqual([
      [5, 1_000, false, true],
      [4, 5_000, false, true],
      [3, 10_000, false, false],
      [2, 100_001, false, false],
      [1, 0, true, true],
    ]);
    await expectAppError(c.movements.save(await expense({ type: 1, recordNumber: 1, positions: [pos('21006', 100)] })), 'InvalidValue');
    // search: record number, document number, date
    expect((await c.movements.list({ ...s, kind: 'expenses', search: 'R-2' })).entities.map((e) => e.recordNumber)).toEqual([2]);
    expect((await c.movements.list({ ...s, kind: 'expenses', search: '3' })).entities.map((e) => e.recordNumber)).toContain(3);
    expect((await c.movements.list({ ...s, kind: 'expenses', search: `02.06.${YEAR}` })).entities.map((e) => e.recordNumber)).toEqual([3]);
    expect((await c.movements.list({ ...s, kind: 'expenses', page: 2, pageSize: 2 })).entities.map((e) => e.recordNumber)).toEqual([3, 2]);
  });

  it('a residue line is booked with its own figures', async () => {
    const c = await as('zwei');
    const s = await scope();
    await addResidueLine(get(), s, '21006', 50_000);
    const saved = await c.movements.save(await expense({ type: 1, positions: [pos('21006', 20_000, { chapterYear: YEAR - 1 })] }));
    expect(saved.positions[0]).toMatchObject({ chapter: '21006', chapterYear: YEAR - 1, amount: 20_000 });
    expect(await c.movements.get({ ...s, kind: 'expenses', recordNumber: saved.recordNumber })).toEqual(saved);
    expect(await figures(c, '21006', YEAR - 1)).toMatchObject({ payments: 20_000, afterDone: 30_000, afterPlanned: 30_000 });
    expect(await figures(c, '21006')).toMatchObject({ payments: 19_000 });
    await expectAppError(c.movements.save(await expense({ type: 1, positions: [pos('21001', 100, { chapterYear: YEAR - 1 })] })), 'chapterNotAvailable');
    await expectAppError(c.movements.save(await expense({ type: 1, positions: [pos('21001', 100, { chapterYear: YEAR + 1 })] })), 'InvalidValue');
  });

  it('refuses every business error and writes nothing', async () => {
    const c = await as('zwei');
    const s = await scope();
    const countBefore = await movementCount();
    const ok = await expense({ type: 1, positions: [pos('21001', 100)] });
    const supplierId = (await supplierOf()).id;
    const otherAccount = await accountId('K1', '101');
    const otherSupplier = (await supplierOf('101')).id;
    const cases: [() => Promise<unknown>, string][] = [
      [() => c.movements.save({ ...ok, recordDate: `${YEAR}-06-16` }), 'InvalidDate'],
      [() => c.movements.save({ ...ok, recordDate: `${YEAR - 1}-12-31`, documentDate: `${YEAR - 1}-12-01` }), 'InvalidDate'],
      [() => c.movements.save({ ...ok, documentDate: `${YEAR}-03-06` }), 'DocumentDateAfterRecordDate'],
      [() => c.movements.save({ ...ok, documentDate: null }), 'InvalidValue'],
      [() => c.movements.save({ ...ok, accountId: null }), 'InvalidValue'],
      [() => c.movements.save({ ...ok, accountId: otherAccount }), 'InvalidValue'],
      [() => c.movements.save({ ...ok, type: 2, positions: [pos('21001', 100)] }), 'InvalidValue'],
      [() => c.movements.save({ ...ok, type: 2, supplierId: otherSupplier }), 'InvalidValue'],
      [() => c.movements.save({ ...ok, positions: [pos('21001', -100)] }), 'InvalidValue'],
      [() => c.movements.save({ ...ok, positions: [pos('21001', 0)] }), 'InvalidValue'],
      [() => c.movements.save({ ...ok, positions: [pos('11001', 100)] }), 'InvalidValue'],
      [() => c.movements.save({ ...ok, kind: 'revenues' }), 'InvalidValue'],
      [() => c.movements.save({ ...ok, positions: [pos('21007', 100)] }), 'chapterNotAvailable'],
      [() => c.movements.save({ ...ok, positions: [pos('29999', 100)] }), 'ChapterNotFound'],
      [() => c.movements.save({ ...ok, recordNumber: 99 }), 'RecordNotFound'],
      [() => c.movements.save({ ...ok, recordNumber: 2, asNew: true }), 'RecordNumberUsed'],
      [() => c.movements.save({ ...ok, recordNumber: 9, asNew: true }), 'InvalidRecordNumber'],
      [() => c.movements.save({ ...ok, type: 4 }), 'Forbidden'],
      [() => c.movements.save({ ...ok, transferPositions: [{ chapterFrom: '13001', chapterTo: '21001', amount: 100 }] }), 'Forbidden'],
      [() => c.movements.get({ ...s, kind: 'expenses', recordNumber: 99 }), 'RecordNotFound'],
      [() => c.movements.delete({ ...s, kind: 'revenues', recordNumber: 99 }), 'RecordNotFound'],
    ];
    for (const [call, code] of cases) await expectAppError(call(), code);
    expect(await movementCount()).toBe(countBefore);
    await c.movements.save({ ...ok, type: 2, supplierId, payments: [{ amount: 100, dateDue: `${YEAR}-03-05`, datePaid: null }] });
    expect(await movementCount()).toBe(countBefore + 1);
    // a typed number for a new record: the next one
    const next = (await c.movements.context({ ...s, kind: 'expenses' })).nextRecordNumber;
    expect((await c.movements.save({ ...ok, recordNumber: next, asNew: true })).recordNumber).toBe(next);
    // paid dates inside the year and not after today
    await expectAppError(
      c.movements.save({
        ...ok,
        type: 2,
        supplierId: (await supplierOf()).id,
        payments: [{ amount: 100, dateDue: `${YEAR}-07-01`, datePaid: `${YEAR}-06-20` }],
      }),
      'InvalidDate',
    );
    // after the year: DateAfter31.12 (the year is still open next February)
    const february = await as('zwei', new Date(`${YEAR + 1}-02-01T10:00:00Z`));
    await expectAppError(february.movements.save({ ...ok, recordDate: `${YEAR + 1}-01-05` }), 'DateAfter31.12');
    // a past year without its unlock: YearLocked
    const later = await as('zwei', new Date(`${YEAR + 2}-02-01T10:00:00Z`));
    await expectAppError(later.movements.save(ok), 'YearLocked');
    // another department's Standard user
    const kassier = await as('kassier');
    await expectAppError(kassier.movements.save(ok), 'DepartmentNotAllowed');
    await expectAppError(kassier.movements.list({ ...s, kind: 'expenses' }), 'DepartmentNotAllowed');
    // open payments only where allowed, wages only for the union: for a supervisor too
    const supervisor = await as('supervisor');
    const leifers = await scope('101', YEAR - 1);
    const leifersOpen = {
      ...leifers,
      kind: 'expenses' as const,
      type: 2 as const,
      recordDate: `${YEAR - 1}-05-05`,
      documentDate: `${YEAR - 1}-05-01`,
      accountId: await accountId('K1', '101'),
      supplierId: (await supplierOf('101')).id,
      positions: [pos('21006', 100)],
    };
    await expectAppError(supervisor.movements.save(leifersOpen), 'Forbidden');
    await expectAppError(supervisor.movements.save({ ...leifersOpen, type: 4, supplierId: null }), 'Forbidden');
    expect(await movementCount()).toBe(countBefore + 2);
  });

  it('a supervisor may book an expense in inter-part transfer mode', async () => {
    const supervisor = await as('supervisor');
    const saved = await supervisor.movements.save(
      await expense({ type: 1, positions: [pos('21001', 2_000)], transferPositions: [{ chapterFrom: '11001', chapterTo: '21001', amount: 500 }] }),
    );
    expect(saved).toMatchObject({ total: 2_000, transferTotal: 500 });
    expect(saved.payments.map((p) => p.amount)).toEqual([2_000]);
    const context = await supervisor.movements.context({ ...(await scope()), kind: 'expenses' });
    expect(context.canInterPartTransfer).toBe(true);
  });

  it('wages are booked by the union: paid at the record date, the document date defaults to it', async () => {
    const supervisor = await as('supervisor');
    const union = await scope('000', YEAR - 1);
    const before = await supervisor.budget.chapter({ ...union, chapter: '21029' });
    const saved = await supervisor.movements.save({
      ...union,
      kind: 'expenses',
      type: 4,
      recordDate: `${YEAR - 1}-11-30`,
      documentNumber: 'hidden for wages',
      accountId: await accountId('K1', '000'),
      positions: [pos('21029', 250_000), pos('21030', 60_000)],
    });
    expect(saved).toMatchObject({ type: 4, documentDate: `${YEAR - 1}-11-30`, documentNumber: '', supplier: null, total: 310_000 });
    expect(saved.payments.map((p) => [p.amount, p.dateDue, p.datePaid])).toEqual([[310_000, `${YEAR - 1}-11-30`, `${YEAR - 1}-11-30`]]);
    const after = await supervisor.budget.chapter({ ...union, chapter: '21029' });
    expect(after.payments - before.payments).toBe(250_000);
    expect(after.availableAfterPlannedExpenses).toBe(before.availableAfterPlannedExpenses - 250_000);
  });

  it('open payments can not be switched off while unpaid instalments exist', async () => {
    const supervisor = await as('supervisor');
    const s = await scope();
    const refused = await supervisor.departments
      .patch({ id: s.departmentId, departmentId: s.departmentId, openPaymentsAllowed: false })
      .catch((error: unknown) => error);
    expect((refused as { cause?: unknown }).cause).toMatchObject({ code: 'InvalidValue', field: 'openPaymentsAllowed' });
    expect((await supervisor.movements.context({ ...s, kind: 'expenses' })).openPaymentsAllowed).toBe(true);
  });

  it('20 concurrent saves in one scope get unique gap-free record numbers', async () => {
    const c = await as('zwei');
    const before = (await c.movements.context({ ...(await scope()), kind: 'revenues' })).nextRecordNumber;
    const input = await revenue({ positions: [pos('11001', 100)] });
    const saved = await Promise.all(Array.from({ length: 20 }, () => c.movements.save(input)));
    expect(saved.map((m) => m.recordNumber).sort((a, b) => a - b)).toEqual(Array.from({ length: 20 }, (_, i) => before + i));
    expect(await figures(c, '11001')).toMatchObject({ payments: 123_456 + 500 + 2_000 });
  });

  it('bookings keep the approval, the supplier and the chart in use; a closed budget is read-only', async () => {
    const { db } = get();
    const c = await as('zwei');
    const s = await scope();
    await expectAppError(c.budget.forecast.approve({ ...s, approval: null }), 'BudgetInUse');
    const supplier = await supplierOf();
    expect(await referencesTo(db, supplierReferences, supplier.id)).toContain('movements');
    await expectAppError(c.suppliers.delete({ id: supplier.id, departmentId: s.departmentId }), 'InUse');
    await withBudgetClosed(get(), s, async () => {
      await expectAppError(c.movements.save(await revenue({ positions: [pos('11001', 100)] })), 'BudgetClosed');
      await expectAppError(c.movements.delete({ ...s, kind: 'revenues', recordNumber: 1 }), 'BudgetClosed');
      expect((await c.movements.get({ ...s, kind: 'revenues', recordNumber: 1 })).isEditable).toBe(false);
      expect(await c.movements.context({ ...s, kind: 'revenues' })).toMatchObject({ isBudgetClosed: true, isEditable: false });
    });
  });
  it('deleting the latest budget change keeps a line it opened once a movement books on it (the line stands on a booking)', async () => {
    const c = await as('zwei');
    const s = await scope();
    const change = await c.budget.changes.create({ ...s, approved: `${YEAR}-03-01` });
    await c.budget.changes.save({
      ...s,
      recordNumber: change.recordNumber,
      approved: `${YEAR}-03-01`,
      positions: [
        { chapter: '11002', amount: 10_000 },
        { chapter: '21003', amount: 10_000 },
      ],
    });
    const saved = await c.movements.save(await revenue({ documentNumber: 'L-1', positions: [pos('11002', 2_500)] }));
    expect(await c.budget.changes.delete({ ...s, recordNumber: change.recordNumber })).toBe(true);
    // the revenue's line stays (budget 0, collected 25,00); the unused expense line the change opened is gone
    expect(await c.budget.chapter({ ...s, chapter: '11002', withBudgetOnly: true })).toMatchObject({ budgetFinal: 0, payments: 2_500 });
    await expectAppError(c.budget.chapter({ ...s, chapter: '21003', withBudgetOnly: true }), 'ChapterNotFound');
    expect((await c.movements.get({ ...s, kind: 'revenues', recordNumber: saved.recordNumber })).positions).toHaveLength(1);
  });
});
