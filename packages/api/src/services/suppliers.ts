import { type Db, schema } from '@app/db';
import {
  completeBankInfo,
  departmentName,
  newSupplier,
  type Page,
  pageWindow,
  SUPPLIER_LIMITS,
  type Supplier,
  type SupplierBrief,
  type SupplierExport,
  type SupplierExportInput,
  SupplierInput,
  type SupplierListInput,
  type SupplierSearchInput,
  toPage,
} from '@app/domain';
import { and, asc, count, desc, eq, gte, ilike, lte, max, ne, or, type SQL, sql } from 'drizzle-orm';
import type { Session } from '../context.ts';
import { fail } from '../errors.ts';
import { containsPattern, mergePatch, parseOrFail, prefixPattern } from './baseDataCommon.ts';
import { assertUnused, supplierReferences } from './ledger/references.ts';
import { isForeignKeyViolation, isUniqueViolation } from './dbErrors.ts';
import { assertDepartmentAccess } from './scope.ts';

const { banks, suppliers } = schema;
type Row = typeof suppliers.$inferSelect;
type Actor = Pick<Session, 'userId' | 'accessLevel'>;

export function toSupplier(r: Row): Supplier {
  return {
    id: r.id,
    departmentId: r.departmentId,
    code: r.code,
    searchKey: r.searchKey,
    name1: r.name1,
    name2: r.name2,
    street: r.street,
    country: r.country,
    postalCode: r.postalCode,
    location: r.location,
    province: r.province,
    isoCode: r.isoCode,
    vatCode: r.vatCode,
    taxCode: r.taxCode,
    paymentTerm: r.paymentTerm,
    landlinePhone: r.landlinePhone,
    mobilePhone: r.mobilePhone,
    fax: r.fax,
    email: r.email,
    internet: r.internet,
    contactPerson: r.contactPerson,
    chapterProposal: r.chapterProposal,
    language: r.language === 'it' ? 'it' : 'de',
    isInactive: r.isInactive,
    bankInfo: { bankId: r.bankId, bankName: r.bankName, bankKey: r.bankKey, swift: r.swift, cin: r.cin, accountNumber: r.accountNumber, iban: r.iban },
  };
}

function toRow(departmentId: number, s: SupplierInput): Omit<Row, 'id'> {
  const { bankInfo, ...rest } = s;
  return { ...rest, departmentId, ...bankInfo };
}

const briefColumns = {
  id: suppliers.id,
  code: suppliers.code,
  name1: suppliers.name1,
  name2: suppliers.name2,
  searchKey: suppliers.searchKey,
  location: suppliers.location,
  province: suppliers.province,
  country: suppliers.country,
  isInactive: suppliers.isInactive,
};

function filterOf(input: Omit<SupplierListInput, 'page' | 'pageSize' | 'sort'>): SQL | undefined {
  return and(
    eq(suppliers.departmentId, input.departmentId),
    input.code !== undefined ? eq(suppliers.code, input.code) : undefined,
    input.searchKey ? ilike(suppliers.searchKey, prefixPattern(input.searchKey)) : undefined,
    input.location ? ilike(suppliers.location, containsPattern(input.location)) : undefined,
    input.province ? ilike(suppliers.province, input.province) : undefined,
    input.country ? ilike(suppliers.country, input.country) : undefined,
    input.active !== undefined ? eq(suppliers.isInactive, !input.active) : undefined,
    input.codeFrom !== undefined ? gte(suppliers.code, input.codeFrom) : undefined,
    input.codeTo !== undefined ? lte(suppliers.code, input.codeTo) : undefined,
    input.nameFrom ? gte(sql`upper(${suppliers.name1})`, input.nameFrom.toUpperCase()) : undefined,
    // the upper bound is a prefix: nameTo "M" includes "Müller"
    input.nameTo ? lte(sql`upper(left(${suppliers.name1}, ${input.nameTo.length}))`, input.nameTo.toUpperCase()) : undefined,
  );
}

function orderOf(sort: 'code' | 'searchKey'): SQL[] {
  return sort === 'searchKey' ? [asc(suppliers.searchKey), asc(suppliers.code)] : [asc(suppliers.code)];
}

/** Suppliers of the department (filters of the list and the export), paged. */
export async function listSuppliers(db: Db, actor: Actor, input: SupplierListInput): Promise<Page<Supplier>> {
  await assertDepartmentAccess(db, actor, input.departmentId);
  const where = filterOf(input);
  const [total] = await db.select({ n: count() }).from(suppliers).where(where);
  const { limit, offset } = pageWindow(input);
  const rows = await db
    .select()
    .from(suppliers)
    .where(where)
    .orderBy(...orderOf(input.sort))
    .limit(limit)
    .offset(offset);
  return toPage(rows.map(toSupplier), total?.n ?? 0, input);
}

