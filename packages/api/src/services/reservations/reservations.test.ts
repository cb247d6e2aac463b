import { schema } from '@app/db';
import type { MovementSaveInput, ReservationSaveInput } from '@app/domain';
import { and, count, eq } from 'drizzle-orm';
import { expect, it } from 'vitest';
import { CURRENT_YEAR, departmentId, describeOnDatabases, expectAppError, signInAs } from '../../test-utils.ts';
import { addResidueLine, withBudgetClosed, workedExampleBudget } from '../bookings.testkit.ts';

const { accounts, reservations, suppliers } = schema;

const YEAR = CURRENT_YEAR;
const JUNE = new Date(`${YEAR}-06-15T10:00:00Z`);

/**
 * Reservations on PGlite and PostgreSQL. The scope is FF Eppan (102, open payments allowed) in the
 * current year with a small approved forecast, so every figure below is a hand calculation from it:
 * revenues 11001 5.200,00; expenses 21003 1.000,00 (+200,00 by a change: DOMAIN.md's worked example),
 * 21006 3.000,00, 21001 1.000,00.
 */
describeOnDatabases('reservations', (get) => {
  const as = signInAs(get, '10.12', JUNE);
  const deptId = (code: string) => departmentId(get(), code);
  async function scope(code = '102', year = YEAR) {
    return { departmentId: await deptId(code), year };
  }
  type Caller = Awaited<ReturnType<typeof as>>;
  async function reservationCount() {
    const [row] = await get()
      .db.select({ n: count() })
      .from(reservations)
      .where(and(eq(reservations.departmentId, await deptId('102')), eq(reservations.year, YEAR)));
    return row?.n ?? 0;
  }
  async function accountK1() {
    const [row] = await get()
      .db.select({ id: accounts.id })
      .from(accounts)
      .where(and(eq(accounts.departmentId, await deptId('102')), eq(accounts.code, 'K1')));
    return row?.id ?? 0;
  }
  async function reserve(input: Partial<ReservationSaveInput> & Pick<ReservationSaveInput, 'amountBooked'>): Promise<ReservationSaveInput> {
    return { ...(await scope()), recordDate: `${YEAR}-04-01`, chapterYear: YEAR, chapter: '21006', amountUsed: 0, ...input };
  }
  type Position = NonNullable<MovementSaveInput['positions']>[number];
  async function expense(positions: Position[], extra: Partial<MovementSaveInput> = {}): Promise<MovementSaveInput> {
    return {
      ...(await scope()),
      kind: 'expenses',
      type: 1,
      recordDate: `${YEAR}-05-05`,
      documentDate: `${YEAR}-05-01`,
      accountId: await accountK1(),
      positions,
      ...extra,
    };
  }
  async function figures(c: Caller, chapter: string, chapterYear = YEAR) {
    const f = await c.budget.chapter({ ...(await scope()), chapter, chapterYear });
    return {
      payments: f.payments,
      openPayments: f.openPayments,
      reservations: f.reservations,
      afterDone: f.availableAfterDonePayments,
      afterPlanned: f.availableAfterPlannedExpenses,
    };
  }
  const amounts = (r: { amountBooked: number; amountUsed: number; amountUnused: number; usedByPositions: number }) => [
    r.amountBooked,
    r.amountUsed,
    r.amountUnused,
    r.usedByPositions,
  ];
  const ids = { r1: 0, r2: 0, r3: 0, movementA: 0, movementB: 0 };

  it('reserves nothing before the forecast is approved (BudgetNotApproved); forecast and a change are approved', async () => {
    const c = await as('zwei');
    const s = await scope();
    await expectAppError(c.reservations.save(await reserve({ amountBooked: 100 })), 'BudgetNotApproved');
    expect(await c.reservations.context(s)).toMatchObject({ isBudgetApproved: false, isEditable: false, nextRecordNumber: 1 });
    await workedExampleBudget(c, s);
    expect(await reservationCount()).toBe(0);
    expect(await c.reservations.context(s)).toMatchObject({ isBudgetApproved: true, isBudgetClosed: false, isEditable: true, nextRecordNumber: 1 });
  });

  it("DOMAIN.md's worked example: the availability after planned expenses to the cent", async () => {
    const c = await as('zwei');
    const s = await scope();
    // paid 300,00 and open 200,00 on 2-1-003
    await c.movements.save(await expense([{ chapter: '21003', amount: 30_000 }]));
    const [supplier] = await get().db.select({ id: suppliers.id }).from(suppliers).where(eq(suppliers.departmentId, s.departmentId)).limit(1);
    await c.movements.save(await expense([{ chapter: '21003', amount: 20_000 }], { type: 2, supplierId: supplier?.id ?? 0 }));
    // reservation booked 400,00 of which 100,00 used (typed: outside the system)
    const saved = await c.reservations.save(await reserve({ chapter: '2-1-003', amountBooked: 40_000, amountUsed: 10_000, note: 'Helme' }));
    ids.r1 = saved.id;
    expect(saved).toMatchObject({
      recordNumber: 1,
      recordDate: `${YEAR}-04-01`,
      note: 'Helme',
      chapter: { chapter: '21003', chapterYear: YEAR, descriptionDeu: 'Persönliche Schutzausrüstung', descriptionIta: 'Dispositivi di protezione individuale' },
      closed: false,
      cancelled: false,
      isLatest: true,
      isEditable: true,
    });
    expect(amounts(saved)).toEqual([40_000, 10_000, 30_000, 0]);
    // final 1.200,00; afterDone 1.200,00 - 300,00 = 900,00; afterPlanned 900,00 - 200,00 - 300,00 = 400,00
    const expected = { payments: 30_000, openPayments: 20_000, reservations: 30_000, afterDone: 90_000, afterPlanned: 40_000 };
    expect(await figures(c, '21003')).toEqual(expected);
    expect(saved.budget).toMatchObject({
      budgetInitial: 100_000,
      budgetChanges: 20_000,
      budgetFinal: 120_000,
      reservations: 30_000,
      availableAfterPlannedExpenses: 40_000,
    });
    expect(saved.chapter.lineId).toBe(saved.budget.lineId);
    expect(await c.reservations.get({ ...s, recordNumber: 1 })).toEqual(saved);
    expect(await c.reservations.get({ ...s, id: saved.id })).toEqual(saved);
    // the home card sums the same reservations
    expect((await c.overview.home(s)).bookings).toMatchObject({ reservations: 30_000 });
  });

  it('a reservation used by two movement positions: used, unused and the chapter figure to the cent', async () => {
    const c = await as('zwei');
    const s = await scope();
    const r2 = await c.reservations.save(await reserve({ chapter: '21006', amountBooked: 50_000, note: 'Tankkarte' }));
    ids.r2 = r2.id;
    expect(r2.recordNumber).toBe(2);
    expect(await figures(c, '21006')).toMatchObject({ payments: 0, reservations: 50_000, afterPlanned: 250_000 });
    const a = await c.movements.save(await expense([{ chapter: '21006', amount: 12_000, reservationId: r2.id }]));
    expect(a.positions[0]).toMatchObject({ reservationId: r2.id, reservationRecordNumber: 2, reservationAmount: 12_000 });
    ids.movementA = a.recordNumber;
    const b = await c.movements.save(
      await expense([
        { chapter: '21006', amount: 8_000, reservationId: r2.id },
        { chapter: '21001', amount: 1_000 },
      ]),
    );
    ids.movementB = b.recordNumber;
    expect(b.positions.map((p) => [p.chapter, p.reservationRecordNumber, p.reservationAmount])).toEqual([
      ['21006', 2, 8_000],
      ['21001', null, 0],
    ]);
    // the save's answer (built from what it wrote, the reservation's number included) is what get reads back
    expect(await c.movements.get({ ...s, kind: 'expenses', recordNumber: b.recordNumber })).toEqual(b);
    // used 120,00 + 80,00 = 200,00 of 500,00
    expect(amounts(await c.reservations.get({ ...s, id: r2.id }))).toEqual([50_000, 20_000, 30_000, 20_000]);
    // 3.000,00 - 200,00 paid - 300,00 still reserved = 2.500,00
    expect(await figures(c, '21006')).toMatchObject({ payments: 20_000, reservations: 30_000, afterPlanned: 250_000 });
    // the figures before movement A: its 120,00 neither paid nor consumed
    const [before] = await c.movements.chaptersBefore({ ...s, movementId: a.id, chapters: [{ chapter: '21006' }] });
    expect(before).toMatchObject({ payments: 8_000, reservations: 42_000, availableAfterPlannedExpenses: 250_000 });
    // the positions' picker: unused without the asking movement
    expect((await c.reservations.forLine({ ...s, chapter: '21006' })).map((r) => [r.recordNumber, r.amountUnused])).toEqual([[2, 30_000]]);
    expect((await c.reservations.forLine({ ...s, chapter: '21006', movementId: a.id })).map((r) => [r.recordNumber, r.amountUnused])).toEqual([[2, 42_000]]);
    expect(await c.reservations.forLine({ ...s, chapter: '21001' })).toEqual([]);

    // amountUsed is the total: not below what positions use; the typed rest is stored
    await expectAppError(c.reservations.save(await reserve({ id: r2.id, amountBooked: 50_000, amountUsed: 19_999 })), 'InvalidValue');
    await expectAppError(c.reservations.save(await reserve({ id: r2.id, amountBooked: 24_999, amountUsed: 25_000 })), 'InvalidValue');
    const typed = await c.reservations.save(await reserve({ id: r2.id, amountBooked: 50_000, amountUsed: 25_000, note: 'Tankkarte' }));
    expect(amounts(typed)).toEqual([50_000, 25_000, 25_000, 20_000]);
    expect(await figures(c, '21006')).toMatchObject({ reservations: 25_000, afterPlanned: 255_000 });
    // a reservation used by positions keeps its line
    await expectAppError(c.reservations.save(await reserve({ id: r2.id, chapter: '21001', amountBooked: 50_000, amountUsed: 25_000 })), 'InvalidValue');
  });

  it('closed, the reservation leaves the chapter figure; reopened, it is back', async () => {
    const c = await as('zwei');
    const s = await scope();
    const closed = await c.reservations.save(await reserve({ id: ids.r2, amountBooked: 50_000, amountUsed: 25_000, closed: true }));
    expect(closed.closed).toBe(true);
    expect(await figures(c, '21006')).toMatchObject({ payments: 20_000, reservations: 0, afterPlanned: 280_000 });
    expect((await c.reservations.list({ ...s, openOnly: true })).entities.map((r) => r.recordNumber)).toEqual([1]);
    expect(await c.reservations.forLine({ ...s, chapter: '21006' })).toEqual([]);
    // a new position can't use a closed reservation; the movement that uses it may keep it
    await expectAppError(c.movements.save(await expense([{ chapter: '21006', amount: 100, reservationId: ids.r2 }])), 'InvalidValue');
    const kept = await c.movements.save(await expense([{ chapter: '21006', amount: 12_000, reservationId: ids.r2 }], { recordNumber: ids.movementA }));
    expect(kept.positions[0]).toMatchObject({ reservationRecordNumber: 2, reservationAmount: 12_000 });
    const reopened = await c.reservations.save(await reserve({ id: ids.r2, amountBooked: 50_000, amountUsed: 25_000, closed: false }));
    expect(amounts(reopened)).toEqual([50_000, 25_000, 25_000, 20_000]);
    expect(await figures(c, '21006')).toMatchObject({ payments: 20_000, reservations: 25_000, afterPlanned: 255_000 });
  });

  it('a position larger than the unused part consumes the rest; the excess is ordinary spending (AvailableExceeded)', async () => {
    const c = await as('zwei');
    const s = await scope();
    // 21001: 1.000,00 - 10,00 paid (movement B) - 900,00 reserved = 90,00 after planned expenses
    const r3 = await c.reservations.save(await reserve({ chapter: '21001', amountBooked: 90_000 }));
    ids.r3 = r3.id;
    expect(await figures(c, '21001')).toMatchObject({ payments: 1_000, reservations: 90_000, afterPlanned: 9_000 });
    // without the reservation 950,00 exceeds the 90,00; with it only 50,00 is new spending
    await expectAppError(c.movements.save(await expense([{ chapter: '21001', amount: 95_000 }])), 'AvailableExceeded');
    const used = await c.movements.save(await expense([{ chapter: '21001', amount: 95_000, reservationId: r3.id }]));
    expect(used.positions[0]).toMatchObject({ reservationAmount: 90_000 });
    expect(amounts(await c.reservations.get({ ...s, id: r3.id }))).toEqual([90_000, 90_000, 0, 90_000]);
    // 1.000,00 - 960,00 paid, nothing reserved = 40,00
    expect(await figures(c, '21001')).toMatchObject({ payments: 96_000, reservations: 0, afterPlanned: 4_000 });
    // a second position on the used-up reservation consumes nothing: 50,00 over 40,00 asks
    await expectAppError(c.movements.save(await expense([{ chapter: '21001', amount: 5_000, reservationId: r3.id }])), 'AvailableExceeded');
    const over = await c.movements.save(await expense([{ chapter: '21001', amount: 5_000, reservationId: r3.id }], { confirmAvailableExceeded: true }));
    expect(over.positions[0]).toMatchObject({ reservationAmount: 0 });
    expect(await figures(c, '21001')).toMatchObject({ payments: 101_000, reservations: 0, afterPlanned: -1_000 });
    // deleting the latest movement gives nothing back to the used-up reservation; the larger one gives 900,00 back
    await c.movements.delete({ ...s, kind: 'expenses', recordNumber: over.recordNumber });
    await c.movements.delete({ ...s, kind: 'expenses', recordNumber: used.recordNumber });
    expect(amounts(await c.reservations.get({ ...s, id: r3.id }))).toEqual([90_000, 0, 90_000, 0]);
    expect(await figures(c, '21001')).toMatchObject({ payments: 1_000, reservations: 90_000, afterPlanned: 9_000 });
  });

  it('a cancelled movement gives its consumption back', async () => {
    const c = await as('zwei');
    const s = await scope();
    // movement A is an earlier record: cancelled, its positions go
    expect(await c.movements.delete({ ...s, kind: 'expenses', recordNumber: ids.movementA })).toMatchObject({ cancelled: true });
    expect(amounts(await c.reservations.get({ ...s, id: ids.r2 }))).toEqual([50_000, 13_000, 37_000, 8_000]);
    expect(await figures(c, '21006')).toMatchObject({ payments: 8_000, reservations: 37_000, afterPlanned: 255_000 });
  });

  it('positions may only use an open reservation of their own line and scope', async () => {
    const c = await as('zwei');
    const countBefore = await c.movements.list({ ...(await scope()), kind: 'expenses' });
    await expectAppError(c.movements.save(await expense([{ chapter: '21003', amount: 100, reservationId: ids.r2 }])), 'InvalidValue');
    await expectAppError(c.movements.save(await expense([{ chapter: '21006', amount: 100, reservationId: 999_999 }])), 'InvalidValue');
    await expectAppError(
      c.movements.save({
        ...(await scope()),
        kind: 'revenues',
        type: 0,
        recordDate: `${YEAR}-05-05`,
        accountId: await accountK1(),
        positions: [{ chapter: '11001', amount: 100, reservationId: ids.r2 }],
      }),
      'InvalidValue',
    );
    const refused = await c.movements.save(await expense([{ chapter: '21003', amount: 100, reservationId: ids.r2 }])).catch((e: unknown) => e);
    expect((refused as { cause?: unknown }).cause).toMatchObject({ code: 'InvalidValue', field: 'positions.0.reservationId' });
    expect((await c.movements.list({ ...(await scope()), kind: 'expenses' })).total).toBe(countBefore.total);
  });

  it('delete: refused while used; the latest is deleted (number reused), an earlier one cancelled', async () => {
    const c = await as('zwei');
    const s = await scope();
    await expectAppError(c.reservations.delete({ ...s, id: ids.r1 }), 'CannotDeleteUsed');
    await expectAppError(c.reservations.delete({ ...s, id: ids.r2 }), 'CannotDeleteUsed');
    expect(await reservationCount()).toBe(3);
    const r4 = await c.reservations.save(await reserve({ chapter: '21003', amountBooked: 5_000 }));
    const r5 = await c.reservations.save(await reserve({ chapter: '21003', amountBooked: 1_000 }));
    expect([r4.recordNumber, r5.recordNumber, r5.isLatest]).toEqual([4, 5, true]);
    expect((await c.reservations.get({ ...s, id: r4.id })).isLatest).toBe(false);
    expect(await figures(c, '21003')).toMatchObject({ reservations: 36_000, afterPlanned: 34_000 });
    // an earlier one is cancelled: keeps its number, amounts 0, closed
    expect(await c.reservations.delete({ ...s, recordNumber: 4 })).toEqual({ deleted: false, cancelled: true, recordNumber: 4 });
    const cancelled = await c.reservations.get({ ...s, recordNumber: 4 });
    expect(cancelled).toMatchObject({ cancelled: true, closed: true, isEditable: false });
    expect(amounts(cancelled)).toEqual([0, 0, 0, 0]);
    await expectAppError(c.reservations.save(await reserve({ recordNumber: 4, chapter: '21003', amountBooked: 100 })), 'InvalidValue');
    // the latest is deleted and its number given back
    expect(await c.reservations.delete({ ...s, id: r5.id })).toEqual({ deleted: true, cancelled: false, recordNumber: 5 });
    expect(await figures(c, '21003')).toMatchObject({ reservations: 30_000, afterPlanned: 40_000 });
    expect((await c.reservations.context(s)).nextRecordNumber).toBe(5);
    await expectAppError(c.reservations.save(await reserve({ recordNumber: 4, asNew: true, amountBooked: 100 })), 'RecordNumberUsed');
    await expectAppError(c.reservations.save(await reserve({ recordNumber: 7, asNew: true, amountBooked: 100 })), 'InvalidRecordNumber');
    const again = await c.reservations.save(await reserve({ recordNumber: 5, asNew: true, chapter: '21003', amountBooked: 100 }));
    expect(again.recordNumber).toBe(5);
    expect((await c.reservations.list(s)).entities.map((r) => [r.recordNumber, r.cancelled, r.isLatest])).toEqual([
      [5, false, true],
      [4, true, false],
      [3, false, false],
      [2, false, false],
      [1, false, false],
    ]);
  });

  it('the picker filters by chapter line, open only and search; the print by chapter and status with totals', async () => {
    const c = await as('zwei');
    const s = await scope();
    const line21003 = (await c.reservations.get({ ...s, id: ids.r1 })).chapter;
    const page = await c.reservations.list({ ...s, chapterId: line21003.chapterId, openOnly: true });
    expect(page.entities.map((r) => r.recordNumber)).toEqual([5, 1]);
    expect((await c.reservations.list({ ...s, lineId: line21003.lineId })).entities.map((r) => r.recordNumber)).toEqual([5, 4, 1]);
    expect((await c.reservations.list({ ...s, search: 'helm' })).entities.map((r) => r.recordNumber)).toEqual([1]);
    expect((await c.reservations.list({ ...s, search: '2-1-006' })).entities.map((r) => r.recordNumber)).toEqual([2]);
    expect((await c.reservations.list({ ...s, search: `01.04.${YEAR}`, pageSize: 2, page: 2 })).entities.map((r) => r.recordNumber)).toEqual([3, 2]);
    await c.reservations.save(await reserve({ id: ids.r3, chapter: '21001', amountBooked: 90_000, amountUsed: 10_000, closed: true }));
    const open = await c.reservations.printList({ ...s, status: 'open' });
    expect(open.rows.map((r) => [r.chapter.chapter, r.recordNumber])).toEqual([
      ['21003', 1],
      ['21003', 5],
      ['21006', 2],
    ]);
    // booked 400,00 + 1,00 + 500,00; used 100,00 + 0 + 130,00
    expect(open.totals).toEqual({ amountBooked: 90_100, amountUsed: 23_000, amountUnused: 67_100 });
    const closed = await c.reservations.printList({ ...s, status: 'closed' });
    expect(closed.rows.map((r) => r.recordNumber)).toEqual([3]);
    expect(closed.totals).toEqual({ amountBooked: 90_000, amountUsed: 10_000, amountUnused: 80_000 });
    expect((await c.reservations.printList({ ...s, chapter: '2-1-003' })).rows.map((r) => r.recordNumber)).toEqual([1, 4, 5]);
    expect((await c.reservations.printList({ ...s, chapterFrom: '21004', chapterTo: '21006', chapterYear: YEAR })).rows.map((r) => r.recordNumber)).toEqual([
      2,
    ]);
  });

  it('a residue line can be reserved with its own figures', async () => {
    const c = await as('zwei');
    const s = await scope();
    await expectAppError(c.reservations.save(await reserve({ chapterYear: YEAR - 1, amountBooked: 100 })), 'chapterNotAvailable');
    await addResidueLine(get(), s, '21006', 50_000);
    const residue = await c.reservations.save(await reserve({ chapterYear: YEAR - 1, amountBooked: 20_000 }));
    expect(residue.chapter).toMatchObject({ chapter: '21006', chapterYear: YEAR - 1 });
    expect(residue.budget).toMatchObject({ chapterYear: YEAR - 1, budgetInitial: 50_000, reservations: 20_000, availableAfterPlannedExpenses: 30_000 });
    expect(await figures(c, '21006', YEAR - 1)).toMatchObject({ reservations: 20_000, afterPlanned: 30_000 });
    expect(await figures(c, '21006')).toMatchObject({ reservations: 37_000 });
  });

  it('refuses every business error and writes nothing', async () => {
    const c = await as('zwei');
    const s = await scope();
    const countBefore = await reservationCount();
    const ok = await reserve({ amountBooked: 100 });
    const cases: [() => Promise<unknown>, string, string?][] = [
      [() => c.reservations.save({ ...ok, recordDate: `${YEAR}-06-16` }), 'InvalidDate', 'recordDate'],
      [() => c.reservations.save({ ...ok, recordDate: `${YEAR - 1}-12-31` }), 'InvalidDate', 'recordDate'],
      [() => c.reservations.save({ ...ok, chapter: '11001' }), 'chapterNotAvailable', 'chapter'],
      [() => c.reservations.save({ ...ok, chapter: '21007' }), 'chapterNotAvailable', 'chapter'],
      [() => c.reservations.save({ ...ok, chapter: '29999' }), 'ChapterNotFound', 'chapter'],
      [() => c.reservations.save({ ...ok, chapter: undefined }), 'InvalidValue'],
      [() => c.reservations.save({ ...ok, chapterYear: YEAR + 1 }), 'InvalidValue'],
      [() => c.reservations.save({ ...ok, amountBooked: 100, amountUsed: 101 }), 'InvalidValue', 'amountBooked'],
      [() => c.reservations.save({ ...ok, amountBooked: -1 }), 'InvalidValue'],
      [() => c.reservations.save({ ...ok, recordNumber: 99 }), 'RecordNotFound', 'recordNumber'],
      [() => c.reservations.save({ ...ok, id: 999_999 }), 'RecordNotFound', 'recordNumber'],
      [() => c.reservations.get({ ...s, recordNumber: 99 }), 'RecordNotFound'],
      [() => c.reservations.delete({ ...s, recordNumber: 99 }), 'RecordNotFound'],
    ];
    for (const [call, code, field] of cases) {
      const error = await call().catch((e: unknown) => e);
      await expectAppError(Promise.reject(error), code);
      if (field) expect((error as { cause?: unknown }).cause, code).toMatchObject({ field });
    }
    expect(await reservationCount()).toBe(countBefore);
    // after the year: DateAfter31.12 (the year is still open next February)
    const february = await as('zwei', new Date(`${YEAR + 1}-02-01T10:00:00Z`));
    await expectAppError(february.reservations.save({ ...ok, recordDate: `${YEAR + 1}-01-05` }), 'DateAfter31.12');
    // another department's Standard user
    const kassier = await as('kassier');
    await expectAppError(kassier.reservations.save(ok), 'DepartmentNotAllowed');
    await expectAppError(kassier.reservations.get({ ...s, recordNumber: 1 }), 'DepartmentNotAllowed');
    await expectAppError(kassier.reservations.list(s), 'DepartmentNotAllowed');
    await expectAppError(kassier.reservations.delete({ ...s, recordNumber: 5 }), 'DepartmentNotAllowed');
    expect(await reservationCount()).toBe(countBefore);
  });

  it('20 concurrent saves get unique gap-free record numbers', async () => {
    const c = await as('zwei');
    const before = (await c.reservations.context(await scope())).nextRecordNumber;
    const input = await reserve({ amountBooked: 1 });
    const saved = await Promise.all(Array.from({ length: 20 }, () => c.reservations.save(input)));
    expect(saved.map((r) => r.recordNumber).sort((a, b) => a - b)).toEqual(Array.from({ length: 20 }, (_, i) => before + i));
  });

  it('two movements saved at once share a reservation without taking more than it has', async () => {
    const c = await as('zwei');
    const s = await scope();
    const shared = await c.reservations.save(await reserve({ amountBooked: 50_000, note: 'gemeinsam' }));
    const input = await expense([{ chapter: '21006', amount: 30_000, reservationId: shared.id }]);
    const saved = await Promise.all([c.movements.save(input), c.movements.save(input)]);
    expect(saved.map((m) => m.positions[0]?.reservationAmount).sort((a, b) => (a ?? 0) - (b ?? 0))).toEqual([20_000, 30_000]);
    expect(amounts(await c.reservations.get({ ...s, id: shared.id }))).toEqual([50_000, 50_000, 0, 50_000]);
  });

  it('a reservation alone keeps the forecast approval; deleted, the approval can be revoked', async () => {
    const c = await as('zwei');
    const lana = await scope('201');
    await c.budget.forecast.save({ ...lana, part: 1, positions: [{ chapter: '11001', amountCurrYear: 100_000 }] });
    await c.budget.forecast.save({ ...lana, part: 2, positions: [{ chapter: '21003', amountCurrYear: 100_000 }] });
    expect(await c.budget.forecast.approve({ ...lana, approval: `${YEAR}-01-20` })).toBe(true);
    const only = await c.reservations.save({ ...(await reserve({ chapter: '21003', amountBooked: 10_000 })), ...lana });
    expect(only.recordNumber).toBe(1);
    await expectAppError(c.budget.forecast.approve({ ...lana, approval: null }), 'BudgetInUse');
    expect(await c.reservations.delete({ ...lana, id: only.id })).toMatchObject({ deleted: true });
    expect(await c.budget.forecast.approve({ ...lana, approval: null })).toBe(true);
  });

  it('deleting the budget change that opened a line keeps the line while a reservation sits on it', async () => {
    const c = await as('zwei');
    const s = await scope();
    const change = await c.budget.changes.create({ ...s, approved: `${YEAR}-04-20` });
    const positions = [
      { chapter: '21016', amount: 10_000 },
      { chapter: '11001', amount: 10_000 },
    ];
    await c.budget.changes.save({ ...s, recordNumber: change.recordNumber, approved: `${YEAR}-04-20`, positions });
    const onNewLine = await c.reservations.save(await reserve({ chapter: '21016', amountBooked: 6_000 }));
    // open, it reserves what the change gave: the change can't go
    await expectAppError(c.budget.changes.delete({ ...s, recordNumber: change.recordNumber }), 'InUse');
    await c.reservations.save(await reserve({ id: onNewLine.id, chapter: '21016', amountBooked: 6_000, closed: true }));
    expect(await c.budget.changes.delete({ ...s, recordNumber: change.recordNumber })).toBe(true);
    const kept = await c.reservations.get({ ...s, id: onNewLine.id });
    expect(kept.budget).toMatchObject({ lineId: onNewLine.chapter.lineId, budgetFinal: 0, reservations: 0 });
  });

  it('the demo: two to four reservations per department in the previous year, within the budget', async () => {
    const supervisor = await as('supervisor');
    for (const code of ['000', '100', '101', '102', '201', '202']) {
      const s = await scope(code, YEAR - 1);
      const { entities } = await supervisor.reservations.list({ ...s, pageSize: 100 });
      expect(entities.length, code).toBeGreaterThanOrEqual(2);
      expect(entities.length, code).toBeLessThanOrEqual(4);
      expect(entities.map((r) => r.recordNumber).sort((a, b) => a - b)).toEqual(entities.map((_, i) => i + 1));
      expect(entities.some((r) => r.closed)).toBe(true);
      expect(entities.some((r) => !r.closed && r.amountUsed > 0 && r.amountUnused > 0)).toBe(true);
      const { entities: lines } = await supervisor.budget.chapters({ ...s, part: 2, withBudgetOnly: true, pageSize: 1000 });
      for (const line of lines) expect(line.availableAfterPlannedExpenses, `${code} ${line.chapter}`).toBeGreaterThanOrEqual(0);
      const reserved = entities.filter((r) => !r.closed).reduce((sum, r) => sum + r.amountUnused, 0);
      expect(lines.reduce((sum, l) => sum + l.reservations, 0)).toBe(reserved);
      expect((await supervisor.reservations.context(s)).nextRecordNumber).toBe(entities.length + 1);
    }
  });

  it('reservations keep the approval; a closed budget is read-only', async () => {
    const c = await as('zwei');
    const s = await scope();
    await expectAppError(c.budget.forecast.approve({ ...s, approval: null }), 'BudgetInUse');
    await withBudgetClosed(get(), s, async () => {
      await expectAppError(c.reservations.save(await reserve({ amountBooked: 100 })), 'BudgetClosed');
      await expectAppError(c.reservations.delete({ ...s, recordNumber: 5 }), 'BudgetClosed');
      expect((await c.reservations.get({ ...s, recordNumber: 5 })).isEditable).toBe(false);
      expect(await c.reservations.context(s)).toMatchObject({ isBudgetClosed: true, isEditable: false });
    });
  });
});
