import { type Db, schema } from '@app/db';
import type { AccountBalanceSaveInput, AccountBalances, AccountBalanceTotal } from '@app/domain';
import { and, eq, inArray, sql } from 'drizzle-orm';
import type { z } from 'zod';
import { fail } from '../../errors.ts';
import { accountBalanceRows, assertCashWithinBounds, cashTotal } from '../ledger/cashBalances.ts';
import { isFirstYear } from '../ledger/firstYear.ts';
import { cashState, lockCashScope } from './transfers.ts';
import type { BookingScope } from '../ledger/bookingScope.ts';

const { accountBalances, accounts } = schema;

/**
 * Accounts/Balance GET: every account of the department (inactive ones keep their history) with its
 * initial, movements and final balance in the scope year, the totals, and whether the initial
 * balances may be typed (the department's first year, budget not closed, year open).
 */
export async function getAccountBalances(db: Db, scope: BookingScope): Promise<AccountBalances> {
  const [rows, state] = await Promise.all([accountBalanceRows(db, scope), cashState(db, scope)]);
  const sum = (key: 'initialBalance' | 'movementsBalance' | 'finalBalance') => rows.reduce((total, r) => total + r[key], 0);
  return {
    accounts: rows,
    totals: { initialBalance: sum('initialBalance'), movementsBalance: sum('movementsBalance'), finalBalance: sum('finalBalance') },
    editable: state.editable && state.isFirstYear,
    isFirstYear: state.isFirstYear,
    isBudgetClosed: state.closed,
  };
}

/**
 * Accounts/Balance POST: the typed initial balances of the department's first year (DOMAIN decision 8),
 * in one transaction. Refused in a later year (BalanceNotEditable: they are the previous year's final
 * balances), when the budget is closed (BudgetClosed) or the year locked (YearLocked); an account of
 * another department or a wrong code is InvalidValue; an inactive account keeps its balance (its
 * final balance is zero). Accounts not sent keep theirs.
 */
export async function saveAccountBalances(db: Db, scope: BookingScope, input: z.infer<typeof AccountBalanceSaveInput>): Promise<AccountBalances> {
  await db.transaction(async (tx) => {
    await lockCashScope(tx, scope);
    if (!(await isFirstYear(tx, scope))) fail('BalanceNotEditable', { params: { year: scope.year } });
    const ids = input.accounts.map((a) => a.accountId);
    if (new Set(ids).size !== ids.length) fail('InvalidValue', { field: 'accounts' });
    const found =
      ids.length === 0
        ? []
        : await tx
            .select({ id: accounts.id, code: accounts.code, inactive: accounts.inactive, initial: accountBalances.initialBalance })
            .from(accounts)
            .leftJoin(accountBalances, and(eq(accountBalances.accountId, accounts.id), eq(accountBalances.year, scope.year)))
            .where(and(eq(accounts.departmentId, scope.departmentId), inArray(accounts.id, ids)))
            .for('update', { of: accounts });
    input.accounts.forEach((a, i) => {
      const account = found.find((f) => f.id === a.accountId);
      if (!account) fail('InvalidValue', { field: `accounts.${i}.accountId` });
      if (a.accountCode !== undefined && a.accountCode.trim().toUpperCase() !== account.code) fail('InvalidValue', { field: `accounts.${i}.accountCode` });
      if (account.inactive && a.initialBalance !== (account.initial ?? 0))
        fail('InvalidValue', { field: `accounts.${i}.initialBalance`, params: { reason: 'inactive' } });
    });
    if (input.accounts.length === 0) return;
    await tx
      .insert(accountBalances)
      .values(input.accounts.map((a) => ({ accountId: a.accountId, year: scope.year, initialBalance: a.initialBalance })))
      .onConflictDoUpdate({ target: [accountBalances.accountId, accountBalances.year], set: { initialBalance: sql`excluded.initial_balance` } });
    await assertCashWithinBounds(tx, scope, 'accounts');
  });
  return getAccountBalances(db, scope);
}

/** Accounts/Balance/Total: the scope's cash balance (sum of the final balances; the header and the home card). */
export async function accountBalanceTotal(db: Db, scope: BookingScope): Promise<AccountBalanceTotal> {
  return { cashBalance: await cashTotal(db, scope) };
}
