import { schema } from '@app/db';
import { and, eq } from 'drizzle-orm';
import { expect, it } from 'vitest';
import { CURRENT_YEAR, describeOnDatabases, expectAppError, signInAs } from '../../test-utils.ts';
import { workedExampleBudget } from '../bookings.testkit.ts';
import { yearEndKit } from '../yearEnd.testkit.ts';

const { budgetHeads } = schema;

const Y = CURRENT_YEAR;
/** Y's bookings, its determination and the carry-over Y -> Y+1 */
const IN_Y1 = new Date(`${Y + 1}-01-10T10:00:00Z`);
/** the cashier pays last year's bill through homebanking */
const LATER_IN_Y1 = new Date(`${Y + 1}-01-25T10:00:00Z`);
/** the bank's statement is registered */
const REGISTER_IN_Y1 = new Date(`${Y + 1}-01-30T10:00:00Z`);

/**
 * A bill of Y unpaid at year end and in no payment order is paid in Y+1 through the payments area
 * (DOMAIN decisions 11 and 13; payments/rows.ts ofScope), on PGlite and PostgreSQL. FF Eppan (102)
 * gets the worked-example budget in Y and the year-end bill of yearEnd.testkit.ts (100,01 open, its
 * shares 61,73 on 2-1-006 and 38,28 on 2-1-003). Until the carry-over runs, Y+1 does not list it (it is
 * still Y's business); once carried, Y+1 lists it with its year, orders, exports and registers it,
 * although Y's final account is approved meanwhile: paid on Y+1's residue lines, the cash of B1 moves
 * in Y+1, Y's figures and cash stay as they were.
 */
