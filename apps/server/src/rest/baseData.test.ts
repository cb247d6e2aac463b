import { testDatabases } from '@app/db/testing';
import { describe, expect, it } from 'vitest';
import { restTestApp, YEAR } from './testApp.ts';
import { restRoutes } from './routes.ts';

for (const target of testDatabases()) {
  describe(`REST base data [${target.name}]`, () => {
    const t = restTestApp(target, { ipPrefix: '10.8.0' });
    const call = (
      username: string,
      method: 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE',
      url: string,
      payload?: unknown,
      headers: Record<string, string> = {},
    ) => t.call(username, method, url, payload, headers);
    async function deptId(code: string): Promise<number> {
      const res = await call('supervisor', 'GET', `Departments?code=${code}&pageSize=1`);
      return res.json().entities[0].id as number;
    }

    it('Departments: list with paging and filter, new, get', async () => {
      const list = await call('supervisor', 'GET', 'Departments?page=2&pageSize=3');
      expect(list.statusCode).toBe(200);
      expect(list.json()).toMatchObject({ page: 2, totalPages: 3 });
      expect(list.json().entities.map((d: { code: string }) => d.code)).toEqual(['102', '200', '201']);
      const filtered = await call('zwei', 'GET', 'Departments?name=lana');
      expect(filtered.json().entities.map((d: { code: string }) => d.code)).toEqual(['201']);
      const template = await call('kassier', 'GET', 'Departments/new');
      expect(template.json()).toMatchObject({ name1Deu: 'Freiwillige Feuerwehr', province: 'BZ', openPaymentsAllowed: false });
      const one = await call('kassier', 'GET', `Departments/${await deptId('101')}`);
      expect(one.json()).toMatchObject({ code: '101', name2Ita: 'Laives', area: 3 });
      const foreign = await call('kassier', 'GET', `Departments/${await deptId('202')}`);
      expect(foreign.statusCode).toBe(403);
      expect(foreign.json().details.Message).toBe('DepartmentNotAllowed');
    });

    it('Departments: POST, PUT, PATCH, DELETE with the scope department in the query', async () => {
      const union = await deptId('000');
      const fields = {
        code: '2XY',
        name1Deu: 'Freiwillige Feuerwehr',
        name2Deu: 'Partschins',
        name1Ita: 'Vigili del Fuoco Volontari',
        name2Ita: 'Parcines',
        year: YEAR,
      };
      const created = await call('admin', 'POST', `Departments?departmentId=${union}&year=${YEAR}`, fields);
      expect(created.statusCode).toBe(200);
      const id = created.json().id as number;
      expect(created.json()).toMatchObject({ code: '2XY', name2Ita: 'Parcines', area: 3 });
      const again = await call('admin', 'POST', `Departments?departmentId=${union}`, fields);
      expect(again.statusCode).toBe(409);
      expect(again.json()).toEqual({
        type: { status: 409, text: 'Conflict' },
        details: { Message: 'DepartmentExists', Field: 'code', Params: { code: '2XY' } },
      });
      const bad = await call('admin', 'PUT', `Departments/${id}?departmentId=${union}`, { ...fields, identifier: '12' });
      expect(bad.statusCode).toBe(400);
      expect(bad.json().details).toEqual({ Message: 'InvalidValue', Field: 'identifier' });
      const put = await call('admin', 'PUT', `Departments/${id}`, { ...fields, departmentId: union, identifier: '12345678901234' });
      expect(put.json()).toMatchObject({ id, identifier: '12345678901234' });
      const patch = await call('admin', 'PATCH', `Departments/${id}?departmentId=${union}`, { locationDeu: 'Partschins' });
      expect(patch.json()).toMatchObject({ locationDeu: 'Partschins', identifier: '12345678901234' });
      const district = await call('admin', 'DELETE', `Departments/${id}?departmentId=${await deptId('100')}`);
      expect(district.statusCode).toBe(403);
      expect(district.json().details.Message).toBe('Forbidden');
      const inUse = await call('admin', 'DELETE', `Departments/${await deptId('101')}?departmentId=${union}`);
      expect(inUse.statusCode).toBe(409);
      expect(inUse.json().details.Message).toBe('InUse');
      const deleted = await call('admin', 'DELETE', `Departments/${id}?departmentId=${union}`);
      expect(deleted.statusCode).toBe(200);
      expect(deleted.json()).toBe(true);
    });

    it('Departments/briefs/search and Admin/Departments', async () => {
      const search = await call('zwei', 'GET', 'Departments/briefs/search?filter=eppan&language=de');
      expect(search.json().entities).toEqual([
        {
          id: await deptId('102'),
          code: '102',
          nameDeu: 'Freiwillige Feuerwehr Eppan',
          nameIta: 'Corpo dei Vigili del Fuoco Volontari Appiano',
          area: 3,
          openPaymentsAllowed: true,
        },
      ]);
      const admin = await call('admin', 'GET', `Admin/Departments?departmentId=${await deptId('000')}&pageSize=100`);
      expect(admin.statusCode).toBe(200);
      expect(admin.json().entities).toHaveLength(7);
      const standard = await call('kassier', 'GET', `Admin/Departments?departmentId=${await deptId('101')}`);
      expect(standard.statusCode).toBe(403);
    });

    it('Suppliers: list with export filters, new, get, POST, PUT, PATCH, DELETE', async () => {
      const dept = await deptId('101');
      const list = await call(
        'kassier',
        'GET',
        `Suppliers?departmentId=${dept}&year=${YEAR}&codeFrom=1002&codeTo=1004&active=true&sort=searchKey&page=1&pageSize=2`,
      );
      expect(list.statusCode).toBe(200);
      expect(list.json()).toMatchObject({ page: 1, totalPages: 2 });
      expect(list.json().entities.map((s: { searchKey: string }) => s.searchKey)).toEqual(['GRUBER', 'MAIR']);
      const template = await call('kassier', 'GET', `Suppliers/new?departmentId=${dept}`);
      expect(template.json()).toMatchObject({ code: 1006, country: 'IT' });
      const created = await call('kassier', 'POST', `Suppliers?departmentId=${dept}&year=${YEAR}`, {
        code: 1006,
        searchKey: 'Walcher',
        name1: 'Getränke Walcher',
        location: 'Leifers',
        bankInfo: { bankKey: '0604511601', accountNumber: '4711' },
      });
      expect(created.statusCode).toBe(200);
      const id = created.json().id as number;
      expect(created.json().bankInfo).toMatchObject({ accountNumber: '000000004711', iban: expect.stringMatching(/^IT[0-9]{2}[A-Z]0604511601000000004711$/) });
      const one = await call('kassier', 'GET', `Suppliers/${id}?departmentId=${dept}`);
      expect(one.json()).toMatchObject({ searchKey: 'WALCHER' });
      const put = await call('kassier', 'PUT', `Suppliers/${id}?departmentId=${dept}`, { ...(one.json() as Record<string, unknown>), name2: 'Großhandel' });
      expect(put.json()).toMatchObject({ name2: 'Großhandel', bankInfo: one.json().bankInfo });
      const patch = await call('kassier', 'PATCH', `Suppliers/${id}?departmentId=${dept}`, { paymentTerm: 90 });
      expect(patch.json()).toMatchObject({ paymentTerm: 90, name2: 'Großhandel' });
      const dup = await call('kassier', 'POST', `Suppliers?departmentId=${dept}`, { code: 1006, searchKey: 'X', name1: 'X' });
      expect(dup.statusCode).toBe(409);
      expect(dup.json().details.Message).toBe('SupplierExists');
      const badIban = await call('kassier', 'PATCH', `Suppliers/${id}?departmentId=${dept}`, { bankInfo: { iban: 'IT00X0000000000000000000000' } });
      expect(badIban.json().details).toEqual({ Message: 'InvalidValue', Field: 'bankInfo.iban' });
      const foreign = await call('kassier', 'GET', `Suppliers?departmentId=${await deptId('102')}`);
      expect(foreign.statusCode).toBe(403);
      const deleted = await call('kassier', 'DELETE', `Suppliers/${id}?departmentId=${dept}`);
      expect(deleted.json()).toBe(true);
      expect((await call('kassier', 'GET', `Suppliers/${id}?departmentId=${dept}`)).statusCode).toBe(404);
    });

    it('Suppliers/briefs/search and Suppliers/briefs', async () => {
      const dept = await deptId('101');
      const byKey = await call('kassier', 'GET', `Suppliers/briefs/search?departmentId=${dept}&searchKey=pich&language=de&pageSize=1000`);
      expect(byKey.json().entities.map((s: { code: number }) => s.code)).toEqual([1001]);
      const byCode = await call('kassier', 'GET', `Suppliers/briefs/search?departmentId=${dept}&code=1004&pageSize=20`);
      expect(byCode.json().entities[0]).toMatchObject({ code: 1004, name1: 'Tipografia Rossi Snc', location: 'Laives' });
      const short = await call('kassier', 'GET', `Suppliers/briefs/search?departmentId=${dept}&searchKey=pi`);
      expect(short.statusCode).toBe(400);
      expect(short.json().details).toEqual({ Message: 'InvalidValue', Field: 'search' });
      const briefs = await call('kassier', 'GET', `Suppliers/briefs?departmentId=${dept}&province=BZ&location=bozen`);
      expect(briefs.json().entities.map((s: { searchKey: string }) => s.searchKey)).toEqual(['PICHLER']);
    });

    it('Banks: list sorted by name2, find, new, get, POST, PUT, PATCH, DELETE', async () => {
      const list = await call('kassier', 'GET', 'Banks?name=raiffeisen&pageSize=2&page=1');
      expect(list.json()).toMatchObject({ page: 1, totalPages: 3 });
      expect(list.json().entities.map((b: { name2: string }) => b.name2)).toEqual(['Cassa Centrale Raiffeisen - Bozen', 'Cassa Raiffeisen Lagundo']);
      const found = await call('kassier', 'GET', 'Banks/find?key=0604511601');
      expect(found.json()).toMatchObject({ abi: '06045', cab: '11601', swift: 'CRBZIT2B' });
      expect((await call('kassier', 'GET', `Banks/${found.json().id}`)).json().key).toBe('0604511601');
      expect((await call('kassier', 'GET', 'Banks/new')).json()).toMatchObject({ country: 'IT', autoUpdate: true });
      const bank = { name1: 'Raiffeisenkasse Tirol', name2: 'Filiale Bozen', abi: '08010', cab: '11602', swift: 'RZSBIT21001' };
      const refused = await call('kassier', 'POST', `Banks?departmentId=${await deptId('101')}`, bank);
      expect(refused.statusCode).toBe(403);
      const created = await call('supervisor', 'POST', 'Banks', bank);
      expect(created.json()).toMatchObject({ key: '0801011602' });
      const id = created.json().id as number;
      const put = await call('admin', 'PUT', `Banks/${id}?departmentId=${await deptId('000')}`, { ...bank, location: 'Bozen' });
      expect(put.json().location).toBe('Bozen');
      const patch = await call('admin', 'PATCH', `Banks/${id}`, { routingCode: '123' });
      expect(patch.json()).toMatchObject({ routingCode: '123', location: 'Bozen' });
      const bad = await call('admin', 'PATCH', `Banks/${id}`, { abi: '1' });
      expect(bad.json().details).toEqual({ Message: 'InvalidValue', Field: 'abi' });
      expect((await call('supervisor', 'DELETE', `Banks/${id}`)).json()).toBe(true);
      expect((await call('kassier', 'GET', 'Banks/find?key=0801011602')).json()).toBeNull();
    });

    it('Banks/import takes the CSV as text/csv body or as JSON { csv }', async () => {
      const csv =
        'ABI;CAB;Name1;Name2;Location;Province;BIC\n08110;58600;Raiffeisenkasse Partschins;Cassa Raiffeisen Parcines;Partschins;BZ;RZSBIT21110\n0811;58600;Falsch;;;;\n';
      const asText = await call('supervisor', 'POST', 'Banks/import', csv, { 'content-type': 'text/csv' });
      expect(asText.statusCode).toBe(200);
      expect(asText.json()).toEqual({ added: 1, changed: 0, unchanged: 0, rejected: [{ line: 3, reason: 'AbiInvalid', field: 'abi' }] });
      const asJson = await call('admin', 'POST', `Banks/import?departmentId=${await deptId('000')}`, {
        csv: csv.replace('Partschins;BZ', 'Partschins/Parcines;BZ'),
      });
      expect(asJson.json()).toMatchObject({ added: 0, changed: 1, unchanged: 0 });
      const refused = await call('kassier', 'POST', 'Banks/import', { csv });
      expect(refused.statusCode).toBe(403);
      expect(refused.json().details.Message).toBe('Forbidden');
    });

    it('Accounts: list, new, get, POST, PUT, PATCH, DELETE and Accounts/briefs', async () => {
      const dept = await deptId('102');
      const list = await call('zwei', 'GET', `Accounts?departmentId=${dept}&year=${YEAR}&page=1&pageSize=30`);
      expect(list.json()).toMatchObject({ page: 1, totalPages: 1 });
      // the demo bookings of the previous year leave money on both accounts (carried into this year): neither can be set inactive
      expect(list.json().entities.map((a: { code: string; canInactivate: boolean }) => [a.code, a.canInactivate])).toEqual([
        ['B1', false],
        ['K1', false],
      ]);
      expect((await call('zwei', 'GET', `Accounts?departmentId=${dept}&year=${YEAR}&type=1`)).json().entities.map((a: { code: string }) => a.code)).toEqual([
        'K1',
      ]);
      expect((await call('zwei', 'GET', `Accounts/new?departmentId=${dept}&year=${YEAR}`)).json()).toMatchObject({ type: 1, canInactivate: true });
      const created = await call('zwei', 'POST', `Accounts?departmentId=${dept}&year=${YEAR}`, {
        code: 'P1',
        descriptionDeu: 'Post',
        descriptionIta: 'Posta',
        type: 3,
      });
      expect(created.statusCode).toBe(200);
      const id = created.json().id as number;
      expect((await call('zwei', 'GET', `Accounts/${id}?departmentId=${dept}&year=${YEAR}`)).json()).toMatchObject({ code: 'P1', type: 3 });
      const put = await call('zwei', 'PUT', `Accounts/${id}?departmentId=${dept}&year=${YEAR}`, {
        code: 'P1',
        descriptionDeu: 'Postkonto',
        descriptionIta: 'Conto postale',
        type: 3,
        inactive: true,
      });
      expect(put.json()).toMatchObject({ descriptionDeu: 'Postkonto', inactive: true });
      const patch = await call('zwei', 'PATCH', `Accounts/${id}?departmentId=${dept}&year=${YEAR}`, { notes: 'aufgelassen' });
      expect(patch.json()).toMatchObject({ notes: 'aufgelassen', inactive: true });
      const dup = await call('zwei', 'POST', `Accounts?departmentId=${dept}`, { code: 'K1', descriptionDeu: 'x', descriptionIta: 'x', type: 1 });
      expect(dup.json().details).toEqual({ Message: 'AccountExists', Field: 'code', Params: { code: 'K1' } });
      const briefs = await call('zwei', 'GET', `Accounts/briefs?departmentId=${dept}&year=${YEAR}&includeInactive=true`);
      expect(briefs.json().map((a: { code: string; inactive: boolean }) => [a.code, a.inactive])).toEqual([
        ['B1', false],
        ['K1', false],
        ['P1', true],
      ]);
      expect((await call('zwei', 'GET', `Accounts/briefs?departmentId=${dept}&year=${YEAR}`)).json()).toHaveLength(2);
      expect((await call('kassier', 'GET', `Accounts/briefs?departmentId=${dept}`)).statusCode).toBe(403);
      expect((await call('zwei', 'DELETE', `Accounts/${id}?departmentId=${dept}`)).json()).toBe(true);
    });

    it('answers every base-data path and needs a token', async () => {
      const paths = restRoutes.filter((r) => /^(Departments|Suppliers|Banks|Accounts|Admin\/Departments)/i.test(r.path));
      expect(paths.length).toBeGreaterThanOrEqual(33);
      for (const route of paths) {
        const url = `/api/${route.path.replace(':id', '1')}`;
        const anonymous = await t.app.inject({ method: route.method, url, ...(route.method === 'GET' ? {} : { payload: {} }) });
        expect(anonymous.statusCode, `${route.method} ${route.path}`).toBe(401);
      }
    });
  });
}
