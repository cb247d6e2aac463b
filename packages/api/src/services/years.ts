import { type Db, schema } from '@app/db';
import { Area, areaOfCode } from '@app/domain';
import { asc } from 'drizzle-orm';
import type { Session } from '../context.ts';
import { fail } from '../errors.ts';
import { requirePermission } from '../guards.ts';
import { assertDepartmentAccess, isLinkedToUnion } from './scope.ts';

const { financialYears } = schema;

export async function listYears(db: Db): Promise<{ years: number[] }> {
  const rows = await db.select({ year: financialYears.year }).from(financialYears).orderBy(asc(financialYears.year));
  return { years: rows.map((r) => r.year) };
}

/**
 * Creates a financial year (permission newFinancialYear). The department, when given, decides the
 * area for an administrator; without one an administrator needs a link to the union.
 */
export async function createYear(db: Db, session: Session, input: { year: number; departmentId?: number | undefined }): Promise<{ years: number[] }> {
  let area: Area | null;
  if (input.departmentId !== undefined) {
    const dept = await assertDepartmentAccess(db, session, input.departmentId);
    area = areaOfCode(dept.code);
  } else {
    area = (await isLinkedToUnion(db, session.userId)) ? Area.Union : null;
  }
  requirePermission('newFinancialYear', area, session.accessLevel);
  const inserted = await db.insert(financialYears).values({ year: input.year }).onConflictDoNothing().returning({ year: financialYears.year });
  if (inserted.length === 0) fail('YearExists', { params: { year: input.year } });
  return listYears(db);
}
