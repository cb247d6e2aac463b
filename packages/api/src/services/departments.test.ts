import { schema } from '@app/db';
import { eq } from 'drizzle-orm';
import { expect, it } from 'vitest';
import { expectInvalid } from '../test-fields.ts';
import { describeOnDatabases, expectAppError, signedIn } from '../test-utils.ts';

const fields = {
  code: '1AB',
  name1Deu: 'Freiwillige Feuerwehr',
  name2Deu: 'Kardaun',
  name1Ita: 'Vigili del Fuoco Volontari',
  name2Ita: 'Cardano',
  locationDeu: 'Kardaun',
  locationIta: 'Cardano',
  postalCode: '39053',
  identifier: '00987654321098',
  commander: { name: 'Hans Unterkofler', landline: '', mobile: '333 1234567', email: 'kommandant@ff-kardaun.it' },
};

describeOnDatabases('departments', (get) => {
  async function deptId(code: string): Promise<number> {
    const [row] = await get().db.select({ id: schema.departments.id }).from(schema.departments).where(eq(schema.departments.code, code));
    return row?.id ?? 0;
  }
  async function codesInDb(): Promise<string[]> {
    return (await get().db.select({ code: schema.departments.code }).from(schema.departments)).map((d) => d.code).sort();
  }

  it('lists only linked departments, all for a supervisor and for a union administrator in the union scope', async () => {
    const kassier = (await signedIn(get(), 'kassier')).caller;
    expect((await kassier.departments.list({})).entities.map((d) => d.code)).toEqual(['101']);
    const sup = (await signedIn(get(), 'supervisor')).caller;
    const all = await sup.departments.list({});
    expect(all.entities.map((d) => d.code)).toEqual(['000', '100', '101', '102', '200', '201', '202']);
    expect(all.entities.find((d) => d.code === '102')).toMatchObject({
      name2Deu: 'Eppan',
      name2Ita: 'Appiano',
      area: 3,
      openPaymentsAllowed: true,
      siaNumber: 'A1B2C',
    });
    const admin = (await signedIn(get(), 'admin')).caller;
    expect((await admin.departments.list({})).entities.map((d) => d.code)).toEqual(['000', '100']);
    expect((await admin.departments.list({ departmentId: await deptId('000') })).total).toBe(7);
    expect((await admin.departments.list({ departmentId: await deptId('100') })).entities.map((d) => d.code)).toEqual(['000', '100']);
  });

  it('filters by code prefix and name in either language, and pages', async () => {
    const sup = (await signedIn(get(), 'supervisor')).caller;
    expect((await sup.departments.list({ code: '2' })).entities.map((d) => d.code)).toEqual(['200', '201', '202']);
    expect((await sup.departments.list({ name: 'lagundo' })).entities.map((d) => d.code)).toEqual(['202']);
    expect((await sup.departments.list({ name: 'Feuerwehr Algund' })).entities.map((d) => d.code)).toEqual(['202']);
    expect((await sup.departments.list({ codeFrom: '100', codeTo: '199' })).entities.map((d) => d.code)).toEqual(['100', '101', '102']);
    const page2 = await sup.departments.list({ page: 2, pageSize: 3 });
    expect(page2).toMatchObject({ page: 2, pageSize: 3, total: 7, totalPages: 3 });
    expect(page2.entities.map((d) => d.code)).toEqual(['102', '200', '201']);
  });

  it('searches briefs by code or name in the language', async () => {
    const zwei = (await signedIn(get(), 'zwei')).caller;
    expect((await zwei.departments.search({ filter: 'appiano', language: 'it' })).entities).toEqual([
      {
        id: await deptId('102'),
        code: '102',
        nameDeu: 'Freiwillige Feuerwehr Eppan',
        nameIta: 'Corpo dei Vigili del Fuoco Volontari Appiano',
        area: 3,
        openPaymentsAllowed: true,
      },
    ]);
    expect((await zwei.departments.search({ filter: 'appiano', language: 'de' })).entities).toEqual([]);
    expect((await zwei.departments.search({ filter: '20' })).entities.map((d) => d.code)).toEqual(['201']);
  });

  it('gets a department the user sees and refuses a foreign one', async () => {
    const kassier = (await signedIn(get(), 'kassier')).caller;
    expect(await kassier.departments.get({ id: await deptId('101') })).toMatchObject({ code: '101', name2Deu: 'Leifers', commander: { name: '' } });
    await expectAppError(kassier.departments.get({ id: await deptId('202') }), 'DepartmentNotAllowed');
    const admin = (await signedIn(get(), 'admin')).caller;
    await expectAppError(admin.departments.get({ id: await deptId('202') }), 'DepartmentNotAllowed');
    expect((await admin.departments.get({ id: await deptId('202'), departmentId: await deptId('000') })).code).toBe('202');
  });

  it('gives the template of a new department', async () => {
    const kassier = (await signedIn(get(), 'kassier')).caller;
    expect(await kassier.departments.template()).toMatchObject({ id: null, name1Deu: 'Freiwillige Feuerwehr', province: 'BZ', openPaymentsAllowed: false });
  });

  it('creates a department as supervisor and answers DepartmentExists for a taken code', async () => {
    const sup = (await signedIn(get(), 'supervisor')).caller;
    const created = await sup.departments.create({ ...fields, departmentId: await deptId('000') });
    expect(created).toMatchObject({
      code: '1AB',
      area: 3,
      name2Ita: 'Cardano',
      province: '',
      commander: { name: 'Hans Unterkofler', email: 'kommandant@ff-kardaun.it' },
    });
    const [row] = await get().db.select().from(schema.departments).where(eq(schema.departments.code, '1AB'));
    expect(row).toMatchObject({ commanderMobile: '333 1234567', identifier: '00987654321098' });
    await expectAppError(sup.departments.create({ ...fields, name2Deu: 'Doppelt', departmentId: await deptId('000') }), 'DepartmentExists');
    expect((await codesInDb()).filter((c) => c === '1AB')).toHaveLength(1);
  });

  it('lets an administrator write only in the union scope; refuses standard users', async () => {
    const admin = (await signedIn(get(), 'admin')).caller;
    await expectAppError(admin.departments.create({ ...fields, code: '1AC', departmentId: await deptId('100') }), 'Forbidden');
    expect(await admin.departments.create({ ...fields, code: '1AC', departmentId: await deptId('000') })).toMatchObject({ code: '1AC' });
    const kassier = (await signedIn(get(), 'kassier')).caller;
    await expectAppError(kassier.departments.create({ ...fields, code: '1AD', departmentId: await deptId('101') }), 'Forbidden');
    await expectAppError(kassier.departments.create({ ...fields, code: '1AD', departmentId: await deptId('000') }), 'DepartmentNotAllowed');
    await expectAppError(kassier.departments.update({ ...fields, code: '101', id: await deptId('101'), departmentId: await deptId('101') }), 'Forbidden');
    expect(await codesInDb()).not.toContain('1AD');
  });

  it('names the offending field and writes nothing', async () => {
    const sup = (await signedIn(get(), 'supervisor')).caller;
    const union = await deptId('000');
    await expectInvalid(sup.departments.create({ ...fields, code: '1AE', openPaymentsAllowed: true, departmentId: union }), 'siaNumber');
    await expectInvalid(sup.departments.create({ ...fields, code: '1AE', identifier: '123', departmentId: union }), 'identifier');
    await expectInvalid(sup.departments.create({ ...fields, code: '1ae', departmentId: union }), 'code');
    await expectInvalid(sup.departments.create({ ...fields, code: '1AE', name2Ita: '', departmentId: union }), 'name2Ita');
    await expectInvalid(sup.departments.create({ ...fields, code: '1AE', province: 'BZX', departmentId: union }), 'province');
    expect(await codesInDb()).not.toContain('1AE');
  });

  it('updates and patches; a patch keeps the fields not sent and is checked as a whole', async () => {
    const sup = (await signedIn(get(), 'supervisor')).caller;
    const union = await deptId('000');
    const id = await deptId('1AB');
    const updated = await sup.departments.update({
      ...fields,
      id,
      departmentId: union,
      name2Deu: 'Kardaun-Karneid',
      openPaymentsAllowed: true,
      siaNumber: 'Z9Y8X',
    });
    expect(updated).toMatchObject({ id, name2Deu: 'Kardaun-Karneid', siaNumber: 'Z9Y8X' });
    const patched = await sup.departments.patch({ id, departmentId: union, email: 'info@ff-kardaun.it', cashier: { name: 'Maria Kassier' } });
    expect(patched).toMatchObject({
      email: 'info@ff-kardaun.it',
      name2Deu: 'Kardaun-Karneid',
      siaNumber: 'Z9Y8X',
      commander: { name: 'Hans Unterkofler' },
      cashier: { name: 'Maria Kassier', email: '' },
    });
    await expectInvalid(sup.departments.patch({ id, departmentId: union, siaNumber: '' }), 'siaNumber');
    expect((await sup.departments.get({ id })).siaNumber).toBe('Z9Y8X');
    await expectAppError(sup.departments.update({ ...fields, code: '101', id, departmentId: union }), 'DepartmentExists');
    await expectAppError(sup.departments.patch({ id: 999_999, departmentId: union, email: '' }), 'NotFound');
  });

  it('refuses to delete a department with data (InUse) and deletes an empty one', async () => {
    const sup = (await signedIn(get(), 'supervisor')).caller;
    const union = await deptId('000');
    await expectAppError(sup.departments.delete({ id: await deptId('101'), departmentId: union }), 'InUse');
    expect(await codesInDb()).toContain('101');
    expect(await sup.departments.delete({ id: await deptId('1AC'), departmentId: union })).toBe(true);
    expect(await codesInDb()).not.toContain('1AC');
    const kassier = (await signedIn(get(), 'kassier')).caller;
    await expectAppError(kassier.departments.delete({ id: await deptId('1AB'), departmentId: await deptId('101') }), 'Forbidden');
  });

  it('exports the department list by code range, sorted by code or name', async () => {
    const sup = (await signedIn(get(), 'supervisor')).caller;
    const byCode = await sup.departments.export({ codeFrom: '100', codeTo: '1ZZ', language: 'de' });
    expect(byCode.rows.map((r) => r.code)).toEqual(['100', '101', '102', '1AB']);
    expect(byCode.rows[1]).toEqual({
      code: '101',
      name: 'Freiwillige Feuerwehr Leifers',
      location: '39055 Leifers',
      commander: '',
      cashier: '',
      phone: '',
      email: '',
    });
    const byName = await sup.departments.export({ codeFrom: '200', codeTo: '299', sort: 'name', language: 'it' });
    expect(byName.rows.map((r) => r.name)).toEqual([
      'Corpo dei Vigili del Fuoco Volontari Lagundo',
      'Corpo dei Vigili del Fuoco Volontari Lana',
      'Unione distrettuale VV.F. Merano',
    ]);
    const kassier = (await signedIn(get(), 'kassier')).caller;
    expect((await kassier.departments.export({})).rows.map((r) => r.code)).toEqual(['101']);
  });

  it('lists all departments in Admin/Departments for who may write them', async () => {
    const admin = (await signedIn(get(), 'admin')).caller;
    expect((await admin.departments.adminList({ departmentId: await deptId('000'), pageSize: 100 })).entities.length).toBeGreaterThanOrEqual(8);
    await expectAppError(admin.departments.adminList({ departmentId: await deptId('100') }), 'Forbidden');
    const zwei = (await signedIn(get(), 'zwei')).caller;
    await expectAppError(zwei.departments.adminList({ departmentId: await deptId('102') }), 'Forbidden');
  });
});
