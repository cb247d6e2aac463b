import { schema } from '@app/db';
import type { MovementSaveInput, ResidueFinal } from '@app/domain';
import { and, eq } from 'drizzle-orm';
import { expect, it } from 'vitest';
import { CURRENT_YEAR, describeOnDatabases, expectAppError, signInAs } from '../../test-utils.ts';
import { workedExampleBudget } from '../bookings.testkit.ts';
import { yearEndKit } from '../yearEnd.testkit.ts';

const { chapterBudgets } = schema;

const Y = CURRENT_YEAR;
const JAN = new Date(`${Y + 1}-01-10T10:00:00Z`);

/**
 * Residues that stay true (issue 24 items 4–7; DOMAIN decisions 14, 23, 24) on PGlite and PostgreSQL.
 * FF Eppan (102) gets DOMAIN.md's worked-example budget in Y (11001 5.200,00, 21003 1.200,00, 21006
 * 3.000,00, 21001 1.000,00) and these bookings on K1: 11001 collected 4.000,00; 21003 paid 300,00, an
 * open bill 200,00 and a reservation 400,00 of which 100,00 used (300,00 remaining); 21006 paid 500,00;
 * 21001 paid 1.100,00 (overspent by 100,00). The clock is 10.01.Y+1 (Y open, Y+1 exists).
 */
