import { AccessLevel } from '@app/domain';
import { AUDIT_OFF, execRows, schema } from '@app/db';
import { prepareDatabase } from '@app/db/startup';
import { createUserAccount, UserAccountError } from '@app/db/users';
import { asc, eq } from 'drizzle-orm';
import { expect, it } from 'vitest';
import { describeOnDatabases } from '../../test-utils.ts';
import { verifyAuditChains } from '../auditChain.ts';

const { auditLog, users } = schema;

type Row = { table: string; op: string; key: string; fields: Record<string, { before?: unknown; after?: unknown }> };

/**
 * Users created from outside the app's saves (issue 27): `npm run user:create` (createUserAccount) and INITIAL_SUPERVISOR at
 * start append their trail row in the creating transaction — actor `system`, entity user, action created, the inserted
 * rows with their after values and no password hash — so nothing they captured is left for the start-up purge; a
 * refused creation leaves no row.
 */
describeOnDatabases(
  'users created from outside the app are in the trail',
  (get) => {
    const trail = () => get().db.select().from(auditLog).orderBy(asc(auditLog.id));
    const pending = () => execRows<{ tbl: string }>(get().db, 'select tbl from audit_pending' as never);

    it('INITIAL_SUPERVISOR at start: one row by system, the users row inserted, no hash', async () => {
      const result = await prepareDatabase(get(), { seedDemo: 'never', initialSupervisor: { username: 'chef', password: 'Anfang1' }, currentYear: 2026 });
      expect(result.initialSupervisorCreated).toBe(true);
      const [chef] = await get().db.select().from(users).where(eq(users.username, 'chef'));
      const rows = await trail();
      expect(rows.map((r) => [r.userId, r.userName, r.entity, r.entityId, r.action, r.procedure, r.departmentId, r.year])).toEqual([
        [null, 'system', 'user', String(chef!.id), 'created', 'INITIAL_SUPERVISOR', null, null],
      ]);
      const changed = (rows[0]!.changes as { rows: Row[] }).rows;
      expect(changed.map((r) => [r.table, r.op, r.key])).toEqual([['users', 'I', String(chef!.id)]]);
      expect(changed[0]!.fields.username).toEqual({ after: 'chef' });
      expect(changed[0]!.fields.access_level).toEqual({ after: AccessLevel.Supervisor });
      expect(JSON.stringify(rows[0]!.changes)).not.toMatch(/password_hash|argon2|Anfang1/);
      expect(await pending()).toEqual([]);
      // a second start creates nobody and appends nothing
      await prepareDatabase(get(), { seedDemo: 'never', initialSupervisor: { username: 'chef', password: 'Anfang1' }, currentYear: 2026 });
      expect(await trail()).toHaveLength(1);
    });

    it('user:create: one row by system with the user and his department links; a refused one leaves none', async () => {
      // a department to link, as a fixture that is nobody's change (capture off)
      await get().db.transaction(async (tx) => {
        await tx.execute(AUDIT_OFF);
        await tx.insert(schema.departments).values({ code: '101', name1Deu: 'FF Eins', name1Ita: 'VVF Uno' });
      });
      const before = (await trail()).length;
      const user = await createUserAccount(get().db, {
        username: 'kasse',
        level: 'standard',
        fullname: 'Karl Kasse',
        password: 'Anfang1',
        departmentCodes: ['101'],
      });
      const rows = (await trail()).slice(before);
      expect(rows.map((r) => [r.userId, r.userName, r.entity, r.entityId, r.action, r.procedure])).toEqual([
        [null, 'system', 'user', String(user.id), 'created', 'user:create'],
      ]);
      expect(rows[0]!.changes).toMatchObject({ input: { username: 'kasse', fullname: 'Karl Kasse', accessLevel: user.accessLevel, departments: ['101'] } });
      const changed = (rows[0]!.changes as { rows: Row[] }).rows;
      expect(changed.find((r) => r.table === 'users')?.fields.fullname).toEqual({ after: 'Karl Kasse' });
      expect(changed.filter((r) => r.table === 'user_departments').map((r) => r.op)).toEqual(['I']);
      expect(JSON.stringify(rows[0]!.changes)).not.toMatch(/password_hash|argon2|Anfang1/);
      expect(await pending()).toEqual([]);

      const refused = await createUserAccount(get().db, { username: 'KASSE', level: 'standard', password: 'Anfang1' }).catch((e: unknown) => e);
      expect(refused).toBeInstanceOf(UserAccountError);
      const unknownDept = await createUserAccount(get().db, { username: 'neu', level: 'standard', password: 'Anfang1', departmentCodes: ['999'] }).catch(
        (e: unknown) => e,
      );
      expect((unknownDept as UserAccountError).code).toBe('DepartmentUnknown');
      expect((await trail()).length).toBe(before + 1);
      expect(await pending()).toEqual([]);
      expect((await verifyAuditChains(get().db)).broken).toEqual([]);
    });
  },
  { seed: false },
);
