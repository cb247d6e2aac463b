import { schema } from '@app/db';
import { isValidIban } from '@app/domain';
import { and, eq } from 'drizzle-orm';
import { expect, it } from 'vitest';
import { expectInvalid } from '../test-fields.ts';
import { describeOnDatabases, expectAppError, signedIn } from '../test-utils.ts';
import { accountReferences } from './references.ts';

const postAccount = {
  code: 'P1',
  descriptionDeu: 'Postkontokorrent',
  descriptionIta: 'Conto corrente postale',
  type: 3 as const,
  bankInfo: { iban: 'IT60X0542811101000000123456', bankName: 'Poste Italiane', swift: 'BPPIITRRXXX' },
};

describeOnDatabases('accounts', (get) => {
  async function deptId(code: string): Promise<number> {
    const [row] = await get().db.select({ id: schema.departments.id }).from(schema.departments).where(eq(schema.departments.code, code));
    return row?.id ?? 0;
  }
  async function accountId(departmentId: number, code: string): Promise<number> {
    const [row] = await get()
      .db.select({ id: schema.accounts.id })
      .from(schema.accounts)
      .where(and(eq(schema.accounts.departmentId, departmentId), eq(schema.accounts.code, code)));
    return row?.id ?? 0;
  }

  it('lists the demo cash and bank account of every department', async () => {
    const { caller } = await signedIn(get(), 'zwei');
    for (const code of ['102', '201']) {
      const page = await caller.accounts.list({ departmentId: await deptId(code) });
      // the demo bookings of the previous year use both accounts: neither can be set inactive
      expect(page.entities.map((a) => [a.code, a.type, a.descriptionIta, a.canInactivate])).toEqual([
        ['B1', 2, expect.stringContaining('Conto corrente'), false],
        ['K1', 1, 'Cassa', false],
      ]);
      expect(isValidIban(page.entities[0]?.bankInfo.iban ?? '')).toBe(true);
    }
    const eppan = await caller.accounts.list({ departmentId: await deptId('102'), description: 'Überetsch' });
    expect(eppan.entities.map((a) => a.bankInfo)).toEqual([
      { iban: expect.stringMatching(/^IT[0-9]{2}[A-Z]0825558160000000071190$/), bankName: 'Raiffeisenkasse Überetsch', swift: 'RZSBIT21007' },
    ]);
    expect((await caller.accounts.list({ departmentId: await deptId('102'), description: 'kassa' })).entities.map((a) => a.code)).toEqual(['K1']);
  });

  it('refuses the accounts of a foreign department', async () => {
    const { caller } = await signedIn(get(), 'kassier');
    await expectAppError(caller.accounts.list({ departmentId: await deptId('102') }), 'DepartmentNotAllowed');
    await expectAppError(caller.accounts.create({ ...postAccount, departmentId: await deptId('102') }), 'DepartmentNotAllowed');
    await expectAppError(caller.accounts.get({ id: await accountId(await deptId('102'), 'K1'), departmentId: await deptId('101') }), 'NotFound');
  });

  it('gives the template and creates an account; AccountExists for a taken code', async () => {
    const { caller } = await signedIn(get(), 'kassier');
    const departmentId = await deptId('101');
    expect(await caller.accounts.template({ departmentId })).toMatchObject({ id: null, type: 1, canInactivate: true, inactive: false });
    const created = await caller.accounts.create({ ...postAccount, code: 'p1', departmentId });
    expect(created).toMatchObject({ code: 'P1', type: 3, canInactivate: true, bankInfo: postAccount.bankInfo, departmentId });
    await expectAppError(caller.accounts.create({ ...postAccount, departmentId }), 'AccountExists');
    expect((await caller.accounts.list({ departmentId })).total).toBe(3);
  });

  it('names the bad field and writes nothing', async () => {
    const { caller } = await signedIn(get(), 'kassier');
    const departmentId = await deptId('101');
    await expectInvalid(caller.accounts.create({ ...postAccount, code: 'TOOLONG', departmentId }), 'code');
    await expectInvalid(caller.accounts.create({ ...postAccount, code: 'P2', descriptionIta: '', departmentId }), 'descriptionIta');
    await expectInvalid(caller.accounts.create({ ...postAccount, code: 'P2', notes: 'n'.repeat(201), departmentId }), 'notes');
    await expectInvalid(caller.accounts.create({ ...postAccount, code: 'P2', type: 4 as 3, departmentId }), 'type');
    await expectInvalid(
      caller.accounts.create({ ...postAccount, code: 'P2', bankInfo: { iban: 'IT60X0542811101000000123457' }, departmentId }),
      'bankInfo.iban',
    );
    expect(await accountId(departmentId, 'P2')).toBe(0);
  });

  it('sets an account inactive only while it has no movements (CannotInactivate)', async () => {
    const { caller } = await signedIn(get(), 'kassier');
    const departmentId = await deptId('101');
    const id = await accountId(departmentId, 'P1');
    // stand-in for the bookings area: a table that points at the account counts as movements
    accountReferences.push({ label: 'movements', column: schema.accounts.id });
    try {
      expect((await caller.accounts.get({ id, departmentId })).canInactivate).toBe(false);
      await expectAppError(caller.accounts.patch({ id, departmentId, inactive: true }), 'CannotInactivate');
      expect((await caller.accounts.get({ id, departmentId })).inactive).toBe(false);
      await expectAppError(caller.accounts.delete({ id, departmentId }), 'InUse');
    } finally {
      accountReferences.pop();
    }
    const inactive = await caller.accounts.update({ ...postAccount, inactive: true, notes: 'aufgelassen', id, departmentId });
    expect(inactive).toMatchObject({ inactive: true, notes: 'aufgelassen', canInactivate: true });
    expect((await caller.accounts.briefs({ departmentId })).map((a) => a.code)).toEqual(['B1', 'K1']);
    expect(await caller.accounts.briefs({ departmentId, includeInactive: true })).toEqual([
      {
        id: await accountId(departmentId, 'B1'),
        code: 'B1',
        descriptionDeu: expect.stringContaining('Kontokorrent'),
        descriptionIta: expect.any(String),
        type: 2,
        inactive: false,
      },
      { id: await accountId(departmentId, 'K1'), code: 'K1', descriptionDeu: 'Kassa', descriptionIta: 'Cassa', type: 1, inactive: false },
      { id, code: 'P1', descriptionDeu: 'Postkontokorrent', descriptionIta: 'Conto corrente postale', type: 3, inactive: true },
    ]);
    expect((await caller.accounts.list({ departmentId, includeInactive: false })).total).toBe(2);
  });

  it('prints the accounts of one type or all', async () => {
    const { caller } = await signedIn(get(), 'kassier');
    const departmentId = await deptId('101');
    const all = await caller.accounts.print({ departmentId, language: 'it' });
    expect(all).toMatchObject({ departmentCode: '101', departmentName: 'Corpo dei Vigili del Fuoco Volontari Laives', type: null });
    expect(all.rows.map((r) => [r.type, r.code])).toEqual([
      [1, 'K1'],
      [2, 'B1'],
      [3, 'P1'],
    ]);
    expect((await caller.accounts.print({ departmentId, type: 2 })).rows.map((r) => r.code)).toEqual(['B1']);
  });

  it('deletes an account without movements', async () => {
    const { caller } = await signedIn(get(), 'kassier');
    const departmentId = await deptId('101');
    expect(await caller.accounts.delete({ id: await accountId(departmentId, 'P1'), departmentId })).toBe(true);
    expect(await accountId(departmentId, 'P1')).toBe(0);
  });
});
