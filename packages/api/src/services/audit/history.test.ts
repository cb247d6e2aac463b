import { schema } from '@app/db';
import { and, eq } from 'drizzle-orm';
import { auditRecordChanges } from '@app/domain';
import { expect, it } from 'vitest';
import { CURRENT_YEAR, departmentId, describeOnDatabases, signInAs } from '../../test-utils.ts';
import { workedExampleBudget } from '../bookings.testkit.ts';

const { accounts, reservations, suppliers, users } = schema;
const YEAR = CURRENT_YEAR;
const JUNE = new Date(`${YEAR}-06-15T10:00:00Z`);

/**
 * A record's history (issue 27, the "Verlauf" button): the trail filtered to one record — entity,
 * department, year, record number and, for a movement, its kind (revenues and expenses are numbered
 * apart) — newest first; the user filter matches a part of the name; rows name the department's code.
 */
describeOnDatabases(
  'audit history of a record',
  (get) => {
    const as = signInAs(get, '10.27', JUNE);

    it('a movement booked, corrected and cancelled has three rows, newest first, apart from the revenue of the same number', async () => {
      const kassier = await as('kassier');
      const s = { departmentId: await departmentId(get(), '101'), year: YEAR };
      await workedExampleBudget(kassier, s);
      const [k1] = await get().db.select({ id: accounts.id }).from(accounts).where(eq(accounts.departmentId, s.departmentId));
      const head = { ...s, recordDate: `${YEAR}-03-05`, documentDate: `${YEAR}-03-01`, accountId: k1!.id };
      const expense = { ...head, kind: 'expenses' as const, type: 1, positions: [{ chapter: '21006', amount: 12_345 }] };
      const first = await kassier.movements.save(expense);
      await kassier.movements.save({ ...head, kind: 'revenues', type: 0, positions: [{ chapter: '11001', amount: 50_000 }] });
      await kassier.movements.save({ ...expense, recordNumber: first.recordNumber, positions: [{ chapter: '21006', amount: 12_000 }] });
      await kassier.movements.save(expense); // record 2: record 1 is no longer the latest, so deleting it cancels it
      expect(await kassier.movements.delete({ ...s, kind: 'expenses', recordNumber: first.recordNumber })).toMatchObject({ cancelled: true });

      const key = { ...s, entity: 'movement', kind: 'expenses' as const, recordNumber: first.recordNumber };
      const history = await kassier.audit.list(key);
      expect(history.entities.map((r) => [r.userName, r.action, r.procedure, r.recordNumber, r.departmentCode, r.year])).toEqual([
        ['kassier', 'cancelled', 'movements.delete', 1, '101', YEAR],
        ['kassier', 'changed', 'movements.save', 1, '101', YEAR],
        ['kassier', 'created', 'movements.save', 1, '101', YEAR],
      ]);
      expect(history.entities[1]!.changes).toMatchObject({ input: { positions: [{ chapter: '21006', amount: 12_000 }] } });
      // the correction reads as business data: the position's chapter line resolved by the list, one changed line
      const [line] = history.entities[1]!.refs ?? [];
      expect(line).toMatchObject({ of: 'line', chapter: '21006', chapterYear: YEAR });
      expect(
        auditRecordChanges(history.entities[1]!.changes, { refs: history.entities[1]!.refs, year: YEAR }).map((r) => [
          r.table,
          r.op,
          r.position,
          r.chapter,
          r.fields,
        ]),
      ).toEqual([
        ['movement_positions', 'U', 1, `2-1-006 ${line!.descriptionDeu}`, [{ key: 'amount', before: '123,45 €', after: '120,00 €', money: true }]],
        // its instalment (paid on the record date) follows the amount
        ['movement_payments', 'U', 1, null, [{ key: 'amount', before: '123,45 €', after: '120,00 €', money: true }]],
      ]);
      const revenue = await kassier.audit.list({ ...key, kind: 'revenues' });
      expect(revenue.entities.map((r) => [r.action, r.recordNumber])).toEqual([['created', 1]]);
      // another year of the same department knows no such record
      expect((await kassier.audit.list({ ...key, year: YEAR - 1 })).total).toBe(0);
    });

    it('filters by a part of the user name and reads nothing of departments the user is not linked to', async () => {
      const sup = await as('supervisor');
      const s = { departmentId: await departmentId(get(), '101'), year: YEAR };
      const byName = await sup.audit.list({ ...s, userName: 'ASSI', pageSize: 100 });
      expect(byName.total).toBeGreaterThan(5);
      expect(new Set(byName.entities.map((r) => r.userName))).toEqual(new Set(['kassier']));
      expect((await sup.audit.list({ ...s, userName: '%' })).total).toBe(0);
      const zwei = await as('zwei');
      expect((await zwei.audit.list({ ...s, entity: 'movement' })).total).toBe(0);
    });

    it('finds a record by its id (entityId): the rows of that user only', async () => {
      const sup = await as('supervisor');
      const ids = await get().db.select({ id: users.id, username: users.username }).from(users);
      const idOf = (name: string) => String(ids.find((u) => u.username === name)!.id);
      await sup.admin.users.patch({ id: Number(idOf('zwei')), fullname: 'Zita Zweifach-Neu' });
      await sup.admin.users.patch({ id: Number(idOf('kassier')), fullname: 'Karl Kassier' });
      const zwei = await sup.audit.list({ entity: 'user', entityId: idOf('zwei') });
      expect(zwei.entities.map((r) => [r.entityId, r.action, r.procedure, r.departmentCode])).toEqual([[idOf('zwei'), 'changed', 'admin.users.patch', null]]);
    });
  },
  { pglite: 'both' },
);

