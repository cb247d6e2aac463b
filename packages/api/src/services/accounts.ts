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
  formatAmount,
  newAccount,
  type Page,
  pageWindow,
  toPage,
} from '@app/domain';
import { and, asc, count, eq, ilike, ne, or, sql } from 'drizzle-orm';
import type { Session } from '../context.ts';
import { fail } from '../errors.ts';
import { containsPattern, mergePatch, parseOrFail } from './baseDataCommon.ts';
import { accountBalanceRows } from './ledger/cashBalances.ts';
import { accountReferences, assertUnused } from './ledger/references.ts';
import { isForeignKeyViolation, isUniqueViolation } from './dbErrors.ts';
import { assertDepartmentAccess } from './scope.ts';
import type { YearScope } from './ledger/bookingScope.ts';

const { accounts } = schema;
type Row = typeof accounts.$inferSelect;
type Actor = Pick<Session, 'userId' | 'accessLevel'>;

type AccountScope = YearScope;

/**
 * The final balance of each account of the department in the scope year (services/cash, one query):
 * an account may be set inactive when it is zero (a used account too), and an inactive one stays so.
 */
async function finalBalances(db: Db, scope: AccountScope, accountId?: number): Promise<Map<number, number>> {
  const rows = await accountBalanceRows(db, scope, accountId === undefined ? undefined : sql`a.id = ${accountId}`);
  return new Map(rows.map((r) => [r.accountId, r.finalBalance]));
}

function canInactivate(r: Row, balances: Map<number, number>): boolean {
  return r.inactive || (balances.get(r.id) ?? 0) === 0;
}

function toAccount(r: Row, inactivatable: boolean): Account {
  return {
    id: r.id,
    departmentId: r.departmentId,
    code: r.code,
    descriptionDeu: r.descriptionDeu,
    descriptionIta: r.descriptionIta,
    type: r.type as AccountType,
    notes: r.notes,
    inactive: r.inactive,
    canInactivate: inactivatable,
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
  const [rows, balances] = await Promise.all([
    db.select().from(accounts).where(where).orderBy(asc(accounts.code)).limit(limit).offset(offset),
    finalBalances(db, input),
  ]);
  return toPage(
    rows.map((r) => toAccount(r, canInactivate(r, balances))),
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

async function findAccount(db: Db, scope: AccountScope, id: number): Promise<Account> {
  const [[row], balances] = await Promise.all([
    db
      .select()
      .from(accounts)
      .where(and(eq(accounts.id, id), eq(accounts.departmentId, scope.departmentId)))
      .limit(1),
    finalBalances(db, scope, id),
  ]);
  if (!row) fail('NotFound', { field: 'id' });
  return toAccount(row, canInactivate(row, balances));
}

export async function getAccount(db: Db, actor: Actor, input: AccountScope & { id: number }): Promise<Account> {
  await assertDepartmentAccess(db, actor, input.departmentId);
  return findAccount(db, input, input.id);
}

export async function accountTemplate(db: Db, actor: Actor, input: { departmentId: number }): Promise<ReturnType<typeof newAccount>> {
  await assertDepartmentAccess(db, actor, input.departmentId);
  return newAccount(input.departmentId);
}

async function write(db: Db, scope: AccountScope, id: number | null, raw: unknown): Promise<Account> {
  const { departmentId } = scope;
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
        const balance = values.inactive && !current.inactive ? ((await finalBalances(tx, scope, id)).get(id) ?? 0) : 0;
        if (balance !== 0) fail('AccountHasBalance', { field: 'inactive', params: { balance: formatAmount(balance), year: scope.year } });
      }
      const [row] =
        id === null
          ? await tx.insert(accounts).values(toRow(departmentId, values)).returning()
          : await tx.update(accounts).set(toRow(departmentId, values)).where(eq(accounts.id, id)).returning();
      if (!row) throw new Error('account write failed');
      return findAccount(tx, scope, row.id);
    });
  } catch (error) {
    if (isUniqueViolation(error)) fail('AccountExists', { field: 'code', params: { code: values.code } });
    throw error;
  }
}

/** Creates an account (the year, when given, is the scope year of the answer; a new account has no balance in any year). */
export async function createAccount(db: Db, actor: Actor, input: AccountInput & { departmentId: number; year?: number | undefined }): Promise<Account> {
  const { departmentId, year, ...fields } = input;
  await assertDepartmentAccess(db, actor, departmentId);
  return write(db, { departmentId, year: year ?? 0 }, null, fields);
}

/** Updates an account; setting it inactive is refused (AccountHasBalance) while its final balance in the scope year is not zero. */
export async function updateAccount(db: Db, actor: Actor, input: AccountInput & AccountScope & { id: number }): Promise<Account> {
  const { departmentId, year, id, ...fields } = input;
  await assertDepartmentAccess(db, actor, departmentId);
  return write(db, { departmentId, year }, id, fields);
}

export async function patchAccount(db: Db, actor: Actor, input: AccountScope & { id: number } & Record<string, unknown>): Promise<Account> {
  await assertDepartmentAccess(db, actor, input.departmentId);
  const { id: _id, departmentId: _dept, canInactivate: _can, ...current } = await findAccount(db, input, input.id);
  return write(db, input, input.id, mergePatch(current, input, ['id', 'departmentId', 'year', 'canInactivate']));
}

/** Deletes an account without movements (InUse otherwise). */
export async function deleteAccount(db: Db, actor: Actor, input: { id: number; departmentId: number }): Promise<true> {
  await assertDepartmentAccess(db, actor, input.departmentId);
  try {
    await db.transaction(async (tx) => {
      const [row] = await tx
        .select({ id: accounts.id })
        .from(accounts)
        .where(and(eq(accounts.id, input.id), eq(accounts.departmentId, input.departmentId)));
      if (!row) fail('NotFound', { field: 'id' });
      await assertUnused(tx, accountReferences, input.id);
      await tx.delete(accounts).where(eq(accounts.id, input.id));
    });
  } catch (error) {
    if (isForeignKeyViolation(error)) fail('InUse');
    throw error;
  }
  return true;
}

/** Accounts print: all accounts of the department or those of one type, sorted by type and code, with their balances in the year and totals. */
export async function printAccounts(db: Db, actor: Actor, input: AccountPrintInput): Promise<AccountPrint> {
  const dept = await assertDepartmentAccess(db, actor, input.departmentId);
  const [rows, balances] = await Promise.all([
    db
      .select()
      .from(accounts)
      .where(and(eq(accounts.departmentId, input.departmentId), input.type !== undefined ? eq(accounts.type, input.type) : undefined))
      .orderBy(asc(accounts.type), asc(accounts.code)),
    accountBalanceRows(db, input),
  ]);
  const printed = rows.map((r) => {
    const { departmentId: _d, canInactivate: _c, ...rest } = toAccount(r, false);
    const balance = balances.find((b) => b.accountId === r.id);
    return {
      ...rest,
      initialBalance: balance?.initialBalance ?? 0,
      movementsBalance: balance?.movementsBalance ?? 0,
      finalBalance: balance?.finalBalance ?? 0,
    };
  });
  const sum = (key: 'initialBalance' | 'movementsBalance' | 'finalBalance') => printed.reduce((total, r) => total + r[key], 0);
  return {
    language: input.language,
    departmentCode: dept.code,
    departmentName: departmentName(dept, input.language),
    type: input.type ?? null,
    year: input.year,
    rows: printed,
    totals: { initialBalance: sum('initialBalance'), movementsBalance: sum('movementsBalance'), finalBalance: sum('finalBalance') },
  };
}
