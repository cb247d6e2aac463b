import { type Db, execRows, schema } from '@app/db';
import {
  areaOfCode,
  type Department,
  type DepartmentBrief,
  type DepartmentExport,
  type DepartmentExportInput,
  DepartmentInput,
  type DepartmentListInput,
  departmentName,
  type DepartmentSearchInput,
  newDepartment,
  type Page,
  pageWindow,
  toPage,
} from '@app/domain';
import { and, asc, count, eq, gte, ilike, lte, ne, or, type SQL, sql } from 'drizzle-orm';
import type { Session } from '../context.ts';
import { fail } from '../errors.ts';
import { requirePermission } from '../guards.ts';
import { containsPattern, mergePatch, parseOrFail, prefixPattern } from './baseDataCommon.ts';
import { assertUnused, departmentReferences } from './ledger/references.ts';
import { isForeignKeyViolation, isUniqueViolation } from './dbErrors.ts';
import { readsAllDepartments } from './access.ts';
import { assertDepartmentAccess } from './scope.ts';

const { departments, userDepartments } = schema;
type Row = typeof departments.$inferSelect;
type Actor = Pick<Session, 'userId' | 'accessLevel'>;

export function toDepartment(r: Row): Department {
  return {
    id: r.id,
    area: areaOfCode(r.code),
    code: r.code,
    name1Deu: r.name1Deu,
    name2Deu: r.name2Deu,
    name1Ita: r.name1Ita,
    name2Ita: r.name2Ita,
    streetDeu: r.streetDeu,
    streetIta: r.streetIta,
    locationDeu: r.locationDeu,
    locationIta: r.locationIta,
    municipalityDeu: r.municipalityDeu,
    municipalityIta: r.municipalityIta,
    postalCode: r.postalCode,
    province: r.province,
    country: r.country,
    taxCode: r.taxCode,
    registration: r.registration,
    identifier: r.identifier,
    landlinePhone: r.landlinePhone,
    mobilePhone: r.mobilePhone,
    fax: r.fax,
    email: r.email,
    commander: { name: r.commanderName, landline: r.commanderLandline, mobile: r.commanderMobile, email: r.commanderEmail },
    viceCommander: { name: r.viceCommanderName, landline: r.viceCommanderLandline, mobile: r.viceCommanderMobile, email: r.viceCommanderEmail },
    cashier: { name: r.cashierName, landline: r.cashierLandline, mobile: r.cashierMobile, email: r.cashierEmail },
    openPaymentsAllowed: r.openPaymentsAllowed,
    siaNumber: r.siaNumber,
    homebankingFile: r.homebankingFile,
    cbiCuc: r.cbiCuc,
    firstYear: r.firstYear,
  };
}

function toRow(d: DepartmentInput): Omit<Row, 'id'> {
  const { commander, viceCommander, cashier, ...rest } = d;
  return {
    ...rest,
    commanderName: commander.name,
    commanderLandline: commander.landline,
    commanderMobile: commander.mobile,
    commanderEmail: commander.email,
    viceCommanderName: viceCommander.name,
    viceCommanderLandline: viceCommander.landline,
    viceCommanderMobile: viceCommander.mobile,
    viceCommanderEmail: viceCommander.email,
    cashierName: cashier.name,
    cashierLandline: cashier.landline,
    cashierMobile: cashier.mobile,
    cashierEmail: cashier.email,
  };
}

function brief(d: Row): DepartmentBrief {
  return {
    id: d.id,
    code: d.code,
    nameDeu: departmentName(d, 'de'),
    nameIta: departmentName(d, 'it'),
    area: areaOfCode(d.code),
    openPaymentsAllowed: d.openPaymentsAllowed,
  };
}

/** Which departments the actor reads: the shared rule of access.ts (README "Base-data rights"). */
const seesAll = readsAllDepartments;

/** Rows of the departments the actor reads, filtered, counted and paged in two queries. */
async function pageOfDepartments(db: Db, actor: Actor, all: boolean, where: SQL | undefined, order: SQL[], paging: { page: number; pageSize: number }) {
  const visible = all
    ? undefined
    : sql`exists (select 1 from ${userDepartments} where ${userDepartments.departmentId} = ${departments.id} and ${userDepartments.userId} = ${actor.userId})`;
  const condition = and(visible, where);
  const [total] = await db.select({ n: count() }).from(departments).where(condition);
  const { limit, offset } = pageWindow(paging);
  const rows = await db
    .select()
    .from(departments)
    .where(condition)
    .orderBy(...order)
    .limit(limit)
    .offset(offset);
  return { rows, total: total?.n ?? 0 };
}

