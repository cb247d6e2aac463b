import { schema } from '@app/db';
import { eq } from 'drizzle-orm';
import { expect, it } from 'vitest';
import { CURRENT_YEAR, describeOnDatabases, expectAppError, signedIn } from '../test-utils.ts';

describeOnDatabases('financial years', (get) => {
  async function deptId(code: string): Promise<number> {
    const [row] = await get().db.select({ id: schema.departments.id }).from(schema.departments).where(eq(schema.departments.code, code));
    return row?.id ?? 0;
  }
  async function yearsInDb(): Promise<number[]> {
    return (await get().db.select().from(schema.financialYears)).map((y) => y.year).sort();
  }

  it('lets a supervisor create a year and returns the years', async () => {
    const { caller } = await signedIn(get(), 'supervisor');
    expect(await caller.years.create({ year: CURRENT_YEAR + 1 })).toEqual({
      years: [CURRENT_YEAR - 1, CURRENT_YEAR, CURRENT_YEAR + 1],
      year: CURRENT_YEAR + 1,
      created: true,
      message: 'YearCreated',
    });
  });

  it('an existing year answers the years with the message YearExists and writes nothing', async () => {
    const { caller } = await signedIn(get(), 'supervisor');
    expect(await caller.years.create({ year: CURRENT_YEAR })).toEqual({
      years: [CURRENT_YEAR - 1, CURRENT_YEAR, CURRENT_YEAR + 1],
      year: CURRENT_YEAR,
      created: false,
      message: 'YearExists',
    });
    expect(await yearsInDb()).toEqual([CURRENT_YEAR - 1, CURRENT_YEAR, CURRENT_YEAR + 1]);
  });

  it('lets an administrator create a year only for the union', async () => {
    const { caller } = await signedIn(get(), 'admin');
    await expectAppError(caller.years.create({ year: CURRENT_YEAR + 2, departmentId: await deptId('100') }), 'Forbidden');
    expect(await yearsInDb()).not.toContain(CURRENT_YEAR + 2);
    expect((await caller.years.create({ year: CURRENT_YEAR + 2, departmentId: await deptId('000') })).years).toContain(CURRENT_YEAR + 2);
    // without a department: allowed because the administrator is linked to the union
    expect((await caller.years.create({ year: CURRENT_YEAR + 3 })).years).toContain(CURRENT_YEAR + 3);
  });

  it('refuses a standard user, with or without a department', async () => {
    const { caller } = await signedIn(get(), 'kassier');
    await expectAppError(caller.years.create({ year: CURRENT_YEAR + 4 }), 'Forbidden');
    await expectAppError(caller.years.create({ year: CURRENT_YEAR + 4, departmentId: await deptId('101') }), 'Forbidden');
    await expectAppError(caller.years.create({ year: CURRENT_YEAR + 4, departmentId: await deptId('000') }), 'DepartmentNotAllowed');
    expect(await yearsInDb()).not.toContain(CURRENT_YEAR + 4);
  });

  it('lists the per-area unlock flags of every year', async () => {
    const { caller } = await signedIn(get(), 'kassier');
    const { years } = await caller.years.status();
    expect(years[0]).toEqual({ year: CURRENT_YEAR - 1, areaUnlocked: { 1: false, 2: false, 3: false }, chartUnlocked: { 1: false, 2: false, 3: false } });
    expect(years.map((y) => y.year)).toEqual(await yearsInDb());
  });

  it('sets the year unlock per area (permission yearUnlock) in one write', async () => {
    const { caller } = await signedIn(get(), 'supervisor');
    const result = await caller.years.setStatus({
      years: [
        { year: CURRENT_YEAR - 1, areaUnlocked: { 1: true, 2: false, 3: true } },
        { year: CURRENT_YEAR, areaUnlocked: { 1: false, 2: true, 3: false } },
      ],
    });
    expect(result.years.slice(0, 2)).toEqual([
      { year: CURRENT_YEAR - 1, areaUnlocked: { 1: true, 2: false, 3: true }, chartUnlocked: { 1: false, 2: false, 3: false } },
      { year: CURRENT_YEAR, areaUnlocked: { 1: false, 2: true, 3: false }, chartUnlocked: { 1: false, 2: false, 3: false } },
    ]);
    const [row] = await get()
      .db.select()
      .from(schema.financialYears)
      .where(eq(schema.financialYears.year, CURRENT_YEAR - 1));
    // the year unlock leaves the chart unlock alone
    expect(row).toMatchObject({
      unionUnlocked: true,
      districtUnlocked: false,
      departmentUnlocked: true,
      unionChartUnlocked: false,
      departmentChartUnlocked: false,
    });
  });

  it('refuses an unknown year without writing anything', async () => {
    const { caller } = await signedIn(get(), 'supervisor');
    await expectAppError(
      caller.years.setStatus({
        years: [
          { year: CURRENT_YEAR, areaUnlocked: { 1: true, 2: true, 3: true } },
          { year: 2099, areaUnlocked: { 1: true, 2: true, 3: true } },
        ],
      }),
      'NotFound',
    );
    const [row] = await get().db.select().from(schema.financialYears).where(eq(schema.financialYears.year, CURRENT_YEAR));
    expect(row).toMatchObject({ unionUnlocked: false, districtUnlocked: true, departmentUnlocked: false });
  });

  it('year unlock (yearUnlock): an administrator only with the union, never a standard user', async () => {
    const flags = { years: [{ year: CURRENT_YEAR, areaUnlocked: { 1: false, 2: false, 3: false } }] };
    const admin = (await signedIn(get(), 'admin')).caller;
    await expectAppError(admin.years.setStatus({ ...flags, departmentId: await deptId('100') }), 'Forbidden');
    expect((await admin.years.setStatus({ ...flags, departmentId: await deptId('000') })).years.find((y) => y.year === CURRENT_YEAR)?.areaUnlocked[2]).toBe(
      false,
    );
    const standard = (await signedIn(get(), 'kassier')).caller;
    await expectAppError(standard.years.setStatus(flags), 'Forbidden');
    await expectAppError(standard.years.setStatus({ ...flags, departmentId: await deptId('101') }), 'Forbidden');
  });

  it('refuses an invalid year', async () => {
    const { caller } = await signedIn(get(), 'supervisor');
    await expectAppError(caller.years.create({ year: 1999 }), 'InvalidValue');
  });
});
