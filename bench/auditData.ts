import type { Db } from '@app/db';
import { execRows } from '@app/db';
import { sql } from 'drizzle-orm';
import { BOOKING_YEAR } from './generate.ts';

import { benchEnv } from './env.ts';

/** Audit rows per department (BENCH_AUDIT_ROWS). */
const ROWS_PER_DEPARTMENT = benchEnv.auditRowsPerDepartment;

/**
 * A union's year of audit trail (issue 27), in bulk: every department ROWS_PER_DEPARTMENT rows through the year, by its
 * cashier, cycling through the entities and actions of the saves, each with a `changes` of a save's size (the input and
 * two changed rows, ~600 bytes). The hashes are not a chain (the bench reads the trail; `audit:verify` is not run on it).
 * Answers the number of rows.
 */
export async function generateAuditTrail(db: Db): Promise<number> {
  await db.execute(sql`insert into audit_log (at, user_id, user_name, client_address, department_id, year, entity, entity_id, record_number, action, procedure, changes, prev_hash, hash)
    select timestamptz '2026-01-02 07:00:00+00' + (g.i * interval '5 hours') + (d.id * interval '1 second'), u.id, u.username, '10.0.0.' || (d.id % 250),
      d.id, ${BOOKING_YEAR}::smallint,
      (array['movement', 'movement', 'reservation', 'transfer', 'budgetChange', 'order'])[1 + g.i % 6], (g.i / 3 + 1)::text, g.i / 3 + 1,
      (array['created', 'changed', 'changed', 'deleted', 'cancelled', 'registered'])[1 + (g.i / 6) % 6], 'movements.save',
      jsonb_build_object('input', jsonb_build_object('departmentId', d.id, 'year', ${BOOKING_YEAR}::int, 'kind', 'expenses', 'recordDate', '2026-03-05',
          'positions', jsonb_build_array(jsonb_build_object('chapter', '21006', 'amount', 12345 + g.i, 'note', 'Bench'))),
        'rows', jsonb_build_array(
          jsonb_build_object('table', 'movements', 'op', 'U', 'key', (g.i * 7)::text, 'fields', jsonb_build_object('record_date', jsonb_build_object('before', '2026-03-04', 'after', '2026-03-05'))),
          jsonb_build_object('table', 'movement_positions', 'op', 'U', 'key', (g.i * 11)::text, 'fields', jsonb_build_object('amount', jsonb_build_object('before', 12000 + g.i, 'after', 12345 + g.i))))),
      md5(d.id || '-' || (g.i - 1)) || md5((g.i - 1) || '-' || d.id), md5(d.id || '-' || g.i) || md5(g.i || '-' || d.id)
    from departments d join users u on u.username = 'k' || d.code cross join generate_series(1, ${ROWS_PER_DEPARTMENT}::int) g(i)
    order by 1`);
  const [row] = await execRows<{ n: string | number }>(db, sql`select count(*) as n from audit_log`);
  await db.execute(sql`analyze audit_log`);
  return Number(row?.n ?? 0);
}
