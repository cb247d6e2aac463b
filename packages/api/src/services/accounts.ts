import { type Db, schema } from '@app/db';
import {
  type Account,
  type AccountBrief,
  AccountInput,
  type AccountListInput,
  type AccountPrint,
  type AccountPrintInput,
  type AccountType,
  departmentName,
  newAccount,
  type Page,
  pageWindow,
  toPage,
} from '@app/domain';
import { and, asc, count, eq, ilike, ne, or, sql } from 'drizzle-orm';
import type { Session } from '../context.ts';
import { fail } from '../errors.ts';
import { containsPattern, mergePatch, parseOrFail } from './baseDataCommon.ts';
import { accountReferences, assertUnused, referencedSql, referencesTo } from './references.ts';
import { isForeignKeyViolation, isUniqueViolation } from './dbErrors.ts';
import { assertDepartmentAccess } from './scope.ts';

const { accounts } = schema;
type Row = typeof accounts.$inferSelect;
type Actor = Pick<Session, 'userId' | 'accessLevel'>;

/**
 * May the account be set inactive? While no movement uses it (computed in the same query as the
 * rows; the bookings area adds its tables to `accountReferences`).
 */
function canInactivateSql() {
  return sql<boolean>`not ${referencedSql(accountReferences, accounts.id)}`;
}

function toAccount(r: Row, canInactivate: boolean): Account {
  return {
    id: r.id,
    departmentId: r.departmentId,
    code: r.code,
    descriptionDeu: r.descriptionDeu,
    descriptionIta: r.descriptionIta,
    type: r.type as AccountType,
    notes: r.notes,
    inactive: r.inactive,
    canInactivate: Boolean(canInactivate),
    bankInfo: { iban: r.iban, bankName: r.bankName, swift: r.swift },
  };
}

function toRow(departmentId: number, a: AccountInput): Omit<Row, 'id'> {
  const { bankInfo, ...rest } = a;
  return { ...rest, departmentId, iban: bankInfo.iban, bankName: bankInfo.bankName, swift: bankInfo.swift };
}

/** Accounts of the department filtered by description (either language) and type, sorted by code, paged. */
export async function listAccounts(db: Db, actor: Actor, input: AccountListInput): Promise<Page<Account>> {
  await assertDepartmentAccess(db, actor, input.departmentId);
  const where = and(
    eq(accounts.departmentId, input.departmentId),
    input.description
      ? or(ilike(accounts.descriptionDeu, containsPattern(input.description)), ilike(accounts.descriptionIta, containsPattern(input.description)))
      : undefined,
    input.type !== undefined ? eq(accounts.type, input.type) : undefined,
    input.includeInactive ? undefined : eq(accounts.inactive, false),
  );
  const [total] = await db.select({ n: count() }).from(accounts).where(where);
  const { limit, offset } = pageWindow(input);
  const rows = await db
    .select({ account: accounts, canInactivate: canInactivateSql() })
    .from(accounts)
    .where(where)
    .orderBy(asc(accounts.code))
    .limit(limit)
    .offset(offset);
  return toPage(
    rows.map((r) => toAccount(r.account, r.canInactivate)),
    total?.n ?? 0,
    input,
  );
}

/** Accounts/briefs: the accounts to book on (inactive ones on request), sorted by code. */
export async function accountBriefs(db: Db, actor: Actor, input: { departmentId: number; includeInactive: boolean }): Promise<AccountBrief[]> {
  await assertDepartmentAccess(db, actor, input.departmentId);
  const rows = await db
    .select({
      id: accounts.id,
      code: accounts.code,
      descriptionDeu: accounts.descriptionDeu,
      descriptionIta: accounts.descriptionIta,
      type: accounts.type,
      inactive: accounts.inactive,
    })
    .from(accounts)
    .where(and(eq(accounts.departmentId, input.departmentId), input.includeInactive ? undefined : eq(accounts.inactive, false)))
    .orderBy(asc(accounts.code));
  return rows.map((r) => ({ ...r, type: r.type as AccountType }));
}

async function findAccount(db: Db, departmentId: number, id: number): Promise<Account> {
  const [row] = await db
    .select({ account: accounts, canInactivate: canInactivateSql() })
    .from(accounts)
    .where(and(eq(accounts.id, id), eq(accounts.departmentId, departmentId)))
    .limit(1);
  if (!row) fail('NotFound', { field: 'id' });
  return toAccount(row.account, row.canInactivate);
}

