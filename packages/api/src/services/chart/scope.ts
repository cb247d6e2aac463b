import { type Db, schema } from '@app/db';
import { type Area, areaOfCode, type ChartScopeInput, type PermissionItem } from '@app/domain';
import { and, eq, like, ne, notLike, type SQL, sql } from 'drizzle-orm';
import type { Session } from '../../context.ts';
import { fail } from '../../errors.ts';
import { requirePermission } from '../../guards.ts';
import { permissionArea } from '../access.ts';
import { holds } from '../ledger/references.ts';
import { assertDepartmentAccess } from '../scope.ts';

const { budgetHeads, departments, financialYears } = schema;

/** Who calls a chart service. */
export type Actor = Pick<Session, 'userId' | 'accessLevel'>;

/** The departments of an area, as a condition on `departments.code` (000 union, x00 district). */
export function departmentsOfArea(area: Area): SQL {
  if (area === 1) return eq(departments.code, '000');
  if (area === 2) return and(ne(departments.code, '000'), like(departments.code, '_00')) as SQL;
  return notLike(departments.code, '_00');
}

/**
 * SQL true when a department of the area has an approved forecast in the year: the one form of this
 * rule (it locks the chart of the area and year, and it is a budget that the chart copy won't overwrite).
 */
export function approvedForecastSql(area: Area, year: number): SQL<boolean> {
  return sql<boolean>`exists (select 1 from ${budgetHeads} join ${departments} on ${departments.id} = ${budgetHeads.departmentId}
    where ${budgetHeads.year} = ${year} and ${budgetHeads.forecastApproved} is not null and ${departmentsOfArea(area)})`;
}

/** Does an approved forecast exist in this area and year? (one query) */
export async function approvedForecastExists(db: Db, area: Area, year: number): Promise<boolean> {
  return holds(db, approvedForecastSql(area, year));
}

/**
 * The area and year whose chart a call reads or writes: `area` when given, else the area of the
 * scope department (the user must be linked to it). `departmentArea` decides an administrator's rights.
 */
export async function resolveChartScope(db: Db, session: Actor, input: ChartScopeInput): Promise<{ area: Area; year: number; departmentArea: Area | null }> {
  let departmentArea: Area | null = null;
  if (input.departmentId !== undefined) {
    const dept = await assertDepartmentAccess(db, session, input.departmentId);
    departmentArea = areaOfCode(dept.code);
  }
  const area = input.area ?? departmentArea;
  if (area === null) fail('InvalidValue', { field: 'area' });
  return { area, year: input.year, departmentArea };
}

/**
 * A chart item read by id names its department only for the rights: the department must still be
 * one the user may see (DepartmentNotAllowed otherwise, as for the lists), so a foreign scope is
 * refused alike on every chart read (issue 26 access matrix).
 */
export async function assertNamedDepartment(db: Db, session: Actor, departmentId: number | undefined): Promise<void> {
  if (departmentId !== undefined) await assertDepartmentAccess(db, session, departmentId);
}

/**
 * Is the chart of (area, year) locked? It is once any department of the area has an approved
 * forecast in that year, unless the chart is unlocked for the area (financial_years.<area>ChartUnlocked,
 * chartOfAccounts/unlock; the year unlock of FinancialYears/Status is another flag).
 * A year that does not exist is NotFound.
 */
export async function chartLockState(
  db: Db,
  area: Area,
  year: number,
  lockYear = false,
): Promise<{ locked: boolean; unlocked: boolean; approvedBudgets: boolean }> {
  const query = db.select().from(financialYears).where(eq(financialYears.year, year)).limit(1);
  const [fy] = lockYear ? await query.for('share') : await query;
  if (!fy) fail('NotFound', { field: 'year', params: { year } });
  const unlocked = area === 1 ? fy.unionChartUnlocked : area === 2 ? fy.districtChartUnlocked : fy.departmentChartUnlocked;
  const approvedBudgets = await approvedForecastExists(db, area, year);
  return { locked: approvedBudgets && !unlocked, unlocked, approvedBudgets };
}

/**
 * Refuses a write into a locked chart. Inside the write's transaction the year row is share-locked,
 * so a forecast approval or an unlock that locks that row for update waits for the write.
 */
export async function assertChartUnlocked(db: Db, area: Area, year: number): Promise<void> {
  const state = await chartLockState(db, area, year, true);
  if (state.locked) fail('ChartLocked', { params: { area, year } });
}

/** Permission item + lock, the guard of every chart write (called inside its transaction). */
export async function guardWrite(db: Db, session: Actor, item: PermissionItem, departmentId: number | undefined, area: Area, year: number): Promise<void> {
  const deptArea = await permissionArea(db, session, departmentId);
  requirePermission(item, deptArea, session.accessLevel);
  await assertChartUnlocked(db, area, year);
}

/** What the chart screens need to know: area, year, locked, and which items the user may edit. */
export async function chartStatus(db: Db, session: Actor, input: ChartScopeInput) {
  const scope = await resolveChartScope(db, session, input);
  const state = await chartLockState(db, scope.area, scope.year);
  const permArea = input.departmentId !== undefined ? scope.departmentArea : await permissionArea(db, session, undefined);
  const may = (item: PermissionItem) => {
    try {
      requirePermission(item, permArea, session.accessLevel);
      return !state.locked;
    } catch {
      return false;
    }
  };
  return { area: scope.area, year: scope.year, ...state, canEdit: { titles: may('titles'), categories: may('categories'), chapters: may('chapters') } };
}
