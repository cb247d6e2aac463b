import { schema } from '@app/db';
import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { anonymous, describeOnDatabases, expectAppError, signedIn } from '../test-utils.ts';

const { departments, sessions, userDepartments, users } = schema;

describeOnDatabases('administration', (get) => {
  async function deptId(code: string): Promise<number> {
    const [row] = await get().db.select({ id: departments.id }).from(departments).where(eq(departments.code, code));
    if (!row) throw new Error(`no department ${code}`);
    return row.id;
  }
  async function userId(username: string): Promise<number> {
    const [row] = await get().db.select({ id: users.id }).from(users).where(eq(users.username, username));
    if (!row) throw new Error(`no user ${username}`);
    return row.id;
  }
  async function newUser(username: string, extra: Record<string, unknown> = {}) {
    return {
      username,
      fullname: `Full ${username}`,
      password: 'geheim1',
      passwordRepeat: 'geheim1',
      departmentIds: [await deptId('101')],
      mainDepartmentId: await deptId('101'),
      ...extra,
    };
  }

  describe('users', () => {
    it('creates a user who must change the admin-set password at the first sign-in', async () => {
      const { caller } = await signedIn(get(), 'admin');
      const created = await caller.admin.users.create(await newUser('neu'));
      expect(created).toMatchObject({
        username: 'neu',
        fullname: 'Full neu',
        accessLevel: 2,
        locked: false,
        mustChangePassword: true,
        departmentIds: [await deptId('101')],
        language: 'de',
      });
      expect(created).not.toHaveProperty('passwordHash');
      await expectAppError((await anonymous(get(), '10.1.0.1')).auth.login({ username: 'neu', password: 'geheim1', remember: false }), 'PasswordExpired');
      const free = await caller.admin.users.create(await newUser('frei', { mustChangePassword: false, language: 'it' }));
      expect(free.mustChangePassword).toBe(false);
      const login = await (await anonymous(get(), '10.1.0.2')).auth.login({ username: 'frei', password: 'geheim1', remember: false });
      expect(login).toMatchObject({ username: 'frei', language: 'it', mainDepartmentId: await deptId('101') });
    });

    it('answers UserExists case-insensitively, PasswordRepeatWrong and DepartmentNeeded', async () => {
      const { caller } = await signedIn(get(), 'supervisor');
      await expectAppError(caller.admin.users.create(await newUser('KASSIER')), 'UserExists');
      await expectAppError(caller.admin.users.create(await newUser('anders', { passwordRepeat: 'geheim2' })), 'PasswordRepeatWrong');
      await expectAppError(caller.admin.users.create(await newUser('anders', { departmentIds: [], mainDepartmentId: null })), 'DepartmentNeeded');
      await expectAppError(
        caller.admin.users.create(await newUser('anders', { accessLevel: 0, departmentIds: [], mainDepartmentId: null })),
        'DepartmentNeeded',
      );
      await expectAppError(caller.admin.users.create(await newUser('anders', { mainDepartmentId: await deptId('102') })), 'InvalidValue');
      await expectAppError(caller.admin.users.create(await newUser('x'.repeat(21))), 'InvalidValue');
      await expectAppError(caller.admin.users.create(await newUser('anders', { fullname: '' })), 'InvalidValue');
      await expectAppError(caller.admin.users.create(await newUser('anders', { password: 'x'.repeat(21), passwordRepeat: 'x'.repeat(21) })), 'InvalidValue');
      // a supervisor needs no department
      const sup = await caller.admin.users.create(await newUser('obersup', { accessLevel: 3, departmentIds: [], mainDepartmentId: null }));
      expect(sup).toMatchObject({ accessLevel: 3, departmentIds: [] });
      const [count] = await get().db.select({ id: users.id }).from(users).where(eq(users.username, 'anders'));
      expect(count).toBeUndefined();
    });

    it('keeps administrators away from Supervisor accounts', async () => {
      const { caller } = await signedIn(get(), 'admin');
      await expectAppError(caller.admin.users.create(await newUser('boss', { accessLevel: 3 })), 'Forbidden');
      const kassier = await caller.admin.users.get({ id: await userId('kassier') });
      await expectAppError(caller.admin.users.update({ ...kassier, accessLevel: 3 }), 'Forbidden');
      await expectAppError(caller.admin.users.patch({ id: await userId('supervisor'), fullname: 'Hacked' }), 'Forbidden');
      await expectAppError(caller.admin.users.delete({ id: await userId('obersup') }), 'Forbidden');
      const admin = await caller.admin.users.get({ id: await userId('admin') });
      await expectAppError(caller.admin.users.update({ ...admin, accessLevel: 2 }), 'Forbidden');
    });

    it('updates a user, replaces the links and ends the sessions on a new password', async () => {
      const { caller } = await signedIn(get(), 'supervisor');
      await signedIn(get(), 'zwei');
      const id = await userId('zwei');
      expect((await get().db.select().from(sessions).where(eq(sessions.userId, id))).length).toBeGreaterThan(0);
      const current = await caller.admin.users.get({ id });
      const updated = await caller.admin.users.update({
        ...current,
        fullname: 'Zita Z.',
        validUntil: '2030-12-31',
        departmentIds: [await deptId('201')],
        mainDepartmentId: await deptId('201'),
      });
      expect(updated).toMatchObject({ fullname: 'Zita Z.', validUntil: '2030-12-31', departmentIds: [await deptId('201')], mustChangePassword: false });
      expect((await get().db.select().from(sessions).where(eq(sessions.userId, id))).length).toBeGreaterThan(0);
      await expectAppError(caller.admin.users.patch({ id, password: 'neu123', passwordRepeat: 'neu124' }), 'PasswordRepeatWrong');
      const reset = await caller.admin.users.patch({ id, password: 'neu123', passwordRepeat: 'neu123' });
      expect(reset.mustChangePassword).toBe(true);
      expect(await get().db.select().from(sessions).where(eq(sessions.userId, id))).toEqual([]);
      // back to the demo state
      await caller.admin.users.update({ ...current, password: 'demo', passwordRepeat: 'demo', mustChangePassword: false });
      expect((await caller.admin.users.get({ id })).departmentIds).toEqual(current.departmentIds);
      await caller.admin.users.patch({ id, departmentIds: [await deptId('102'), await deptId('201')], mainDepartmentId: await deptId('102') });
      await expectAppError(caller.admin.users.patch({ id, username: 'Kassier' }), 'UserExists');
      await expectAppError(caller.admin.users.patch({ id, departmentIds: [] }), 'DepartmentNeeded');
    });

    it('lists users with a filter, paged', async () => {
      const { caller } = await signedIn(get(), 'admin');
      const all = await caller.admin.users.list({ pageSize: 3 });
      expect(all.entities.map((u) => u.username)).toEqual(['admin', 'frei', 'gesperrt']);
      expect(all.totalPages).toBe(Math.ceil(all.total / 3));
      const filtered = await caller.admin.users.list({ filter: 'kass' });
      expect(filtered.entities).toEqual([expect.objectContaining({ username: 'kassier', fullname: 'Karl Kassier', accessLevel: 2 })]);
      expect((await caller.admin.users.list({ accessLevel: 3 })).entities.map((u) => u.username)).toEqual(['obersup', 'supervisor']);
      expect(await caller.admin.users.template({})).toMatchObject({ id: null, username: '', mustChangePassword: true, accessLevel: 2 });
    });

    it('deletes a user with the links, never oneself', async () => {
      const { caller, login } = await signedIn(get(), 'admin');
      const id = await userId('frei');
      expect(await caller.admin.users.delete({ id })).toEqual({ deleted: true });
      expect(await get().db.select().from(userDepartments).where(eq(userDepartments.userId, id))).toEqual([]);
      await expectAppError(caller.admin.users.get({ id }), 'NotFound');
      await expectAppError(caller.admin.users.delete({ id: login.userId }), 'Forbidden');
    });

    it('refuses administrators outside the union and standard users', async () => {
      const admin = (await signedIn(get(), 'admin')).caller;
      await expectAppError(admin.admin.users.list({ departmentId: await deptId('100') }), 'Forbidden');
      expect((await admin.admin.users.list({ departmentId: await deptId('000') })).total).toBeGreaterThan(0);
      const standard = (await signedIn(get(), 'kassier')).caller;
      await expectAppError(standard.admin.users.list({}), 'Forbidden');
      await expectAppError(standard.admin.users.create(await newUser('nope')), 'Forbidden');
      await expectAppError(standard.admin.users.list({ departmentId: await deptId('000') }), 'DepartmentNotAllowed');
    });
  });

  describe('user-departments', () => {
    it('lists links below a district, only its own, by user name and department code', async () => {
      const { caller } = await signedIn(get(), 'admin');
      const district = await deptId('100');
      const below = await caller.admin.userDepartments.list({ superDepartmentId: district, pageSize: 100 });
      expect(below.entities.map((l) => `${l.deptCode}:${l.username}`)).toEqual([
        '100:admin',
        '101:kassier',
        '101:neu',
        '101:revisor',
        '102:revisor',
        '102:zwei',
      ]);
      expect(below.entities[1]).toMatchObject({ userFullname: 'Karl Kassier', isLocked: false, validUntil: null, name2Deu: 'Leifers', name2Ita: 'Laives' });
      const own = await caller.admin.userDepartments.list({ superDepartmentId: district, onlyOwnDepartment: true });
      expect(own.entities.map((l) => l.username)).toEqual(['admin']);
      expect((await caller.admin.userDepartments.list({ username: 'zw', pageSize: 100 })).entities.map((l) => l.deptCode)).toEqual(['102', '201']);
      expect((await caller.admin.userDepartments.list({ deptCode: '20', pageSize: 100 })).entities.map((l) => l.username)).toEqual(['zwei', 'gesperrt']);
      const paged = await caller.admin.userDepartments.list({ pageSize: 2, page: 2 });
      expect(paged.entities).toHaveLength(2);
      await expectAppError(caller.admin.userDepartments.list({ username: 'x'.repeat(11) }), 'InvalidValue');
    });

    it('creates and deletes links, keeping at least one department', async () => {
      const { caller } = await signedIn(get(), 'admin');
      const kassier = await userId('kassier');
      const link = await caller.admin.userDepartments.create({ userId: kassier, deptId: await deptId('102') });
      expect(link).toMatchObject({ userId: kassier, deptId: await deptId('102'), deptCode: '102', username: 'kassier' });
      expect(await caller.admin.userDepartments.get({ id: link.id })).toEqual(link);
      await expectAppError(caller.admin.userDepartments.create({ userId: kassier, deptId: await deptId('102') }), 'AlreadyLinked');
      await expectAppError(caller.admin.userDepartments.create({ userId: kassier, deptId: 999999 }), 'InvalidValue');
      expect(await caller.admin.userDepartments.delete({ id: link.id })).toEqual({ deleted: true });
      const [last] = (await caller.admin.userDepartments.list({ userId: kassier })).entities;
      await expectAppError(caller.admin.userDepartments.delete({ id: last?.id ?? 0 }), 'DepartmentNeeded');
      await expectAppError(caller.admin.userDepartments.create({ userId: await userId('supervisor'), deptId: await deptId('102') }), 'Forbidden');
    });

    it('updates a link by id: PUT replaces user and department, PATCH only what is sent', async () => {
      const { caller } = await signedIn(get(), 'supervisor');
      const kassier = await userId('kassier');
      const zwei = await userId('zwei');
      const link = await caller.admin.userDepartments.create({ userId: kassier, deptId: await deptId('202') });
      const moved = await caller.admin.userDepartments.update({ id: link.id, userId: kassier, deptId: await deptId('200') });
      expect(moved).toMatchObject({ id: link.id, userId: kassier, deptCode: '200' });
      const patched = await caller.admin.userDepartments.patch({ id: link.id, userId: zwei });
      expect(patched).toMatchObject({ id: link.id, userId: zwei, deptCode: '200', username: 'zwei' });
      // zwei is linked to 102 already: the link can't become a second 102 link
      await expectAppError(caller.admin.userDepartments.patch({ id: link.id, deptId: await deptId('102') }), 'AlreadyLinked');
      // kassier's only remaining link can't move to another user
      const [kassierLink] = (await caller.admin.userDepartments.list({ userId: kassier })).entities;
      await expectAppError(caller.admin.userDepartments.patch({ id: kassierLink?.id ?? 0, userId: zwei }), 'DepartmentNeeded');
      await expectAppError(caller.admin.userDepartments.patch({ id: link.id, deptId: 999999 }), 'InvalidValue');
      const standard = (await signedIn(get(), 'kassier')).caller;
      await expectAppError(standard.admin.userDepartments.update({ id: link.id, userId: kassier, deptId: await deptId('101') }), 'Forbidden');
      expect(await caller.admin.userDepartments.delete({ id: link.id })).toEqual({ deleted: true });
    });

    it('refuses standard users and administrators outside the union', async () => {
      const admin = (await signedIn(get(), 'admin')).caller;
      await expectAppError(admin.admin.userDepartments.list({ departmentId: await deptId('100') }), 'Forbidden');
      const standard = (await signedIn(get(), 'kassier')).caller;
      await expectAppError(standard.admin.userDepartments.list({}), 'Forbidden');
      await expectAppError(standard.admin.userDepartments.create({ userId: await userId('kassier'), deptId: await deptId('102') }), 'Forbidden');
    });
  });

  describe('department users', () => {
    it('lists the users of a department for anyone linked to it', async () => {
      const { caller } = await signedIn(get(), 'kassier');
      const page = await caller.admin.departmentUsers({ departmentId: await deptId('101') });
      expect(page.entities.map((u) => u.username)).toEqual(['kassier', 'neu', 'revisor']);
      await expectAppError(caller.admin.departmentUsers({ departmentId: await deptId('102') }), 'DepartmentNotAllowed');
      const sup = (await signedIn(get(), 'supervisor')).caller;
      expect((await sup.admin.departmentUsers({ departmentId: await deptId('202') })).entities.map((u) => u.username)).toEqual(['gesperrt']);
    });
  });
});
