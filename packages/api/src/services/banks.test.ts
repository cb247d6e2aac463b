import { schema } from '@app/db';
import { eq } from 'drizzle-orm';
import { expect, it } from 'vitest';
import { expectInvalid } from '../test-fields.ts';
import { describeOnDatabases, expectAppError, signedIn } from '../test-utils.ts';

const bank = {
  name1: 'Raiffeisenkasse Schlern-Rosengarten',
  name2: 'Cassa Raiffeisen Sciliar-Catinaccio',
  abi: '08056',
  cab: '58230',
  location: 'Völs am Schlern',
  province: 'bz',
  swift: 'rzsbit21106',
};

const csv = [
  'ABI;CAB;Name1;Name2;Street;PostalCode;Location;Province;BIC',
  '06045;11601;Südtiroler Sparkasse AG;Hauptsitz Bozen;Sparkassenstraße 12;39100;Bozen;BZ;CRBZIT2B',
  '05856;11601;Südtiroler Volksbank AG;"Banca Popolare dell\'Alto Adige; Bozen";Schlachthofstraße 55;39100;Bozen;BZ;BPAAIT2B',
  '08302;58680;Raiffeisenkasse Ulten-St. Pankraz-Laurein;Cassa Raiffeisen Ultimo;Hauptstraße 113;39016;St. Walburg;bz;RZSBIT21104',
  '',
  ';58680;Ohne ABI;;;;;;',
  '8302;58680;Kurzer ABI;;;;;;',
  '08302;5868X;Falscher CAB;;;;;;',
  '08303;58681;;;;;;;',
  '08304;58682;Falsche BIC;;;;;;XX',
  '08302;58680;Doppelt;;;;;;',
].join('\r\n');

