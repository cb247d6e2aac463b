import { expect, it } from 'vitest';
import { CURRENT_YEAR, describeOnDatabases, signInAs } from '../../test-utils.ts';
import { workedExampleBudget } from '../bookings.testkit.ts';
import { yearEndKit } from '../yearEnd.testkit.ts';

const Y = CURRENT_YEAR;
/** Y's bookings and determination, the carry-over Y -> Y+1 */
const IN_Y1 = new Date(`${Y + 1}-01-10T10:00:00Z`);
/** Y+1's determination, the carry-over Y+1 -> Y+2, the payment */
const IN_Y2 = new Date(`${Y + 2}-01-12T10:00:00Z`);

/**
 * An unpaid bill of Y carried through two year ends (DOMAIN.md "Year end", decisions 11 and 13;
 * ledger/movementFigures.ts carriedInstalments), on PGlite and PostgreSQL. FF Eppan (102) gets DOMAIN.md's
 * worked-example budget in Y and the year-end bill of yearEnd.testkit.ts (200,01 on account B1, 100,00
 * paid on 01.06.Y and 100,01 open), its open instalment put into a payment order stored on 20.12.Y.
 * The order stays unregistered through Y+1 and is registered in Y+2 (bank date 08.01.Y+2).
 */
describeOnDatabases(
  'residues: a bill open through two year ends',
  (get) => {
    const as = signInAs(get, '10.16', IN_Y1);
    const { scope, residueTable, box, approveForecast, determineProposals, yearEndBill } = yearEndKit(get, as, IN_Y2);
    const ids = { bill: 0, open: 0, order: 0 };

    it('Y: the bill with a paid and an open instalment, the open one in a stored payment order', async () => {
      const supervisor = await as('supervisor');
      for (const year of [Y + 1, Y + 2]) expect((await supervisor.years.create({ year })).created).toBe(true);
      const c = await as('zwei');
      const s = await scope(Y);
      await workedExampleBudget(c, s);
      const { bank, bill, open } = await yearEndBill(c, Y, 'R-2Y');
      ids.bill = bill.id;
      ids.open = open;
      const december = await as('zwei', new Date(`${Y}-12-20T10:00:00Z`));
      ids.order = (
        await december.payments.store({ ...s, paymentRange: 1, accountId: bank, filename: 'hb', toPay: [{ paymentId: ids.open, movementId: bill.id }] })
      ).id;
      // Y's lines: the paid instalment's shares as payments, the open one's as open payments
      const table = await residueTable(Y, 1);
      expect(table[`${Y}/21006`]).toEqual([300_000, 6_172, 293_828, 6_173, 0, 6_173]);
      expect(table[`${Y}/21003`]).toEqual([120_000, 3_828, 116_172, 3_828, 0, 3_828]);
    });

    it('Y -> Y+1: the open instalment counts as open payment on the residue lines of Y+1, to the cent', async () => {
      await determineProposals(Y, 1, IN_Y1);
      const c = await as('zwei');
      expect(await c.residues.carryOver(await scope(Y + 1))).toEqual({
        linesCreated: 2,
        linesUpdated: 0,
        linesRemoved: 0,
        linesKept: 0,
        reservationsCarried: 0,
        reservationsUpdated: 0,
        // one instalment, although spread over two lines
        instalmentsMoved: 1,
      });
      expect(await residueTable(Y + 1, 2)).toEqual({
        [`${Y}/21003`]: [3_828, 0, 3_828, 3_828, 0, 3_828],
        [`${Y}/21006`]: [6_173, 0, 6_173, 6_173, 0, 6_173],
      });
      expect(await box(Y + 1, '21006', Y)).toEqual([6_173, 0, 6_173, 6_173]);
      expect(await box(Y + 1, '21003', Y)).toEqual([3_828, 0, 3_828, 3_828]);
    });

    it('Y+1 -> Y+2: still unpaid at the end of Y+1, it counts as open payment on the residue lines of Y+2 (once)', async () => {
      await approveForecast(Y + 1);
      // Y+1 has only its residue lines; determined with what is still owed
      const determined = await determineProposals(Y + 1, 2, IN_Y2);
      expect(determined.allDetermined).toBe(true);
      expect(determined.positions.map((p) => [p.chapter.chapter, p.budget.finalResidue])).toEqual([
        ['21003', 3_828],
        ['21006', 6_173],
      ]);
      const c = await as('zwei', IN_Y2);
      const y2 = await scope(Y + 2);
      expect(await c.residues.carryOverPossible(y2)).toMatchObject({ possible: true, previousYear: Y + 1, undetermined: 0 });
      expect(await c.residues.carryOver(y2)).toEqual({
        linesCreated: 2,
        linesUpdated: 0,
        linesRemoved: 0,
        linesKept: 0,
        reservationsCarried: 0,
        reservationsUpdated: 0,
        instalmentsMoved: 1,
      });
      expect(await c.residues.carryOver(y2)).toEqual({
        linesCreated: 0,
        linesUpdated: 0,
        linesRemoved: 0,
        linesKept: 0,
        reservationsCarried: 0,
        reservationsUpdated: 0,
        instalmentsMoved: 0,
      });
      // the lines of Y+2 keep the chapter year Y; the instalment counts on each of them once, not once per earlier line
      expect(await residueTable(Y + 2, 2)).toEqual({
        [`${Y}/21003`]: [3_828, 0, 3_828, 3_828, 0, 3_828],
        [`${Y}/21006`]: [6_173, 0, 6_173, 6_173, 0, 6_173],
      });
      expect(await box(Y + 2, '21006', Y)).toEqual([6_173, 0, 6_173, 6_173]);
      expect((await c.residues.carryOverReport(y2)).rows.map((r) => [r.year, r.chapter, r.previousYear, r.currentYear])).toEqual([
        [Y, '21003', 3_828, 3_828],
        [Y, '21006', 6_173, 6_173],
      ]);
      // carried into Y+1 and Y+2, the open payments of both list it with its year (held by Y's order 1)
      for (const year of [Y + 1, Y + 2]) {
        const rows = (await c.payments.open(await scope(year))).suppliers.flatMap((g) => g.rows);
        expect(rows.map((r) => [r.paymentId, r.year, r.orderNumber])).toEqual([[ids.open, Y, 1]]);
      }
    });

    it('paid in Y+2 (the order of Y registered): paid on the lines of Y+2 only, Y and Y+1 keep it open at their 31.12, the cash is Y+2’s', async () => {
      await approveForecast(Y + 2);
      const c = await as('zwei', IN_Y2);
      const y2 = await scope(Y + 2);
      const cashBefore = await Promise.all([Y, Y + 1].map(async (year) => c.accountBalances.get(await scope(year))));
      const registered = await c.payments.register({
        ...y2,
        orderId: ids.order,
        datePaid: `${Y + 2}-01-08`,
        payments: [{ paymentId: ids.open, movementId: ids.bill }],
      });
      expect([registered.executedTotal, registered.notExecutedTotal]).toEqual([10_001, 0]);

      expect(await residueTable(Y + 2, 2)).toEqual({
        [`${Y}/21003`]: [3_828, 3_828, 0, 0, 0, 0],
        [`${Y}/21006`]: [6_173, 6_173, 0, 0, 0, 0],
      });
      expect(await box(Y + 2, '21006', Y)).toEqual([6_173, 6_173, 0, 0]);
      expect(await box(Y + 2, '21003', Y)).toEqual([3_828, 3_828, 0, 0]);
      // the earlier years as they stood at their 31.12: open there, never paid there
      expect(await residueTable(Y + 1, 2)).toEqual({
        [`${Y}/21003`]: [3_828, 0, 3_828, 3_828, 0, 3_828],
        [`${Y}/21006`]: [6_173, 0, 6_173, 6_173, 0, 6_173],
      });
      const yTable = await residueTable(Y, 1);
      expect([yTable[`${Y}/21006`]?.slice(1, 4), yTable[`${Y}/21003`]?.slice(1, 4)]).toEqual([
        [6_172, 293_828, 6_173],
        [3_828, 116_172, 3_828],
      ]);
      // paid once over all years: per chapter the payments of Y and Y+2 make the position
      const tables = [await residueTable(Y, 1), await residueTable(Y + 1, 2), await residueTable(Y + 2, 2)];
      const paidOn = (chapter: string) => tables.reduce((total, t) => total + (t[`${Y}/${chapter}`]?.[1] ?? 0), 0);
      expect([paidOn('21006'), paidOn('21003')]).toEqual([12_345, 7_656]);

      // the cash: Y and Y+1 unchanged, B1 pays 100,01 in Y+2 (initial = Y+1's final)
      for (const [i, year] of [Y, Y + 1].entries()) expect(await c.accountBalances.get(await scope(year))).toEqual(cashBefore[i]);
      const b1 = (balances: Awaited<ReturnType<typeof c.accountBalances.get>> | undefined) => balances?.accounts.find((a) => a.accountCode === 'B1');
      expect(b1(cashBefore[1])?.movementsBalance).toBe(0);
      const b1Y2 = b1(await c.accountBalances.get(y2));
      expect([b1Y2?.initialBalance, b1Y2?.movementsBalance]).toEqual([b1(cashBefore[1])?.finalBalance, -10_001]);
    });
  },
  { pglite: 'both' },
);
