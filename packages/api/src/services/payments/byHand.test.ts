import { schema } from '@app/db';
import { and, eq } from 'drizzle-orm';
import { expect, it } from 'vitest';
import { accountIdOf, CURRENT_YEAR, describeOnDatabases, expectAppError, signInAs } from '../../test-utils.ts';
import { workedExampleBudget } from '../bookings.testkit.ts';
import { yearEndKit } from '../yearEnd.testkit.ts';

const { budgetHeads } = schema;

const Y = CURRENT_YEAR;
/** Y's bookings, its determination and the carry-over Y -> Y+1 */
const IN_Y1 = new Date(`${Y + 1}-01-10T10:00:00Z`);
/** the cashier records last year's bill paid in cash, later a bank statement */
const LATER_IN_Y1 = new Date(`${Y + 1}-01-25T10:00:00Z`);
const END_OF_Y1 = new Date(`${Y + 1}-02-10T10:00:00Z`);

/**
 * Paying an open instalment by hand and bank returns (DOMAIN decisions 21, 22; issue 24 items 1, 2), on
 * PGlite and PostgreSQL. FF Eppan (102) with the worked-example budget in Y and two year-end bills of
 * yearEnd.testkit.ts (each 100,01 open on B1: shares 61,73 on 2-1-006 and 38,28 on 2-1-003): one paid by
 * hand in Y, the other carried into Y+1 and paid there in cash (K1) in January — open payments, payables,
 * the chapter figures of the residue lines, the cash of K1 and B1, the cash journal and the final report
 * follow; undone; refused in an order, on a closed year and with wrong dates; then paid by an order, the
 * bank returns it, it is open again and is paid again by a new order.
 */
