import { execRows } from '@app/db';
import { type BudgetChapter, Part, type UnionDepartment, type UnionTotals } from '@app/domain';
import { sql } from 'drizzle-orm';
import { expect, it } from 'vitest';
import { CURRENT_YEAR, departmentId, describeOnDatabases, expectAppError, signInAs } from '../../test-utils.ts';
import { workedExampleBudget } from '../bookings.testkit.ts';
import { yearEndKit } from '../yearEnd.testkit.ts';

/**
 * Overview/Union (issue 30) on the demo fixture's booked previous year: the union's and each district's totals are
 * the sums of their departments, and every department's figure equals that department's own read — the month ends
 * Overview/Year's (the cash journal's) and December Accounts/Balance/Total, the open payments Payments/Open, the
 * residues carried Budget/Residues/Final of the residue lines, the exceeded chapters Budget/Chapters, "determined"
 * Budget/Residues/Final's allDetermined. The states and the late list follow the deadlines (31.12. before, 31.03. after).
 */
const PREV = CURRENT_YEAR - 1;
const TODAY = `${PREV}-12-20`;
const NOW = new Date(`${TODAY}T10:00:00Z`);

describeOnDatabases('Overview/Union: the union dashboard equals the sum of its brigades and their reads', (get) => {
  const as = signInAs(get, '10.31', NOW);
  const scopeOf = async (code: string, year = PREV) => ({ departmentId: await departmentId(get(), code), year });

  async function allExpenseChapters(c: Awaited<ReturnType<typeof as>>, scope: { departmentId: number; year: number }): Promise<BudgetChapter[]> {
    const out: BudgetChapter[] = [];
    for (let page = 1; ; page++) {
      const p = await c.budget.chapters({ ...scope, part: Part.Expenses, page, pageSize: 100 });
      out.push(...p.entities);
      if (page >= p.totalPages) break;
    }
    return out;
  }

  const expectSum = (totals: UnionTotals, departments: readonly UnionDepartment[]) => {
    const sum = (pick: (d: UnionDepartment) => number) => departments.reduce((s, d) => s + pick(d), 0);
    expect(totals.departments).toBe(departments.length);
    expect(totals.cashMonthEnds).toEqual(Array.from({ length: 12 }, (_, m) => sum((d) => d.cashMonthEnds[m]!)));
    expect(totals.openPayments).toBe(sum((d) => d.openPayments));
    expect(totals.openPaymentsCount).toBe(sum((d) => d.openPaymentsCount));
    expect(totals.activeResidues).toBe(sum((d) => d.activeResidues));
    expect(totals.passiveResidues).toBe(sum((d) => d.passiveResidues));
    expect(totals.exceededChapters).toBe(sum((d) => d.exceededChapters));
    expect(totals.withExceededChapters).toBe(departments.filter((d) => d.exceededChapters > 0).length);
    for (const state of ['missing', 'draft', 'approved', 'late'] as const)
      expect(totals.forecast[state]).toBe(departments.filter((d) => d.forecast === state).length);
    for (const state of ['open', 'determined', 'approved', 'late'] as const) {
      expect(totals.finalAccount[state]).toBe(departments.filter((d) => d.finalAccount === state).length);
    }
  };

  it('totals are the sums of the brigades, each figure the brigade’s own read', async () => {
    const c = await as('supervisor');
    // an exceeded chapter in 102: its line with the most paid loses its budget (a change would be refused)
    const [line] = await execRows<{ id: number }>(
      get().db,
      sql`select l.id from chapter_budgets l join chapters ch on ch.id = l.chapter_id join movement_positions p on p.chapter_budget_id = l.id
          join movements m on m.id = p.movement_id
          where l.department_id = ${(await scopeOf('102')).departmentId} and l.year = ${PREV} and l.chapter_year = ${PREV} and ch.part = 2 and not m.cancelled
          group by l.id order by sum(p.amount) desc limit 1`,
    );
    await execRows(get().db, sql`update chapter_budgets set budget_initial = 0 where id = ${line!.id}`);

    const view = await c.overview.union(await scopeOf('000'));
    expect(view).toMatchObject({ year: PREV, date: TODAY, forecastDeadline: `${PREV - 1}-12-31`, finalAccountDeadline: `${CURRENT_YEAR}-03-31` });
    expect(view.departments.map((d) => [d.code, d.district, d.forecast, d.forecastApproval, d.finalAccount])).toEqual([
      ['000', '000', 'approved', `${PREV - 1}-12-15`, 'open'],
      ['100', '100', 'approved', `${PREV - 1}-12-15`, 'open'],
      ['101', '100', 'approved', `${PREV - 1}-12-15`, 'open'],
      ['102', '100', 'approved', `${PREV - 1}-12-15`, 'open'],
      ['200', '200', 'approved', `${PREV - 1}-12-15`, 'open'],
      ['201', '200', 'approved', `${PREV - 1}-12-15`, 'open'],
      ['202', '200', 'approved', `${PREV - 1}-12-15`, 'open'],
    ]);
    expect(view.late).toEqual([]);

    // the sums: the union of all, each district of its departments
    expectSum(view.union, view.departments);
    expect(view.districts.map((d) => d.district)).toEqual(['000', '100', '200']);
    for (const district of view.districts) {
      expectSum(
        district,
        view.departments.filter((d) => d.district === district.district),
      );
    }

    // each department's figures as its own reads answer them
    for (const d of view.departments) {
      const scope = { departmentId: d.departmentId, year: PREV };
      const year = await c.overview.year(scope);
      expect(d.cashMonthEnds, `${d.code} cash`).toEqual(year.cashMonthEnds);
      expect(d.cashMonthEnds[11], `${d.code} December`).toBe((await c.accountBalances.total(scope)).cashBalance);
      if (year.openPaymentsAllowed) {
        const open = await c.payments.open(scope);
        expect([d.openPaymentsCount, d.openPayments], `${d.code} open`).toEqual([open.count, open.total]);
      } else {
        expect([d.openPaymentsCount, d.openPayments]).toEqual([0, 0]);
      }
      const residues = await c.residues.final({ ...scope, source: 2 });
      const allocated = (part: Part) => residues.positions.filter((p) => p.chapter.part === part).reduce((s, p) => s + p.budget.allocated, 0);
      expect([d.activeResidues, d.passiveResidues], `${d.code} residues`).toEqual([allocated(Part.Revenues), allocated(Part.Expenses)]);
      const exceeded = (await allExpenseChapters(c, scope)).filter((ch) => ch.availableAfterPlannedExpenses < 0).length;
      expect(d.exceededChapters, `${d.code} exceeded`).toBe(exceeded);
      expect(d.finalAccount === 'determined').toBe(residues.allDetermined && (await c.residues.final({ ...scope, source: 1 })).positions.length > 0);
    }
    // the fixture's booked brigades move cash, 102 has open payments and now an exceeded chapter
    const d102 = view.departments.find((d) => d.code === '102')!;
    expect(d102.exceededChapters).toBeGreaterThanOrEqual(1);
    expect(d102.openPayments).toBeGreaterThan(0);
    expect(new Set(view.union.cashMonthEnds).size).toBeGreaterThan(1);
    expect(view.union.withExceededChapters).toBeGreaterThanOrEqual(1);

    // the district filter: the district and its departments, the same figures
    const bozen = await c.overview.union({ ...(await scopeOf('000')), district: '100' });
    expect(bozen.departments.map((d) => d.code)).toEqual(['100', '101', '102']);
    expect(bozen.departments).toEqual(view.departments.filter((d) => d.district === '100'));
    expect(bozen.union).toEqual({ ...view.districts.find((d) => d.district === '100')!, district: null });
  });

  it('late: a forecast approved after 31.12. before, a final account missing after 31.03. after (with the days)', async () => {
    const id102 = (await scopeOf('102')).departmentId;
    await execRows(get().db, sql`update budget_heads set forecast_approved = ${`${PREV}-01-20`} where department_id = ${id102} and year = ${PREV}`);
    const id201 = (await scopeOf('201')).departmentId;
    await execRows(get().db, sql`update budget_heads set final_approved = ${`${CURRENT_YEAR}-03-10`} where department_id = ${id201} and year = ${PREV}`);
    try {
      const c = await as('supervisor', new Date(`${CURRENT_YEAR}-04-10T10:00:00Z`));
      const view = await c.overview.union(await scopeOf('000'));
      const states = Object.fromEntries(view.departments.map((d) => [d.code, [d.forecast, d.finalAccount]]));
      expect(states['102']).toEqual(['late', 'late']);
      expect(states['201']).toEqual(['approved', 'approved']);
      expect(states['101']).toEqual(['approved', 'late']);
      expect(view.union.forecast).toEqual({ missing: 0, draft: 0, approved: 6, late: 1 });
      expect(view.union.finalAccount).toEqual({ open: 0, determined: 0, approved: 1, late: 6 });
      expect(view.late[0]).toMatchObject({ code: '102', kind: 'forecast', deadline: `${PREV - 1}-12-31`, approval: `${PREV}-01-20`, daysLate: 20 });
      expect(view.late.slice(1).map((l) => [l.code, l.kind, l.approval, l.daysLate])).toEqual(
        ['000', '100', '101', '102', '200', '202'].map((code) => [code, 'finalAccount', null, 10]),
      );
    } finally {
      await execRows(get().db, sql`update budget_heads set forecast_approved = ${`${PREV - 1}-12-15`} where department_id = ${id102} and year = ${PREV}`);
      await execRows(get().db, sql`update budget_heads set final_approved = null where department_id = ${id201} and year = ${PREV}`);
    }
  });

  it('the current year: drafts and missing forecasts, and who sees what', async () => {
    const early = new Date(`${PREV}-11-10T10:00:00Z`);
    // before the year: 101 has a draft (an amount, no approval), the others no amount
    await (
      await as('kassier', early)
    ).budget.forecast.save({ ...(await scopeOf('101', CURRENT_YEAR)), part: 1, positions: [{ chapter: '11001', amountCurrYear: 500_000 }] });
    const c = await as('supervisor', early);
    const next = await c.overview.union(await scopeOf('000', CURRENT_YEAR));
    expect(next.union.forecast).toEqual({ missing: 6, draft: 1, approved: 0, late: 0 });
    expect(next.departments.find((d) => d.code === '101')?.forecast).toBe('draft');
    // once the year has begun every unapproved forecast is late, counted to today
    const january = await (await as('supervisor', new Date(`${CURRENT_YEAR}-01-05T10:00:00Z`))).overview.union(await scopeOf('000', CURRENT_YEAR));
    expect(january.union.forecast).toEqual({ missing: 0, draft: 0, approved: 0, late: 7 });
    expect(january.late.every((l) => l.kind === 'forecast' && l.approval === null && l.daysLate === 5)).toBe(true);

    const kassier = await as('kassier');
    expect((await kassier.overview.union(await scopeOf('101'))).departments.map((d) => d.code)).toEqual(['101']);
    await expectAppError(kassier.overview.union(await scopeOf('102')), 'DepartmentNotAllowed');
    const zwei = await as('zwei');
    expect((await zwei.overview.union(await scopeOf('102'))).departments.map((d) => d.code)).toEqual(['102', '201']);
    const admin = await as('admin');
    expect((await admin.overview.union(await scopeOf('000'))).union.departments).toBe(7);
    expect((await admin.overview.union(await scopeOf('100'))).departments.map((d) => d.code)).toEqual(['000', '100']);
    await expectAppError(c.overview.union({ ...(await scopeOf('000')), district: '000' }), 'InvalidValue');
  });
});

