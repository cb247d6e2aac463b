import { schema } from '@app/db';
import { and, eq } from 'drizzle-orm';
import { expect, it } from 'vitest';
import { CURRENT_YEAR, describeOnDatabases, expectAppError, signInAs } from '../../test-utils.ts';
import { workedExampleBudget } from '../bookings.testkit.ts';
import { yearEndKit } from '../yearEnd.testkit.ts';

const { budgetHeads, movementPayments, paymentOrderItems } = schema;

const Y = CURRENT_YEAR;
/** the December order of Y is stored and the bank's statement registered */
const DECEMBER = new Date(`${Y}-12-20T10:00:00Z`);
/** Y's determination and the carry-over Y -> Y+1 */
const IN_Y1 = new Date(`${Y + 1}-01-10T10:00:00Z`);
/** the return and the payment again */
const LATER_IN_Y1 = new Date(`${Y + 1}-01-25T10:00:00Z`);

/**
 * A December transfer the bank returns in January (DOMAIN decision 22, issue 24 item 2), on PGlite and
 * PostgreSQL. FF Eppan (102), the worked-example budget in Y and two year-end bills of yearEnd.testkit.ts
 * (each 100,01 open on B1: shares 61,73 on 2-1-006 and 38,28 on 2-1-003): R-DEC paid by Y's homebanking
 * order on 20.12.Y, R-OPEN open at year end (so Y+1 has the two residue lines). The bank returns R-DEC's
 * transfer on 08.01.Y+1: refused before the carry-over (ResiduesNotCarried, nothing written) and in Y's
 * scope (DateAfter31.12); after it, with Y's final account approved, Y's figures, cash, journal, final
 * report and ETS stay as they were, and in Y+1 the cash comes back on B1, the instalment is open on the
 * residue lines with the return as a payment of minus its shares; paid again by hand, every figure of
 * Y+1 is what it was before the return, to the cent.
 */