export async function getAccount(db: Db, actor: Actor, input: { id: number; departmentId: number }): Promise<Account> {
  await assertDepartmentAccess(db, actor, input.departmentId);
  return findAccount(db, input.departmentId, input.id);
}

export async function accountTemplate(db: Db, actor: Actor, input: { departmentId: number }): Promise<ReturnType<typeof newAccount>> {
  await assertDepartmentAccess(db, actor, input.departmentId);
  return newAccount(input.departmentId);
}

async function write(db: Db, departmentId: number, id: number | null, raw: unknown): Promise<Account> {
  const values = parseOrFail(AccountInput, raw);
  try {
    return await db.transaction(async (tx) => {
      const [clash] = await tx
        .select({ id: accounts.id })
        .from(accounts)
        .where(and(eq(accounts.departmentId, departmentId), eq(accounts.code, values.code), id === null ? undefined : ne(accounts.id, id)))
        .limit(1);
      if (clash) fail('AccountExists', { field: 'code', params: { code: values.code } });
      if (id !== null) {
        const [current] = await tx
          .select({ inactive: accounts.inactive })
          .from(accounts)
          .where(and(eq(accounts.id, id), eq(accounts.departmentId, departmentId)))
          .for('update');
        if (!current) fail('NotFound', { field: 'id' });
        if (values.inactive && !current.inactive && (await referencesTo(tx, accountReferences, id)).length > 0) {
          fail('CannotInactivate', { field: 'inactive' });
        }
      }
      const [row] =
        id === null
          ? await tx.insert(accounts).values(toRow(departmentId, values)).returning()
          : await tx.update(accounts).set(toRow(departmentId, values)).where(eq(accounts.id, id)).returning();
      if (!row) throw new Error('account write failed');
      return findAccount(tx, departmentId, row.id);
    });
  } catch (error) {
    if (isUniqueViolation(error)) fail('AccountExists', { field: 'code', params: { code: values.code } });
    throw error;
  }
}

export async function createAccount(db: Db, actor: Actor, input: AccountInput & { departmentId: number }): Promise<Account> {
  const { departmentId, ...fields } = input;
  await assertDepartmentAccess(db, actor, departmentId);
  return write(db, departmentId, null, fields);
}

/** Updates an account; setting it inactive is refused (CannotInactivate) while movements use it. */
export async function updateAccount(db: Db, actor: Actor, input: AccountInput & { id: number; departmentId: number }): Promise<Account> {
  const { departmentId, id, ...fields } = input;
  await assertDepartmentAccess(db, actor, departmentId);
  return write(db, departmentId, id, fields);
}

export async function patchAccount(db: Db, actor: Actor, input: { id: number; departmentId: number } & Record<string, unknown>): Promise<Account> {
  await assertDepartmentAccess(db, actor, input.departmentId);
  const { id: _id, departmentId: _dept, canInactivate: _can, ...current } = await findAccount(db, input.departmentId, input.id);
  return write(db, input.departmentId, input.id, mergePatch(current, input, ['id', 'departmentId', 'year', 'canInactivate']));
}

/** Deletes an account without movements (InUse otherwise). */
export async function deleteAccount(db: Db, actor: Actor, input: { id: number; departmentId: number }): Promise<true> {
  await assertDepartmentAccess(db, actor, input.departmentId);
  try {
    await db.transaction(async (tx) => {
      await findAccount(tx, input.departmentId, input.id);
      await assertUnused(tx, accountReferences, input.id);
      await tx.delete(accounts).where(eq(accounts.id, input.id));
    });
  } catch (error) {
    if (isForeignKeyViolation(error)) fail('InUse');
    throw error;
  }
  return true;
}

/** Accounts print: all accounts of the department or those of one type, sorted by type and code. */
export async function printAccounts(db: Db, actor: Actor, input: AccountPrintInput): Promise<AccountPrint> {
  const dept = await assertDepartmentAccess(db, actor, input.departmentId);
  const rows = await db
    .select()
    .from(accounts)
    .where(and(eq(accounts.departmentId, input.departmentId), input.type !== undefined ? eq(accounts.type, input.type) : undefined))
    .orderBy(asc(accounts.type), asc(accounts.code));
  return {
    language: input.language,
    departmentCode: dept.code,
    departmentName: departmentName(dept, input.language),
    type: input.type ?? null,
    rows: rows.map((r) => {
      const { departmentId: _d, canInactivate: _c, ...rest } = toAccount(r, false);
      return rest;
    }),
  };
}