describeOnDatabases('banks', (get) => {
  async function deptId(code: string): Promise<number> {
    const [row] = await get().db.select({ id: schema.departments.id }).from(schema.departments).where(eq(schema.departments.code, code));
    return row?.id ?? 0;
  }
  async function bankRow(key: string) {
    const [row] = await get().db.select().from(schema.banks).where(eq(schema.banks.key, key));
    return row;
  }

  it('lists the directory sorted by name2 with filters, for every user', async () => {
    const { caller } = await signedIn(get(), 'kassier');
    const all = await caller.banks.list({ pageSize: 100 });
    expect(all.total).toBe(11);
    const names2 = all.entities.map((b) => b.name2);
    expect(names2).toEqual([...names2].sort((a, b) => (a < b ? -1 : a > b ? 1 : 0)));
    expect((await caller.banks.list({ abi: '06045' })).entities.map((b) => b.key)).toEqual(['0604511601', '0604558590']);
    expect((await caller.banks.list({ abi: '06045', cab: '585' })).entities.map((b) => b.key)).toEqual(['0604558590']);
    expect((await caller.banks.list({ name: 'popolare' })).entities.map((b) => b.key)).toEqual(['0585611601']);
    expect((await caller.banks.list({ location: 'lana' })).entities.map((b) => b.swift)).toEqual(['RZSBIT21005']);
    expect(await caller.banks.list({ pageSize: 4, page: 3 })).toMatchObject({ total: 11, totalPages: 3, page: 3 });
  });

  it('finds a bank by key and gets one by id', async () => {
    const { caller } = await signedIn(get(), 'zwei');
    const found = await caller.banks.find({ key: '0585611601' });
    expect(found).toMatchObject({ abi: '05856', cab: '11601', name1: 'Südtiroler Volksbank AG', swift: 'BPAAIT2B', location: 'Bozen' });
    expect(await caller.banks.find({ key: '9999999999' })).toBeNull();
    expect((await caller.banks.get({ id: found?.id ?? 0 })).key).toBe('0585611601');
    await expectAppError(caller.banks.get({ id: 999_999 }), 'NotFound');
    expect(await caller.banks.template()).toMatchObject({ id: null, country: 'IT', autoUpdate: true, isForeign: false });
  });

  it('lets a supervisor and a union administrator write banks, not a district administrator or a standard user', async () => {
    const sup = (await signedIn(get(), 'supervisor')).caller;
    const created = await sup.banks.create(bank);
    expect(created).toMatchObject({ key: '0805658230', province: 'BZ', swift: 'RZSBIT21106', country: 'IT' });
    await expectAppError(sup.banks.create(bank), 'BankExists');
    const admin = (await signedIn(get(), 'admin')).caller;
    await expectAppError(admin.banks.update({ ...bank, name2: 'x', id: created.id, departmentId: await deptId('100') }), 'Forbidden');
    expect((await admin.banks.update({ ...bank, street: 'Dorfstraße 1', id: created.id, departmentId: await deptId('000') })).street).toBe('Dorfstraße 1');
    // without a department an administrator writes through the union link
    expect((await admin.banks.patch({ id: created.id, routingCode: 'R-1' })).routingCode).toBe('R-1');
    const kassier = (await signedIn(get(), 'kassier')).caller;
    await expectAppError(kassier.banks.create({ ...bank, cab: '58231' }), 'Forbidden');
    await expectAppError(kassier.banks.delete({ id: created.id, departmentId: await deptId('101') }), 'Forbidden');
    expect((await bankRow('0805658230'))?.street).toBe('Dorfstraße 1');
  });

  it('names the bad field of a bank', async () => {
    const sup = (await signedIn(get(), 'supervisor')).caller;
    await expectInvalid(sup.banks.create({ ...bank, abi: '8056' }), 'abi');
    await expectInvalid(sup.banks.create({ ...bank, cab: '' }), 'cab');
    await expectInvalid(sup.banks.create({ ...bank, cab: '58239', swift: 'RZS' }), 'swift');
    await expectInvalid(sup.banks.create({ ...bank, cab: '58239', name1: '' }), 'name1');
    await expectInvalid(sup.banks.create({ ...bank, isForeign: true, abi: '', cab: '' }), 'key');
    expect(await bankRow('0805658239')).toBeUndefined();
  });

  it('deletes a bank; suppliers keep their bank details', async () => {
    const sup = (await signedIn(get(), 'supervisor')).caller;
    const target = await bankRow('0604558590');
    expect(await sup.banks.delete({ id: target?.id ?? 0 })).toBe(true);
    expect(await bankRow('0604558590')).toBeUndefined();
    const [supplier] = await get().db.select().from(schema.suppliers).where(eq(schema.suppliers.code, 1005)).limit(1);
    expect(supplier).toMatchObject({ bankId: null, bankKey: '0604558590', swift: 'CRBZIT2B' });
    await expectAppError(sup.banks.delete({ id: target?.id ?? 0 }), 'NotFound');
  });

  it('imports a CSV: adds, changes, keeps, and reports rejected lines with reasons', async () => {
    const admin = (await signedIn(get(), 'admin')).caller;
    const report = await admin.banks.import({ csv, departmentId: await deptId('000') });
    expect(report).toEqual({
      added: 1,
      changed: 2,
      unchanged: 0,
      rejected: [
        { line: 6, reason: 'AbiMissing', field: 'abi' },
        { line: 7, reason: 'AbiInvalid', field: 'abi' },
        { line: 8, reason: 'CabInvalid', field: 'cab' },
        { line: 9, reason: 'NameMissing', field: 'name1' },
        { line: 10, reason: 'SwiftInvalid', field: 'swift' },
        { line: 11, reason: 'DuplicateKey', field: 'abi' },
      ],
    });
    expect(await bankRow('0830258680')).toMatchObject({
      name1: 'Raiffeisenkasse Ulten-St. Pankraz-Laurein',
      location: 'St. Walburg',
      province: 'BZ',
      swift: 'RZSBIT21104',
      country: 'IT',
      autoUpdate: true,
    });
    expect(await bankRow('0585611601')).toMatchObject({ name2: "Banca Popolare dell'Alto Adige; Bozen", street: 'Schlachthofstraße 55' });
    expect(await bankRow('0604511601')).toMatchObject({ name2: 'Hauptsitz Bozen' });
    const again = await admin.banks.import({ csv, departmentId: await deptId('000') });
    expect(again).toMatchObject({ added: 0, changed: 0, unchanged: 3 });
  });

  it('imports comma-separated text with a BOM and keeps banks marked not to update', async () => {
    const sup = (await signedIn(get(), 'supervisor')).caller;
    const row = await bankRow('0812258530');
    expect(row).toBeUndefined();
    const lana = await bankRow('0811258530');
    await get()
      .db.update(schema.banks)
      .set({ autoUpdate: false })
      .where(eq(schema.banks.id, lana?.id ?? 0));
    const report = await sup.banks.import({
      csv: '\uFEFFabi,cab,name,location,bic\n08112,58530,Raiffeisenkasse Lana Genossenschaft,Lana,RZSBIT21005\n08122,58531,"Raiffeisenkasse Tisens, Filiale",Tisens,\n',
    });
    expect(report).toEqual({ added: 1, changed: 0, unchanged: 1, rejected: [] });
    expect((await bankRow('0811258530'))?.name1).toBe('Raiffeisenkasse Lana');
    expect((await bankRow('0812258531'))?.name1).toBe('Raiffeisenkasse Tisens, Filiale');
  });

  it('reports the file line of a rejected row after quoted line breaks and blank lines', async () => {
    const sup = (await signedIn(get(), 'supervisor')).caller;
    const text = 'abi;cab;name1;street\n08150;58700;"Raiffeisenkasse\nMarling";Dorf 1\n\n08150;587;Kaputt;\n';
    expect(await sup.banks.import({ csv: text })).toEqual({ added: 1, changed: 0, unchanged: 0, rejected: [{ line: 5, reason: 'CabInvalid', field: 'cab' }] });
    expect((await bankRow('0815058700'))?.name1).toBe('Raiffeisenkasse Marling');
  });

  it('refuses an import without ABI/CAB header or by a standard user, writing nothing', async () => {
    const sup = (await signedIn(get(), 'supervisor')).caller;
    await expectInvalid(sup.banks.import({ csv: 'foo;bar\n1;2' }), 'csv');
    const kassier = (await signedIn(get(), 'kassier')).caller;
    await expectAppError(kassier.banks.import({ csv: 'abi;cab;name1\n09999;11111;Neu' }), 'Forbidden');
    expect(await bankRow('0999911111')).toBeUndefined();
  });
});
