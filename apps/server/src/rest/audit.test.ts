import { recordAudit } from '@app/api';
import { testDatabases } from '@app/db/testing';
import { describe, expect, it } from 'vitest';
import { restTestApp } from './testApp.ts';

/**
 * GET Audit (issue 27): the filters, newest first and paged; a supervisor reads every department (and
 * the rows without one), a standard user the departments linked to him.
 */
for (const target of testDatabases()) {
  describe(`REST audit [${target.name}]`, () => {
    const t = restTestApp(target, { ipPrefix: '10.8.27', signIn: ['supervisor', 'zwei', 'kassier'], departments: true });
    const list = async (user: string, query: string) => {
      const res = await t.call(user, 'GET', `Audit?${query}`);
      expect(res.statusCode, res.body).toBe(200);
      return res.json() as {
        entities: { departmentId: number | null; recordNumber: number | null; action: string; userName: string; entity: string }[];
        total: number;
      };
    };

    it('filters, orders newest first, pages, and shows each user only what he may read', async () => {
      const d101 = t.dept('101');
      const d102 = t.dept('102');
      const rows: [number, number, string, string, number][] = [
        [d101, 1, 'movement', 'created', 2026],
        [d101, 1, 'movement', 'changed', 2026],
        [d102, 1, 'movement', 'created', 2026],
        [d102, 2, 'reservation', 'deleted', 2025],
      ];
      for (const [departmentId, recordNumber, entity, action, year] of rows)
        await t.handle.db.transaction((tx) =>
          recordAudit(
            tx as never,
            { userId: t.userId('kassier'), userName: 'kassier', clientAddress: '10.8.27.99' },
            {
              departmentId,
              year,
              entity,
              recordNumber,
              action: action as never,
              procedure: `${entity}s.save`,
            },
          ),
        );
      const all = await list('supervisor', 'entity=movement&pageSize=2&page=1');
      expect(all.total).toBe(3);
      expect(all.entities.map((e) => [e.departmentId, e.action])).toEqual([
        [d102, 'created'],
        [d101, 'changed'],
      ]);
      expect((await list('supervisor', `departmentId=${d101}&recordNumber=1&action=changed`)).entities.map((e) => e.action)).toEqual(['changed']);
      expect((await list('supervisor', 'from=2000-01-01&to=2000-12-31')).total).toBe(0);
      // the year of the row's scope (the audit pack reads one department's year)
      expect((await list('supervisor', `departmentId=${d102}&year=2025`)).entities.map((e) => e.entity)).toEqual(['reservation']);
      expect((await list('supervisor', `departmentId=${d102}&year=2026`)).entities.map((e) => e.entity)).toEqual(['movement']);
      expect((await list('supervisor', `departmentId=${d102}&year=2024`)).total).toBe(0);
      // the sign-ins of the setup have no department: only the supervisor reads them
      expect((await list('supervisor', 'entity=session')).total).toBeGreaterThanOrEqual(3);
      expect((await list('kassier', 'entity=session')).total).toBe(0);
      expect((await list('kassier', '')).entities.map((e) => e.departmentId)).toEqual([d101, d101]);
      expect((await list('zwei', '')).entities.map((e) => [e.departmentId, e.entity])).toEqual([
        [d102, 'reservation'],
        [d102, 'movement'],
      ]);
      expect((await list('zwei', `departmentId=${d101}`)).total).toBe(0);
    });
  });
}
