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
      });
      const previous = await caller.scope.status({ departmentId: id, year: CURRENT_YEAR - 1 });
      expect(previous.isBudgetApproved).toBe(true);
      expect(previous.isFirstYear).toBe(true);
    });

    it('says when no chart of accounts exists for the year', async () => {
      await get().db.insert(schema.financialYears).values({ year: CURRENT_YEAR + 1 });
      const { caller } = await signedIn(get(), 'kassier');
      const status = await caller.scope.status({ departmentId: await deptId('101'), year: CURRENT_YEAR + 1 });
      expect(status.hasChartOfAccounts).toBe(false);
      await get().db.delete(schema.financialYears).where(eq(schema.financialYears.year, CURRENT_YEAR + 1));
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
});
