import { schema } from '@app/db';
import { beforeAll, expect, it } from 'vitest';
import { CURRENT_YEAR, describeOnDatabases } from '../../test-utils.ts';
import { lockLastRecordNumber, nextRecordNumber, type RecordScope, releaseLastRecordNumber } from './recordCounters.ts';

const YEAR = CURRENT_YEAR;

describeOnDatabases(
  'record counters',
  (get) => {
    let a: RecordScope;
    let b: RecordScope;
    beforeAll(async () => {
      const rows = await get()
        .db.insert(schema.departments)
        .values([
          { code: '901', name1Deu: 'FF Eins', name1Ita: 'VVF Uno' },
          { code: '902', name1Deu: 'FF Zwei', name1Ita: 'VVF Due' },
        ])
        .returning({ id: schema.departments.id });
      a = { departmentId: rows[0]!.id, year: YEAR };
      b = { departmentId: rows[1]!.id, year: YEAR };
    });

    it('numbers concurrent writers gap-free from 1, each number once', async () => {
      const { db } = get();
      const taken = await Promise.all(Array.from({ length: 8 }, () => db.transaction((tx) => nextRecordNumber(tx, a, 'budgetChange'))));
      expect([...taken].sort((x, y) => x - y)).toEqual([1, 2, 3, 4, 5, 6, 7, 8]);
      expect(await db.transaction((tx) => nextRecordNumber(tx, a, 'budgetChange'))).toBe(9);
    });

    it('keeps one series per department, year and kind', async () => {
      const { db } = get();
      const next = (scope: RecordScope, kind: Parameters<typeof nextRecordNumber>[2]) => db.transaction((tx) => nextRecordNumber(tx, scope, kind));
      expect(await next(b, 'budgetChange')).toBe(1);
      expect(await next({ ...a, year: YEAR + 1 }, 'budgetChange')).toBe(1);
      expect(await next(a, 'revenue')).toBe(1);
      expect(await next(a, 'revenue')).toBe(2);
      expect(await next(a, 'expense')).toBe(1);
      expect(await next(a, 'budgetChange')).toBe(10);
      expect(await next(b, 'budgetChange')).toBe(2);
    });

    it('a rolled-back write leaves no gap; giving the last number back reuses it', async () => {
      const { db } = get();
      await expect(
        db.transaction(async (tx) => {
          expect(await nextRecordNumber(tx, b, 'paymentOrder')).toBe(1);
          throw new Error('write failed');
        }),
      ).rejects.toThrow('write failed');
      expect(await db.transaction((tx) => nextRecordNumber(tx, b, 'paymentOrder'))).toBe(1);
      expect(await db.transaction((tx) => nextRecordNumber(tx, b, 'paymentOrder'))).toBe(2);
      await db.transaction(async (tx) => {
        expect(await lockLastRecordNumber(tx, b, 'paymentOrder')).toBe(2);
        await releaseLastRecordNumber(tx, b, 'paymentOrder', 2);
      });
      expect(await db.transaction((tx) => nextRecordNumber(tx, b, 'paymentOrder'))).toBe(2);
      expect(await db.transaction((tx) => lockLastRecordNumber(tx, b, 'reservation'))).toBeUndefined();
    });
  },
  { seed: false, pglite: 'both' },
);
