import { schema } from '@app/db';
import { auditRecordChanges, type MovementSaveInput, type ResidueFinal } from '@app/domain';
import { and, asc, eq, inArray } from 'drizzle-orm';
import { expect, it } from 'vitest';
import { CURRENT_YEAR, accountIdOf, departmentId, describeOnDatabases, expectAppError, signInAs } from '../../test-utils.ts';
import { withBudgetClosed, workedExampleBudget } from '../bookings.testkit.ts';
import { yearEndKit } from '../yearEnd.testkit.ts';

const { budgetHeads, chapterBudgets, chapters, departments, movements, paymentOrderItems, reservations, suppliers } = schema;

const Y = CURRENT_YEAR;
const NEXT = Y + 1;
const PREV = Y - 1;
const JAN = new Date(`${NEXT}-01-10T10:00:00Z`);
/** The first year (Y−1) is writable only while it is not older than last year. */
const JUNE = new Date(`${Y}-06-15T10:00:00Z`);

/**
 * Residues on PGlite and PostgreSQL (DOMAIN.md "Year end", decisions 13-15). FF Eppan (102) gets a
 * small approved forecast in Y (the demo has none): revenues 11001 5.000,00 (+200,00 by a change);
 * expenses 21003 1.000,00 (+200,00: DOMAIN.md's worked example), 21006 3.000,00, 21001 1.000,00.
 * Bookings of Y on account K1: 11001 collected 4.000,00; 21003 paid 300,00, open 200,00, reservation
 * 400,00 of which 100,00 used (remaining 300,00); 21006 paid 500,00, open 350,00. The clock is
 * 10.01.Y+1: Y is still open, the carry-over runs in Y+1. Manual residues run in the demo's first year Y−1.
 */