/** Suppliers/briefs: the same filters, briefs only. */
export async function supplierBriefs(db: Db, actor: Actor, input: SupplierListInput): Promise<Page<SupplierBrief>> {
  await assertDepartmentAccess(db, actor, input.departmentId);
  const where = filterOf(input);
  const [total] = await db.select({ n: count() }).from(suppliers).where(where);
  const { limit, offset } = pageWindow(input);
  const rows = await db
    .select(briefColumns)
    .from(suppliers)
    .where(where)
    .orderBy(...orderOf(input.sort))
    .limit(limit)
    .offset(offset);
  return toPage(rows, total?.n ?? 0, input);
}

/**
 * Suppliers/briefs/search (the picker): a number finds the supplier with that code first, then
 * codes starting with it; a text (3 characters or more) finds search keys starting with it, then
 * search keys and names containing it. Inactive suppliers only on request.
 */
export async function searchSuppliers(db: Db, actor: Actor, input: SupplierSearchInput): Promise<Page<SupplierBrief>> {
  await assertDepartmentAccess(db, actor, input.departmentId);
  const text = input.search;
  const numeric = /^[0-9]+$/.test(text);
  // a number beyond the supplier codes (≤ 999999) is no code: it matches nothing exactly (an integer
  // column compared with 2^31 or more would be a database error)
  const code = numeric && Number(text) <= SUPPLIER_LIMITS.codeMax ? Number(text) : -1;
  const match = numeric
    ? or(eq(suppliers.code, code), ilike(sql`${suppliers.code}::text`, prefixPattern(text)), ilike(suppliers.searchKey, prefixPattern(text)))
    : or(ilike(suppliers.searchKey, containsPattern(text)), ilike(suppliers.name1, containsPattern(text)), ilike(suppliers.name2, containsPattern(text)));
  const where = and(
    eq(suppliers.departmentId, input.departmentId),
    match,
    input.includeInactive ? undefined : eq(suppliers.isInactive, false),
    input.location ? ilike(suppliers.location, containsPattern(input.location)) : undefined,
    input.province ? ilike(suppliers.province, input.province) : undefined,
    input.country ? ilike(suppliers.country, input.country) : undefined,
  );
  const rank = numeric
    ? sql`case when ${suppliers.code} = ${code} then 0 else 1 end`
    : sql`case when ${suppliers.searchKey} ilike ${prefixPattern(text)} then 0 else 1 end`;
  const [total] = await db.select({ n: count() }).from(suppliers).where(where);
  const { limit, offset } = pageWindow(input);
  const rows = await db
    .select(briefColumns)
    .from(suppliers)
    .where(where)
    .orderBy(rank, ...(numeric ? [asc(suppliers.code)] : [asc(suppliers.searchKey), asc(suppliers.code)]))
    .limit(limit)
    .offset(offset);
  return toPage(rows, total?.n ?? 0, input);
}

async function findRow(db: Db, departmentId: number, id: number): Promise<Row> {
  const [row] = await db
    .select()
    .from(suppliers)
    .where(and(eq(suppliers.id, id), eq(suppliers.departmentId, departmentId)))
    .limit(1);
  if (!row) fail('NotFound', { field: 'id' });
  return row;
}

/** One supplier of the scope's department (a supplier of another department is NotFound). */
export async function getSupplier(db: Db, actor: Actor, input: { id: number; departmentId: number }): Promise<Supplier> {
  await assertDepartmentAccess(db, actor, input.departmentId);
  return toSupplier(await findRow(db, input.departmentId, input.id));
}

/** A blank supplier with the next free code of the department. */
export async function supplierTemplate(db: Db, actor: Actor, input: { departmentId: number }): Promise<ReturnType<typeof newSupplier>> {
  await assertDepartmentAccess(db, actor, input.departmentId);
  const [row] = await db
    .select({ last: max(suppliers.code) })
    .from(suppliers)
    .where(eq(suppliers.departmentId, input.departmentId));
  return newSupplier(input.departmentId, Math.min((row?.last ?? 0) + 1, 999_999));
}

/**
 * The bank info as stored: a chosen bank fills bank key, name and BIC where they are empty; CIN and
 * IBAN are generated from bank key and account number when no IBAN is given.
 */