/**
 * A year carried over: FF Eppan (102) books DOMAIN.md's worked-example budget in the current year Y with the year-end
 * bill of yearEnd.testkit.ts (an instalment left open), determines every residue and carries them over into Y+1. Y's
 * final account is then "determined" for 102 alone, and Y+1's residues carried are what Budget/Residues/Final gives
 * its residue lines — figures the fixture's own years never reach (nothing determined, no residue line).
 */
describeOnDatabases('Overview/Union: a determined year and the residues it carries', (get) => {
  const Y = CURRENT_YEAR;
  const IN_Y1 = new Date(`${Y + 1}-01-10T10:00:00Z`);
  const as = signInAs(get, '10.33', IN_Y1);
  const { scope, determineProposals, yearEndBill } = yearEndKit(get, as, IN_Y1);

  it('determined for the brigade that determined, its residues carried equal to its residue lines', async () => {
    const supervisor = await as('supervisor');
    expect((await supervisor.years.create({ year: Y + 1 })).created).toBe(true);
    const zwei = await as('zwei', new Date(`${Y}-06-01T10:00:00Z`));
    await workedExampleBudget(zwei, await scope(Y));
    await yearEndBill(zwei, Y, 'R-U1');
    const union = async (year: number) => supervisor.overview.union({ departmentId: await departmentId(get(), '000'), year });
    const before = await union(Y);
    expect(before.departments.find((d) => d.code === '102')?.finalAccount).toBe('open');

    const determined = await determineProposals(Y, 1, IN_Y1);
    expect(determined.allDetermined).toBe(true);
    const view = await union(Y);
    expect(view.departments.map((d) => [d.code, d.finalAccount]).filter(([, state]) => state !== 'open')).toEqual([['102', 'determined']]);
    expect(view.union.finalAccount).toMatchObject({ determined: 1, open: view.departments.length - 1 });
    expect(view.districts.find((d) => d.district === '100')?.finalAccount.determined).toBe(1);

    await (await as('zwei')).residues.carryOver(await scope(Y + 1));
    const next = await union(Y + 1);
    const d102 = next.departments.find((d) => d.code === '102')!;
    const final = await supervisor.residues.final({ ...(await scope(Y + 1)), source: 2 });
    const allocated = (part: Part) => final.positions.filter((p) => p.chapter.part === part).reduce((s, p) => s + p.budget.allocated, 0);
    expect([d102.activeResidues, d102.passiveResidues]).toEqual([allocated(Part.Revenues), allocated(Part.Expenses)]);
    // the open instalment of the year-end bill (100,01), spread over two expense lines: 3.828 + 6.173 cents
    expect(d102.passiveResidues).toBe(10_001);
    expect(next.union.passiveResidues).toBe(next.departments.reduce((s, d) => s + d.passiveResidues, 0));
    expect(next.union.activeResidues).toBe(next.departments.reduce((s, d) => s + d.activeResidues, 0));
  });
});
