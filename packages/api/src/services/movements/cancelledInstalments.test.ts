import { schema } from '@app/db';
import { eq } from 'drizzle-orm';
import { expect, it } from 'vitest';
import { accountIdOf, CURRENT_YEAR, describeOnDatabases, expectAppError, signInAs } from '../../test-utils.ts';
import { workedExampleBudget } from '../bookings.testkit.ts';
import { yearEndKit } from '../yearEnd.testkit.ts';

const { movementPayments, suppliers } = schema;

const Y = CURRENT_YEAR;
const IN_Y1 = new Date(`${Y + 1}-01-10T10:00:00Z`);

/**
 * DOMAIN decision 27: a cancelled bill keeps its instalments (amount, due date, date paid), and they
 * count 0 everywhere. FF Eppan (102), the worked-example budget in Y and the year-end bill of
 * yearEnd.testkit.ts (100,00 paid on 01.06., 100,01 open, on B1). Every read of instalments is taken
 * before the bill is booked; the bill is booked, a later expense after it (so the bill is cancelled,
 * not deleted), the bill cancelled and the later expense deleted: each read must give what it gave
 * before the bill — open payments and payments by hand, the homebanking proposals, the chapter
 * figures, the residue table (proposals and minimums), the cash journal (its not-yet-paid figure and
 * balance), the account balances, the supplier digest, the movements list, the final report; then the
 * carry-over moves none of its instalments and Y+1 lists none. The kept instalments are payable nowhere.
 */
