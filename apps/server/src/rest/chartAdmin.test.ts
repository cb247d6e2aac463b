import { testDatabases } from '@app/db/testing';
import { describe, expect, it } from 'vitest';
import { restTestApp, YEAR } from './testApp.ts';
import { chartAdminRoutes } from './chartAdmin.ts';

for (const target of testDatabases()) {
  describe(`REST chart of accounts and administration [${target.name}]`, () => {
    const t = restTestApp(target, { ipPrefix: '10.7.0', signIn: ['supervisor', 'admin', 'kassier'], departments: true });
    const call = (user: string, method: 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE', url: string, payload?: object) => t.call(user, method, url, payload);
    const dept = t.dept;

    it('GET ChartOfAccounts/Chapters pages the chapters of the department area', async () => {
      const res = await call('kassier', 'GET', `ChartOfAccounts/Chapters?superDepartmentId=${dept('101')}&year=${YEAR}&page=2&pageSize=10`);
      expect(res.statusCode).toBe(200);
      const body = res.json();
      expect(body).toMatchObject({ page: 2, pageSize: 10 });
      expect(body.totalPages).toBeGreaterThanOrEqual(4);
      expect(body.entities).toHaveLength(10);
      expect(body.entities[0].chapter).toBe('11011');
      const filtered = await call('kassier', 'GET', `ChartOfAccounts/Chapters?departmentId=${dept('101')}&year=${YEAR}&chapter=2-2&description=fahrzeug`);
      expect(filtered.json().entities.map((c: { chapter: string }) => c.chapter)).toEqual(['22001']);
      const area = await call('kassier', 'GET', `ChartOfAccounts/Chapters?year=${YEAR}&area=1&part=2&pageSize=100`);
      expect(area.json().entities.every((c: { area: number; part: number }) => c.area === 1 && c.part === 2)).toBe(true);
    });

    it('GET ChartOfAccounts/Chapters/pick and /byCode serve the chapter picker', async () => {
      const pick = await call('kassier', 'GET', `ChartOfAccounts/Chapters/pick?departmentId=${dept('101')}&year=${YEAR}&chapter=13`);
      expect(pick.json()).toMatchObject({ pageSize: 20, total: 4 });
      const found = await call('kassier', 'GET', `ChartOfAccounts/Chapters/byCode?departmentId=${dept('101')}&year=${YEAR}&chapter=2-1-006`);
      expect(found.json()).toMatchObject({ chapter: '21006', descriptionIta: 'Carburanti' });
      const missing = await call('kassier', 'GET', `ChartOfAccounts/Chapters/byCode?departmentId=${dept('101')}&year=${YEAR}&chapter=21999`);
      expect(missing.statusCode).toBe(404);
      expect(missing.json().details).toEqual({ Message: 'ChapterNotFound', Field: 'chapter', Params: { chapter: '21999' } });
    });

    it('ChartOfAccounts/Chapters: new, POST, GET, PUT, PATCH, DELETE', async () => {
      const scope = `departmentId=${dept('000')}&year=${YEAR}`;
      const template = await call('admin', 'GET', `ChartOfAccounts/Chapters/new?${scope}&area=3`);
      expect(template.json()).toMatchObject({ id: null, area: 3, year: YEAR, chapter: '' });
      const chapter = {
        part: 2,
        title: 1,
        chapterShort: '95',
        searchKeyDeu: 'DROHNE',
        searchKeyIta: 'DRONE',
        descriptionDeu: 'Drohne',
        descriptionIta: 'Drone',
      };
      const created = await call('admin', 'POST', `ChartOfAccounts/Chapters?${scope}&area=3`, chapter);
      expect(created.statusCode).toBe(200);
      expect(created.json()).toMatchObject({ chapter: '21095', area: 3 });
      const id = created.json().id as number;
      expect((await call('kassier', 'GET', `ChartOfAccounts/Chapters/${id}`)).json().descriptionDeu).toBe('Drohne');
      const put = await call('admin', 'PUT', `ChartOfAccounts/Chapters/${id}`, {
        ...chapter,
        departmentId: dept('000'),
        year: YEAR,
        descriptionDeu: 'Drohnen',
      });
      expect(put.json().descriptionDeu).toBe('Drohnen');
      const patch = await call('admin', 'PATCH', `ChartOfAccounts/Chapters/${id}?departmentId=${dept('000')}`, { notes: 'Luftbild' });
      expect(patch.json()).toMatchObject({ notes: 'Luftbild', descriptionDeu: 'Drohnen' });
      const invalid = await call('admin', 'PATCH', `ChartOfAccounts/Chapters/${id}?departmentId=${dept('000')}`, { descriptionIta: 'x'.repeat(201) });
      expect(invalid.statusCode).toBe(400);
      expect(invalid.json().details).toMatchObject({ Message: 'InvalidValue', Field: 'descriptionIta' });
      const forbidden = await call('admin', 'DELETE', `ChartOfAccounts/Chapters/${id}?departmentId=${dept('100')}`);
      expect(forbidden.statusCode).toBe(403);
      expect(forbidden.json().details.Message).toBe('Forbidden');
      const standard = await call('kassier', 'DELETE', `ChartOfAccounts/Chapters/${id}`);
      expect(standard.statusCode).toBe(403);
      expect((await call('admin', 'DELETE', `ChartOfAccounts/Chapters/${id}?departmentId=${dept('000')}`)).json()).toEqual({ deleted: true });
      expect((await call('admin', 'GET', `ChartOfAccounts/Chapters/${id}`)).statusCode).toBe(404);
    });

    it('answers ChartLocked for a chart with approved forecasts', async () => {
      const res = await call('supervisor', 'POST', `ChartOfAccounts/Chapters?departmentId=${dept('101')}&year=${YEAR - 1}`, {
        part: 1,
        title: 1,
        chapterShort: '99',
        emptyChapter: true,
      });
      expect(res.statusCode).toBe(409);
      expect(res.json().details).toEqual({ Message: 'ChartLocked', Params: { area: 3, year: YEAR - 1 } });
      const status = await call('supervisor', 'GET', `ChartOfAccounts/Status?departmentId=${dept('101')}&year=${YEAR - 1}`);
      expect(status.json()).toMatchObject({ area: 3, locked: true });
      const unlock = await call('admin', 'POST', 'ChartOfAccounts/Unlock', { year: YEAR - 1, area: 3 });
      // the chart unlock has its own flag: the year unlock (areaUnlocked) stays as it was
      expect(unlock.json()).toEqual({ year: YEAR - 1, areaUnlocked: { 1: false, 2: false, 3: false }, chartUnlocked: { 1: false, 2: false, 3: true } });
      expect((await call('supervisor', 'GET', `ChartOfAccounts/Status?departmentId=${dept('101')}&year=${YEAR - 1}`)).json().locked).toBe(false);
      expect((await call('admin', 'POST', 'ChartOfAccounts/Unlock', { year: YEAR - 1, area: 3, unlocked: false })).json().chartUnlocked[3]).toBe(false);
      expect((await call('kassier', 'POST', 'ChartOfAccounts/Unlock', { year: YEAR - 1, area: 3 })).statusCode).toBe(403);
    });

    it('ChartOfAccounts/Titles and /Categories: the generic entity shape', async () => {
      const scope = `superDepartmentId=${dept('101')}&year=${YEAR}`;
      const titles = await call('kassier', 'GET', `ChartOfAccounts/Titles?${scope}`);
      expect(titles.json()).toMatchObject({ page: 1, totalPages: 1, total: 6 });
      const categories = await call('kassier', 'GET', `ChartOfAccounts/Categories?${scope}&part=1`);
      expect(categories.json().entities.map((c: { category: string }) => c.category)).toEqual(['01', '02', '03', '04', '05']);
      expect((await call('kassier', 'GET', `ChartOfAccounts/Titles/new?${scope}`)).json()).toMatchObject({ id: null, area: 3 });
      expect((await call('kassier', 'GET', `ChartOfAccounts/Categories/new?${scope}`)).json()).toMatchObject({ id: null, area: 3 });

      const sup = `departmentId=${dept('101')}&year=${YEAR}`;
      const title = await call('supervisor', 'POST', `ChartOfAccounts/Titles?${sup}`, {
        part: 1,
        title: 4,
        descriptionDeu: 'Sonder',
        descriptionIta: 'Speciale',
      });
      expect(title.json()).toMatchObject({ title: 4, area: 3 });
      const tid = title.json().id as number;
      expect((await call('supervisor', 'GET', `ChartOfAccounts/Titles/${tid}`)).json().descriptionIta).toBe('Speciale');
      expect(
        (
          await call('supervisor', 'PUT', `ChartOfAccounts/Titles/${tid}`, { part: 1, title: 4, descriptionDeu: 'Sonderposten', descriptionIta: 'Speciale' })
        ).json().descriptionDeu,
      ).toBe('Sonderposten');
      expect((await call('supervisor', 'PATCH', `ChartOfAccounts/Titles/${tid}`, { descriptionIta: 'Voci speciali' })).json().descriptionIta).toBe(
        'Voci speciali',
      );
      expect((await call('supervisor', 'DELETE', `ChartOfAccounts/Titles/${tid}`)).json()).toEqual({ deleted: true });

      const category = await call('supervisor', 'POST', `ChartOfAccounts/Categories?${sup}`, {
        part: 2,
        category: '10',
        descriptionDeu: 'Sonstiges',
        descriptionIta: 'Varie',
      });
      const cid = category.json().id as number;
      expect((await call('supervisor', 'GET', `ChartOfAccounts/Categories/${cid}`)).json().category).toBe('10');
      expect(
        (
          await call('supervisor', 'PUT', `ChartOfAccounts/Categories/${cid}`, {
            part: 2,
            category: '11',
            descriptionDeu: 'Sonstiges',
            descriptionIta: 'Varie',
          })
        ).json().category,
      ).toBe('11');
      expect((await call('supervisor', 'PATCH', `ChartOfAccounts/Categories/${cid}`, { descriptionDeu: 'Anderes' })).json().descriptionDeu).toBe('Anderes');
      const used = await call('supervisor', 'DELETE', `ChartOfAccounts/Categories/${(categories.json().entities[0] as { id: number }).id}`);
      expect(used.statusCode).toBe(409);
      expect(used.json().details.Message).toBe('InUse');
      expect((await call('supervisor', 'DELETE', `ChartOfAccounts/Categories/${cid}`)).json()).toEqual({ deleted: true });
    });

    it('GET ChartOfAccounts/ETS and ChartOfAccounts/Export', async () => {
      const ets = await call('kassier', 'GET', 'ChartOfAccounts/ETS?part=1');
      expect(ets.json().loss).toEqual([]);
      expect(ets.json().profit[0].categories[7]).toMatchObject({ code: 'A8', descriptionIta: 'Contributi da enti pubblici' });
      const exp = await call('kassier', 'GET', `ChartOfAccounts/Export?year=${YEAR}&area=3&part=1&titleFrom=1&titleTo=1&withCategories=true`);
      expect(exp.json()).toMatchObject({ area: 3, year: YEAR, part: 1, withCategories: true });
      expect(exp.json().titles).toHaveLength(1);
      expect(exp.json().titles[0].chapters[0]).toMatchObject({ chapter: '11001', category: { category: '01' }, etsCode: 'A8' });
      const union = await call('kassier', 'GET', `ChartOfAccounts/Export?year=${YEAR}`);
      expect(union.json()).toMatchObject({ area: 1, part: null, withCategories: false });
    });

    it('POST ChartOfAccounts tests and copies the chart', async () => {
      await call('supervisor', 'POST', `FinancialYears?year=${YEAR + 1}`);
      const test = await call('admin', 'POST', 'ChartOfAccounts', {
        area: 2,
        year: YEAR + 1,
        test: true,
        chapters: true,
        categories: true,
        titles: true,
        amendETS: false,
      });
      expect(test.statusCode).toBe(200);
      expect(test.json()).toMatchObject({ status: 'Success', message: 'readyToCopy' });
      const done = await call('admin', 'POST', 'ChartOfAccounts', {
        area: 2,
        year: YEAR + 1,
        test: false,
        chapters: true,
        categories: true,
        titles: true,
        amendETS: false,
      });
      expect(done.json()).toMatchObject({ status: 'Success', message: 'successCopy', counts: { titles: 6, categories: 14 } });
      const again = await call('admin', 'POST', 'ChartOfAccounts', { area: 2, year: YEAR + 1, test: true, chapters: true });
      expect(again.json()).toMatchObject({ status: 'Warning', message: 'RequestedEntitiesExist', kinds: ['chapters', 'categories', 'titles'] });
      const refused = await call('admin', 'POST', 'ChartOfAccounts', { area: 2, year: YEAR + 1, test: false, chapters: true });
      expect(refused.json()).toMatchObject({ status: 'Error', message: 'ChaptersExist' });
      const ets = await call('admin', 'POST', 'ChartOfAccounts', { area: 2, year: YEAR + 1, test: false, amendETS: true });
      expect(ets.json()).toMatchObject({ status: 'Success', message: 'successETS' });
      const standard = await call('kassier', 'POST', 'ChartOfAccounts', { area: 3, year: YEAR + 1, test: true, chapters: true });
      expect(standard.statusCode).toBe(403);
    });

    it('GET and PUT FinancialYears/Status', async () => {
      const status = await call('kassier', 'GET', 'FinancialYears/Status');
      expect(status.json().years[0]).toEqual({
        year: YEAR - 1,
        areaUnlocked: { 1: false, 2: false, 3: false },
        chartUnlocked: { 1: false, 2: false, 3: false },
      });
      const put = await call('supervisor', 'PUT', 'FinancialYears/Status', { years: [{ year: YEAR - 1, areaUnlocked: { 1: false, 2: true, 3: true } }] });
      expect(put.statusCode).toBe(200);
      // the year unlock: the chart of the year stays locked
      expect(put.json().years[0]).toEqual({ year: YEAR - 1, areaUnlocked: { 1: false, 2: true, 3: true }, chartUnlocked: { 1: false, 2: false, 3: false } });
      expect((await call('supervisor', 'GET', `ChartOfAccounts/Status?departmentId=${dept('101')}&year=${YEAR - 1}`)).json().locked).toBe(true);
      await call('supervisor', 'PUT', 'FinancialYears/Status', { years: [{ year: YEAR - 1, areaUnlocked: { 1: false, 2: false, 3: false } }] });
      const standard = await call('kassier', 'PUT', 'FinancialYears/Status', { years: [] });
      expect(standard.statusCode).toBe(403);
      const bad = await call('supervisor', 'PUT', 'FinancialYears/Status', { years: [{ year: YEAR, areaUnlocked: { 1: 'yes' } }] });
      expect(bad.statusCode).toBe(400);
    });

    it('Admin/Users: list, new, POST, GET, PUT, PATCH, DELETE', async () => {
      const list = await call('admin', 'GET', 'Admin/Users?filter=kass&page=1&pageSize=5');
      expect(list.json()).toMatchObject({ page: 1, totalPages: 1, entities: [{ username: 'kassier' }] });
      expect((await call('admin', 'GET', 'Admin/Users/new')).json()).toMatchObject({ id: null, mustChangePassword: true });
      const body = { username: 'rest', fullname: 'Rita Rest', password: 'pass12', passwordRepeat: 'pass12', accessLevel: 2, departmentIds: [dept('101')] };
      const created = await call('admin', 'POST', 'Admin/Users', body);
      expect(created.json()).toMatchObject({ username: 'rest', mustChangePassword: true, departmentIds: [dept('101')] });
      const id = created.json().id as number;
      const exists = await call('admin', 'POST', 'Admin/Users', { ...body, username: 'REST' });
      expect(exists.statusCode).toBe(409);
      expect(exists.json().details.Message).toBe('UserExists');
      const noDept = await call('admin', 'POST', 'Admin/Users', { ...body, username: 'other', departmentIds: [] });
      expect(noDept.json().details.Message).toBe('DepartmentNeeded');
      const repeat = await call('admin', 'POST', 'Admin/Users', { ...body, username: 'other', passwordRepeat: 'x' });
      expect(repeat.json().details.Message).toBe('PasswordRepeatWrong');
      expect((await call('admin', 'GET', `Admin/Users/${id}`)).json().fullname).toBe('Rita Rest');
      const put = await call('admin', 'PUT', `Admin/Users/${id}`, { username: 'rest', fullname: 'Rita R.', accessLevel: 2, locked: true });
      expect(put.json()).toMatchObject({ fullname: 'Rita R.', locked: true, departmentIds: [dept('101')] });
      expect((await call('admin', 'PATCH', `Admin/Users/${id}`, { locked: false })).json().locked).toBe(false);
      expect((await call('kassier', 'GET', 'Admin/Users')).statusCode).toBe(403);
      expect((await call('admin', 'DELETE', `Admin/Users/${id}`)).json()).toEqual({ deleted: true });
    });

    it('Admin/UserDepartments and Admin/DepartmentUsers', async () => {
      const list = await call('admin', 'GET', `Admin/UserDepartments?superDepartmentId=${dept('100')}&onlyOwnDepartment=false&pageSize=50`);
      expect(list.json().entities.map((l: { deptCode: string }) => l.deptCode)).toEqual(['100', '101', '101', '102', '102']);
      const own = await call('admin', 'GET', `Admin/UserDepartments?superDepartmentId=${dept('100')}&onlyOwnDepartment=true`);
      expect(own.json().entities.map((l: { username: string }) => l.username)).toEqual(['admin']);
      const kassierId = (list.json().entities as { username: string; userId: number }[]).find((l) => l.username === 'kassier')?.userId ?? 0;
      const created = await call('admin', 'POST', 'Admin/UserDepartments', { userId: kassierId, deptId: dept('201') });
      expect(created.json()).toMatchObject({ deptCode: '201', username: 'kassier' });
      const linkId = created.json().id as number;
      expect((await call('admin', 'GET', `Admin/UserDepartments/${linkId}`)).json().deptId).toBe(dept('201'));
      const twice = await call('admin', 'POST', 'Admin/UserDepartments', { userId: kassierId, deptId: dept('201') });
      expect(twice.json().details.Message).toBe('AlreadyLinked');
      // update by id: PUT replaces user and department, PATCH only what is sent
      const put = await call('admin', 'PUT', `Admin/UserDepartments/${linkId}`, { userId: kassierId, deptId: dept('202') });
      expect(put.statusCode).toBe(200);
      expect(put.json()).toMatchObject({ id: linkId, deptCode: '202', username: 'kassier' });
      const zweiId = (await call('admin', 'GET', `Admin/UserDepartments?superDepartmentId=${dept('000')}&username=zwei&pageSize=50`)).json().entities[0]
        ?.userId as number;
      const patched = await call('admin', 'PATCH', `Admin/UserDepartments/${linkId}`, { userId: zweiId });
      expect(patched.json()).toMatchObject({ id: linkId, deptCode: '202', username: 'zwei' });
      // kassier's own link to 101 can't take the department of an existing link
      const kassier101 = (await call('admin', 'GET', `Admin/UserDepartments?superDepartmentId=${dept('000')}&username=kassier&pageSize=50`)).json().entities[0]
        ?.id as number;
      const clash = await call('admin', 'PATCH', `Admin/UserDepartments/${kassier101}`, { userId: zweiId, deptId: dept('202') });
      expect(clash.json().details.Message).toBe('AlreadyLinked');
      // moving kassier's only link away would leave kassier without a department
      const lastLink = await call('admin', 'PATCH', `Admin/UserDepartments/${kassier101}`, { userId: zweiId });
      expect(lastLink.json().details.Message).toBe('DepartmentNeeded');
      expect((await call('kassier', 'PUT', `Admin/UserDepartments/${linkId}`, { userId: kassierId, deptId: dept('101') })).statusCode).toBe(403);
      expect((await call('admin', 'DELETE', `Admin/UserDepartments/${linkId}`)).json()).toEqual({ deleted: true });
      expect((await call('kassier', 'GET', 'Admin/UserDepartments')).statusCode).toBe(403);
      const users = await call('kassier', 'GET', `Admin/DepartmentUsers?departmentId=${dept('101')}`);
      expect(users.json().entities.map((u: { username: string }) => u.username)).toEqual(['kassier', 'revisor']);
      expect((await call('kassier', 'GET', `Admin/DepartmentUsers?departmentId=${dept('102')}`)).statusCode).toBe(403);
    });

    it('MovementTemplates: list, GET by code, POST head, POST save, DELETE', async () => {
      const scope = `departmentId=${dept('101')}&year=${YEAR}`;
      const list = await call('kassier', 'GET', `MovementTemplates?${scope}`);
      expect(list.json().entities.map((t: { descriptionDeu: string }) => t.descriptionDeu)).toEqual(['Tankrechnung', 'Honorar mit Quellensteuer']);
      expect((await call('kassier', 'GET', `MovementTemplates/2?${scope}`)).json().transferPositions[0]).toMatchObject({
        chapterFrom: '13001',
        chapterTo: '21022',
      });
      const created = await call('kassier', 'POST', `MovementTemplates?${scope}`, {
        descriptionDeu: 'Wartung',
        descriptionIta: 'Manutenzione',
        positions: [{ chapter: '21007', type: 1 }],
        transferPositions: [],
        withDescription: true,
      });
      expect(created.statusCode).toBe(200);
      expect(created.json()).toBe(3);
      const saved = await call('kassier', 'POST', 'MovementTemplates/save', {
        departmentId: dept('101'),
        year: YEAR,
        code: 3,
        positions: [{ chapter: '21007', type: 1 }, { chapter: '21010' }],
        transferPositions: [{ chapterFrom: '13001', chapterTo: '21007' }],
      });
      expect(saved.json().positions.map((p: { chapter: string }) => p.chapter)).toEqual(['21007', '21010']);
      const missing = await call('kassier', 'POST', 'MovementTemplates/save', {
        departmentId: dept('101'),
        year: YEAR,
        code: 3,
        positions: [{ chapter: '21999' }],
      });
      expect(missing.statusCode).toBe(404);
      expect(missing.json().details.Message).toBe('ChapterNotFound');
      expect((await call('kassier', 'DELETE', `MovementTemplates/3?${scope}`)).json()).toEqual({ deleted: true });
      expect((await call('kassier', 'GET', `MovementTemplates?departmentId=${dept('102')}&year=${YEAR}`)).statusCode).toBe(403);
    });

    it('answers every path of the area (no 404) and needs a token', async () => {
      for (const route of chartAdminRoutes) {
        const url = `/api/${route.path.replace(':id', '1').replace(':code', '1')}`;
        const res = await t.app.inject({ method: route.method, url, headers: t.auth('supervisor'), ...(route.method === 'GET' ? {} : { payload: {} }) });
        // a missing route answers 404 with the path; a procedure's NotFound has none
        expect(res.statusCode === 404 && res.json().details.Params?.path !== undefined, `${route.method} ${route.path}`).toBe(false);
        expect(res.statusCode, `${route.method} ${route.path}`).toBeLessThan(500);
        const anonymous = await t.app.inject({ method: route.method, url, ...(route.method === 'GET' ? {} : { payload: {} }) });
        expect(anonymous.statusCode, `${route.method} ${route.path}`).toBe(401);
      }
    });
  });
}
