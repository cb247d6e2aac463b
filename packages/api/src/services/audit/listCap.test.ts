import { AccessLevel, AUDIT_COUNT_CAP } from '@app/domain';
import { expect, it } from 'vitest';
import { describeOnDatabases } from '../../test-utils.ts';
import { listAudit } from './list.ts';

const supervisor = { userId: 1, accessLevel: AccessLevel.Supervisor };

describeOnDatabases(
  'audit list: the count stops at its cap',
  (get) => {
    it('beyond AUDIT_COUNT_CAP the total is the cap and `more` says so; a narrower filter counts exactly', async () => {
      // two departments' trails in bulk (the list reads them, no chain is checked here)
      await get().db.execute(
        `insert into audit_log (at, user_name, department_id, year, entity, record_number, action, procedure, hash)
         select now() - g * interval '1 minute', 'bulk', case when g % 100 = 0 then 2 else 1 end, 2026, 'movement', g, 'created', 'movements.save', md5(g::text)
         from generate_series(1, ${AUDIT_COUNT_CAP + 50}) g` as never,
      );
      const all = await listAudit(get().db, supervisor, { page: 2, pageSize: 50 });
      expect([all.total, all.more, all.totalPages, all.entities.length]).toEqual([AUDIT_COUNT_CAP, true, AUDIT_COUNT_CAP / 50, 50]);
      // newest (last appended) first: page 2 starts with the 51st last row
      expect(all.entities[0]!.recordNumber).toBe(AUDIT_COUNT_CAP + 50 - 50);
      const narrow = await listAudit(get().db, supervisor, { departmentId: 2, page: 1, pageSize: 50 });
      expect([narrow.total, narrow.more, narrow.totalPages]).toEqual([Math.floor((AUDIT_COUNT_CAP + 50) / 100), false, 2]);
      const one = await listAudit(get().db, supervisor, { departmentId: 1, recordNumber: 37, page: 1, pageSize: 50 });
      expect([one.total, one.more, one.entities.map((r) => r.recordNumber)]).toEqual([1, false, [37]]);
    });
  },
  { seed: false },
);
