import { type Db, schema, toBool } from '@app/db';
import {
  type AccessLevel,
  type Area,
  areaOfCode,
  type DepartmentBrief,
  isYearOpen,
  landingYear,
  type ScopeInput,
  type ScopeLanding,
  type ScopeLandingInput,
  type Scopes,
  type ScopeStatus,
  seesAllDepartments,
  todayIso,
  readsOnly,
} from '@app/domain';
import { and, asc, count, eq, exists, inArray, sql } from 'drizzle-orm';
import type { Session } from '../context.ts';
import { fail } from '../errors.ts';
import { isFirstYearSql } from './ledger/firstYear.ts';

const { budgetHeads, chapters, departments, financialYears, userDepartments } = schema;

type DepartmentRow = typeof departments.$inferSelect;

function brief(d: Pick<DepartmentRow, 'id' | 'code' | 'name1Deu' | 'name2Deu' | 'name1Ita' | 'name2Ita' | 'openPaymentsAllowed'>): DepartmentBrief {
  return {
    id: d.id,
    code: d.code,
    nameDeu: [d.name1Deu, d.name2Deu].filter(Boolean).join(' '),
    nameIta: [d.name1Ita, d.name2Ita].filter(Boolean).join(' '),
    area: areaOfCode(d.code),
    openPaymentsAllowed: d.openPaymentsAllowed,
  };
}

/**
 * The department if the user may see it. A user not linked to it gets DepartmentNotAllowed, whether
 * it exists or not, so a typed URL reveals nothing.
 */
export async function assertDepartmentAccess(db: Db, session: Pick<Session, 'userId' | 'accessLevel'>, departmentId: number): Promise<DepartmentRow> {
  const [row] = await db
    .select({
      dept: departments,
      linked: sql<unknown>`exists (select 1 from ${userDepartments} ud where ud.user_id = ${session.userId} and ud.department_id = ${departmentId})`,
    })
    .from(departments)
    .where(eq(departments.id, departmentId))
    .limit(1);
  return departmentAccess(session, row?.dept ?? null, toBool(row?.linked));
}

/**
 * The access rule on a department already read (`dept` null: none with that id; `linked`: the user is
 * linked to it): a supervisor sees every department (NotFound when missing), everyone else only the
 * linked ones (DepartmentNotAllowed, whether it exists or not).
 */
export function departmentAccess<D extends Pick<DepartmentRow, 'id' | 'code'>>(session: Pick<Session, 'accessLevel'>, dept: D | null, linked: boolean): D {
  if (seesAllDepartments(session)) {
    if (!dept) fail('NotFound', { field: 'departmentId' });
    return dept;
  }
  if (!dept || !linked) fail('DepartmentNotAllowed');
  return dept;
}

/** Departments the user may work in (all for a supervisor) and the financial years, newest last. */
export async function listScopes(db: Db, session: Pick<Session, 'userId' | 'accessLevel'>): Promise<Scopes> {
  const cols = {
    id: departments.id,
    code: departments.code,
    name1Deu: departments.name1Deu,
    name2Deu: departments.name2Deu,
    name1Ita: departments.name1Ita,
    name2Ita: departments.name2Ita,
    openPaymentsAllowed: departments.openPaymentsAllowed,
  };
  const depts = seesAllDepartments(session)
    ? await db.select(cols).from(departments).orderBy(asc(departments.code))
    : await db
        .select(cols)
        .from(departments)
        .innerJoin(userDepartments, and(eq(userDepartments.departmentId, departments.id), eq(userDepartments.userId, session.userId)))
        .orderBy(asc(departments.code));
  const years = await db.select({ year: financialYears.year }).from(financialYears).orderBy(asc(financialYears.year));
  return { departments: depts.map(brief), years: years.map((y) => y.year) };
}

