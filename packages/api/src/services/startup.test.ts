import { type DbHandle, schema } from '@app/db';
import { demoUsers } from '@app/db/seed';
import { prepareDatabase } from '@app/db/startup';
import { createInitialSupervisor, UserAccountError } from '@app/db/users';
import { testDatabases } from '@app/db/testing';
import { count, eq } from 'drizzle-orm';
import { afterEach, describe, expect, it } from 'vitest';
import { createContextInner } from '../context.ts';
import { createCaller } from '../root.ts';
import { anonymous, expectAppError } from '../test-utils.ts';

const YEAR = 2026;

async function counts(handle: DbHandle) {
  const [u] = await handle.db.select({ n: count() }).from(schema.users);
  const [d] = await handle.db.select({ n: count() }).from(schema.departments);
  return { users: u?.n ?? 0, departments: d?.n ?? 0 };
}

/** What a server start does to a fresh database, on PGlite and (with TEST_DATABASE_URL) PostgreSQL. */
for (const target of testDatabases(undefined, { pglite: 'both' })) {
  describe(`start: demo seed and initial supervisor [${target.name}]`, () => {
    let handle: DbHandle | undefined;
    async function fresh(): Promise<DbHandle> {
      handle = await target.create();
      return handle;
    }
    afterEach(async () => {
      await handle?.close();
      handle = undefined;
    });

    it('SEED_DEMO=auto seeds only an embedded database', async () => {
      const db = await fresh();
      const result = await prepareDatabase(db, { seedDemo: 'auto', currentYear: YEAR });
      const embedded = db.kind === 'pglite';
      expect(result.demoSeeded).toBe(embedded);
      expect(result.demo).toBe(embedded);
      expect(await counts(db)).toEqual(embedded ? { users: demoUsers.length, departments: 7 } : { users: 0, departments: 0 });
      expect(result.line).toEqual(
        embedded
          ? 'database: PGlite in memory (demo data: seeded now)'
          : expect.stringMatching(/^database: PostgreSQL [^@\s]+:\d+\/t_\w+ \(demo data: none\)$/),
      );
      expect((await (await anonymous(db)).system.info()).demo).toBe(embedded);
    });

    it('SEED_DEMO=always seeds an empty database of either kind, and the client learns it is a demo', async () => {
      const db = await fresh();
      expect((await (await anonymous(db)).system.info()).demo).toBe(false);
      const result = await prepareDatabase(db, { seedDemo: 'always', currentYear: YEAR });
      expect(result.demoSeeded).toBe(true);
      expect(result.line).toMatch(/\(demo data: seeded now\)$/);
      expect(await counts(db)).toEqual({ users: demoUsers.length, departments: 7 });
      expect((await (await anonymous(db)).system.info()).demo).toBe(true);
      // the demo supervisor signs in with the demo password
      const login = await (await anonymous(db, '10.9.0.1')).auth.login({ username: 'supervisor', password: 'demo', remember: false });
      expect(login.accessLevel).toBe(3);
      // the first setup is only for an installation without departments, and only for a Supervisor
      const setup = { name1Deu: 'Landesverband', name2Deu: 'Neu', name1Ita: 'Unione', name2Ita: 'Nuova', year: YEAR };
      await expectAppError(createCaller(await createContextInner({ db: db.db, token: login.token, ip: '10.9.0.1' })).system.setup(setup), 'DepartmentExists');
      const kassier = await (await anonymous(db, '10.9.0.3')).auth.login({ username: 'kassier', password: 'demo', remember: false });
      await expectAppError(createCaller(await createContextInner({ db: db.db, token: kassier.token, ip: '10.9.0.3' })).system.setup(setup), 'Forbidden');
      // a second start finds the demo and seeds nothing again
      const again = await prepareDatabase(db, { seedDemo: 'always', currentYear: YEAR });
      expect(again).toMatchObject({ demoSeeded: false, demo: true });
      expect(again.line).toMatch(/\(demo data: present\)$/);
      expect(await counts(db)).toEqual({ users: demoUsers.length, departments: 7 });
    });

    it('SEED_DEMO=never leaves the database empty', async () => {
      const db = await fresh();
      const result = await prepareDatabase(db, { seedDemo: 'never', currentYear: YEAR });
      expect(result).toMatchObject({ demoSeeded: false, demo: false, initialSupervisorCreated: false });
      expect(result.line).toMatch(/\(demo data: none\)$/);
      expect(await counts(db)).toEqual({ users: 0, departments: 0 });
    });

    it('never seeds into a database that has a user or a department', async () => {
      const db = await fresh();
      await db.db.insert(schema.departments).values({ code: '000', name1Deu: 'Landesverband', name1Ita: 'Unione' });
      expect((await prepareDatabase(db, { seedDemo: 'always', currentYear: YEAR })).demoSeeded).toBe(false);
      expect(await counts(db)).toEqual({ users: 0, departments: 1 });
      await db.db.delete(schema.departments);
      await db.db.insert(schema.users).values({ username: 'chef', fullname: 'Chef', passwordHash: 'x', accessLevel: 3 });
      expect((await prepareDatabase(db, { seedDemo: 'always', currentYear: YEAR })).demoSeeded).toBe(false);
      expect(await counts(db)).toEqual({ users: 1, departments: 0 });
      expect((await (await anonymous(db)).system.info()).demo).toBe(false);
    });

    it('INITIAL_SUPERVISOR creates that supervisor in an empty database, who must change the password first', async () => {
      const db = await fresh();
      const result = await prepareDatabase(db, { seedDemo: 'always', initialSupervisor: { username: 'chef', password: 'Anfang1' }, currentYear: YEAR });
      // asking for a first supervisor keeps the demo out, even with SEED_DEMO=always
      expect(result).toMatchObject({ initialSupervisorCreated: true, demoSeeded: false, demo: false });
      expect(result.line).toMatch(/\(demo data: none, initial supervisor "chef" created\)$/);
      const rows = await db.db.select().from(schema.users);
      expect(
        rows.map((u) => ({ username: u.username, fullname: u.fullname, accessLevel: u.accessLevel, passwordExpired: u.passwordExpired, locked: u.locked })),
      ).toEqual([{ username: 'chef', fullname: 'chef', accessLevel: 3, passwordExpired: true, locked: false }]);
      expect(rows[0]?.passwordHash).toMatch(/^\$argon2id\$/);
      const c = await anonymous(db, '10.9.0.2');
      await expectAppError(c.auth.login({ username: 'chef', password: 'Anfang1', remember: false }), 'PasswordExpired');
      await expectAppError(c.auth.login({ username: 'chef', password: 'falsch', remember: false }), 'WrongCredentials');
      const signedIn = await c.auth.changePasswordAndLogin({
        username: 'chef',
        password: 'Anfang1',
        newPassword: 'Feuer22',
        newPasswordRepeat: 'Feuer22',
        remember: false,
      });
      expect(signedIn.accessLevel).toBe(3);
      const [after] = await db.db.select({ expired: schema.users.passwordExpired }).from(schema.users).where(eq(schema.users.username, 'chef'));
      expect(after?.expired).toBe(false);

      // first setup: the union and the first financial year, then the union's screens take over
      const chef = createCaller(await createContextInner({ db: db.db, token: signedIn.token, ip: '10.9.0.2' }));
      expect(await chef.scope.list()).toEqual({ departments: [], years: [] });
      await expectAppError(chef.system.setup({ name1Deu: '', name2Deu: 'Südtirol', name1Ita: 'Unione', name2Ita: 'Alto Adige', year: YEAR }), 'InvalidValue');
      expect(
        await chef.system.setup({
          name1Deu: 'Landesfeuerwehrverband',
          name2Deu: 'Südtirol',
          name1Ita: 'Unione provinciale',
          name2Ita: 'Alto Adige',
          year: YEAR,
        }),
      ).toEqual({
        code: '000',
        year: YEAR,
      });
      const scopes = await chef.scope.list();
      expect(scopes.years).toEqual([YEAR]);
      expect(scopes.departments.map((d) => ({ code: d.code, nameDeu: d.nameDeu, nameIta: d.nameIta, area: d.area }))).toEqual([
        { code: '000', nameDeu: 'Landesfeuerwehrverband Südtirol', nameIta: 'Unione provinciale Alto Adige', area: 1 },
      ]);
      await expectAppError(
        chef.system.setup({ name1Deu: 'Zweiter', name2Deu: 'Verband', name1Ita: 'Seconda', name2Ita: 'Unione', year: YEAR + 1 }),
        'DepartmentExists',
      );
      expect((await chef.scope.list()).years).toEqual([YEAR]);
    });

    it('INITIAL_SUPERVISOR does nothing once a user exists, not even look at a removed password', async () => {
      const db = await fresh();
      await prepareDatabase(db, { seedDemo: 'always', currentYear: YEAR });
      const result = await prepareDatabase(db, { seedDemo: 'always', initialSupervisor: { username: 'chef', password: 'Anfang1' }, currentYear: YEAR });
      expect(result).toMatchObject({ initialSupervisorCreated: false, demoSeeded: false, demo: true });
      expect(await db.db.select().from(schema.users).where(eq(schema.users.username, 'chef'))).toEqual([]);
      expect(await createInitialSupervisor(db.db, 'chef', undefined)).toBe(false);
      expect((await counts(db)).users).toBe(demoUsers.length);
    });

    it('INITIAL_SUPERVISOR with a missing or too short password stops the start and writes nothing', async () => {
      const db = await fresh();
      for (const [password, code] of [
        [undefined, 'PasswordMissing'],
        ['abc', 'PasswordTooShort'],
        ['x'.repeat(21), 'PasswordTooLong'],
      ] as const) {
        const error = await prepareDatabase(db, { seedDemo: 'auto', initialSupervisor: { username: 'chef', password }, currentYear: YEAR }).catch(
          (e: unknown) => e,
        );
        expect(error).toBeInstanceOf(UserAccountError);
        expect((error as UserAccountError).code).toBe(code);
      }
      expect(await counts(db)).toEqual({ users: 0, departments: 0 });
    });
  });
}