describeOnDatabases('residues', (get) => {
  const as = signInAs(get, '10.15', JAN);
  const deptId = (code: string) => departmentId(get(), code);
  async function scope(year = Y, code = '102') {
    return { departmentId: await deptId(code), year };
  }
  const pos = (chapter: string, amount: number, extra: Record<string, unknown> = {}) => ({ chapter, amount, ...extra });
  const kit = yearEndKit(get, as, JAN);
  const expense = (input: Partial<MovementSaveInput>, year = Y) => kit.expense(input, year);
  async function supplierId() {
    const [row] = await get()
      .db.select({ id: suppliers.id })
      .from(suppliers)
      .where(eq(suppliers.departmentId, await deptId('102')))
      .orderBy(suppliers.code)
      .limit(1);
    return row?.id ?? 0;
  }
  /** chapter -> [allocated, payments, available, openPayments, reservations, flag, minimum, maximum, proposal, amount, isDetermined, isEditable] */
  function table(final: ResidueFinal) {
    return Object.fromEntries(
      final.positions.map((p) => [
        `${p.chapter.chapterYear}/${p.chapter.chapter}`,
        [
          p.budget.allocated,
          p.budget.payments,
          p.budget.available,
          p.budget.openPayments,
          p.budget.reservations,
          p.budget.flag,
          p.minimum,
          p.maximum,
          p.proposal,
          p.amount,
          p.isDetermined,
          p.isEditable,
        ],
      ]),
    );
  }
  function lineId(final: ResidueFinal, chapter: string): number {
    const hit = final.positions.find((p) => p.chapter.chapter === chapter);
    if (!hit) throw new Error(`no line ${chapter}`);
    return hit.budget.budgetId;
  }
  async function residueLinesOf(year: number) {
    return get()
      .db.select({
        id: chapterBudgets.id,
        chapterId: chapterBudgets.chapterId,
        chapterYear: chapterBudgets.chapterYear,
        budgetInitial: chapterBudgets.budgetInitial,
      })
      .from(chapterBudgets)
      .where(and(eq(chapterBudgets.departmentId, await deptId('102')), eq(chapterBudgets.year, year)))
      .orderBy(asc(chapterBudgets.id));
  }
  async function reservationsOf(year: number) {
    return get()
      .db.select({
        recordNumber: reservations.recordNumber,
        lineId: reservations.chapterBudgetId,
        booked: reservations.amountBooked,
        closed: reservations.closed,
        carriedFromId: reservations.carriedFromId,
      })
      .from(reservations)
      .where(and(eq(reservations.departmentId, await deptId('102')), eq(reservations.year, year)))
      .orderBy(asc(reservations.recordNumber));
  }
  const ids = { openBill: 0, reservation: 0, order: 0, instalment: 0 };

  it('the year Y: forecast, change, bookings and a reservation (the worked example)', async () => {
    const c = await as('zwei');
    const s = await scope();
    // the financial year Y+1 exists (the carry-over runs in it)
    expect((await (await as('supervisor')).years.create({ year: NEXT })).created).toBe(true);
    await workedExampleBudget(c, s);
    await c.movements.save(await kit.revenue('11001', 400_000, Y));
    await c.movements.save(await expense({ positions: [pos('21003', 30_000), pos('21006', 50_000)] }));
    await c.movements.save(await expense({ type: 2, supplierId: await supplierId(), documentNumber: 'R-21003', positions: [pos('21003', 20_000)] }));
    const bank = await accountIdOf(get(), '102', 'B1');
    const bill = await c.movements.save(
      await expense({ type: 2, accountId: bank, supplierId: await supplierId(), documentNumber: 'R-21006', positions: [pos('21006', 35_000)] }),
    );
    ids.openBill = bill.id;
    // the open bill of 21006 goes into a payment order stored on 20.12.Y (homebanking)
    await get().db.update(departments).set({ cbiCuc: 'C1D2E3F4' }).where(eq(departments.id, s.departmentId));
    const toPay = [{ paymentId: bill.payments[0]?.id ?? 0, movementId: bill.id }];
    ids.instalment = toPay[0]?.paymentId ?? 0;
    const december = await as('zwei', new Date(`${Y}-12-20T10:00:00Z`));
    ids.order = (await december.payments.store({ ...s, paymentRange: 1, accountId: bank, filename: 'hb', toPay })).id;
    const reservation = await c.reservations.save({
      ...s,
      recordDate: `${Y}-04-01`,
      chapterYear: Y,
      chapter: '21003',
      amountBooked: 40_000,
      amountUsed: 10_000,
      note: 'Helme',
    });
    ids.reservation = reservation.id;
  });

  it('determination: the positions of the current lines with flags, bounds and proposals to the cent', async () => {
    const c = await as('zwei');
    const final = await c.residues.final({ ...(await scope()), source: 1 });
    expect(final).toMatchObject({ source: 1, isBudgetClosed: false, allDetermined: false });
    // 21003: final 1.200,00, paid 300,00 -> available 900,00; open 200,00 + reserved 300,00 together -> proposal and lower bound 500,00 (range 500,00..900,00), flags 1|2
    // 21006: 3.000,00 - 500,00 = 2.500,00; open 350,00 -> proposal 350,00; flag 2. 11001: 5.200,00 - 4.000,00 to receive
    expect(table(final)).toEqual({
      [`${Y}/11001`]: [520_000, 400_000, 120_000, 0, 0, 0, 0, 120_000, 0, 0, false, true],
      [`${Y}/21001`]: [100_000, 0, 100_000, 0, 0, 0, 0, 100_000, 0, 0, false, true],
      [`${Y}/21003`]: [120_000, 30_000, 90_000, 20_000, 30_000, 3, 50_000, 90_000, 50_000, 50_000, false, true],
      [`${Y}/21006`]: [300_000, 50_000, 250_000, 35_000, 0, 2, 35_000, 250_000, 35_000, 35_000, false, true],
    });
    expect(final.positions.map((p) => p.chapter.chapter)).toEqual(['11001', '21001', '21003', '21006']);
    expect((await c.residues.final({ ...(await scope()), source: 2 })).positions).toEqual([]);
  });

  it('determination refuses each bound (below 0, below open payments + reservations together, above the availability, a foreign line) with the bounds and writes nothing', async () => {
    const c = await as('zwei');
    const s = await scope();
    const final = await c.residues.final({ ...s, source: 1 });
    const line = lineId(final, '21003');
    const save = (amount: number, budgetId = line) =>
      c.residues.saveFinal({
        ...s,
        budgetType: 1,
        positions: [
          { budgetId: lineId(final, '21006'), amount: 35_000 },
          { budgetId, amount },
        ],
      });
    await expectAppError(save(-1), 'InvalidValue');
    // 400,00 covers the reservation (300,00) but not together with the open bill (200,00): refused with the minimum 500,00
    await expectAppError(save(49_999), 'InvalidValue', { field: 'positions.1.amount', params: { minimum: 50_000, maximum: 90_000, problem: 'belowMinimum' } });
    await expectAppError(save(90_001), 'InvalidValue', { params: { minimum: 50_000, maximum: 90_000, problem: 'aboveMaximum' } });
    // a line of the previous year (another scope) is not a line of this source
    const [foreign] = await residueLinesOf(PREV);
    await expectAppError(save(0, foreign?.id ?? 0), 'InvalidValue');
    expect((await c.residues.final({ ...s, source: 1 })).positions.every((p) => !p.isDetermined)).toBe(true);
    // the bounds themselves are accepted
    await save(50_000);
    await save(90_000);
    expect(table(await c.residues.final({ ...s, source: 1 }))[`${Y}/21003`]?.slice(9, 11)).toEqual([90_000, true]);
  });

  it('carry-over is not possible while a line of Y is undetermined (UndeterminedResidues)', async () => {
    const c = await as('zwei');
    const next = await scope(NEXT);
    expect(await c.residues.carryOverPossible(next)).toEqual({
      possible: false,
      previousYear: Y,
      year: NEXT,
      isBudgetClosed: false,
      reason: 'UndeterminedResidues',
      carriedBefore: false,
      undetermined: 2,
      outOfDate: false,
      lines: [],
      reservations: [],
    });
    await expectAppError(c.residues.carryOver(next), 'UndeterminedResidues');
    expect(await residueLinesOf(NEXT)).toEqual([]);
  });

  it('determination saves every line of the source in one call', async () => {
    const c = await as('zwei');
    const s = await scope();
    const final = await c.residues.final({ ...s, source: 1 });
    const saved = await c.residues.saveFinal({
      ...s,
      budgetType: 1,
      positions: [
        { budgetId: lineId(final, '11001'), amount: 120_000 },
        { budgetId: lineId(final, '21001'), amount: 0 },
        { budgetId: lineId(final, '21003'), amount: 50_000 },
        { budgetId: lineId(final, '21006'), amount: 35_000 },
      ],
    });
    expect(saved.allDetermined).toBe(true);
    expect(saved.positions.map((p) => [p.chapter.chapter, p.budget.finalResidue, p.amount, p.isDetermined])).toEqual([
      ['11001', 120_000, 120_000, true],
      ['21001', 0, 0, true],
      ['21003', 50_000, 50_000, true],
      ['21006', 35_000, 35_000, true],
    ]);
    // the chapter figures show it: 21003 available at the end 900,00 - 500,00 = 400,00 lapses
    expect(await c.budget.chapter({ ...s, chapter: '21003' })).toMatchObject({ finalResidue: 50_000, availableFinal: 40_000 });
  });

  it('each determined line has its own history: the determinations that changed it, newest first (audit.list chapterLine)', async () => {
    const c = await as('zwei');
    const s = await scope();
    const final = await c.residues.final({ ...s, source: 1 });
    const history = async (chapter: string) => {
      const line = lineId(final, chapter);
      const rows = (await c.audit.list({ ...s, entity: 'residue', chapterLine: line })).entities;
      // the line's own change in each row (a determination changes every line it saves)
      return rows.map((r) => {
        const own = auditRecordChanges(r.changes, { refs: r.refs, year: Y }).filter((x) => x.table === 'chapter_budgets' && x.key === String(line));
        return [r.procedure, own.map((x) => [x.chapter, x.fields.map((f) => `${f.key} ${f.before} → ${f.after}`)])];
      });
    };
    // 21003: determined at 500,00, then 900,00 (the bounds test), then 500,00 with every line
    expect(await history('21003')).toEqual([
      ['residues.saveFinal', [[expect.stringMatching(/^2-1-003 /), ['final_residue 900,00 € → 500,00 €']]]],
      ['residues.saveFinal', [[expect.stringMatching(/^2-1-003 /), ['final_residue 500,00 € → 900,00 €']]]],
      [
        'residues.saveFinal',
        [[expect.stringMatching(/^2-1-003 /), ['final_residue  → 500,00 €', 'residue_maximum  → 900,00 €', 'residue_minimum  → 500,00 €']]],
      ],
    ]);
    // 21001: only the determination of every line; a line of another scope has none here
    expect((await history('21001')).map(([procedure]) => procedure)).toEqual(['residues.saveFinal']);
    const [foreign] = await residueLinesOf(PREV);
    if (foreign) expect((await c.audit.list({ ...s, chapterLine: foreign.id })).total).toBe(0);
  });

  it('export: source, with/without residue, totals per source and part', async () => {
    const c = await as('zwei');
    const s = await scope();
    const all = await c.residues.export({ ...s, source: 0, includeWithResidue: true, includeWithoutResidue: true, detailed: true });
    expect(all.isDetailed).toBe(true);
    expect(all.groups.map((g) => [g.source, g.part, g.positions.map((p) => p.chapter.chapter), g.totals.finalResidue, g.totals.available])).toEqual([
      [1, 1, ['11001'], 120_000, 120_000],
      [1, 2, ['21001', '21003', '21006'], 85_000, 440_000],
    ]);
    const withResidue = await c.residues.export({ ...s, source: 1, includeWithResidue: true, includeWithoutResidue: false, detailed: false });
    expect(withResidue.positions.map((p) => p.chapter.chapter)).toEqual(['11001', '21003', '21006']);
    const without = await c.residues.export({ ...s, source: 1, includeWithResidue: false, includeWithoutResidue: true, detailed: false });
    expect(without.positions.map((p) => p.chapter.chapter)).toEqual(['21001']);
    expect((await c.residues.export({ ...s, source: 2, includeWithResidue: true, includeWithoutResidue: true, detailed: false })).groups).toEqual([]);
  });

  it('carry-over into Y+1: residue lines, the open bills and the reservation move, the balances carry', async () => {
    const c = await as('zwei');
    const next = await scope(NEXT);
    const balancesBefore = await c.accountBalances.get(await scope());
    expect(await c.residues.carryOverPossible(next)).toMatchObject({ possible: true, reason: null, carriedBefore: false, undetermined: 0 });
    // lines 11001, 21003, 21006 (21001 has nothing left); the open bills of 21003 and 21006; the reservation 2-1-003
    expect(await c.residues.carryOver(next)).toEqual({
      linesCreated: 3,
      linesUpdated: 0,
      linesRemoved: 0,
      linesKept: 0,
      reservationsCarried: 1,
      reservationsUpdated: 0,
      instalmentsMoved: 2,
    });
    const residues = await c.residues.final({ ...next, source: 2 });
    expect(table(residues)).toEqual({
      // 11001: 1.200,00 to collect in Y+1
      [`${Y}/11001`]: [120_000, 0, 120_000, 0, 0, 0, 0, 120_000, 0, 0, false, false],
      // 21003: residue 500,00 with the open bill 200,00 and the carried reservation 300,00
      [`${Y}/21003`]: [50_000, 0, 50_000, 20_000, 30_000, 3, 50_000, 50_000, 50_000, 50_000, false, false],
      [`${Y}/21006`]: [35_000, 0, 35_000, 35_000, 0, 2, 35_000, 35_000, 35_000, 35_000, false, false],
    });
    // the carried reservation: number 1 of Y+1 on the new 2-1-003 residue line, booked the remaining 300,00
    const line21003 = lineId(residues, '21003');
    expect(await reservationsOf(NEXT)).toEqual([{ recordNumber: 1, lineId: line21003, booked: 30_000, closed: false, carriedFromId: ids.reservation }]);
    // Y stays as it was (its open bills and reservation are still Y's open ones at 31.12)
    expect(table(await c.residues.final({ ...(await scope()), source: 1 }))[`${Y}/21006`]).toEqual([
      300_000,
      50_000,
      250_000,
      35_000,
      0,
      2,
      35_000,
      250_000,
      35_000,
      35_000,
      true,
      true,
    ]);
    // the accounts' final balances of Y are the initial balances of Y+1 (Y moved 4.000,00 - 300,00 - 500,00 on K1)
    const balancesNext = await c.accountBalances.get(next);
    expect(balancesNext.accounts.map((a) => [a.accountCode, a.initialBalance, a.movementsBalance])).toEqual(
      balancesBefore.accounts.map((a) => [a.accountCode, a.finalBalance, 0]),
    );
    const k1 = balancesBefore.accounts.find((a) => a.accountCode === 'K1');
    expect(k1 && k1.finalBalance - k1.initialBalance).toBe(320_000);
    expect(await c.residues.carryOverReport(next)).toEqual({
      previousYear: Y,
      year: NEXT,
      rows: [
        {
          year: Y,
          chapter: '11001',
          part: 1,
          descriptionDeu: expect.any(String),
          descriptionIta: expect.any(String),
          previousYear: 120_000,
          currentYear: 120_000,
        },
        {
          year: Y,
          chapter: '21003',
          part: 2,
          descriptionDeu: 'Persönliche Schutzausrüstung',
          descriptionIta: 'Dispositivi di protezione individuale',
          previousYear: 50_000,
          currentYear: 50_000,
        },
        {
          year: Y,
          chapter: '21006',
          part: 2,
          descriptionDeu: expect.any(String),
          descriptionIta: expect.any(String),
          previousYear: 35_000,
          currentYear: 35_000,
        },
      ],
      totals: { previousYear: 205_000, currentYear: 205_000 },
    });
  });

  it('a second carry-over changes nothing (idempotent)', async () => {
    const c = await as('zwei');
    const next = await scope(NEXT);
    const lines = await residueLinesOf(NEXT);
    const carried = await reservationsOf(NEXT);
    expect(await c.residues.carryOverPossible(next)).toMatchObject({ possible: true, carriedBefore: true });
    expect(await c.residues.carryOver(next)).toEqual({
      linesCreated: 0,
      linesUpdated: 0,
      linesRemoved: 0,
      linesKept: 0,
      reservationsCarried: 0,
      reservationsUpdated: 0,
      instalmentsMoved: 0,
    });
    expect(await residueLinesOf(NEXT)).toEqual(lines);
    expect(await reservationsOf(NEXT)).toEqual(carried);
  });

  it("registering the carried bill's order in Y+1 pays the residue line and moves the cash of Y+1, not of Y", async () => {
    const c = await as('zwei');
    const next = await scope(NEXT);
    const yBefore = await c.accountBalances.get(await scope());
    // the carried bill is still in its order of Y; the order is registered in Y+1 (the bank paid on 8.1.Y+1)
    expect(await get().db.select({ paymentId: paymentOrderItems.paymentId }).from(paymentOrderItems).where(eq(paymentOrderItems.orderId, ids.order))).toEqual([
      { paymentId: ids.instalment },
    ]);
    // bookings of Y+1 need its approved forecast (set here as its approval would: Y+1's chart is not part of this test)
    await get()
      .db.update(budgetHeads)
      .set({ forecastApproved: `${NEXT}-01-05` })
      .where(and(eq(budgetHeads.departmentId, next.departmentId), eq(budgetHeads.year, NEXT)));
    const unregistered = await c.payments.orders({ ...next, unregisteredOnly: true });
    expect(unregistered.map((o) => o.id)).toContain(ids.order);
    await c.payments.register({ ...next, orderId: ids.order, datePaid: `${NEXT}-01-08`, payments: [{ paymentId: ids.instalment, movementId: ids.openBill }] });
    const residues = await c.residues.final({ ...next, source: 2 });
    expect(table(residues)[`${Y}/21006`]?.slice(0, 5)).toEqual([35_000, 35_000, 0, 0, 0]);
    // Y: still open at 31.12 (its determination stands), its cash unchanged
    expect(table(await c.residues.final({ ...(await scope()), source: 1 }))[`${Y}/21006`]?.slice(0, 5)).toEqual([300_000, 50_000, 250_000, 35_000, 0]);
    expect(await c.accountBalances.get(await scope())).toEqual(yBefore);
    // the bill's account B1: its final balance of Y opens Y+1, the payment is Y+1's
    const b1 = (await c.accountBalances.get(next)).accounts.find((a) => a.accountCode === 'B1');
    const b1Y = yBefore.accounts.find((a) => a.accountCode === 'B1');
    expect([b1?.initialBalance, b1?.movementsBalance]).toEqual([b1Y?.finalBalance, -35_000]);
  });

  it('a correction in Y re-runs the carry-over as an update; below open payments + reservations it is refused on save', async () => {
    const c = await as('zwei');
    const s = await scope();
    const next = await scope(NEXT);
    const final = await c.residues.final({ ...s, source: 1 });
    // 21006 raised to 1.000,00 (more owed than the bill), 11001 lowered to 1.000,00
    await c.residues.saveFinal({
      ...s,
      budgetType: 1,
      positions: [
        { budgetId: lineId(final, '21006'), amount: 100_000 },
        { budgetId: lineId(final, '11001'), amount: 100_000 },
      ],
    });
    const linesBefore = await residueLinesOf(NEXT);
    expect(await c.residues.carryOver(next)).toEqual({
      linesCreated: 0,
      linesUpdated: 2,
      linesRemoved: 0,
      linesKept: 0,
      reservationsCarried: 0,
      reservationsUpdated: 0,
      instalmentsMoved: 0,
    });
    const linesAfter = await residueLinesOf(NEXT);
    expect(linesAfter.map((l) => l.id)).toEqual(linesBefore.map((l) => l.id));
    expect((await c.residues.carryOverReport(next)).rows.map((r) => [r.chapter, r.previousYear, r.currentYear])).toEqual([
      ['11001', 100_000, 100_000],
      ['21003', 50_000, 50_000],
      ['21006', 100_000, 100_000],
    ]);
    // 21003 can't drop to 400,00: its open bill 200,00 and its reservation 300,00 together are the lower bound (DOMAIN decision 24),
    // refused on save with the minimum, so Y+1 (which uses those 500,00 on 2-1-003) is never started short
    await expectAppError(c.residues.saveFinal({ ...s, budgetType: 1, positions: [{ budgetId: lineId(final, '21003'), amount: 40_000 }] }), 'InvalidValue', {
      params: { chapter: '21003', minimum: 50_000 },
    });
    expect((await c.residues.carryOver(next)).linesUpdated).toBe(0);
    expect(await residueLinesOf(NEXT)).toEqual(linesAfter);
  });

  it('closing the reservation of Y closes its carried copy at the next run', async () => {
    const c = await as('zwei');
    const next = await scope(NEXT);
    await get().db.update(reservations).set({ closed: true }).where(eq(reservations.id, ids.reservation));
    // the remaining reservation leaves 21003 of Y: still determined 500,00 (≥ 0)
    expect(await c.residues.carryOver(next)).toEqual({
      linesCreated: 0,
      linesUpdated: 0,
      linesRemoved: 0,
      linesKept: 0,
      reservationsCarried: 0,
      reservationsUpdated: 1,
      instalmentsMoved: 0,
    });
    expect((await reservationsOf(NEXT)).map((r) => [r.booked, r.closed])).toEqual([[0, true]]);
    await get().db.update(reservations).set({ closed: false }).where(eq(reservations.id, ids.reservation));
    expect((await c.residues.carryOver(next)).reservationsUpdated).toBe(1);
    // booked again, but a closed copy stays closed (Y+1 may have closed it itself)
    expect((await reservationsOf(NEXT)).map((r) => [r.booked, r.closed])).toEqual([[30_000, true]]);
  });

  it('a closed budget refuses every residue write (BudgetClosed)', async () => {
    const c = await as('zwei');
    const s = await scope();
    const next = await scope(NEXT);
    const final = await c.residues.final({ ...s, source: 1 });
    await withBudgetClosed(get(), s, async () => {
      expect((await c.residues.final({ ...s, source: 1 })).isBudgetClosed).toBe(true);
      expect((await c.residues.final({ ...s, source: 1 })).positions.every((p) => !p.isEditable)).toBe(true);
      await expectAppError(c.residues.saveFinal({ ...s, budgetType: 1, positions: [{ budgetId: lineId(final, '21001'), amount: 0 }] }), 'BudgetClosed');
    });
    await withBudgetClosed(get(), next, async () => {
      expect(await c.residues.carryOverPossible(next)).toMatchObject({ possible: false, reason: 'BudgetClosed', isBudgetClosed: true });
      await expectAppError(c.residues.carryOver(next), 'BudgetClosed');
    });
    const first = await scope(PREV);
    const june = await as('zwei', JUNE);
    await withBudgetClosed(get(), first, async () => {
      await expectAppError(june.residues.manualSave({ ...first, chapterYear: PREV - 1, chapter: '21003', amount: 100 }), 'BudgetClosed');
    });
  });

  it('manual residues: only in the first year; they become residue lines that bookings use', async () => {
    const c = await as('zwei', JUNE);
    const first = await scope(PREV);
    const later = await scope(Y);
    expect(await c.residues.manualList(later)).toEqual({ rows: [], isFirstYear: false, isBudgetClosed: false, editable: false });
    await expectAppError(c.residues.manualSave({ ...later, chapterYear: PREV, chapter: '21003', amount: 100 }), 'Forbidden');
    expect(await c.residues.manualList(first)).toEqual({ rows: [], isFirstYear: true, isBudgetClosed: false, editable: true });
    await expectAppError(c.residues.manualSave({ ...first, chapterYear: PREV, chapter: '21003', amount: 100 }), 'InvalidValue');
    await expectAppError(c.residues.manualSave({ ...first, chapterYear: PREV - 1, chapter: '29999', amount: 100 }), 'ChapterNotFound');
    // the year before the system has no chart: the chapter comes from the first year's chart
    const saved = await c.residues.manualSave({ ...first, chapterYear: PREV - 1, chapter: '2-1-003', amount: 80_000, note: 'Altbestand' });
    expect(saved).toMatchObject({
      year: PREV - 1,
      chapterYear: PREV - 1,
      chapter: '21003',
      part: 2,
      descriptionDeu: 'Persönliche Schutzausrüstung',
      amount: 80_000,
      note: 'Altbestand',
      used: 0,
      isDeletable: true,
      isEditable: false,
    });
    await expectAppError(c.residues.manualSave({ ...first, chapterYear: PREV - 1, chapter: '21003', amount: 1 }), 'InvalidValue');
    expect((await c.residues.manualList({ ...first, search: '2-1-003' })).rows.map((r) => r.id)).toEqual([saved.id]);
    expect((await c.residues.manualList({ ...first, search: 'nichts' })).rows).toEqual([]);
    // a movement of the first year books 300,00 on the residue line
    await c.movements.save(
      await expense({ recordDate: `${PREV}-12-20`, documentDate: `${PREV}-12-20`, positions: [pos('21003', 30_000, { chapterYear: PREV - 1 })] }, PREV),
    );
    const [used] = (await c.residues.manualList(first)).rows;
    expect(used).toMatchObject({ id: saved.id, used: 30_000, isDeletable: false });
    await expectAppError(
      c.residues.manualSave({ ...first, id: saved.id, chapterYear: PREV - 1, chapter: '21003', amount: 29_999 }),
      'SmallerThanExistingResidue',
    );
    expect(await c.residues.manualSave({ ...first, id: saved.id, chapterYear: PREV - 1, chapter: '21003', amount: 30_000, note: '' })).toMatchObject({
      amount: 30_000,
      used: 30_000,
    });
    await expectAppError(c.residues.manualDelete({ ...first, id: saved.id }), 'CannotDeleteUsed');
    await expectAppError(c.residues.manualDelete({ ...first, id: 999_999 }), 'ResiduelNotFound');
    await expectAppError(c.residues.manualSave({ ...first, id: 999_999, chapterYear: PREV - 1, chapter: '21003', amount: 1 }), 'ResiduelNotFound');
    // the determination of the first year lists it among the residue lines
    const residues = await c.residues.final({ ...first, source: 2 });
    expect(residues.positions.map((p) => [p.chapter.chapterYear, p.chapter.chapter, p.budget.allocated, p.budget.payments, p.budget.available])).toEqual([
      [PREV - 1, '21003', 30_000, 30_000, 0],
    ]);
    // a second one without bookings is deleted
    const other = await c.residues.manualSave({ ...first, chapterYear: PREV - 1, chapter: '21006', amount: 5_000 });
    expect(await c.residues.manualDelete({ ...first, id: other.id })).toEqual({ deleted: true, id: other.id });
    expect((await c.residues.manualList(first)).rows.map((r) => r.chapter)).toEqual(['21003']);
    const lines = await get()
      .db.select({ id: chapterBudgets.id })
      .from(chapterBudgets)
      .where(inArray(chapterBudgets.id, [saved.id, other.id]));
    expect(lines).toEqual([{ id: saved.id }]);
    expect(await get().db.select({ id: movements.id }).from(movements).where(eq(movements.id, ids.openBill))).toHaveLength(1);
  });

  it('a manual residue on an empty chapter needs both names (ChapterDescriptionNeeded); another department is not allowed', async () => {
    const c = await as('zwei', JUNE);
    const first = await scope(PREV);
    // 2-2-002 of the first year's chart as an empty chapter (names typed per line)
    await get()
      .db.update(chapters)
      .set({ emptyChapter: true })
      .where(and(eq(chapters.area, 3), eq(chapters.year, PREV), eq(chapters.chapter, '22002')));
    const input = { ...first, chapterYear: PREV - 1, chapter: '22002', amount: 7_000 };
    await expectAppError(c.residues.manualSave({ ...input, descriptionDeu: 'Drehleiter' }), 'ChapterDescriptionNeeded');
    await expectAppError(c.residues.manualSave({ ...input, descriptionIta: 'Autoscala' }), 'ChapterDescriptionNeeded');
    const saved = await c.residues.manualSave({ ...input, descriptionDeu: 'Drehleiter', descriptionIta: 'Autoscala' });
    expect(saved).toMatchObject({ chapter: '22002', descriptionDeu: 'Drehleiter', descriptionIta: 'Autoscala', isEditable: true, amount: 7_000 });
    // kassier (101 only) sees neither the residues of 102 nor may write them
    const kassier = await as('kassier', JUNE);
    await expectAppError(kassier.residues.manualList(first), 'DepartmentNotAllowed');
    await expectAppError(kassier.residues.final({ ...(await scope()), source: 1 }), 'DepartmentNotAllowed');
    await expectAppError(kassier.residues.carryOver(await scope(NEXT)), 'DepartmentNotAllowed');
  });
});