describeOnDatabases('payments: an open instalment paid by hand; a bank return', (get) => {
  const as = signInAs(get, '10.19', IN_Y1);
  const { scope, residueTable, box, approveForecast, determineProposals, yearEndBill } = yearEndKit(get, as, LATER_IN_Y1);
  const ids = { bill: 0, record: 0, open: 0, bank: 0, cash: 0, order: 0, handBill: 0, handRecord: 0, handOpen: 0 };
  const ref = () => ({ movementId: ids.bill, paymentId: ids.open });
  const y1Open = async () => (await as('zwei', LATER_IN_Y1)).payments.open(await scope(Y + 1));
  const balance = async (year: number, code: string, now = LATER_IN_Y1) =>
    (await (await as('zwei', now)).accountBalances.get(await scope(year))).accounts.find((a) => a.accountCode === code);
  const journal = async (year: number, accountId: number, now = LATER_IN_Y1) =>
    (await (await as('zwei', now)).digests.cashJournal({ ...(await scope(year)), accountId })).movements.map((r) => [r.recordDate, r.kind, r.amount, r.isPaid]);
  let yBefore: Record<string, number[]> | undefined;

  it('Y: a bill paid by hand on the cash account; dates refused; a re-save keeps account and note; undone; paid again', async () => {
    const supervisor = await as('supervisor');
    expect((await supervisor.years.create({ year: Y + 1 })).created).toBe(true);
    const c = await as('zwei');
    const y = await scope(Y);
    await workedExampleBudget(c, y);
    const carried = await yearEndBill(c, Y, 'R-CY');
    Object.assign(ids, { bill: carried.bill.id, record: carried.bill.recordNumber, open: carried.open, bank: carried.bank });
    ids.cash = await accountIdOf(get(), '102', 'K1');
    const hand = await yearEndBill(c, Y, 'R-HAND');
    Object.assign(ids, { handBill: hand.bill.id, handRecord: hand.bill.recordNumber, handOpen: hand.open });
    await approveForecast(Y + 1);
    let handRef = { movementId: ids.handBill, paymentId: ids.handOpen };
    const k1Before = await balance(Y, 'K1', IN_Y1);

    // dates: not before the document date (01.05.), in the year, not after today; another movement's instalment
    await expectAppError(c.payments.settle({ ...y, ...handRef, datePaid: `${Y}-04-30` }), 'InvalidDate');
    await expectAppError(c.payments.settle({ ...y, ...handRef, datePaid: `${Y + 1}-01-02` }), 'DateAfter31.12');
    await expectAppError(c.payments.settle({ ...y, movementId: ids.bill, paymentId: ids.handOpen, datePaid: `${Y}-07-01` }), 'InvalidValue');
    await expectAppError(c.payments.settle({ ...y, ...handRef, datePaid: `${Y}-07-01`, accountId: await accountIdOf(get(), '101', 'K1') }), 'InvalidValue');
    await expectAppError(c.payments.reopen({ ...y, ...handRef }), 'InvalidValue');

    const paid = await c.payments.settle({ ...y, ...handRef, datePaid: `${Y}-07-01`, accountId: ids.cash, note: 'bar bezahlt' });
    expect(paid).toEqual({
      ...handRef,
      year: Y,
      recordNumber: ids.handRecord,
      amount: 10_001,
      datePaid: `${Y}-07-01`,
      accountId: ids.cash,
      accountCode: 'K1',
      note: 'bar bezahlt',
    });
    await expectAppError(c.payments.settle({ ...y, ...handRef, datePaid: `${Y}-07-02` }), 'InvalidValue');
    expect((await balance(Y, 'K1', IN_Y1))?.movementsBalance).toBe((k1Before?.movementsBalance ?? 0) - 10_001);
    expect((await journal(Y, ids.cash, IN_Y1)).filter((r) => r[0] === `${Y}-07-01`)).toEqual([[`${Y}-07-01`, 'paymentOpen', -10_001, true]]);

    // the bill saved again as it is: the payment by hand keeps its account and note (the cash stays on K1)
    const saved = await c.movements.get({ ...y, kind: 'expenses', recordNumber: ids.handRecord });
    expect(saved.payments.map((p) => [p.datePaid, p.accountId, p.note, p.orderNumber])).toEqual([
      [`${Y}-06-01`, null, '', null],
      [`${Y}-07-01`, ids.cash, 'bar bezahlt', null],
    ]);
    const again = await c.movements.save({
      ...y,
      kind: 'expenses',
      type: 2,
      recordNumber: ids.handRecord,
      recordDate: saved.recordDate,
      documentDate: saved.documentDate,
      documentNumber: saved.documentNumber,
      accountId: ids.bank,
      supplierId: saved.supplier?.id ?? 0,
      positions: saved.positions.map((p) => ({ chapter: p.chapter, amount: p.amount, note: 'korrigiert' })),
      payments: saved.payments.map(({ amount, dateDue, datePaid }) => ({ amount, dateDue, datePaid })),
    });
    expect(again.payments.map((p) => [p.datePaid, p.accountId, p.note])).toEqual([
      [`${Y}-06-01`, null, ''],
      [`${Y}-07-01`, ids.cash, 'bar bezahlt'],
    ]);
    expect(again).toEqual(await c.movements.get({ ...y, kind: 'expenses', recordNumber: ids.handRecord }));
    expect((await balance(Y, 'K1', IN_Y1))?.movementsBalance).toBe((k1Before?.movementsBalance ?? 0) - 10_001);
    // a save writes its instalments anew
    handRef = { movementId: ids.handBill, paymentId: again.payments[1]?.id ?? 0 };

    // wieder offen: open, the cash back on K1; then paid again on the movement's account (B1, the default)
    const reopened = await c.payments.reopen({ ...y, ...handRef });
    expect([reopened.datePaid, reopened.accountId, reopened.note]).toEqual([null, null, '']);
    expect((await balance(Y, 'K1', IN_Y1))?.movementsBalance).toBe(k1Before?.movementsBalance);
    expect((await c.payments.open({ ...y, accountId: ids.bank })).count).toBe(2);
    expect((await c.payments.settle({ ...y, ...handRef, datePaid: `${Y}-07-03` })).accountCode).toBe('B1');
    expect((await c.payments.open({ ...y, accountId: ids.bank })).suppliers.flatMap((g) => g.rows.map((r) => [r.paymentId, r.accountId]))).toEqual([
      [ids.open, ids.bank],
    ]);
  });

  it('carried into Y+1, Y closed: paid by hand in cash in January of Y+1 — paid on the residue lines, K1 moves in Y+1, Y unchanged', async () => {
    await determineProposals(Y, 1, IN_Y1);
    expect(await (await as('zwei')).residues.carryOver(await scope(Y + 1))).toMatchObject({ instalmentsMoved: 1 });
    const y = await scope(Y);
    await get()
      .db.update(budgetHeads)
      .set({ finalApproved: `${Y + 1}-01-15` })
      .where(and(eq(budgetHeads.departmentId, y.departmentId), eq(budgetHeads.year, Y)));
    yBefore = await residueTable(Y, 1);
    const c = await as('zwei', LATER_IN_Y1);
    const y1 = await scope(Y + 1);
    // the closed year refuses it: Y+1 pays it
    await expectAppError(c.payments.settle({ ...y, ...ref(), datePaid: `${Y}-12-30` }), 'BudgetClosed');
    const before = { k1: await balance(Y + 1, 'K1'), b1: await balance(Y + 1, 'B1'), report: await c.finalBalance.report({ ...y1 }) };
    expect((await y1Open()).count).toBe(1);
    expect(await box(Y + 1, '21006', Y)).toEqual([6_173, 0, 6_173, 6_173]);

    const paid = await c.payments.settle({ ...y1, ...ref(), datePaid: `${Y + 1}-01-12`, accountId: ids.cash, note: 'Barzahlung' });
    expect([paid.year, paid.recordNumber, paid.datePaid, paid.accountCode, paid.note]).toEqual([Y, ids.record, `${Y + 1}-01-12`, 'K1', 'Barzahlung']);
    expect(await y1Open()).toMatchObject({ count: 0, total: 0 });
    // the list of what Y+1 paid by hand (to open one again)
    const byHand = await c.payments.open({ ...y1, paidByHand: true });
    expect(byHand.suppliers.flatMap((g) => g.rows.map((r) => [r.paymentId, r.year, r.datePaid, r.accountId, r.accountCode, r.note]))).toEqual([
      [ids.open, Y, `${Y + 1}-01-12`, ids.cash, 'K1', 'Barzahlung'],
    ]);
    expect(byHand.total).toBe(10_001);
    expect(await c.payments.payables({ ...y1, paymentRange: 1, accountId: ids.bank })).toEqual([]);
    // paid on Y+1's residue lines to the cent
    expect(await box(Y + 1, '21006', Y)).toEqual([6_173, 6_173, 0, 0]);
    expect(await box(Y + 1, '21003', Y)).toEqual([3_828, 3_828, 0, 0]);
    expect(await residueTable(Y + 1, 2)).toEqual({ [`${Y}/21003`]: [3_828, 3_828, 0, 0, 0, 0], [`${Y}/21006`]: [6_173, 6_173, 0, 0, 0, 0] });
    // the cash left K1 in Y+1, not B1; Y as it stood
    expect((await balance(Y + 1, 'K1'))?.movementsBalance).toBe((before.k1?.movementsBalance ?? 0) - 10_001);
    expect((await balance(Y + 1, 'B1'))?.movementsBalance).toBe(before.b1?.movementsBalance);
    expect(await journal(Y + 1, ids.cash)).toEqual([[`${Y + 1}-01-12`, 'paymentOpen', -10_001, true]]);
    expect(await residueTable(Y, 1)).toEqual(yBefore);
    const report = await c.finalBalance.report({ ...y1 });
    expect(report.results.finalCashBalance).toBe(before.report.results.finalCashBalance - 10_001);
    expect(report.results.finalSurplus).toBe(report.results.finalCashBalance + report.results.finalActiveResidues - report.results.finalPassiveResidues);
  });

  it('Y+1: undone (wieder offen) — open again on the residue lines, K1 as before; an instalment in an order is refused (PaymentInOrder)', async () => {
    const c = await as('zwei', LATER_IN_Y1);
    const y1 = await scope(Y + 1);
    const k1 = await balance(Y + 1, 'K1');
    await c.payments.reopen({ ...y1, ...ref() });
    expect((await y1Open()).count).toBe(1);
    expect(await box(Y + 1, '21006', Y)).toEqual([6_173, 0, 6_173, 6_173]);
    expect((await balance(Y + 1, 'K1'))?.movementsBalance).toBe((k1?.movementsBalance ?? 0) + 10_001);
    expect(await journal(Y + 1, ids.cash)).toEqual([]);

    const request = { ...y1, paymentRange: 1 as const, accountId: ids.bank, filename: 'jan', paymentDate: `${Y + 1}-01-27`, toPay: [ref()] };
    const stored = await c.payments.store(request);
    ids.order = stored.id;
    await expectAppError(c.payments.settle({ ...y1, ...ref(), datePaid: `${Y + 1}-01-20` }), 'PaymentInOrder');
    await expectAppError(c.payments.returned({ ...y1, orderId: ids.order, paymentId: ids.open, returnedOn: `${Y + 1}-01-20` }), 'InvalidValue');
  });

  it('registered, then returned by the bank: open again and payable, the cash back on B1 on the return date, the protocol shows it', async () => {
    const c = await as('zwei', END_OF_Y1);
    const y1 = await scope(Y + 1);
    const b1 = await balance(Y + 1, 'B1', END_OF_Y1);
    await c.payments.register({ ...y1, orderId: ids.order, datePaid: `${Y + 1}-01-28`, payments: [ref()] });
    expect((await balance(Y + 1, 'B1', END_OF_Y1))?.movementsBalance).toBe((b1?.movementsBalance ?? 0) - 10_001);
    // the orders Y+1 paid (the register screen's returns), not those of Y
    expect((await c.payments.orders({ ...y1, paidInYear: true })).map((o) => [o.id, o.registered, o.datePaid])).toEqual([[ids.order, true, `${Y + 1}-01-28`]]);
    expect(await c.payments.orders({ ...(await scope(Y)), paidInYear: true })).toEqual([]);
    // paid by its order: not in the list of payments by hand
    expect((await c.payments.open({ ...y1, paidByHand: true })).count).toBe(0);
    await expectAppError(c.payments.reopen({ ...y1, ...ref() }), 'PaymentInOrder');
    // the return: not before the date paid, not after today
    await expectAppError(c.payments.returned({ ...y1, orderId: ids.order, paymentId: ids.open, returnedOn: `${Y + 1}-01-27` }), 'InvalidDate');
    await expectAppError(c.payments.returned({ ...y1, orderId: ids.order, paymentId: ids.open, returnedOn: `${Y + 1}-02-11` }), 'InvalidDate');
    await expectAppError(c.payments.returned({ ...y1, orderId: ids.order, paymentId: ids.handOpen, returnedOn: `${Y + 1}-02-03` }), 'InvalidValue');

    const protocol = await c.payments.returned({ ...y1, orderId: ids.order, paymentId: ids.open, returnedOn: `${Y + 1}-02-03` });
    expect(protocol.items.map((i) => [i.paymentId, i.movementYear, i.executed, i.returnedOn])).toEqual([[ids.open, Y, true, `${Y + 1}-02-03`]]);
    expect([protocol.datePaid, protocol.executedTotal, protocol.notExecutedTotal, protocol.returnedTotal]).toEqual([`${Y + 1}-01-28`, 10_001, 0, 10_001]);
    expect(await c.payments.protocol({ ...y1, orderId: ids.order })).toEqual(protocol);
    await expectAppError(c.payments.returned({ ...y1, orderId: ids.order, paymentId: ids.open, returnedOn: `${Y + 1}-02-04` }), 'InvalidValue');

    // open again: listed, payable, on the residue line open; the cash out on 28.01. and back on 03.02.
    expect((await y1Open()).suppliers.flatMap((g) => g.rows.map((r) => [r.paymentId, r.orderNumber]))).toEqual([[ids.open, null]]);
    expect(await box(Y + 1, '21006', Y)).toEqual([6_173, 0, 6_173, 6_173]);
    expect((await balance(Y + 1, 'B1', END_OF_Y1))?.movementsBalance).toBe(b1?.movementsBalance);
    expect((await journal(Y + 1, ids.bank, END_OF_Y1)).filter((r) => r[0] === `${Y + 1}-01-28` || r[0] === `${Y + 1}-02-03`)).toEqual([
      [`${Y + 1}-01-28`, 'paymentOpen', -10_001, true],
      [`${Y + 1}-02-03`, 'paymentReturn', 10_001, false],
    ]);
    // the return is its own kind (the money back on B1, the receipt side) with its order and the bill's record of Y
    const back = (await c.digests.cashJournal({ ...y1, accountId: ids.bank })).movements.find((r) => r.kind === 'paymentReturn');
    expect(back && [back.recordNumber, back.recordYear, back.orderNumber, back.orderYear, back.paymentId, back.movementId]).toEqual([
      ids.record,
      Y,
      1,
      Y + 1,
      ids.open,
      ids.bill,
    ]);
    const movement = await c.movements.get({ ...(await scope(Y)), kind: 'expenses', recordNumber: ids.record });
    expect(movement.payments.find((p) => p.id === ids.open)).toMatchObject({ datePaid: null, orderNumber: null });

    // payable again: a new order holds it
    const payables = await c.payments.payables({ ...y1, paymentRange: 1, accountId: ids.bank });
    expect(payables.map((p) => [p.payment.id, p.doHomeBank])).toEqual([[ids.open, true]]);
    const second = await c.payments.store({ ...y1, paymentRange: 1, accountId: ids.bank, filename: 'feb', paymentDate: `${Y + 1}-02-11`, toPay: [ref()] });
    expect([second.orderNumber, second.count, second.total]).toEqual([2, 1, 10_001]);
    expect((await c.payments.protocol({ ...y1, orderId: ids.order })).items.map((i) => i.returnedOn)).toEqual([`${Y + 1}-02-03`]);
  });
});