describeOnDatabases('residues: clear, overspent, re-checked, one lower bound', (get) => {
  const as = signInAs(get, '10.24', JAN);
  const kit = yearEndKit(get, as, JAN);
  const { scope, approveForecast } = kit;
  const line = (final: ResidueFinal, chapter: string) => {
    const hit = final.positions.find((p) => p.chapter.chapter === chapter);
    if (!hit) throw new Error(`no line ${chapter}`);
    return hit;
  };
  const id = (final: ResidueFinal, chapter: string) => line(final, chapter).budget.budgetId;
  /** chapter -> [finalResidue, minimum, maximum, proposal, isOverspent, isChanged, isOutOfBounds, isEditable] */
  const states = (final: ResidueFinal) =>
    Object.fromEntries(
      final.positions.map((p) => [
        p.chapter.chapter,
        [p.budget.finalResidue, p.minimum, p.maximum, p.proposal, p.isOverspent, p.isChanged, p.isOutOfBounds, p.isEditable],
      ]),
    );
  const final = async () => (await as('zwei')).residues.final({ ...(await scope(Y)), source: 1 });
  const save = async (positions: { budgetId: number; amount: number | null }[], year = Y) =>
    (await as('zwei')).residues.saveFinal({ ...(await scope(year)), budgetType: year === Y ? 1 : 2, positions });
  const criteria = async () => (await (await as('zwei')).finalBalance.get(await scope(Y))).criteria;
  const expense = (input: Partial<MovementSaveInput>, year = Y) => kit.expense(input, year);
  async function openBill(chapter: string, amount: number, documentNumber: string) {
    const c = await as('zwei');
    const supplier = await get()
      .db.select({ id: schema.suppliers.id })
      .from(schema.suppliers)
      .where(eq(schema.suppliers.departmentId, (await scope(Y)).departmentId));
    await c.movements.save(await expense({ type: 2, supplierId: supplier[0]?.id ?? 0, documentNumber, positions: [{ chapter, amount }] }));
  }

  it('Y: the worked example with an overspent line', async () => {
    expect((await (await as('supervisor')).years.create({ year: Y + 1 })).created).toBe(true);
    const c = await as('zwei');
    const s = await scope(Y);
    await workedExampleBudget(c, s);
    await c.movements.save(await kit.revenue('11001', 400_000, Y));
    await c.movements.save(
      await expense({
        positions: [
          { chapter: '21003', amount: 30_000 },
          { chapter: '21006', amount: 50_000 },
          { chapter: '21001', amount: 110_000 },
        ],
      }),
    );
    await openBill('21003', 20_000, 'R-1');
    await c.reservations.save({ ...s, recordDate: `${Y}-04-01`, chapterYear: Y, chapter: '21003', amountBooked: 40_000, amountUsed: 10_000, note: 'Helme' });
  });

  it('the copy proposes open payments + reservations; the lower bound is both together, refused on save with the minimum', async () => {
    const f = await final();
    expect(states(f)).toEqual({
      '11001': [null, 0, 120_000, 0, false, false, false, true],
      '21001': [null, 0, 0, 0, true, false, false, false],
      '21003': [null, 50_000, 90_000, 50_000, false, false, false, true],
      '21006': [null, 0, 250_000, 0, false, false, false, true],
    });
    await expectAppError(save([{ budgetId: id(f, '21003'), amount: 49_999 }]), 'InvalidValue', {
      field: 'positions.0.amount',
      params: { chapter: '21003', minimum: 50_000, maximum: 90_000, problem: 'belowMinimum' },
    });
    expect((await final()).positions.every((p) => !p.isDetermined)).toBe(true);
  });

  it('an overspent line is marked, never determined by a save, and refused when sent', async () => {
    const f = await final();
    expect(line(f, '21001')).toMatchObject({ isOverspent: true, isEditable: false, amount: 0, budget: { available: -10_000 } });
    await expectAppError(save([{ budgetId: id(f, '21001'), amount: 0 }]), 'InvalidValue', { params: { chapter: '21001', problem: 'overspent' } });
    const saved = await save([
      { budgetId: id(f, '11001'), amount: 120_000 },
      { budgetId: id(f, '21003'), amount: 50_000 },
      { budgetId: id(f, '21006'), amount: 0 },
    ]);
    expect(saved.allDetermined).toBe(false);
    expect(saved.positions.map((p) => [p.chapter.chapter, p.budget.finalResidue])).toEqual([
      ['11001', 120_000],
      ['21001', null],
      ['21003', 50_000],
      ['21006', 0],
    ]);
    // exceeded availability and residues fail
    expect(await criteria()).toEqual([1, 1, 1, 0, 0, 1]);
  });

  it('a budget change on a determined line is refused naming the line; cleared with amount null it passes, determined again the final account approves', async () => {
    const c = await as('zwei');
    const s = await scope(Y);
    const f = await final();
    const change = await c.budget.changes.create({ ...s, approved: `${Y}-12-15` });
    const correction = {
      ...s,
      recordNumber: change.recordNumber,
      approved: `${Y}-12-15`,
      positions: [
        { chapter: '21001', amount: 20_000 },
        { chapter: '21006', amount: -20_000 },
      ],
    };
    await expectAppError(c.budget.changes.save(correction), 'ChapterHasResidue', { params: { chapter: '21006', budgetId: id(f, '21006') } });
    // only 21006 is cleared: the others stay determined, nothing is determined by a clear
    const cleared = await save([{ budgetId: id(f, '21006'), amount: null }]);
    expect(cleared.positions.map((p) => [p.chapter.chapter, p.budget.finalResidue, p.isDetermined])).toEqual([
      ['11001', 120_000, true],
      ['21001', null, false],
      ['21003', 50_000, true],
      ['21006', null, false],
    ]);
    await c.budget.changes.save(correction);
    // 21001: 1.200,00 − 1.100,00 paid: no longer overspent
    expect(states(await final())['21001']).toEqual([null, 0, 10_000, 0, false, false, false, true]);
    const again = await save([
      { budgetId: id(f, '21001'), amount: 0 },
      { budgetId: id(f, '21006'), amount: 0 },
    ]);
    expect(again.allDetermined).toBe(true);
    expect(await criteria()).toEqual([1, 1, 1, 1, 1, 1]);
    expect(await c.finalBalance.approve({ ...s, approval: `${Y + 1}-01-09` })).toMatchObject({ success: true, isBudgetClosed: true });
    await expectAppError(save([{ budgetId: id(f, '21006'), amount: null }]), 'BudgetClosed');
    await c.finalBalance.approve({ ...s, approval: null });
  });

  it('a whole source is cleared in one save (every line amount null), its stored bounds with it', async () => {
    const f = await final();
    const cleared = await save(f.positions.map((p) => ({ budgetId: p.budget.budgetId, amount: null })));
    expect([cleared.allDetermined, cleared.positions.filter((p) => p.isDetermined)]).toEqual([false, []]);
    const rows = await get()
      .db.select({ finalResidue: chapterBudgets.finalResidue, min: chapterBudgets.residueMinimum, max: chapterBudgets.residueMaximum })
      .from(chapterBudgets)
      .where(and(eq(chapterBudgets.departmentId, (await scope(Y)).departmentId), eq(chapterBudgets.year, Y)));
    expect(rows.every((r) => r.finalResidue === null && r.min === null && r.max === null)).toBe(true);
    await save(f.positions.map((p) => ({ budgetId: p.budget.budgetId, amount: p.chapter.chapter === '11001' ? 120_000 : p.proposal })));
    expect((await final()).allDetermined).toBe(true);
  });

  it('a booking after the determination: the residue re-checked against its current bounds, the line marked changed, the criteria name it with both bounds', async () => {
    // an open bill of 100,00 on 21003: open 300,00 + reserved 300,00 = 600,00 > the residue 500,00
    await openBill('21003', 10_000, 'R-2');
    // 100,00 more paid on 21006 (residue 0,00): the figures moved but the residue still fits
    await (await as('zwei')).movements.save(await expense({ positions: [{ chapter: '21006', amount: 10_000 }] }));
    const f = await final();
    expect(states(f)['21003']).toEqual([50_000, 60_000, 90_000, 60_000, false, true, true, true]);
    expect(states(f)['21006']).toEqual([0, 0, 220_000, 0, false, true, false, true]);
    expect(await criteria()).toEqual([1, 1, 1, 1, 0, 1]);
    const errors = await (await as('zwei')).finalBalance.errors(await scope(Y));
    expect(errors.residues.map((r) => [r.chapterYear, r.chapter, r.finalResidue, r.minimum, r.maximum])).toEqual([[Y, '21003', 50_000, 60_000, 90_000]]);
    await expectAppError((await as('zwei')).finalBalance.approve({ ...(await scope(Y)), approval: `${Y + 1}-01-09` }), 'FinalBalanceHasErrors');
    // determined again: nothing changed any more, the criteria pass
    const again = await save([
      { budgetId: id(f, '21003'), amount: 60_000 },
      { budgetId: id(f, '21006'), amount: 0 },
    ]);
    expect(again.positions.filter((p) => p.isChanged || p.isOutOfBounds)).toEqual([]);
    expect(await criteria()).toEqual([1, 1, 1, 1, 1, 1]);
  });

  it('decision 23: a line carried into Y+1 is cleared or lowered only while Y+1 has not used the carried line beyond the new figure', async () => {
    const c = await as('zwei');
    const next = await scope(Y + 1);
    expect((await c.residues.carryOver(next)).linesCreated).toBe(2);
    await approveForecast(Y + 1);
    const f = await final();
    // Y+1 holds only what Y carried on 2-1-003 (open 300,00 + the reservation's 300,00 = the carried 600,00): clearing is allowed,
    // every later determination is at least those 600,00
    await save([{ budgetId: id(f, '21003'), amount: null }]);
    expect(line(await final(), '21003').isDetermined).toBe(false);
    // determined with 800,00 and carried again: Y+1's line is 800,00
    await save([{ budgetId: id(f, '21003'), amount: 80_000 }]);
    expect((await c.residues.carryOver(next)).linesUpdated).toBe(1);
    // Y+1 pays 100,00 more on the carried line: it uses 700,00 of it
    await c.movements.save(
      await expense({ recordDate: `${Y + 1}-01-09`, documentDate: `${Y + 1}-01-09`, positions: [{ chapter: '21003', chapterYear: Y, amount: 10_000 }] }, Y + 1),
    );
    // clearing (a later figure could be 600,00) and lowering below 700,00 are refused, with what Y+1 uses
    await expectAppError(save([{ budgetId: id(f, '21003'), amount: null }]), 'SmallerThanExistingResidue', {
      field: 'positions.0.amount',
      params: { chapter: '21003', year: Y + 1, used: 70_000 },
    });
    await expectAppError(save([{ budgetId: id(f, '21003'), amount: 65_000 }]), 'SmallerThanExistingResidue');
    expect(line(await final(), '21003').budget.finalResidue).toBe(80_000);
    // down to exactly what Y+1 uses is allowed; the next carry-over brings Y+1 in line
    expect(line(await save([{ budgetId: id(f, '21003'), amount: 70_000 }]), '21003').budget.finalResidue).toBe(70_000);
    expect((await c.residues.carryOver(next)).linesUpdated).toBe(1);
  });
});