/** The flags the menu and the screens need for one scope, in one round of small indexed queries. */
export async function scopeStatus(db: Db, scope: ScopeInput & { area: Area }, today: string = todayIso(new Date())): Promise<ScopeStatus> {
  // one statement: department flags, the budget head of the year, chart existence, first year
  const rows = await db
    .select({
      openPaymentsAllowed: departments.openPaymentsAllowed,
      isFirstYear: sql<boolean | string>`${isFirstYearSql(scope)}`,
      forecastApproved: budgetHeads.forecastApproved,
      finalApproved: budgetHeads.finalApproved,
      hasChart: exists(
        db
          .select({ one: chapters.id })
          .from(chapters)
          .where(and(eq(chapters.area, scope.area), eq(chapters.year, scope.year))),
      ),
      areaUnlocked: sql<
        boolean | null
      >`(select ${scope.area === 1 ? financialYears.unionUnlocked : scope.area === 2 ? financialYears.districtUnlocked : financialYears.departmentUnlocked} from ${financialYears} where ${financialYears.year} = ${scope.year})`,
    })
    .from(departments)
    .leftJoin(budgetHeads, and(eq(budgetHeads.departmentId, departments.id), eq(budgetHeads.year, scope.year)))
    .where(eq(departments.id, scope.departmentId))
    .limit(1);
  const row = rows[0];
  return {
    departmentId: scope.departmentId,
    year: scope.year,
    isBudgetApproved: Boolean(row?.forecastApproved),
    isBudgetClosed: Boolean(row?.finalApproved),
    hasChartOfAccounts: Boolean(row?.hasChart),
    openPaymentsAllowed: row?.openPaymentsAllowed ?? false,
    isFirstYear: toBool(row?.isFirstYear),
    isYearLocked: !isYearOpen(scope.year, today, toBool(row?.areaUnlocked)),
  };
}

/**
 * Bookings can be written: forecast approved, budget not closed, year not locked (movements and reservations);
 * never by the auditor (issue 27), who reads only.
 */
export async function bookable(
  db: Db,
  scope: ScopeInput & { area: Area; today: string; accessLevel: AccessLevel },
): Promise<{ approved: boolean; closed: boolean; yearLocked: boolean; openPaymentsAllowed: boolean; editable: boolean }> {
  const status = await scopeStatus(db, scope, scope.today);
  const approved = status.isBudgetApproved;
  const closed = status.isBudgetClosed;
  const yearLocked = Boolean(status.isYearLocked);
  return { approved, closed, yearLocked, openPaymentsAllowed: status.openPaymentsAllowed, editable: approved && !closed && !yearLocked && !readsOnly(scope) };
}

/** Is the user linked to the union department (an administrator's union rights without a scope)? */
export async function isLinkedToUnion(db: Db, userId: number): Promise<boolean> {
  const [row] = await db
    .select({ n: count() })
    .from(userDepartments)
    .innerJoin(departments, eq(departments.id, userDepartments.departmentId))
    .where(and(eq(userDepartments.userId, userId), eq(departments.code, '000')));
  return (row?.n ?? 0) > 0;
}

/**
 * Where the user lands (domain landingYear): the latest financial year with a chart of accounts for
 * the department's area, unless the year this browser remembers exists and has one. Without a
 * department: the areas of all departments the user may open (every area for a supervisor).
 */
export async function scopeLanding(db: Db, session: Pick<Session, 'userId' | 'accessLevel'>, input: ScopeLandingInput): Promise<ScopeLanding> {
  let areas: Area[];
  if (input.departmentId !== undefined) {
    const dept = await assertDepartmentAccess(db, session, input.departmentId);
    areas = [areaOfCode(dept.code)];
  } else if (seesAllDepartments(session)) {
    areas = [1, 2, 3];
  } else {
    const rows = await db
      .select({ code: departments.code })
      .from(departments)
      .innerJoin(userDepartments, and(eq(userDepartments.departmentId, departments.id), eq(userDepartments.userId, session.userId)));
    areas = [...new Set(rows.map((r) => areaOfCode(r.code)))];
  }
  const [years, ready] = await Promise.all([
    db.select({ year: financialYears.year }).from(financialYears),
    areas.length === 0 ? Promise.resolve([]) : db.selectDistinct({ year: chapters.year }).from(chapters).where(inArray(chapters.area, areas)),
  ]);
  return landingYear(
    years.map((y) => y.year),
    ready.map((r) => r.year),
    input.rememberedYear,
  );
}