/** The detail reads the records a save names by id as business names (AuditRow.names), resolved by the list like the chapters. */
describeOnDatabases(
  'audit rows name their records',
  (get) => {
    const as = signInAs(get, '10.28', JUNE);

    it('names the other records a save names by id: the account and supplier by code and name, a reservation by its number', async () => {
      const kassier = await as('kassier');
      const s = { departmentId: await departmentId(get(), '101'), year: YEAR };
      await workedExampleBudget(kassier, s);
      const [k1, k2] = await get()
        .db.select({ id: accounts.id, code: accounts.code, de: accounts.descriptionDeu })
        .from(accounts)
        .where(eq(accounts.departmentId, s.departmentId))
        .orderBy(accounts.code);
      const [supplier] = await get()
        .db.select({ id: suppliers.id, code: suppliers.code, name: suppliers.name1 })
        .from(suppliers)
        .where(eq(suppliers.departmentId, s.departmentId))
        .limit(1);
      const reserved = await kassier.reservations.save({
        ...s,
        recordDate: `${YEAR}-03-01`,
        chapterYear: YEAR,
        chapter: '21006',
        amountBooked: 40_000,
        amountUsed: 0,
        note: 'Helme',
      });
      const [reservation] = await get()
        .db.select({ id: reservations.id })
        .from(reservations)
        .where(and(eq(reservations.departmentId, s.departmentId), eq(reservations.year, YEAR), eq(reservations.recordNumber, reserved.recordNumber)));
      const head = { ...s, recordDate: `${YEAR}-03-05`, documentDate: `${YEAR}-03-01`, accountId: k1!.id, supplierId: supplier!.id };
      const bill = { ...head, kind: 'expenses' as const, type: 1, positions: [{ chapter: '21006', amount: 10_000, reservationId: reservation!.id }] };
      const { recordNumber } = await kassier.movements.save(bill);
      await kassier.movements.save({ ...bill, recordNumber, accountId: k2!.id });
      const [changed, created] = (await kassier.audit.list({ ...s, entity: 'movement', kind: 'expenses', recordNumber })).entities;
      expect(changed!.names).toEqual(
        expect.arrayContaining([
          { of: 'account', id: k1!.id, textDeu: `${k1!.code} ${k1!.de}`, textIta: expect.any(String) },
          { of: 'account', id: k2!.id, textDeu: `${k2!.code} ${k2!.de}`, textIta: expect.any(String) },
        ]),
      );
      const fields = (row: typeof changed, table: string, language: 'de' | 'it' = 'de') =>
        auditRecordChanges(row!.changes, { refs: row!.refs, names: row!.names, year: YEAR, departmentId: s.departmentId, language }).find(
          (r) => r.table === table,
        )?.fields;
      // the correction: the account before → after by its code and name, no id
      expect(fields(changed, 'movements')).toEqual([{ key: 'account_id', before: `${k1!.code} ${k1!.de}`, after: `${k2!.code} ${k2!.de}`, money: false }]);
      // the booking: its supplier by code and name, the position's reservation by its record number (in the user's language)
      expect(fields(created, 'movements')).toContainEqual({ key: 'supplier_id', before: '', after: `${supplier!.code} ${supplier!.name}`, money: false });
      expect(fields(created, 'movement_positions')).toContainEqual({ key: 'reservation_id', before: '', after: `Nr. ${reserved.recordNumber}`, money: false });
      expect(fields(created, 'movement_positions', 'it')).toContainEqual({
        key: 'reservation_id',
        before: '',
        after: `n. ${reserved.recordNumber}`,
        money: false,
      });
    });
  },
  { pglite: 'both' },
);
