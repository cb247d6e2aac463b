import { execRows, schema } from '@app/db';
import { asc, eq, gt } from 'drizzle-orm';
import { expect, it } from 'vitest';
import { anonymous, CURRENT_YEAR, departmentId, describeOnDatabases, expectAppError, signInAs } from '../../test-utils.ts';
import { workedExampleBudget } from '../bookings.testkit.ts';
import { appendAudit, verifyAuditChains } from '../auditChain.ts';

const { auditLog, accounts, users } = schema;
const YEAR = CURRENT_YEAR;
const JUNE = new Date(`${YEAR}-06-15T10:00:00Z`);

/**
 * The audit trail (issue 27) on PostgreSQL and PGlite: representative writes leave the expected rows
 * (entity, action, scope, record number, the sanitised input), a refused write leaves none, the
 * database refuses UPDATE and DELETE on the trail, and the hash chain verifies and finds a row edited
 * behind the app's back.
 */
describeOnDatabases(
  'audit trail',
  (get) => {
    const as = signInAs(get, '10.27', JUNE);
    let last = 0;
    /** The rows appended since the last call, oldest first. */
    async function newRows() {
      const rows = await get().db.select().from(auditLog).where(gt(auditLog.id, last)).orderBy(asc(auditLog.id));
      last = rows.at(-1)?.id ?? last;
      return rows;
    }
    const brief = (r: typeof auditLog.$inferSelect) => [r.userName, r.entity, r.action, r.procedure, r.recordNumber];

    it('sign-in, failed sign-in and sign-out are recorded with the user, the address and no password', async () => {
      await newRows();
      await expectAppError((await anonymous(get(), '10.27.9.9')).auth.login({ username: 'zwei', password: 'falsch1', remember: false }), 'WrongCredentials');
      const c = await as('zwei');
      await c.auth.logout();
      const rows = await newRows();
      expect(rows.map(brief)).toEqual([
        ['zwei', 'session', 'signInFailed', 'auth.login', null],
        ['zwei', 'session', 'signedIn', 'auth.login', null],
        ['zwei', 'session', 'signedOut', 'auth.logout', null],
      ]);
      expect(rows[0]!.clientAddress).toBe('10.27.9.9');
      expect(rows[0]!.changes).toMatchObject({ input: { reason: 'WrongCredentials' } });
      expect(JSON.stringify(rows)).not.toMatch(/falsch1|password/i);
    });

    const cases: {
      name: string;
      run: (c: Awaited<ReturnType<typeof as>>, s: { departmentId: number; year: number }) => Promise<unknown>;
      rows: unknown[][];
    }[] = [
      {
        name: 'budget: forecast saved and approved, a change created and saved',
        run: (c, s) => workedExampleBudget(c, s),
        rows: [
          ['zwei', 'budgetForecast', 'changed', 'budget.forecast.save', null],
          ['zwei', 'budgetForecast', 'changed', 'budget.forecast.save', null],
          ['zwei', 'budgetForecast', 'approved', 'budget.forecast.approve', null],
          ['zwei', 'budgetChange', 'created', 'budget.changes.create', 1],
          ['zwei', 'budgetChange', 'changed', 'budget.changes.save', 1],
        ],
      },
      {
        name: 'a movement saved, changed and deleted',
        run: async (c, s) => {
          const [k1] = await get().db.select({ id: accounts.id }).from(accounts).where(eq(accounts.departmentId, s.departmentId));
          const input = {
            ...s,
            kind: 'expenses' as const,
            type: 1,
            recordDate: `${YEAR}-03-05`,
            documentDate: `${YEAR}-03-01`,
            accountId: k1!.id,
            positions: [{ chapter: '21006', amount: 12_345 }],
          };
          const saved = await c.movements.save(input);
          await c.movements.save({ ...input, recordNumber: saved.recordNumber, positions: [{ chapter: '21006', amount: 12_000 }] });
          await c.movements.delete({ ...s, kind: 'expenses', recordNumber: saved.recordNumber });
        },
        rows: [
          ['zwei', 'movement', 'created', 'movements.save', 1],
          ['zwei', 'movement', 'changed', 'movements.save', 1],
          ['zwei', 'movement', 'deleted', 'movements.delete', 1],
        ],
      },
      {
        name: 'a reservation saved',
        run: (c, s) => c.reservations.save({ ...s, recordDate: `${YEAR}-04-01`, chapterYear: YEAR, chapter: '21006', amountBooked: 40_000, amountUsed: 0 }),
        rows: [['zwei', 'reservation', 'created', 'reservations.save', 1]],
      },
    ];
    for (const t of cases)
      it(`records ${t.name}`, async () => {
        const c = await as('zwei');
        const s = { departmentId: await departmentId(get(), '102'), year: YEAR };
        await newRows();
        await t.run(c, s);
        const rows = (await newRows()).filter((r) => r.action !== 'signedIn');
        expect(rows.map(brief)).toEqual(t.rows);
        for (const r of rows)
          expect([r.departmentId, r.year, r.userId, r.clientAddress.startsWith('10.27.')]).toEqual([s.departmentId, YEAR, rows[0]!.userId, true]);
      });

    it('the input is kept with the change, amounts in cents', async () => {
      const [row] = await get().db.select().from(auditLog).where(eq(auditLog.procedure, 'movements.save')).orderBy(asc(auditLog.id)).limit(1);
      expect(row!.changes).toMatchObject({ input: { kind: 'expenses', positions: [{ chapter: '21006', amount: 12_345 }] } });
    });

    it('each changed row is kept with before and after of its changed fields, money in cents (created, changed, deleted)', async () => {
      const rows = await get().db.select().from(auditLog).where(eq(auditLog.entity, 'movement')).orderBy(asc(auditLog.id));
      type Changed = { table: string; op: string; key: string; fields: Record<string, { before?: unknown; after?: unknown }> };
      const positions = (r: (typeof rows)[number]) => ((r.changes as { rows: Changed[] }).rows ?? []).filter((x) => x.table === 'movement_positions');
      const [created, changed, deleted] = rows;
      // created: the position inserted with its amount (after only)
      expect(positions(created!).map((p) => [p.op, p.fields.amount])).toEqual([['I', { after: 12_345 }]]);
      const key = positions(created!)[0]!.key;
      // changed: only the fields that changed, before and after (the position kept its row: an update)
      const update = positions(changed!).find((p) => p.op === 'U' && p.key === key) ?? positions(changed!).find((p) => p.op === 'I');
      expect(update?.fields.amount).toEqual(update?.op === 'U' ? { before: 12_345, after: 12_000 } : { after: 12_000 });
      if (update?.op === 'U') expect(Object.values(update.fields).every((f) => 'before' in f && 'after' in f)).toBe(true);
      // deleted: the movement's rows are gone, their last values kept (before only)
      const movementRow = ((deleted!.changes as { rows: Changed[] }).rows ?? []).find((x) => x.table === 'movements');
      expect(movementRow?.op).toBe('D');
      expect(movementRow?.fields.record_number).toEqual({ before: 1 });
    });

    it('every row the calls above changed was taken into the trail: nothing is left captured', async () => {
      expect(await execRows<{ tbl: string; op: string }>(get().db, 'select tbl, op from audit_pending' as never)).toEqual([]);
    });

    it('a refused write leaves no row', async () => {
      const c = await as('zwei');
      const s = { departmentId: await departmentId(get(), '102'), year: YEAR };
      await newRows();
      await expectAppError(c.movements.delete({ ...s, kind: 'expenses', recordNumber: 999 }), 'RecordNotFound');
      expect(await newRows()).toEqual([]);
    });

    it('a user locked by the supervisor, with no password in the trail', async () => {
      const sup = await as('supervisor');
      const [zwei] = await get().db.select({ id: users.id }).from(users).where(eq(users.username, 'zwei'));
      await newRows();
      await sup.admin.users.patch({ id: zwei!.id, locked: true, password: 'geheim9', passwordRepeat: 'geheim9' });
      const rows = await newRows();
      expect(rows.map(brief)).toEqual([['supervisor', 'user', 'changed', 'admin.users.patch', null]]);
      expect(rows[0]!.entityId).toBe(String(zwei!.id));
      expect(rows[0]!.changes).toMatchObject({ input: { id: zwei!.id, locked: true } });
      // the users row: locked before false, after true; the new password's hash is never written
      const changedRows = (rows[0]!.changes as { rows: { table: string; op: string; key: string; fields: Record<string, unknown> }[] }).rows;
      const userRow = changedRows.find((r) => r.table === 'users');
      expect([userRow?.op, userRow?.key, userRow?.fields.locked]).toEqual(['U', String(zwei!.id), { before: false, after: true }]);
      expect(JSON.stringify(rows[0]!.changes)).not.toMatch(/password_hash|argon2|geheim9/);
    });

    it('the database refuses UPDATE and DELETE on the trail', async () => {
      const refused = async (write: PromiseLike<unknown>) => {
        const error = (await Promise.resolve(write).then(
          () => null,
          (e: unknown) => e,
        )) as { message?: string; cause?: { message?: string } } | null;
        expect(error?.cause?.message ?? error?.message).toMatch(/audit_log is append-only: (UPDATE|DELETE) refused/);
      };
      await as('supervisor'); // at least one row (the triggers are per row)
      const count = async () => (await get().db.select({ id: auditLog.id }).from(auditLog)).length;
      const rows = await count();
      await refused(get().db.update(auditLog).set({ userName: 'x' }));
      await refused(get().db.delete(auditLog).where(gt(auditLog.id, 0)));
      expect(await count()).toBe(rows);
      expect(await get().db.select().from(auditLog).where(eq(auditLog.userName, 'x'))).toEqual([]);
    });

    it('the chains verify, and a row edited behind the app is the first broken link of its chain', async () => {
      const before = await verifyAuditChains(get().db);
      expect(before.broken).toEqual([]);
      expect(before.rows).toBeGreaterThan(10);
      expect(before.chains).toBeGreaterThanOrEqual(2);
      const dept = await departmentId(get(), '102');
      const [victim] = await execRows<{ id: string | number }>(
        get().db,
        // the second row of 102's chain: a broken hash there, not a broken prev link
        `select id from audit_log where department_id = ${dept} order by id offset 1 limit 1` as never,
      );
      await get().db.transaction(async (tx) => {
        await tx.execute('alter table audit_log disable trigger audit_log_no_update_delete' as never);
        await tx.execute(`update audit_log set changes = '{"amount": 1}' where id = ${Number(victim!.id)}` as never);
        await tx.execute('alter table audit_log enable trigger audit_log_no_update_delete' as never);
      });
      const after = await verifyAuditChains(get().db);
      expect(after.broken).toEqual([{ departmentId: dept, id: Number(victim!.id), reason: 'hash' }]);
    });

    it('appends of many saves at once chain one after the other (one statement each), and a removed last row shows at the head', async () => {
      const chain = 900_000 + Math.floor(Math.random() * 1000); // a chain of its own (no department has this id)
      await Promise.all(
        Array.from({ length: 20 }, (_, i) =>
          get().db.transaction((tx) =>
            appendAudit(tx as never, {
              userId: null,
              userName: 't',
              clientAddress: '',
              departmentId: chain,
              year: 2026,
              entity: 'test',
              entityId: String(i),
              recordNumber: i,
              action: 'created',
              procedure: 'test',
              input: { i, amount: i * 100 },
            }),
          ),
        ),
      );
      const rows = await get().db.select().from(auditLog).where(eq(auditLog.departmentId, chain)).orderBy(asc(auditLog.id));
      expect(rows).toHaveLength(20);
      expect(rows[0]!.prevHash).toBeNull();
      for (let i = 1; i < rows.length; i++) expect(rows[i]!.prevHash).toBe(rows[i - 1]!.hash);
      const mine = (r: Awaited<ReturnType<typeof verifyAuditChains>>) => r.broken.filter((b) => b.departmentId === chain);
      expect(mine(await verifyAuditChains(get().db))).toEqual([]);
      const lastRow = rows.at(-1)!;
      await get().db.transaction(async (tx) => {
        await tx.execute('alter table audit_log disable trigger audit_log_no_update_delete' as never);
        await tx.execute(`delete from audit_log where id = ${lastRow.id}` as never);
        await tx.execute('alter table audit_log enable trigger audit_log_no_update_delete' as never);
      });
      expect(mine(await verifyAuditChains(get().db))).toEqual([{ departmentId: chain, id: rows.at(-2)!.id, reason: 'head' }]);
    });
  },
  { pglite: 'both' },
);