function nameMatches(text: string, language?: 'de' | 'it'): SQL | undefined {
  const p = containsPattern(text);
  const de = or(ilike(departments.name1Deu, p), ilike(departments.name2Deu, p), ilike(sql`${departments.name1Deu} || ' ' || ${departments.name2Deu}`, p));
  const it = or(ilike(departments.name1Ita, p), ilike(departments.name2Ita, p), ilike(sql`${departments.name1Ita} || ' ' || ${departments.name2Ita}`, p));
  if (language === 'de') return de;
  if (language === 'it') return it;
  return or(de, it);
}

function listFilter(input: Partial<Pick<DepartmentListInput, 'code' | 'name' | 'codeFrom' | 'codeTo'>>): SQL | undefined {
  return and(
    input.code ? ilike(departments.code, prefixPattern(input.code)) : undefined,
    input.name ? nameMatches(input.name) : undefined,
    input.codeFrom ? gte(departments.code, input.codeFrom.toUpperCase()) : undefined,
    input.codeTo ? lte(departments.code, input.codeTo.toUpperCase()) : undefined,
  );
}

/** Departments list (filter code prefix and name, code range), sorted by code, paged. */
export async function listDepartments(db: Db, actor: Actor, input: DepartmentListInput & { departmentId?: number | undefined }): Promise<Page<Department>> {
  const all = await seesAll(db, actor, input.departmentId);
  const { rows, total } = await pageOfDepartments(db, actor, all, listFilter(input), [asc(departments.code)], input);
  return toPage(rows.map(toDepartment), total, input);
}

/** Admin/Departments: every department, for who may write departments in the scope (else Forbidden). */
export async function adminListDepartments(db: Db, actor: Actor, input: DepartmentListInput & { departmentId: number }): Promise<Page<Department>> {
  const scope = await assertDepartmentAccess(db, actor, input.departmentId);
  requirePermission('departments', areaOfCode(scope.code), actor.accessLevel);
  const { rows, total } = await pageOfDepartments(db, actor, true, listFilter(input), [asc(departments.code)], input);
  return toPage(rows.map(toDepartment), total, input);
}

/** Departments/briefs/search: code prefix or name in the language, among the departments the actor reads. */
export async function searchDepartments(
  db: Db,
  actor: Actor,
  input: DepartmentSearchInput & { departmentId?: number | undefined },
): Promise<Page<DepartmentBrief>> {
  const all = await seesAll(db, actor, input.departmentId);
  const where = input.filter ? or(ilike(departments.code, prefixPattern(input.filter)), nameMatches(input.filter, input.language)) : undefined;
  const { rows, total } = await pageOfDepartments(db, actor, all, where, [asc(departments.code)], input);
  return toPage(rows.map(brief), total, input);
}

export async function getDepartment(db: Db, actor: Actor, input: { id: number; departmentId?: number | undefined }): Promise<Department> {
  if (!(await seesAll(db, actor, input.departmentId))) {
    return toDepartment(await assertDepartmentAccess(db, actor, input.id));
  }
  const [row] = await db.select().from(departments).where(eq(departments.id, input.id)).limit(1);
  if (!row) fail('NotFound', { field: 'id' });
  return toDepartment(row);
}

export function departmentTemplate(): ReturnType<typeof newDepartment> {
  return newDepartment();
}

/** Writes need the permission `departments` in the area of the scope department. */
async function assertMayWrite(db: Db, actor: Actor, scopeDepartmentId: number): Promise<void> {
  const scope = await assertDepartmentAccess(db, actor, scopeDepartmentId);
  requirePermission('departments', areaOfCode(scope.code), actor.accessLevel);
}

async function assertCodeFree(db: Db, code: string, exceptId: number | null): Promise<void> {
  const [row] = await db
    .select({ id: departments.id })
    .from(departments)
    .where(and(eq(departments.code, code), exceptId === null ? undefined : ne(departments.id, exceptId)))
    .limit(1);
  if (row) fail('DepartmentExists', { field: 'code', params: { code } });
}

function rethrowUnique(error: unknown, code: string): never {
  if (isUniqueViolation(error)) fail('DepartmentExists', { field: 'code', params: { code } });
  throw error;
}

export async function createDepartment(db: Db, actor: Actor, input: DepartmentInput & { departmentId: number }): Promise<Department> {
  const { departmentId, ...fields } = input;
  await assertMayWrite(db, actor, departmentId);
  const values = parseOrFail(DepartmentInput, fields);
  try {
    return await db.transaction(async (tx) => {
      await assertCodeFree(tx, values.code, null);
      const [row] = await tx.insert(departments).values(toRow(values)).returning();
      if (!row) throw new Error('department insert failed');
      return toDepartment(row);
    });
  } catch (error) {
    rethrowUnique(error, values.code);
  }
}