describeOnDatabases('payments: a bill of Y carried over is paid in Y+1', (get) => {
  const as = signInAs(get, '10.17', IN_Y1);
  const { scope, residueTable, box, approveForecast, determineProposals, yearEndBill } = yearEndKit(get, as, LATER_IN_Y1);
  const ids = { bill: 0, record: 0, open: 0, bank: 0, order: 0 };
  const y1Payables = async () => {
    const c = await as('zwei', LATER_IN_Y1);
    return c.payments.payables({ ...(await scope(Y + 1)), paymentRange: 1, accountId: ids.bank });
  };
  const y1Open = async () => (await as('zwei', LATER_IN_Y1)).payments.open({ ...(await scope(Y + 1)), accountId: ids.bank });
  const toPay = () => [{ paymentId: ids.open, movementId: ids.bill }];
  let yBefore: { table: Record<string, number[]>; cash: unknown } | undefined;

  it('Y: the bill with an open instalment in no order; not carried yet, Y+1 does not list it and cannot order it', async () => {
    const supervisor = await as('supervisor');
    expect((await supervisor.years.create({ year: Y + 1 })).created).toBe(true);
    const c = await as('zwei');
    await workedExampleBudget(c, await scope(Y));
    const { bank, bill, open } = await yearEndBill(c, Y, 'R-CY');
    Object.assign(ids, { bill: bill.id, record: bill.recordNumber, open, bank });
    await approveForecast(Y + 1);

    // Y still lists it (its own year)
    const yOpen = await c.payments.open({ ...(await scope(Y)), accountId: bank });
    expect(yOpen.suppliers.flatMap((g) => g.rows).map((r) => [r.paymentId, r.year, r.recordNumber])).toEqual([[open, Y, bill.recordNumber]]);
    // Y+1 does not: the carry-over has not run
    expect(await y1Payables()).toEqual([]);
    expect(await y1Open()).toMatchObject({ year: Y + 1, count: 0, total: 0, suppliers: [] });
    const c1 = await as('zwei', LATER_IN_Y1);
    const request = { ...(await scope(Y + 1)), paymentRange: 1 as const, accountId: bank, filename: 'jan', toPay: toPay() };
    await expectAppError(c1.payments.export(request), 'InvalidValue');
    await expectAppError(c1.payments.store(request), 'InvalidValue');
  });

  it('carried over into Y+1 and Y closed: Y+1 lists it with its year in the payables and the open payments', async () => {
    await determineProposals(Y, 1, IN_Y1);
    expect(await (await as('zwei')).residues.carryOver(await scope(Y + 1))).toMatchObject({ linesCreated: 2, instalmentsMoved: 1 });
    const y = await scope(Y);
    // Y's final account approved: its carried bill is Y+1's business now
    await get()
      .db.update(budgetHeads)
      .set({ finalApproved: `${Y + 1}-01-15` })
      .where(and(eq(budgetHeads.departmentId, y.departmentId), eq(budgetHeads.year, Y)));
    const c = await as('zwei', LATER_IN_Y1);
    yBefore = { table: await residueTable(Y, 1), cash: await c.accountBalances.get(y) };

    const payables = await y1Payables();
    expect(payables.map((p) => [p.payment.id, p.payment.amount, p.invoice.year, p.invoice.recordNumber, p.invoice.documentNumber, p.doHomeBank])).toEqual([
      [ids.open, 10_001, Y, ids.record, 'R-CY', true],
    ]);
    const open = await y1Open();
    expect([open.year, open.count, open.total]).toEqual([Y + 1, 1, 10_001]);
    expect(open.suppliers[0]?.rows.map((r) => [r.paymentId, r.year, r.recordNumber, r.recordDate, r.orderNumber])).toEqual([
      [ids.open, Y, ids.record, `${Y}-05-05`, null],
    ]);
    // on Y+1's residue lines it is open
    expect(await box(Y + 1, '21006', Y)).toEqual([6_173, 0, 6_173, 6_173]);
  });

  it('Y+1: exported and stored as Y+1’s order 1; then held by it (PaymentInOrder), no longer payable', async () => {
    const c = await as('zwei', LATER_IN_Y1);
    const request = { ...(await scope(Y + 1)), paymentRange: 1 as const, accountId: ids.bank, filename: 'jan', paymentDate: `${Y + 1}-01-27`, toPay: toPay() };
    const exported = await c.payments.export(request);
    expect(exported).toMatchObject({ orderNumber: 1, msgId: `FWH-102-${Y + 1}-000001`, stored: false });
    const xml = exported.electronic.content;
    expect(xml).toContain('<NbOfTxs>1</NbOfTxs>');
    expect(xml).toContain('<CtrlSum>100.01</CtrlSum>');
    expect(xml.match(/<InstdAmt Ccy="EUR">[0-9.]+<\/InstdAmt>/g)).toEqual(['<InstdAmt Ccy="EUR">100.01</InstdAmt>']);
    expect(xml).toContain('R-CY');
    expect(exported.humanReadable).toMatchObject({ year: Y + 1, count: 1, total: 10_001 });

    const stored = await c.payments.store({ ...request, orderNumber: exported.orderNumber });
    ids.order = stored.id;
    expect(stored).toMatchObject({ year: Y + 1, orderNumber: 1, count: 1, total: 10_001, registered: false });
    expect(stored.payments.map((p) => [p.payment.id, p.invoice.year, p.invoice.recordNumber])).toEqual([[ids.open, Y, ids.record]]);
    await expectAppError(c.payments.store({ ...request, filename: 'jan2' }), 'PaymentInOrder');
    expect(await y1Payables()).toEqual([]);
    expect((await y1Open()).suppliers[0]?.rows.map((r) => r.orderNumber)).toEqual([1]);
  });

  it('registered in Y+1: paid on Y+1’s residue lines to the cent, the cash of B1 moves in Y+1, Y unchanged', async () => {
    const c = await as('zwei', REGISTER_IN_Y1);
    const y1 = await scope(Y + 1);
    const cashBefore = await c.accountBalances.get(y1);
    const registered = await c.payments.register({ ...y1, orderId: ids.order, datePaid: `${Y + 1}-01-28`, payments: toPay() });
    expect([registered.executedTotal, registered.notExecutedTotal]).toEqual([10_001, 0]);
    expect(registered.items.map((i) => [i.paymentId, i.movementYear, i.movementRecord, i.executed])).toEqual([[ids.open, Y, ids.record, true]]);

    expect(await residueTable(Y + 1, 2)).toEqual({
      [`${Y}/21003`]: [3_828, 3_828, 0, 0, 0, 0],
      [`${Y}/21006`]: [6_173, 6_173, 0, 0, 0, 0],
    });
    expect(await box(Y + 1, '21006', Y)).toEqual([6_173, 6_173, 0, 0]);
    expect(await box(Y + 1, '21003', Y)).toEqual([3_828, 3_828, 0, 0]);
    // Y as it stood at its 31.12: open there
    expect(await residueTable(Y, 1)).toEqual(yBefore?.table);
    expect(yBefore?.table[`${Y}/21006`]?.slice(1, 4)).toEqual([6_172, 293_828, 6_173]);
    expect(await c.accountBalances.get(await scope(Y))).toEqual(yBefore?.cash);
    const b1 = (balances: typeof cashBefore) => balances.accounts.find((a) => a.accountCode === 'B1');
    const after = b1(await c.accountBalances.get(y1));
    expect(after?.movementsBalance).toBe((b1(cashBefore)?.movementsBalance ?? 0) - 10_001);
    expect(after?.initialBalance).toBe(b1(cashBefore)?.initialBalance);
    // paid: gone from the open payments of both years
    expect((await y1Open()).count).toBe(0);
    expect((await c.payments.open({ ...(await scope(Y)), accountId: ids.bank })).count).toBe(0);
  });
});