describeOnDatabases('payments: a December transfer returned in January', (get) => {
  const as = signInAs(get, '10.23', IN_Y1);
  const { scope, residueTable, box, approveForecast, determineProposals, yearEndBill } = yearEndKit(get, as, LATER_IN_Y1);
  const ids = { dec: 0, decRecord: 0, decOpen: 0, open: 0, bank: 0, order: 0, one: 0, onePay: 0 };
  const ref = () => ({ movementId: ids.dec, paymentId: ids.decOpen });
  const oneRef = () => ({ movementId: ids.one, paymentId: ids.onePay });
  const balance = async (year: number) =>
    (await (await as('zwei', LATER_IN_Y1)).accountBalances.get(await scope(year))).accounts.find((a) => a.accountCode === 'B1');
  const journal = async (year: number) =>
    (await (await as('zwei', LATER_IN_Y1)).digests.cashJournal({ ...(await scope(year)), accountId: ids.bank })).movements.map((r) => [
      r.recordDate,
      r.kind,
      r.amount,
      r.paymentId,
    ]);
  const reports = async (year: number) => {
    const c = await as('zwei', LATER_IN_Y1);
    const s = await scope(year);
    return { report: (await c.finalBalance.report(s)).results, ets: await c.finalBalance.etsReport(s) };
  };
  const y1Open = async () => (await as('zwei', LATER_IN_Y1)).payments.open(await scope(Y + 1));
  const returnInY1 = async (paymentId = ids.decOpen) =>
    (await as('zwei', LATER_IN_Y1)).payments.returned({ ...(await scope(Y + 1)), orderId: ids.order, paymentId, returnedOn: `${Y + 1}-01-08` });
  let yBefore: { table: Record<string, number[]>; cash: unknown; journal: unknown; reports: unknown } | undefined;
  let y1Before: { b1: number; reports: Awaited<ReturnType<typeof reports>>; table: Record<string, number[]> } | undefined;

  it('Y: R-DEC paid by the December order; in January its return is refused before the carry-over, nothing written', async () => {
    const supervisor = await as('supervisor');
    expect((await supervisor.years.create({ year: Y + 1 })).created).toBe(true);
    const c = await as('zwei', DECEMBER);
    const y = await scope(Y);
    await workedExampleBudget(c, y);
    const dec = await yearEndBill(c, Y, 'R-DEC');
    Object.assign(ids, { dec: dec.bill.id, decRecord: dec.bill.recordNumber, decOpen: dec.open, bank: dec.bank });
    ids.open = (await yearEndBill(c, Y, 'R-OPEN')).open;
    // R-ONE: the only bill of 2-1-001, 50,00 in one instalment, paid by the same order: nothing left on 2-1-001 at year end
    const one = await c.movements.save({
      ...y,
      kind: 'expenses',
      type: 2,
      recordDate: `${Y}-11-05`,
      documentDate: `${Y}-11-01`,
      documentNumber: 'R-ONE',
      accountId: ids.bank,
      supplierId: dec.bill.supplier?.id ?? 0,
      positions: [{ chapter: '21001', amount: 5_000 }],
      payments: [{ amount: 5_000, dateDue: `${Y}-12-31`, datePaid: null }],
    });
    Object.assign(ids, { one: one.id, onePay: one.payments[0]?.id ?? 0 });
    await approveForecast(Y + 1);
    const request = { ...y, paymentRange: 1 as const, accountId: ids.bank, filename: 'dez', paymentDate: `${Y}-12-20`, toPay: [ref(), oneRef()] };
    ids.order = (await c.payments.store(request)).id;
    await c.payments.register({ ...y, orderId: ids.order, datePaid: `${Y}-12-20`, payments: [ref(), oneRef()] });

    const c1 = await as('zwei', LATER_IN_Y1);
    // in Y's scope the January date is not Y's
    await expectAppError(c1.payments.returned({ ...y, orderId: ids.order, paymentId: ids.decOpen, returnedOn: `${Y + 1}-01-08` }), 'DateAfter31.12');
    // Y+1 before the carry-over: refused, nothing written
    await expectAppError(returnInY1(), 'ResiduesNotCarried', { field: 'returnedOn', params: { year: Y + 1, previousYear: Y } });
    const [item] = await get().db.select().from(paymentOrderItems).where(eq(paymentOrderItems.paymentId, ids.decOpen));
    expect(item?.returnedOn).toBeNull();
    const [pay] = await get().db.select().from(movementPayments).where(eq(movementPayments.id, ids.decOpen));
    expect(pay?.datePaid).toBe(`${Y}-12-20`);
  });

  it('carried over, Y approved; returned on 08.01.Y+1: Y as it was (figures, cash, journal, report, ETS), Y+1 gets the cash back', async () => {
    await determineProposals(Y, 1, IN_Y1);
    const c = await as('zwei', LATER_IN_Y1);
    const y1 = await scope(Y + 1);
    expect(await c.residues.carryOver(y1)).toMatchObject({ linesCreated: 2, instalmentsMoved: 1 });
    const y = await scope(Y);
    await get()
      .db.update(budgetHeads)
      .set({ finalApproved: `${Y + 1}-01-15` })
      .where(and(eq(budgetHeads.departmentId, y.departmentId), eq(budgetHeads.year, Y)));
    yBefore = { table: await residueTable(Y, 1), cash: await c.accountBalances.get(y), journal: await journal(Y), reports: await reports(Y) };
    // both first instalments and R-DEC's December transfer paid in Y, R-OPEN's open: the residue lines carry R-OPEN's shares
    expect(yBefore.table[`${Y}/21006`]?.slice(1, 4)).toEqual([6_172 + 6_172 + 6_173, 300_000 - 18_517, 6_173]);
    expect(await box(Y + 1, '21006', Y)).toEqual([6_173, 0, 6_173, 6_173]);
    // 2-1-001 carried nothing: no residue line in Y+1
    expect(yBefore.table[`${Y}/21001`]).toEqual([100_000, 5_000, 95_000, 0, 0, 0]);
    y1Before = { b1: (await balance(Y + 1))?.movementsBalance ?? 0, reports: await reports(Y + 1), table: await residueTable(Y + 1, 2) };

    expect(Object.keys(y1Before.table).sort()).toEqual([`${Y}/21003`, `${Y}/21006`]);
    // Y+1's returns screen lists the December order of Y (the orders Y+1 or Y paid), Y's only its own
    expect((await c.payments.orders({ ...y1, paidInYear: true })).map((o) => [o.id, o.year, o.datePaid])).toEqual([[ids.order, Y, `${Y}-12-20`]]);
    expect((await c.payments.orders({ ...y, paidInYear: true })).map((o) => o.id)).toEqual([ids.order]);
    const protocol = await returnInY1();
    expect(protocol.items.map((i) => [i.paymentId, i.executed, i.returnedOn])).toEqual([
      [ids.decOpen, true, `${Y + 1}-01-08`],
      [ids.onePay, true, null],
    ]);
    expect([protocol.order.year, protocol.order.orderNumber, protocol.datePaid, protocol.returnedTotal]).toEqual([Y, 1, `${Y}-12-20`, 10_001]);
    // R-ONE's return: its residue line is created with budget 0 in the same transaction
    expect((await returnInY1(ids.onePay)).returnedTotal).toBe(15_001);

    // Y: exactly as before (its final account approved)
    expect(await residueTable(Y, 1)).toEqual(yBefore.table);
    expect(await c.accountBalances.get(y)).toEqual(yBefore.cash);
    expect(await journal(Y)).toEqual(yBefore.journal);
    expect(await reports(Y)).toEqual(yBefore.reports);
    // open again now: Y's list of its unpaid bills shows it too (as a carried bill's instalment), Y's figures do not
    expect((await c.payments.open({ ...y, accountId: ids.bank })).count).toBe(3);

    // Y+1: the cash back on B1 on 08.01., the instalment open on the residue lines, the return a payment of minus its shares
    expect(await journal(Y + 1)).toEqual([
      [`${Y + 1}-01-08`, 'paymentReturn', 10_001, ids.decOpen],
      [`${Y + 1}-01-08`, 'paymentReturn', 5_000, ids.onePay],
    ]);
    expect((await balance(Y + 1))?.movementsBalance).toBe(y1Before.b1 + 15_001);
    expect(await box(Y + 1, '21006', Y)).toEqual([6_173, -6_173, 12_346, 12_346]);
    expect(await box(Y + 1, '21003', Y)).toEqual([3_828, -3_828, 7_656, 7_656]);
    expect(await box(Y + 1, '21001', Y)).toEqual([0, -5_000, 5_000, 5_000]);
    expect((await y1Open()).suppliers.flatMap((g) => g.rows.map((r) => [r.paymentId, r.year, r.orderNumber]))).toEqual([
      [ids.decOpen, Y, null],
      [ids.open, Y, null],
      [ids.onePay, Y, null],
    ]);
    // the chapter register: the return row on the residue line with its date, the line's rows sum to its figures
    const register = await c.digests.chapter({ ...y1, chapter: '21006', chapterYear: Y });
    const rows = register.movements.map((r) => [r.recordDate, r.kind, r.figure, r.amount, r.isPaid, r.recordNumber, r.recordYear, r.finalBalance]);
    expect(rows).toEqual([
      [`${Y}-05-05`, 'paymentOpen', 'openPayments', 6_173, false, ids.decRecord, Y, 0],
      [`${Y}-05-05`, 'paymentOpen', 'openPayments', 6_173, false, ids.decRecord + 1, Y, -6_173],
      [`${Y + 1}-01-08`, 'paymentReturn', 'payments', -6_173, null, ids.decRecord, Y, 0],
    ]);
    expect(register.totals).toEqual({ budgetChanges: 0, payments: -6_173, openPayments: 12_346, reservations: 0 });
    // Y+1's final report: the identities to the cent; the cash 100,01 more, paid 100,01 less
    const after = await reports(Y + 1);
    const r = after.report;
    expect(r.finalCashBalance).toBe(y1Before.reports.report.finalCashBalance + 15_001);
    const accounts = await c.accountBalances.get(y1);
    expect(r.finalCashBalance).toBe(accounts.accounts.reduce((sum, a) => sum + a.finalBalance, 0));
    // the expense residue lines paid 100,01 less, so the final passive residues stay: the surplus grows by the cash
    expect(r.finalPassiveResidues).toBe(y1Before.reports.report.finalPassiveResidues);
    expect(r.finalSurplus).toBe(y1Before.reports.report.finalSurplus + 15_001);
    expect(r.finalSurplus).toBe(r.finalCashBalance + r.finalActiveResidues - r.finalPassiveResidues);
    // ETS of Y+1: paid 150,01 less on category A1, the bank deposits 150,01 more, Y's column as it was
    expect(after.ets.bankDeposits.currYear).toBe(y1Before.reports.ets.bankDeposits.currYear + 15_001);
    expect(after.ets.managementTotalLoss.currYear).toBe(y1Before.reports.ets.managementTotalLoss.currYear - 15_001);
    expect(after.ets.totalBalance.currYear).toBe(y1Before.reports.ets.totalBalance.currYear + 15_001);
    expect(after.ets.managementTotalLoss.prevYear).toBe(y1Before.reports.ets.managementTotalLoss.prevYear);
    expect(r.finalSurplus).toBe(r.finalCashBalance + r.finalActiveResidues - r.finalPassiveResidues);
  });

  it('Y+1: paid again by hand — every figure of Y+1 as before the return, to the cent; a carry-over run again keeps the lines', async () => {
    const c = await as('zwei', LATER_IN_Y1);
    const y1 = await scope(Y + 1);
    // a second return of the same transfer: refused
    await expectAppError(returnInY1(), 'InvalidValue');
    const paid = await c.payments.settle({ ...y1, ...ref(), datePaid: `${Y + 1}-01-20`, accountId: ids.bank });
    expect([paid.year, paid.datePaid, paid.accountCode]).toEqual([Y, `${Y + 1}-01-20`, 'B1']);
    await c.payments.settle({ ...y1, ...oneRef(), datePaid: `${Y + 1}-01-20`, accountId: ids.bank });
    expect(await box(Y + 1, '21001', Y)).toEqual([0, 0, 0, 0]);
    expect(await box(Y + 1, '21006', Y)).toEqual([6_173, 0, 6_173, 6_173]);
    expect(await box(Y + 1, '21003', Y)).toEqual([3_828, 0, 3_828, 3_828]);
    expect(await journal(Y + 1)).toEqual([
      [`${Y + 1}-01-08`, 'paymentReturn', 10_001, ids.decOpen],
      [`${Y + 1}-01-08`, 'paymentReturn', 5_000, ids.onePay],
      [`${Y + 1}-01-20`, 'paymentOpen', -10_001, ids.decOpen],
      [`${Y + 1}-01-20`, 'paymentOpen', -5_000, ids.onePay],
    ]);
    expect((await balance(Y + 1))?.movementsBalance).toBe(y1Before?.b1);
    const again = await reports(Y + 1);
    expect(again).toEqual(y1Before?.reports);
    expect(await residueTable(Y + 1, 2)).toEqual({ ...y1Before?.table, [`${Y}/21001`]: [0, 0, 0, 0, 0, 0] });
    expect((await y1Open()).suppliers.flatMap((g) => g.rows.map((r) => r.paymentId))).toEqual([ids.open]);
    // the carry-over again: nothing differs, the line 2-1-001 with the returned instalment stays
    expect((await c.residues.carryOverPossible(y1)).outOfDate).toBe(false);
    await c.residues.carryOver(y1);
    expect(await box(Y + 1, '21001', Y)).toEqual([0, 0, 0, 0]);
    expect(await residueTable(Y, 1)).toEqual(yBefore?.table);
    expect(await reports(Y)).toEqual(yBefore?.reports);
    expect(await journal(Y)).toEqual(yBefore?.journal);
  });

  it('Y+2: a return of the December order of Y is refused (InvalidDate): only the year after the payment books it', async () => {
    expect((await (await as('supervisor')).years.create({ year: Y + 2 })).created).toBe(true);
    await approveForecast(Y + 2);
    const inY2 = new Date(`${Y + 2}-01-15T10:00:00Z`);
    const c = await as('zwei', inY2);
    await expectAppError(
      c.payments.returned({ ...(await scope(Y + 2)), orderId: ids.order, paymentId: ids.open, returnedOn: `${Y + 2}-01-08` }),
      'InvalidDate',
      { field: 'returnedOn' },
    );
  });
});