/**
 * DOMAIN decision 5: openPaymentsAllowed can't be switched off while the department has unpaid
 * instalments in a year whose final account is not approved (InvalidValue on the field). The row is
 * locked first, so a booking (which share-locks it) can't add one meanwhile.
 */
async function assertNoOpenPayments(tx: Db, id: number): Promise<void> {
  const [current] = await tx.select({ allowed: departments.openPaymentsAllowed }).from(departments).where(eq(departments.id, id)).for('update');
  if (!current?.allowed) return;
  const open = await execRows<{ one: number }>(
    tx,
    sql`select 1 as one from movement_payments p join movements m on m.id = p.movement_id
        left join budget_heads h on h.department_id = m.department_id and h.year = m.year
        where m.department_id = ${id} and not m.cancelled and p.date_paid is null and h.final_approved is null limit 1`,
  );
  if (open.length > 0) fail('InvalidValue', { field: 'openPaymentsAllowed', params: { reason: 'openPayments' } });
}

async function save(db: Db, id: number, values: DepartmentInput): Promise<Department> {
  try {
    return await db.transaction(async (tx) => {
      await assertCodeFree(tx, values.code, id);
      if (!values.openPaymentsAllowed) await assertNoOpenPayments(tx, id);
      const [row] = await tx.update(departments).set(toRow(values)).where(eq(departments.id, id)).returning();
      if (!row) fail('NotFound', { field: 'id' });
      return toDepartment(row);
    });
  } catch (error) {
    rethrowUnique(error, values.code);
  }
}

export async function updateDepartment(db: Db, actor: Actor, input: DepartmentInput & { id: number; departmentId: number }): Promise<Department> {
  const { id, departmentId, ...fields } = input;
  await assertMayWrite(db, actor, departmentId);
  return save(db, id, parseOrFail(DepartmentInput, fields));
}

/** PATCH: only the fields sent change; the merged department must pass the whole form's rules. */
export async function patchDepartment(db: Db, actor: Actor, input: { id: number; departmentId: number } & Record<string, unknown>): Promise<Department> {
  await assertMayWrite(db, actor, input.departmentId);
  const [row] = await db.select().from(departments).where(eq(departments.id, input.id)).limit(1);
  if (!row) fail('NotFound', { field: 'id' });
  const { id: _id, area: _area, ...current } = toDepartment(row);
  return save(db, input.id, parseOrFail(DepartmentInput, mergePatch(current, input)));
}

/** Deletes a department that holds no data (users, suppliers, accounts, budgets, templates ...), else InUse. */
export async function deleteDepartment(db: Db, actor: Actor, input: { id: number; departmentId: number }): Promise<true> {
  await assertMayWrite(db, actor, input.departmentId);
  try {
    await db.transaction(async (tx) => {
      const [row] = await tx.select({ id: departments.id }).from(departments).where(eq(departments.id, input.id)).for('update');
      if (!row) fail('NotFound', { field: 'id' });
      await assertUnused(tx, departmentReferences, input.id);
      await tx.delete(departments).where(eq(departments.id, input.id));
    });
  } catch (error) {
    // a table of another area still points at it
    if (isForeignKeyViolation(error)) fail('InUse');
    throw error;
  }
  return true;
}

/** The department list report (PDF, CSV): code range, sorted by code or name, among the departments the actor reads. */
export async function exportDepartments(db: Db, actor: Actor, input: DepartmentExportInput & { departmentId?: number | undefined }): Promise<DepartmentExport> {
  const all = await seesAll(db, actor, input.departmentId);
  const lang = input.language;
  const order =
    input.sort === 'name'
      ? lang === 'it'
        ? [asc(departments.name2Ita), asc(departments.code)]
        : [asc(departments.name2Deu), asc(departments.code)]
      : [asc(departments.code)];
  const { rows } = await pageOfDepartments(db, actor, all, listFilter(input), order, { page: 1, pageSize: 100_000 });
  return {
    language: lang,
    codeFrom: input.codeFrom ?? null,
    codeTo: input.codeTo ?? null,
    rows: rows.map((r) => ({
      code: r.code,
      name: departmentName(r, lang),
      location: [r.postalCode, lang === 'it' ? r.locationIta || r.locationDeu : r.locationDeu || r.locationIta].filter(Boolean).join(' '),
      commander: r.commanderName,
      cashier: r.cashierName,
      phone: r.landlinePhone || r.mobilePhone,
      email: r.email,
    })),
  };
}
