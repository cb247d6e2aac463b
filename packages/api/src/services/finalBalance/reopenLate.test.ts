import { schema } from '@app/db';
import { and, eq } from 'drizzle-orm';
import { expect, it } from 'vitest';
import { CURRENT_YEAR, describeOnDatabases, expectAppError, signInAs } from '../../test-utils.ts';

const { budgetHeads, departments, userDepartments, users } = schema;

/** Y is the demo's previous year, Y+1 the current one: both financial years exist. */
const Y = CURRENT_YEAR - 1;
const NOVEMBER_NEXT = new Date(`${Y + 1}-11-15T10:00:00Z`);
const FEBRUARY_AFTER = new Date(`${Y + 2}-02-15T10:00:00Z`);

/**
 * The year's frame of the final account (issue 24 items 10 and 11, DOMAIN decision 26) on PGlite and
 * PostgreSQL, on brigade 1AF: its forecasts of Y and Y+1 approved and nothing booked, so every criterion
 * passes and only the dates and the years around decide. A late assembly (after 31.10 of Y+1) is
 * approved only while a Supervisor's year unlock of Y is in force; Y's approval can't be cleared while
 * Y+1's final account is approved, by anyone.
 */
describeOnDatabases('final account: late assembly and guarded reopening', (get) => {
  const as = signInAs(get, '10.42', NOVEMBER_NEXT);
  let dept = 0;
  const year = (y: number) => ({ departmentId: dept, year: y });
  const unlock = async (unlocked: boolean) =>
    (await as('supervisor')).years.setStatus({ years: [{ year: Y, areaUnlocked: { 1: false, 2: false, 3: unlocked } }] });
  const approvalOf = async (y: number) =>
    (
      await get()
        .db.select({ finalApproved: budgetHeads.finalApproved })
        .from(budgetHeads)
        .where(and(eq(budgetHeads.departmentId, dept), eq(budgetHeads.year, y)))
    )[0]?.finalApproved ?? null;

  it('sets up brigade 1AF: forecasts of Y and Y+1 approved, kassier linked', async () => {
    const db = get().db;
    const [row] = await db.insert(departments).values({ code: '1AF', name1Deu: 'FF Spätdorf', name1Ita: 'VVF Spätdorf' }).returning({ id: departments.id });
    dept = row?.id ?? 0;
    const [kassier] = await db.select({ id: users.id }).from(users).where(eq(users.username, 'kassier'));
    await db.insert(userDepartments).values({ userId: kassier?.id ?? 0, departmentId: dept });
    await db.insert(budgetHeads).values([
      { departmentId: dept, year: Y, forecastApproved: `${Y}-01-10` },
      { departmentId: dept, year: Y + 1, forecastApproved: `${Y + 1}-01-10` },
    ]);
    expect((await (await as('kassier')).finalBalance.get(year(Y))).criteria).toEqual([1, 1, 1, 1, 1, 1]);
  });

  it('an assembly after 31.10 of Y+1: refused without the year unlock, accepted as late while it is in force', async () => {
    const c = await as('kassier');
    expect(await c.finalBalance.get(year(Y))).toMatchObject({ isYearUnlocked: false, approvalTo: `${Y + 1}-10-31`, isEditable: true });
    await expectAppError(c.finalBalance.approve({ ...year(Y), approval: `${Y + 1}-11-10` }), 'DateAfter31.10');
    expect(await approvalOf(Y)).toBeNull();

    await unlock(true);
    expect(await c.finalBalance.get(year(Y))).toMatchObject({ isYearUnlocked: true, allPassed: true, approval: null });
    // still not in the future, not before 1.1 of Y+1
    await expectAppError(c.finalBalance.approve({ ...year(Y), approval: `${Y + 1}-11-16` }), 'InvalidDate');
    await expectAppError(c.finalBalance.approve({ ...year(Y), approval: `${Y}-12-31` }), 'InvalidDate');
    expect(await c.finalBalance.approve({ ...year(Y), approval: `${Y + 1}-11-10` })).toEqual({
      success: true,
      approval: `${Y + 1}-11-10`,
      isBudgetClosed: true,
      lateApproval: true,
    });
    expect(await c.finalBalance.get(year(Y))).toMatchObject({ approval: `${Y + 1}-11-10`, isLateApproval: true, canReopen: true, reopenRefusal: null });

    // the unlock taken back: the same late date can't be approved again once reopened
    await unlock(false);
    expect((await c.finalBalance.approve({ ...year(Y), approval: null })).isBudgetClosed).toBe(false);
    await expectAppError(c.finalBalance.approve({ ...year(Y), approval: `${Y + 1}-11-10` }), 'DateAfter31.10');
    expect(await approvalOf(Y)).toBeNull();
    // in Y+2 the unlock opens the locked year and lets the assembly's date through
    const february = await as('kassier', FEBRUARY_AFTER);
    await expectAppError(february.finalBalance.approve({ ...year(Y), approval: `${Y + 2}-02-01` }), 'YearLocked');
    await unlock(true);
    expect((await february.finalBalance.approve({ ...year(Y), approval: `${Y + 2}-02-01` })).lateApproval).toBe(true);
    expect(await approvalOf(Y)).toBe(`${Y + 2}-02-01`);
  });

  it("Y's approval can't be cleared while Y+1's final account is approved (NextYearApproved), not even by a Supervisor", async () => {
    const c = await as('kassier', FEBRUARY_AFTER);
    const supervisor = await as('supervisor', FEBRUARY_AFTER);
    expect((await c.finalBalance.approve({ ...year(Y + 1), approval: `${Y + 2}-02-10` })).success).toBe(true);
    for (const who of [c, supervisor]) {
      expect(await who.finalBalance.get(year(Y))).toMatchObject({ approval: `${Y + 2}-02-01`, canReopen: false, reopenRefusal: 'nextYearApproved' });
      await expectAppError(who.finalBalance.approve({ ...year(Y), approval: null }), 'NextYearApproved');
    }
    expect(await approvalOf(Y)).toBe(`${Y + 2}-02-01`);
    // the locked year says so first
    await unlock(false);
    expect(await c.finalBalance.get(year(Y))).toMatchObject({ canReopen: false, reopenRefusal: 'yearLocked' });
    await expectAppError(supervisor.finalBalance.approve({ ...year(Y), approval: null }), 'YearLocked');
    await unlock(true);
    // Y+1 reopened first, then Y can be
    expect((await c.finalBalance.approve({ ...year(Y + 1), approval: null })).isBudgetClosed).toBe(false);
    expect(await c.finalBalance.get(year(Y))).toMatchObject({ canReopen: true, reopenRefusal: null });
    expect((await c.finalBalance.approve({ ...year(Y), approval: null })).isBudgetClosed).toBe(false);
    expect([await approvalOf(Y), await approvalOf(Y + 1)]).toEqual([null, null]);
  });
});
