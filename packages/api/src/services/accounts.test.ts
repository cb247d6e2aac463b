import { schema } from '@app/db';
import { isValidIban } from '@app/domain';
import { and, eq } from 'drizzle-orm';
import { expect, it } from 'vitest';
import { expectInvalid } from '../test-fields.ts';
import { CURRENT_YEAR, describeOnDatabases, expectAppError, signedIn } from '../test-utils.ts';

const year = CURRENT_YEAR;

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
      const page = await caller.accounts.list({ year, departmentId: await deptId(code) });
      // the demo bookings of the previous year leave money on both accounts: neither can be set inactive
      expect(page.entities.map((a) => [a.code, a.type, a.descriptionIta, a.canInactivate])).toEqual([
        ['B1', 2, expect.stringContaining('Conto corrente'), false],
        ['K1', 1, 'Cassa', false],
      ]);
      expect(isValidIban(page.entities[0]?.bankInfo.iban ?? '')).toBe(true);
    }
    const eppan = await caller.accounts.list({ year, departmentId: await deptId('102'), description: 'Überetsch' });
    expect(eppan.entities.map((a) => a.bankInfo)).toEqual([
      { iban: expect.stringMatching(/^IT[0-9]{2}[A-Z]0825558160000000071190$/), bankName: 'Raiffeisenkasse Überetsch', swift: 'RZSBIT21007' },
    ]);
    expect((await caller.accounts.list({ year, departmentId: await deptId('102'), description: 'kassa' })).entities.map((a) => a.code)).toEqual(['K1']);
  });

  it('refuses the accounts of a foreign department', async () => {
    const { caller } = await signedIn(get(), 'kassier');
    await expectAppError(caller.accounts.list({ year, departmentId: await deptId('102') }), 'DepartmentNotAllowed');
    await expectAppError(caller.accounts.create({ ...postAccount, departmentId: await deptId('102') }), 'DepartmentNotAllowed');
    await expectAppError(caller.accounts.get({ year, id: await accountId(await deptId('102'), 'K1'), departmentId: await deptId('101') }), 'NotFound');
  });

  it('gives the template and creates an account; AccountExists for a taken code', async () => {
    const { caller } = await signedIn(get(), 'kassier');
    const departmentId = await deptId('101');
    expect(await caller.accounts.template({ departmentId })).toMatchObject({ id: null, type: 1, canInactivate: true, inactive: false });
    const created = await caller.accounts.create({ ...postAccount, code: 'p1', departmentId });
    expect(created).toMatchObject({ code: 'P1', type: 3, canInactivate: true, bankInfo: postAccount.bankInfo, departmentId });
    await expectAppError(caller.accounts.create({ ...postAccount, departmentId }), 'AccountExists');
    expect((await caller.accounts.list({ year, departmentId })).total).toBe(3);
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

  it('sets an account inactive only at a zero balance in the scope year (AccountHasBalance), used or not', async () => {
    const { caller } = await signedIn(get(), 'kassier');
    const departmentId = await deptId('101');
    const id = await accountId(departmentId, 'P1');
    const k1 = await accountId(departmentId, 'K1');
    const move = (from: number, to: number) =>
      caller.accountTransfers.save({ departmentId, year, recordDate: `${year}-01-02`, accountIdFrom: from, accountIdTo: to, amount: 12_345 });
    await move(k1, id);
    expect((await caller.accounts.get({ year, id, departmentId })).canInactivate).toBe(false);
    await expectAppError(caller.accounts.patch({ year, id, departmentId, inactive: true }), 'AccountHasBalance');
    expect((await caller.accounts.get({ year, id, departmentId })).inactive).toBe(false);
    await expectAppError(caller.accounts.delete({ id, departmentId }), 'InUse');
    // money back: used, but its balance is zero
    await move(id, k1);
    expect((await caller.accounts.get({ year, id, departmentId })).canInactivate).toBe(true);
    const inactive = await caller.accounts.update({ year, ...postAccount, inactive: true, notes: 'aufgelassen', id, departmentId });
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
    expect((await caller.accounts.list({ year, departmentId, includeInactive: false })).total).toBe(2);
  });

  it('prints the accounts of one type or all', async () => {
    const { caller } = await signedIn(get(), 'kassier');
    const departmentId = await deptId('101');
    const all = await caller.accounts.print({ year, departmentId, language: 'it' });
    expect(all).toMatchObject({ departmentCode: '101', departmentName: 'Corpo dei Vigili del Fuoco Volontari Laives', type: null });
    expect(all.rows.map((r) => [r.type, r.code])).toEqual([
      [1, 'K1'],
      [2, 'B1'],
      [3, 'P1'],
    ]);
    expect((await caller.accounts.print({ year, departmentId, type: 2 })).rows.map((r) => r.code)).toEqual(['B1']);
    // the balances of the year, as the accounts/saldo screen shows them
    const balances = await caller.accountBalances.get({ departmentId, year });
    const figures = (r: { initialBalance: number; movementsBalance: number; finalBalance: number }) => [r.initialBalance, r.movementsBalance, r.finalBalance];
    expect(all.rows.map(figures)).toEqual(balances.accounts.map(figures));
    expect(all).toMatchObject({ year, totals: balances.totals });
    expect(all.totals.finalBalance).toBe((await caller.accountBalances.total({ departmentId, year })).cashBalance);
  });

  it('deletes an account without movements or transfers', async () => {
    const { caller } = await signedIn(get(), 'kassier');
    const departmentId = await deptId('101');
    await expectAppError(caller.accounts.delete({ id: await accountId(departmentId, 'P1'), departmentId }), 'InUse');
    // the two transfers of the inactivation test are the latest: deleted, numbers given back
    expect(await caller.accountTransfers.delete({ departmentId, year, recordNumber: 2 })).toEqual({ deleted: true, cancelled: false, recordNumber: 2 });
    expect(await caller.accountTransfers.delete({ departmentId, year, recordNumber: 1 })).toEqual({ deleted: true, cancelled: false, recordNumber: 1 });
    expect(await caller.accounts.delete({ id: await accountId(departmentId, 'P1'), departmentId })).toBe(true);
    expect(await accountId(departmentId, 'P1')).toBe(0);
  });
});
