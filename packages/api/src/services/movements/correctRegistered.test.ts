import { schema } from '@app/db';
import type { Movement, MovementSaveInput } from '@app/domain';
import { and, eq } from 'drizzle-orm';
import { expect, it } from 'vitest';
import { CURRENT_YEAR, accountIdOf, departmentId, describeOnDatabases, expectAppError, signInAs } from '../../test-utils.ts';
import { withBudgetClosed } from '../bookings.testkit.ts';

const { departments, movementPayments, paymentOrderItems, suppliers } = schema;

/** The demo's previous year, booked while it was the current one. */
const Y = CURRENT_YEAR - 1;
const JUNE = new Date(`${Y}-06-20T10:00:00Z`);

/**
 * A paid bill on the wrong chapter (issue 24 item 3, DOMAIN decision 22) on PGlite and PostgreSQL, for
 * FF Eppan (102) in Y: a bill of 200,01 (2-1-006 123,45 using a reservation of 100,00, 2-1-003 76,56),
 * one instalment, in an order registered as paid on 20.06. Its positions' chapters and notes can be
 * corrected while the year is open; amounts, instalments, account, dates and supplier stay as the bank
 * paid them (PaymentInOrder). The chapter figures move with the position, the cash and the order stay.
 */
describeOnDatabases('correcting a bill a registered order paid', (get) => {
  const as = signInAs(get, '10.43', JUNE);
  const ids = { dept: 0, bank: 0, cash: 0, supplier: 0, reservation: 0, order: 0 };
  const scope = () => ({ departmentId: ids.dept, year: Y });
  type Caller = Awaited<ReturnType<typeof as>>;
  let bill: Movement;

  /** The bill as saved, as the screen sends it back (chapters by code). */
  const resend = (m: Movement, change: (input: MovementSaveInput) => MovementSaveInput = (x) => x): MovementSaveInput =>
    change({
      ...scope(),
      kind: 'expenses',
      type: 2,
      recordNumber: m.recordNumber,
      recordDate: m.recordDate,
      documentDate: m.documentDate,
      documentNumber: m.documentNumber,
      supplierId: m.supplier?.id ?? null,
      accountId: m.account?.id ?? null,
      positions: m.positions.map((p) => ({ chapter: p.chapter, chapterYear: p.chapterYear, amount: p.amount, note: p.note, reservationId: p.reservationId })),
      payments: m.payments.map((p) => ({ amount: p.amount, dateDue: p.dateDue, datePaid: p.datePaid })),
    });
  type Position = NonNullable<MovementSaveInput['positions']>[number];
  const withPosition = (i: number, patch: Partial<Position>) => (input: MovementSaveInput) => ({
    ...input,
    positions: (input.positions ?? []).map((p, k) => (k === i ? { ...p, ...patch } : p)),
  });
  async function figures(c: Caller, chapter: string) {
    const f = await c.budget.chapter({ ...scope(), chapter, chapterYear: Y });
    return [f.payments, f.openPayments, f.reservations];
  }
  const bankCash = async (c: Caller) => (await c.accountBalances.get(scope())).accounts.find((a) => a.accountCode === 'B1')?.movementsBalance;

  it('a bill of 200,01 in an order registered as paid on 20.06.', async () => {
    const c = await as('zwei');
    ids.dept = await departmentId(get(), '102');
    ids.bank = await accountIdOf(get(), '102', 'B1');
    ids.cash = await accountIdOf(get(), '102', 'K1');
    await get().db.update(departments).set({ cbiCuc: 'C1D2E3F4' }).where(eq(departments.id, ids.dept));
    const [supplier] = await get().db.select({ id: suppliers.id }).from(suppliers).where(eq(suppliers.departmentId, ids.dept)).orderBy(suppliers.code).limit(1);
    ids.supplier = supplier?.id ?? 0;
    const reservation = await c.reservations.save({
      ...scope(),
      recordDate: `${Y}-05-20`,
      chapterYear: Y,
      chapter: '21006',
      amountBooked: 10_000,
      amountUsed: 0,
    });
    ids.reservation = reservation.id;
    bill = await c.movements.save({
      ...scope(),
      kind: 'expenses',
      type: 2,
      recordDate: `${Y}-06-01`,
      documentDate: `${Y}-05-30`,
      documentNumber: 'RE-77',
      supplierId: ids.supplier,
      accountId: ids.bank,
      positions: [
        { chapter: '21006', amount: 12_345, note: 'Schläuche', reservationId: ids.reservation },
        { chapter: '21003', amount: 7_656, note: 'Handschuhe' },
      ],
      payments: [{ amount: 20_001, dateDue: `${Y}-06-10`, datePaid: null }],
    });
    const toPay = bill.payments.map((p) => ({ paymentId: p.id, movementId: bill.id }));
    const stored = await c.payments.store({
      ...scope(),
      paymentRange: 1,
      accountId: ids.bank,
      filename: 'juni',
      groupInvoices: false,
      paymentDate: `${Y}-06-23`,
      toPay,
    });
    ids.order = stored.id;
    const held = { orderNumber: stored.orderNumber, orderYear: Y };
    expect((await c.movements.get({ ...scope(), kind: 'expenses', recordNumber: bill.recordNumber })).bankOrder).toEqual({ ...held, registered: false });
    // stored, not registered: frozen as a whole (DOMAIN decision 6)
    await expectAppError(c.movements.save(resend(bill, withPosition(0, { chapter: '21007', reservationId: null }))), 'PaymentInOrder');
    await expectAppError(c.movements.save(resend(bill, withPosition(1, { note: 'anders' }))), 'PaymentInOrder');
    expect((await c.payments.register({ ...scope(), orderId: ids.order, datePaid: `${Y}-06-20`, payments: toPay })).executedTotal).toBe(20_001);
    bill = await c.movements.get({ ...scope(), kind: 'expenses', recordNumber: bill.recordNumber });
    expect(bill.bankOrder).toEqual({ ...held, registered: true });
    expect(bill.positions.map((p) => [p.chapter, p.amount, p.paid, p.open, p.reservationAmount])).toEqual([
      ['21006', 12_345, 12_345, 0, 10_000],
      ['21003', 7_656, 7_656, 0, 0],
    ]);
  });

  it('amounts, instalments, account, dates and supplier stay as the bank paid them (PaymentInOrder), nothing written', async () => {
    const c = await as('zwei');
    // one change each: the amount, the account, the record date, the document number, an instalment, a position more
    const refused: [string, (input: MovementSaveInput) => MovementSaveInput][] = [
      ['amount', withPosition(0, { amount: 12_346 })],
      ['account', (x) => ({ ...x, accountId: ids.cash })],
      ['record date', (x) => ({ ...x, recordDate: `${Y}-06-02` })],
      ['document number', (x) => ({ ...x, documentNumber: 'RE-78' })],
      ['instalment', (x) => ({ ...x, payments: [{ amount: 20_001, dateDue: `${Y}-06-11`, datePaid: `${Y}-06-20` }] })],
      ['a position more', (x) => ({ ...x, positions: [...(x.positions ?? []), { chapter: '21007', amount: 1 }] })],
    ];
    for (const [, change] of refused) await expectAppError(c.movements.save(resend(bill, change)), 'PaymentInOrder');
    // the new chapter must be a line of the expenses
    await expectAppError(c.movements.save(resend(bill, withPosition(0, { chapter: '11001', reservationId: null }))), 'InvalidValue');
    expect(await c.movements.get({ ...scope(), kind: 'expenses', recordNumber: bill.recordNumber })).toEqual(bill);
  });

  it('moves a position to the right chapter and corrects the notes: the figures follow, the cash and the order stay', async () => {
    const c = await as('zwei');
    const [from, to, other] = [await figures(c, '21006'), await figures(c, '21007'), await figures(c, '21003')];
    const cash = await bankCash(c);
    const reservationBefore = (await c.reservations.get({ ...scope(), id: ids.reservation })).amountUsed;
    // 2-1-007 has 100,00 left: the move asks as any booking would (AvailableExceeded), then goes through confirmed
    const left = (await c.budget.chapter({ ...scope(), chapter: '21007', chapterYear: Y })).availableAfterPlannedExpenses;
    await c.reservations.save({ ...scope(), recordDate: `${Y}-06-15`, chapterYear: Y, chapter: '21007', amountBooked: left - 10_000, amountUsed: 0 });
    const move = resend(bill, (x) =>
      withPosition(1, { note: 'Handschuhe (Korrektur)' })(withPosition(0, { chapter: '2-1-007', note: 'Atemschutz', reservationId: null })(x)),
    );
    await expectAppError(c.movements.save(move), 'AvailableExceeded');
    expect(await c.movements.get({ ...scope(), kind: 'expenses', recordNumber: bill.recordNumber })).toEqual(bill);
    const corrected = await c.movements.save({ ...move, confirmAvailableExceeded: true });
    expect(corrected.positions.map((p) => [p.id, p.chapter, p.note, p.amount, p.paid, p.open, p.reservationId, p.reservationAmount])).toEqual([
      [bill.positions[0]?.id, '21007', 'Atemschutz', 12_345, 12_345, 0, null, 0],
      [bill.positions[1]?.id, '21003', 'Handschuhe (Korrektur)', 7_656, 7_656, 0, null, 0],
    ]);
    expect(corrected.payments).toEqual(bill.payments);
    expect([corrected.recordNumber, corrected.recordDate, corrected.documentNumber, corrected.account?.id]).toEqual([
      bill.recordNumber,
      bill.recordDate,
      'RE-77',
      ids.bank,
    ]);
    expect(await c.movements.get({ ...scope(), kind: 'expenses', recordNumber: bill.recordNumber })).toEqual(corrected);
    // 123,45 paid moves from 2-1-006 to 2-1-007; the reservation on 2-1-006 gets its 100,00 back
    expect(await figures(c, '21006')).toEqual([(from[0] ?? 0) - 12_345, from[1], (from[2] ?? 0) + 10_000]);
    expect(await figures(c, '21007')).toEqual([(to[0] ?? 0) + 12_345, to[1], (to[2] ?? 0) + left - 10_000]);
    expect(await figures(c, '21003')).toEqual(other);
    expect((await c.reservations.get({ ...scope(), id: ids.reservation })).amountUsed).toBe(reservationBefore - 10_000);
    // the cash left the bank once, on 20.06.; the order still holds the instalment
    expect(await bankCash(c)).toBe(cash);
    const items = await get().db.select().from(paymentOrderItems).where(eq(paymentOrderItems.orderId, ids.order));
    expect(items.map((i) => [i.paymentId, i.movementId])).toEqual([[bill.payments[0]?.id, bill.id]]);
    bill = corrected;
  });

  it('a share paid only after 31.12. keeps its chapter (PaymentInOrder), notes still change; a closed year refuses (BudgetClosed)', async () => {
    const c = await as('zwei');
    const paymentId = bill.payments[0]?.id ?? 0;
    await get()
      .db.update(movementPayments)
      .set({ datePaid: `${Y + 1}-01-10` })
      .where(eq(movementPayments.id, paymentId));
    const next = { ...bill, payments: bill.payments.map((p) => ({ ...p, datePaid: `${Y + 1}-01-10` })) };
    await expectAppError(c.movements.save(resend(next, withPosition(1, { chapter: '21001' }))), 'PaymentInOrder');
    expect((await c.movements.save(resend(next, withPosition(1, { note: 'Januar' })))).positions[1]).toMatchObject({ chapter: '21003', note: 'Januar' });
    await get()
      .db.update(movementPayments)
      .set({ datePaid: `${Y}-06-20` })
      .where(eq(movementPayments.id, paymentId));
    await withBudgetClosed(get(), scope(), async () => {
      await expectAppError(c.movements.save(resend(bill, withPosition(1, { note: 'zu spät' }))), 'BudgetClosed');
    });
    const [row] = await get()
      .db.select({ n: movementPayments.id })
      .from(movementPayments)
      .where(and(eq(movementPayments.movementId, bill.id), eq(movementPayments.id, paymentId)));
    expect(row?.n).toBe(paymentId);
  });
});
