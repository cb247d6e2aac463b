import { schema } from '@app/db';
import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { CURRENT_YEAR, describeOnDatabases, expectAppError, signedIn } from '../test-utils.ts';

describeOnDatabases('scope', (get) => {
  async function deptId(code: string): Promise<number> {
    const [row] = await get().db.select({ id: schema.departments.id }).from(schema.departments).where(eq(schema.departments.code, code));
    if (!row) throw new Error(`no department ${code}`);
    return row.id;
  }

  describe('scope.list', () => {
    it.each([
      ['supervisor', ['000', '100', '101', '102', '200', '201', '202']],
      ['admin', ['000', '100']],
      ['kassier', ['101']],
      ['zwei', ['102', '201']],
    ])('%s sees exactly their departments', async (username, codes) => {
      const { caller } = await signedIn(get(), username);
      const scopes = await caller.scope.list();
      expect(scopes.departments.map((d) => d.code)).toEqual(codes);
      expect(scopes.years).toEqual([CURRENT_YEAR - 1, CURRENT_YEAR]);
    });

    it('gives bilingual names and the area of each department', async () => {
      const { caller } = await signedIn(get(), 'admin');
      const [union, district] = (await caller.scope.list()).departments;
      expect(union).toMatchObject({ code: '000', area: 1, nameDeu: 'Landesfeuerwehrverband Südtirol' });
      expect(district).toMatchObject({ code: '100', area: 2, nameIta: 'Unione distrettuale VV.F. Bolzano' });
    });
  });

  describe('scope.status', () => {
    it('reports approval, chart, open payments and first year', async () => {
      const { caller } = await signedIn(get(), 'zwei');
      const id = await deptId('102');
      const current = await caller.scope.status({ departmentId: id, year: CURRENT_YEAR });
      expect(current).toEqual({
        departmentId: id,
        year: CURRENT_YEAR,
        isBudgetApproved: false,
        isBudgetClosed: false,
        hasChartOfAccounts: true,
        openPaymentsAllowed: true,
        isFirstYear: false,
        isYearLocked: false,
      });
      const previous = await caller.scope.status({ departmentId: id, year: CURRENT_YEAR - 1 });
      expect(previous.isBudgetApproved).toBe(true);
      expect(previous.isFirstYear).toBe(true);
    });

    it('says when no chart of accounts exists for the year', async () => {
      await get()
        .db.insert(schema.financialYears)
        .values({ year: CURRENT_YEAR + 1 });
      const { caller } = await signedIn(get(), 'kassier');
      const status = await caller.scope.status({ departmentId: await deptId('101'), year: CURRENT_YEAR + 1 });
      expect(status.hasChartOfAccounts).toBe(false);
      await get()
        .db.delete(schema.financialYears)
        .where(eq(schema.financialYears.year, CURRENT_YEAR + 1));
    });

    it('refuses a department not linked to the user, existing or not', async () => {
      const { caller } = await signedIn(get(), 'kassier');
      await expectAppError(caller.scope.status({ departmentId: await deptId('102'), year: CURRENT_YEAR }), 'DepartmentNotAllowed');
      await expectAppError(caller.scope.status({ departmentId: 99999, year: CURRENT_YEAR }), 'DepartmentNotAllowed');
    });

    it('lets a supervisor into any department and says NotFound for a missing one', async () => {
      const { caller } = await signedIn(get(), 'supervisor');
      expect((await caller.scope.status({ departmentId: await deptId('202'), year: CURRENT_YEAR })).departmentId).toBe(await deptId('202'));
      await expectAppError(caller.scope.status({ departmentId: 99999, year: CURRENT_YEAR }), 'NotFound');
    });

    it('validates the scope input', async () => {
      const { caller } = await signedIn(get(), 'kassier');
      await expectAppError(caller.scope.status({ departmentId: -1, year: CURRENT_YEAR }), 'InvalidValue');
    });
  });

  describe('scope.landing', () => {
    const next = CURRENT_YEAR + 1;

    async function removeNextYear() {
      const { db } = get();
      await db.delete(schema.chapters).where(eq(schema.chapters.year, next));
      await db.delete(schema.categories).where(eq(schema.categories.year, next));
      await db.delete(schema.titles).where(eq(schema.titles.year, next));
      await db.delete(schema.financialYears).where(eq(schema.financialYears.year, next));
    }

    it('lands in the latest year with a chart; a new year without chart is not the start; the remembered year wins when valid', async () => {
      try {
        const kassier = (await signedIn(get(), 'kassier')).caller;
        const id101 = await deptId('101');
        expect(await kassier.scope.landing({ departmentId: id101 })).toEqual({ year: CURRENT_YEAR, latestReadyYear: CURRENT_YEAR });

        // the union creates the next year: no chart of accounts yet
        const admin = (await signedIn(get(), 'admin')).caller;
        expect((await admin.years.create({ year: next, departmentId: await deptId('000') })).years).toContain(next);
        expect((await kassier.scope.list()).years.at(-1)).toBe(next);
        expect((await kassier.scope.status({ departmentId: id101, year: next })).hasChartOfAccounts).toBe(false);

        const land = (rememberedYear?: number) =>
          kassier.scope.landing(rememberedYear === undefined ? { departmentId: id101 } : { departmentId: id101, rememberedYear });
        // a fresh browser: the year with a chart, not the new empty one
        expect(await land()).toEqual({ year: CURRENT_YEAR, latestReadyYear: CURRENT_YEAR });
        // remembered: a valid year wins; the new year without chart and a missing year do not
        expect((await land(CURRENT_YEAR - 1)).year).toBe(CURRENT_YEAR - 1);
        expect((await land(next)).year).toBe(CURRENT_YEAR);
        expect((await land(2019)).year).toBe(CURRENT_YEAR);
        // without a department (the chooser): over the areas of the user's departments
        expect((await kassier.scope.landing({})).year).toBe(CURRENT_YEAR);

        // the departments' chart is copied into the new year: departments land there, the district not
        const supervisor = (await signedIn(get(), 'supervisor')).caller;
        const copied = await supervisor.chart.copy({ area: 3, year: next, test: false, chapters: true });
        expect(copied.status).toBe('Success');
        expect(await land()).toEqual({ year: next, latestReadyYear: next });
        expect((await land(CURRENT_YEAR)).year).toBe(CURRENT_YEAR);
        expect((await kassier.scope.landing({})).year).toBe(next);
        const district = await admin.scope.landing({ departmentId: await deptId('100') });
        expect(district).toEqual({ year: CURRENT_YEAR, latestReadyYear: CURRENT_YEAR });
        // admin (union and district): neither area has a chart in the new year
        expect((await admin.scope.landing({})).year).toBe(CURRENT_YEAR);
        // a supervisor sees every area
        expect((await supervisor.scope.landing({})).year).toBe(next);
      } finally {
        await removeNextYear();
      }
    });

    it('refuses a department not linked to the user', async () => {
      const { caller } = await signedIn(get(), 'kassier');
      await expectAppError(caller.scope.landing({ departmentId: await deptId('102') }), 'DepartmentNotAllowed');
      await expectAppError(caller.scope.landing({ departmentId: await deptId('101'), rememberedYear: 1999 }), 'InvalidValue');
    });
  });
});