describeOnDatabases('a cancelled bill keeps its instalments, counting 0 everywhere', (get) => {
  const as = signInAs(get, '10.19', IN_Y1);
  const { scope, expense, residueTable, box, approveForecast, determineProposals, yearEndBill } = yearEndKit(get, as, IN_Y1);

  /** Every read of instalments the product has, in Y (the bill's supplier and account given). */
  async function reads(supplierId: number, bank: number) {
    const c = await as('zwei');
    const y = await scope(Y);
    const open = await c.payments.open(y);
    const byHand = await c.payments.open({ ...y, paidByHand: true });
    const journal = await c.digests.cashJournal({ ...y, accountId: bank });
    const supplier = await c.digests.supplier({ ...y, supplierId });
    const report = await c.finalBalance.report({ ...y });
    return {
      open: [open.count, open.total, open.suppliers.flatMap((g) => g.rows.map((r) => r.paymentId))],
      byHand: [byHand.count, byHand.total],
      payables: (await c.payments.payables({ ...y, paymentRange: 1, accountId: bank })).map((p) => p.payment.id),
      boxes: [await box(Y, '21006', Y), await box(Y, '21003', Y)],
      residues: await residueTable(Y, 1),
      minimums: (await c.residues.final({ ...y, source: 1 })).positions.map((p) => [p.chapter.chapter, p.minimum, p.maximum]),
      journal: [journal.openPayments, journal.finalBalance, journal.totalLoss, journal.movements.filter((r) => !r.cancelled).length],
      balances: (await c.accountBalances.get(y)).accounts.map((a) => [a.accountCode, a.finalBalance]),
      supplier: [supplier.documentCount, supplier.totalPaid, supplier.totalNotPaid, supplier.totalSum],
      unpaid: (await c.movements.list({ ...y, kind: 'expenses', pageSize: 100 })).entities.filter((m) => !m.isPaid).map((m) => m.recordNumber),
      report: report.results,
    };
  }

  it('kept, shown with the cancelled bill, counted nowhere in Y and payable nowhere', async () => {
    const supervisor = await as('supervisor');
    expect((await supervisor.years.create({ year: Y + 1 })).created).toBe(true);
    const c = await as('zwei');
    const y = await scope(Y);
    await workedExampleBudget(c, y);
    const bank = await accountIdOf(get(), '102', 'B1');
    const [first] = await get()
      .db.select({ id: suppliers.id })
      .from(suppliers)
      .where(eq(suppliers.departmentId, y.departmentId))
      .orderBy(suppliers.code)
      .limit(1);
    const supplierId = first?.id ?? 0;
    const before = await reads(supplierId, bank);

    const { bill, open } = await yearEndBill(c, Y, 'R-STORNO');
    expect(bill.supplier?.id).toBe(supplierId);
    const later = await c.movements.save(await expense({ positions: [{ chapter: '21003', amount: 1_000 }] }, Y));
    const booked = await reads(supplierId, bank);
    // the bill counts while it stands (the reads can tell it)
    expect(booked.open[0]).toBe((before.open[0] as number) + 1);
    expect(booked.supplier).not.toEqual(before.supplier);
    expect(booked.unpaid).toContain(bill.recordNumber);

    const cancelled = await c.movements.delete({ ...y, kind: 'expenses', recordNumber: bill.recordNumber });
    expect(cancelled).toEqual({ deleted: false, cancelled: true, recordNumber: bill.recordNumber });
    expect(await c.movements.delete({ ...y, kind: 'expenses', recordNumber: later.recordNumber })).toMatchObject({ deleted: true });

    // the instalments are kept as they were, on the cancelled bill (its positions at 0, nothing paid or open on them)
    const kept = await c.movements.get({ ...y, kind: 'expenses', recordNumber: bill.recordNumber });
    expect(kept.cancelled).toBe(true);
    expect(kept.payments.map((p) => [p.amount, p.dateDue, p.datePaid, p.orderNumber])).toEqual([
      [10_000, `${Y}-06-01`, `${Y}-06-01`, null],
      [10_001, `${Y}-12-31`, null, null],
    ]);
    expect(kept.positions.map((p) => [p.chapter, p.amount, p.paid, p.open])).toEqual([
      ['21006', 0, 0, 0],
      ['21003', 0, 0, 0],
    ]);
    expect(await get().db.select({ id: movementPayments.id }).from(movementPayments).where(eq(movementPayments.movementId, bill.id))).toHaveLength(2);

    // every read as before the bill: its instalments count 0
    expect(await reads(supplierId, bank)).toEqual(before);
    // payable nowhere: neither by hand nor in an order
    await expectAppError(c.payments.settle({ ...y, movementId: bill.id, paymentId: open, datePaid: `${Y}-07-01` }), 'InvalidValue');
    await expectAppError(c.payments.reopen({ ...y, movementId: bill.id, paymentId: kept.payments[0]?.id ?? 0 }), 'InvalidValue');
    // asked in December of Y (after 31.12 the year takes no new order at all: OrderAfterYearEnd)
    const december = await as('zwei', new Date(`${Y}-12-20T10:00:00Z`));
    await expectAppError(
      december.payments.store({
        ...y,
        paymentRange: 1,
        accountId: bank,
        filename: 'storno',
        paymentDate: null,
        toPay: [{ movementId: bill.id, paymentId: open }],
      }),
      'InvalidValue',
    );
  });

  it('the carry-over moves none of its instalments; Y+1 lists none and its residue lines carry nothing of it', async () => {
    await approveForecast(Y + 1);
    await determineProposals(Y, 1, IN_Y1);
    const c = await as('zwei');
    const result = await c.residues.carryOver(await scope(Y + 1));
    expect(result.instalmentsMoved).toBe(0);
    const y1 = await scope(Y + 1);
    expect(await c.payments.open(y1)).toMatchObject({ count: 0, total: 0 });
    expect(await c.payments.open({ ...y1, paidByHand: true })).toMatchObject({ count: 0, total: 0 });
    for (const [chapter, figures] of Object.entries(await residueTable(Y + 1, 2))) expect([chapter, figures[3]]).toEqual([chapter, 0]);
    const report = await c.finalBalance.report({ ...y1 });
    expect(report.results.finalSurplus).toBe(report.results.finalCashBalance + report.results.finalActiveResidues - report.results.finalPassiveResidues);
  });
});
