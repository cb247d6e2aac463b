import { schema } from '@app/db';
import { and, eq } from 'drizzle-orm';
import { expect, it } from 'vitest';
import { expectInvalid } from '../test-fields.ts';
import { describeOnDatabases, expectAppError, signedIn } from '../test-utils.ts';
import { supplierReferences } from './ledger/references.ts';

const supplier = {
  code: 2001,
  searchKey: 'hofer',
  name1: 'Hofer Bau GmbH',
  name2: 'Hoch- und Tiefbau',
  street: 'Handwerkerzone 3',
  postalCode: '39055',
  location: 'Leifers',
  province: 'bz',
  vatCode: '02990560212',
  paymentTerm: 60,
  bankInfo: { bankKey: '0542811101', accountNumber: '123456' },
};

describeOnDatabases('suppliers', (get) => {
  async function deptId(code: string): Promise<number> {
    const [row] = await get().db.select({ id: schema.departments.id }).from(schema.departments).where(eq(schema.departments.code, code));
    return row?.id ?? 0;
  }
  async function countCode(departmentId: number, code: number): Promise<number> {
    return (
      await get()
        .db.select()
        .from(schema.suppliers)
        .where(and(eq(schema.suppliers.departmentId, departmentId), eq(schema.suppliers.code, code)))
    ).length;
  }

  it('lists the demo suppliers of the department with their generated IBANs', async () => {
    const { caller } = await signedIn(get(), 'kassier');
    const page = await caller.suppliers.list({ departmentId: await deptId('101') });
    expect(page.entities.map((s) => s.code)).toEqual([1001, 1002, 1003, 1004, 1005]);
    expect(page.entities[0]).toMatchObject({
      searchKey: 'PICHLER',
      location: 'Bozen',
      bankInfo: { bankKey: '0604511601', swift: 'CRBZIT2B', accountNumber: '100000271845' },
    });
    expect(page.entities[0]?.bankInfo.iban).toMatch(/^IT[0-9]{2}[A-Z]0604511601100000271845$/);
  });

  it('filters by search key, location, province, country and active, sorted by code or search key', async () => {
    const { caller } = await signedIn(get(), 'kassier');
    const departmentId = await deptId('101');
    expect((await caller.suppliers.list({ departmentId, searchKey: 'gru' })).entities.map((s) => s.name1)).toEqual(['Elektro Gruber OHG']);
    expect((await caller.suppliers.list({ departmentId, location: 'mer' })).entities.map((s) => s.code)).toEqual([1005]);
    expect((await caller.suppliers.list({ departmentId, province: 'BZ', country: 'IT' })).total).toBe(5);
    expect((await caller.suppliers.list({ departmentId, active: false })).total).toBe(0);
    expect((await caller.suppliers.briefs({ departmentId, sort: 'searchKey' })).entities.map((s) => s.searchKey)).toEqual([
      'GRUBER',
      'MAIR',
      'OBERHOFER',
      'PICHLER',
      'ROSSI',
    ]);
    expect((await caller.suppliers.briefs({ departmentId, codeFrom: 1002, codeTo: 1003 })).entities.map((s) => s.code)).toEqual([1002, 1003]);
    expect((await caller.suppliers.briefs({ departmentId, nameFrom: 'E', nameTo: 'F' })).entities.map((s) => s.name1)).toEqual([
      'Feuerwehrtechnik Pichler KG',
      'Elektro Gruber OHG',
    ]);
  });

  it('searches by code or by 3 characters of search key or name', async () => {
    const { caller } = await signedIn(get(), 'kassier');
    const departmentId = await deptId('101');
    expect((await caller.suppliers.search({ departmentId, search: '1003' })).entities.map((s) => s.searchKey)).toEqual(['MAIR']);
    expect((await caller.suppliers.search({ departmentId, search: '100', pageSize: 20 })).entities.map((s) => s.code)).toEqual([1001, 1002, 1003, 1004, 1005]);
    expect((await caller.suppliers.search({ departmentId, search: 'tipo' })).entities.map((s) => s.code)).toEqual([1004]);
    expect((await caller.suppliers.search({ departmentId, search: 'OBE', pageSize: 1000 })).entities[0]).toEqual({
      id: expect.any(Number),
      code: 1005,
      name1: 'Textil Oberhofer & Co. KG',
      name2: 'Dienstbekleidung',
      searchKey: 'OBERHOFER',
      location: 'Meran',
      province: 'BZ',
      country: 'IT',
      isInactive: false,
    });
    await expectInvalid(caller.suppliers.search({ departmentId, search: 'ob' }), 'search');
  });

  it('refuses the suppliers of a foreign department', async () => {
    const { caller } = await signedIn(get(), 'kassier');
    await expectAppError(caller.suppliers.list({ departmentId: await deptId('102') }), 'DepartmentNotAllowed');
    await expectAppError(caller.suppliers.create({ ...supplier, departmentId: await deptId('102') }), 'DepartmentNotAllowed');
    const zwei = (await signedIn(get(), 'zwei')).caller;
    const [foreign] = await get()
      .db.select({ id: schema.suppliers.id })
      .from(schema.suppliers)
      .where(eq(schema.suppliers.departmentId, await deptId('101')));
    // a supplier of another department is not found through a department the user may see
    await expectAppError(zwei.suppliers.get({ id: foreign?.id ?? 0, departmentId: await deptId('102') }), 'NotFound');
  });

  it('gives a template with the next free code', async () => {
    const { caller } = await signedIn(get(), 'kassier');
    expect(await caller.suppliers.template({ departmentId: await deptId('101') })).toMatchObject({
      id: null,
      code: 1006,
      country: 'IT',
      province: 'BZ',
      paymentTerm: 30,
      bankInfo: { iban: '' },
    });
  });

  it('creates a supplier, generating CIN and IBAN from bank key and account number', async () => {
    const { caller } = await signedIn(get(), 'kassier');
    const departmentId = await deptId('101');
    const created = await caller.suppliers.create({ ...supplier, departmentId });
    expect(created).toMatchObject({ code: 2001, searchKey: 'HOFER', province: 'BZ', paymentTerm: 60, departmentId });
    expect(created.bankInfo).toEqual({
      bankId: null,
      bankName: '',
      bankKey: '0542811101',
      swift: '',
      cin: 'X',
      accountNumber: '000000123456',
      iban: 'IT60X0542811101000000123456',
    });
    // the same code in another department is fine
    const zwei = (await signedIn(get(), 'zwei')).caller;
    expect((await zwei.suppliers.create({ ...supplier, departmentId: await deptId('102') })).code).toBe(2001);
  });

  it('fills bank name, key and BIC from a chosen bank of the directory', async () => {
    const { caller } = await signedIn(get(), 'kassier');
    const [bank] = await get().db.select().from(schema.banks).where(eq(schema.banks.key, '0585611601'));
    const created = await caller.suppliers.create({
      ...supplier,
      code: 2002,
      bankInfo: { bankId: bank?.id ?? 0, accountNumber: '70571008812' },
      departmentId: await deptId('101'),
    });
    expect(created.bankInfo).toMatchObject({ bankKey: '0585611601', swift: 'BPAAIT2B', accountNumber: '070571008812' });
    expect(created.bankInfo.bankName).toContain('Volksbank');
    expect(created.bankInfo.iban).toMatch(/^IT[0-9]{2}[A-Z]0585611601070571008812$/);
    await expectAppError(caller.suppliers.create({ ...supplier, code: 2003, bankInfo: { bankId: 999_999 }, departmentId: await deptId('101') }), 'NotFound');
  });

  it('answers SupplierExists for a taken code and writes nothing', async () => {
    const { caller } = await signedIn(get(), 'kassier');
    const departmentId = await deptId('101');
    await expectAppError(caller.suppliers.create({ ...supplier, name1: 'Anderer', departmentId }), 'SupplierExists');
    expect(await countCode(departmentId, 2001)).toBe(1);
    const [row] = await get()
      .db.select({ id: schema.suppliers.id })
      .from(schema.suppliers)
      .where(and(eq(schema.suppliers.departmentId, departmentId), eq(schema.suppliers.code, 2002)));
    await expectAppError(caller.suppliers.update({ ...supplier, id: row?.id ?? 0, departmentId }), 'SupplierExists');
  });

  it('names the bad field: limits, a wrong IBAN, a bank key that cannot make an IBAN', async () => {
    const { caller } = await signedIn(get(), 'kassier');
    const departmentId = await deptId('101');
    await expectInvalid(caller.suppliers.create({ ...supplier, code: 3001, searchKey: '', departmentId }), 'searchKey');
    await expectInvalid(caller.suppliers.create({ ...supplier, code: 1_000_000, departmentId }), 'code');
    await expectInvalid(caller.suppliers.create({ ...supplier, code: 3001, vatCode: '1234567890123', departmentId }), 'vatCode');
    await expectInvalid(caller.suppliers.create({ ...supplier, code: 3001, bankInfo: { iban: 'IT61X0542811101000000123456' }, departmentId }), 'bankInfo.iban');
    await expectInvalid(
      caller.suppliers.create({ ...supplier, code: 3001, bankInfo: { bankKey: '05428', accountNumber: '123456' }, departmentId }),
      'bankInfo.bankKey',
    );
    expect(await countCode(departmentId, 3001)).toBe(0);
  });

  it('updates and patches a supplier', async () => {
    const { caller } = await signedIn(get(), 'kassier');
    const departmentId = await deptId('101');
    const [row] = await get()
      .db.select({ id: schema.suppliers.id })
      .from(schema.suppliers)
      .where(and(eq(schema.suppliers.departmentId, departmentId), eq(schema.suppliers.code, 2001)));
    const id = row?.id ?? 0;
    const updated = await caller.suppliers.update({
      ...supplier,
      id,
      departmentId,
      name1: 'Hofer Bau AG',
      bankInfo: { iban: 'IT57 Z030 6909 6061 0000 0195 309' },
    });
    expect(updated).toMatchObject({
      name1: 'Hofer Bau AG',
      bankInfo: { iban: 'IT57Z0306909606100000195309', bankKey: '0306909606', cin: 'Z', accountNumber: '100000195309' },
    });
    const patched = await caller.suppliers.patch({ id, departmentId, isInactive: true, email: 'buero@hoferbau.it' });
    expect(patched).toMatchObject({
      isInactive: true,
      email: 'buero@hoferbau.it',
      name1: 'Hofer Bau AG',
      paymentTerm: 60,
      bankInfo: { iban: 'IT57Z0306909606100000195309' },
    });
    expect((await caller.suppliers.list({ departmentId, active: false })).entities.map((s) => s.code)).toEqual([2001]);
    // search keys starting with the text first, then those containing it; inactive ones only on request
    expect((await caller.suppliers.search({ departmentId, search: 'hofer' })).entities.map((s) => s.code)).toEqual([2002, 1005]);
    expect((await caller.suppliers.search({ departmentId, search: 'hofer', includeInactive: true })).entities.map((s) => s.code)).toEqual([2001, 2002, 1005]);
    await expectInvalid(caller.suppliers.patch({ id, departmentId, email: 'kein mail' }), 'email');
  });

  it('deletes a supplier without documents and refuses one with documents (InUse)', async () => {
    const { caller } = await signedIn(get(), 'kassier');
    const departmentId = await deptId('101');
    const [row] = await get()
      .db.select({ id: schema.suppliers.id })
      .from(schema.suppliers)
      .where(and(eq(schema.suppliers.departmentId, departmentId), eq(schema.suppliers.code, 2002)));
    // stand-in for the bookings area: a table that points at the supplier counts as a document
    supplierReferences.push({ label: 'documents', column: schema.suppliers.id });
    try {
      await expectAppError(caller.suppliers.delete({ id: row?.id ?? 0, departmentId }), 'InUse');
    } finally {
      supplierReferences.pop();
    }
    expect(await countCode(departmentId, 2002)).toBe(1);
    expect(await caller.suppliers.delete({ id: row?.id ?? 0, departmentId })).toBe(true);
    expect(await countCode(departmentId, 2002)).toBe(0);
    await expectAppError(caller.suppliers.delete({ id: row?.id ?? 0, departmentId }), 'NotFound');
  });

  it('exports the supplier list by code and name range, active filter and sort', async () => {
    const { caller } = await signedIn(get(), 'kassier');
    const departmentId = await deptId('101');
    const all = await caller.suppliers.export({ departmentId, sort: 'searchKey' });
    expect(all).toMatchObject({ departmentCode: '101', departmentName: 'Freiwillige Feuerwehr Leifers', language: 'de' });
    expect(all.rows.map((r) => r.searchKey)).toEqual(['GRUBER', 'HOFER', 'MAIR', 'OBERHOFER', 'PICHLER', 'ROSSI']);
    const active = await caller.suppliers.export({ departmentId, active: true, codeFrom: 1001, codeTo: 1002, language: 'it' });
    expect(active.rows).toHaveLength(2);
    expect(active.rows[0]).toMatchObject({
      code: 1001,
      name: 'Feuerwehrtechnik Pichler KG Atemschutz und Armaturen',
      address: 'Galvanistraße 28, 39100 Bozen (BZ)',
      vatCode: '02184930214',
      isInactive: false,
    });
    expect(active.departmentName).toBe('Corpo dei Vigili del Fuoco Volontari Laives');
  });
});