async function resolveBankInfo(db: Db, input: SupplierInput): Promise<SupplierInput> {
  let info = input.bankInfo;
  if (info.bankId !== null) {
    const [bank] = await db.select().from(banks).where(eq(banks.id, info.bankId)).limit(1);
    if (!bank) fail('NotFound', { field: 'bankInfo.bankId' });
    info = {
      ...info,
      bankKey: info.bankKey || bank.key,
      bankName: info.bankName || [bank.name1, bank.name2].filter(Boolean).join(' ').slice(0, 120),
      swift: info.swift || bank.swift,
    };
  }
  const completed = completeBankInfo(info);
  if (!completed) fail('InvalidValue', { field: info.bankKey.length !== 10 ? 'bankInfo.bankKey' : 'bankInfo.accountNumber' });
  return { ...input, bankInfo: completed };
}

async function assertCodeFree(db: Db, departmentId: number, code: number, exceptId: number | null): Promise<void> {
  const [row] = await db
    .select({ id: suppliers.id })
    .from(suppliers)
    .where(and(eq(suppliers.departmentId, departmentId), eq(suppliers.code, code), exceptId === null ? undefined : ne(suppliers.id, exceptId)))
    .limit(1);
  if (row) fail('SupplierExists', { field: 'code', params: { code } });
}

async function write(db: Db, departmentId: number, id: number | null, raw: unknown): Promise<Supplier> {
  const values = parseOrFail(SupplierInput, raw);
  try {
    return await db.transaction(async (tx) => {
      const resolved = await resolveBankInfo(tx, values);
      await assertCodeFree(tx, departmentId, resolved.code, id);
      const row =
        id === null
          ? (await tx.insert(suppliers).values(toRow(departmentId, resolved)).returning())[0]
          : (
              await tx
                .update(suppliers)
                .set(toRow(departmentId, resolved))
                .where(and(eq(suppliers.id, id), eq(suppliers.departmentId, departmentId)))
                .returning()
            )[0];
      if (!row) fail('NotFound', { field: 'id' });
      return toSupplier(row);
    });
  } catch (error) {
    if (isUniqueViolation(error)) fail('SupplierExists', { field: 'code', params: { code: values.code } });
    throw error;
  }
}

export async function createSupplier(db: Db, actor: Actor, input: SupplierInput & { departmentId: number }): Promise<Supplier> {
  const { departmentId, ...fields } = input;
  await assertDepartmentAccess(db, actor, departmentId);
  return write(db, departmentId, null, fields);
}

export async function updateSupplier(db: Db, actor: Actor, input: SupplierInput & { id: number; departmentId: number }): Promise<Supplier> {
  const { departmentId, id, ...fields } = input;
  await assertDepartmentAccess(db, actor, departmentId);
  return write(db, departmentId, id, fields);
}

export async function patchSupplier(db: Db, actor: Actor, input: { id: number; departmentId: number } & Record<string, unknown>): Promise<Supplier> {
  await assertDepartmentAccess(db, actor, input.departmentId);
  const { id: _id, departmentId: _dept, ...current } = toSupplier(await findRow(db, input.departmentId, input.id));
  return write(db, input.departmentId, input.id, mergePatch(current, input));
}

/** Deletes a supplier without documents (InUse otherwise). */
export async function deleteSupplier(db: Db, actor: Actor, input: { id: number; departmentId: number }): Promise<true> {
  await assertDepartmentAccess(db, actor, input.departmentId);
  try {
    await db.transaction(async (tx) => {
      await findRow(tx, input.departmentId, input.id);
      await assertUnused(tx, supplierReferences, input.id);
      await tx.delete(suppliers).where(eq(suppliers.id, input.id));
    });
  } catch (error) {
    if (isForeignKeyViolation(error)) fail('InUse');
    throw error;
  }
  return true;
}

/** The supplier list report (PDF, CSV): code range, name range, active filter, sorted by code or search key. */
export async function exportSuppliers(db: Db, actor: Actor, input: SupplierExportInput): Promise<SupplierExport> {
  const dept = await assertDepartmentAccess(db, actor, input.departmentId);
  const rows = await db
    .select()
    .from(suppliers)
    .where(filterOf(input))
    .orderBy(...orderOf(input.sort), desc(suppliers.id))
    .limit(100_000);
  return {
    language: input.language,
    departmentCode: dept.code,
    departmentName: departmentName(dept, input.language),
    rows: rows.map((r) => ({
      code: r.code,
      searchKey: r.searchKey,
      name: [r.name1, r.name2].filter(Boolean).join(' '),
      address: [r.street, [r.postalCode, r.location].filter(Boolean).join(' '), r.province ? `(${r.province})` : '']
        .filter(Boolean)
        .join(', ')
        .replace(', (', ' ('),
      vatCode: r.vatCode,
      taxCode: r.taxCode,
      phone: r.landlinePhone || r.mobilePhone,
      email: r.email,
      iban: r.iban,
      isInactive: r.isInactive,
    })),
  };
}
