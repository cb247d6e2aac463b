import { type Db, execRows, likeEscape, pagedRows, schema, toBool, toCents } from '@app/db';
import {
  type AccountTransfer,
  type AccountTransferContext,
  type AccountTransferDeleteResult,
  type AccountTransferListInput,
  type AccountTransferPage,
  type AccountTransferSave,
  type AccountType,
  checkMovementDates,
  pageWindow,
  parseDateInput,
  toPage,
  type TransferAccount,
  readsOnly,
} from '@app/domain';
import { and, asc, eq, inArray, type SQL, sql } from 'drizzle-orm';
import { fail } from '../../errors.ts';
import { shareOpenHead } from '../ledger/head.ts';
import { assertCashWithinBounds } from '../ledger/cashBalances.ts';
import { checkTypedRecordNumber, deleteOrCancel, nextRecordNumber } from '../ledger/recordCounters.ts';
import { scopeStatus } from '../scope.ts';
import type { BookingScope } from '../ledger/bookingScope.ts';
import { writeAndAnswer } from '../ledger/transaction.ts';

const { accountTransfers, accounts } = schema;

const COUNTER = 'accountTransfer';

type TransferRow = typeof accountTransfers.$inferSelect;

/**
 * Cash writes of the scope: the year open (YearLocked), the budget head locked FOR SHARE like every
 * booking (a final-account approval waits for them), not closed (BudgetClosed). Numbers are serialised
 * by the record counter, edits by the transfer's row.
 */
export async function lockCashScope(tx: Db, scope: BookingScope): Promise<void> {
  const head = await shareOpenHead(tx, scope);
  if (head.finalApproved) fail('BudgetClosed');
}

/** Is the scope writable for transfers and balances (budget not closed, year not locked, not the auditor)? */
export async function cashState(db: Db, scope: BookingScope): Promise<{ closed: boolean; yearLocked: boolean; isFirstYear: boolean; editable: boolean }> {
  const status = await scopeStatus(db, scope, scope.today);
  const closed = status.isBudgetClosed;
  const yearLocked = Boolean(status.isYearLocked);
  return { closed, yearLocked, isFirstYear: status.isFirstYear, editable: !closed && !yearLocked && !readsOnly(scope) };
}

// ---- read ---------------------------------------------------------------------------------------

interface RawTransfer {
  id: number | string;
  record_number: number | string;
  record_date: string;
  note: string;
  amount: string | number;
  cancelled_amount: string | number | null;
  cancelled: boolean | string;
  is_latest: boolean | string;
  from_id: number | string;
  from_code: string;
  from_type: number | string;
  from_deu: string;
  from_ita: string;
  to_id: number | string;
  to_code: string;
  to_type: number | string;
  to_deu: string;
  to_ita: string;
}

function side(r: RawTransfer, prefix: 'from' | 'to'): TransferAccount {
  return {
    id: Number(r[`${prefix}_id`]),
    code: r[`${prefix}_code`],
    type: Number(r[`${prefix}_type`]) as AccountType,
    descriptionDeu: r[`${prefix}_deu`],
    descriptionIta: r[`${prefix}_ita`],
  };
}

function toTransfer(r: RawTransfer, editable: boolean): AccountTransfer {
  const cancelled = toBool(r.cancelled);
  return {
    id: Number(r.id),
    recordNumber: Number(r.record_number),
    recordDate: r.record_date,
    accountFrom: side(r, 'from'),
    accountTo: side(r, 'to'),
    amount: toCents(r.amount),
    note: r.note,
    cancelled,
    // a live transfer was booked at what it counts; a cancelled one at its kept amount (null: not known)
    originalAmount: cancelled ? (r.cancelled_amount === null ? null : toCents(r.cancelled_amount)) : toCents(r.amount),
    isLatest: toBool(r.is_latest),
    isEditable: editable && !cancelled,
  };
}

/** The transfers of the scope with both accounts (alias `t`), `where` narrowing them. */
function transfersSql(scope: BookingScope, where: SQL): SQL {
  return sql`select t.id, t.record_number, t.record_date::text as record_date, t.note, t.amount, t.cancelled_amount, t.cancelled,
      t.record_number = coalesce((select c.last from record_counters c
        where c.department_id = t.department_id and c.year = t.year and c.kind = ${COUNTER}), 0) as is_latest,
      af.id as from_id, af.code as from_code, af.type as from_type, af.description_deu as from_deu, af.description_ita as from_ita,
      at.id as to_id, at.code as to_code, at.type as to_type, at.description_deu as to_deu, at.description_ita as to_ita
    from account_transfers t
    join accounts af on af.id = t.account_from_id
    join accounts at on at.id = t.account_to_id
    where t.department_id = ${scope.departmentId} and t.year = ${scope.year} and ${where}`;
}

async function findTransfer(db: Db, scope: BookingScope, where: SQL): Promise<AccountTransfer> {
  const [[row], state] = await Promise.all([execRows<RawTransfer>(db, transfersSql(scope, where)), cashState(db, scope)]);
  if (!row) fail('RecordNotFound', { field: 'recordNumber' });
  return toTransfer(row, state.editable);
}

/** Accounts/Transfers GET with a record number: one transfer (RecordNotFound). */
export async function getTransfer(db: Db, scope: BookingScope, input: { recordNumber: number }): Promise<AccountTransfer> {
  return findTransfer(db, scope, sql`t.record_number = ${input.recordNumber}`);
}

/** The picker's search as one condition on `t`, `af`, `at` (null: no search). */
function searchCondition(search: string): SQL | null {
  const text = search.trim();
  if (!text) return null;
  const like = `%${likeEscape(text)}%`;
  const parts: SQL[] = [sql`t.note ilike ${like}`];
  for (const a of [sql`af`, sql`at`])
    parts.push(sql`${a}.code ilike ${like}`, sql`${a}.description_deu ilike ${like}`, sql`${a}.description_ita ilike ${like}`);
  if (/^\d{1,9}$/.test(text)) parts.push(sql`t.record_number = ${Number(text)}`);
  const date = /^\d{4}-\d{2}-\d{2}$/.test(text) ? text : parseDateInput(text);
  if (date) parts.push(sql`t.record_date = ${date}::date`);
  return sql`(${sql.join(parts, sql` or `)})`;
}

/** Accounts/Transfers GET: the scope's transfers, newest first, paged, searchable (one query). */
export async function listTransfers(db: Db, scope: BookingScope, input: AccountTransferListInput): Promise<AccountTransferPage> {
  const search = searchCondition(input.search) ?? sql`true`;
  const [{ rows, total }, state] = await Promise.all([
    pagedRows<RawTransfer>(db, transfersSql(scope, search), sql`record_number desc`, pageWindow(input)),
    cashState(db, scope),
  ]);
  return toPage(
    rows.map((r) => toTransfer(r, state.editable)),
    total,
    input,
  );
}

/** The transfer form: editable, next number, the active accounts of the department. */
export async function transferContext(db: Db, scope: BookingScope): Promise<AccountTransferContext> {
  const [state, active, last] = await Promise.all([
    cashState(db, scope),
    db
      .select({ id: accounts.id, code: accounts.code, type: accounts.type, descriptionDeu: accounts.descriptionDeu, descriptionIta: accounts.descriptionIta })
      .from(accounts)
      .where(and(eq(accounts.departmentId, scope.departmentId), eq(accounts.inactive, false)))
      .orderBy(asc(accounts.type), asc(accounts.code)),
    execRows<{ last: number | string }>(
      db,
      sql`select last from record_counters where department_id = ${scope.departmentId} and year = ${scope.year} and kind = ${COUNTER}`,
    ),
  ]);
  return {
    isBudgetClosed: state.closed,
    isYearLocked: state.yearLocked,
    isEditable: state.editable,
    nextRecordNumber: Number(last[0]?.last ?? 0) + 1,
    accounts: active.map((a) => ({ ...a, type: a.type as AccountType })),
  };
}

// ---- write --------------------------------------------------------------------------------------

/** The scope's transfer by id or record number, locked FOR UPDATE. */
async function lockTransfer(tx: Db, scope: BookingScope, key: { id?: number | null; recordNumber?: number | null }): Promise<TransferRow | undefined> {
  const [row] = await tx
    .select()
    .from(accountTransfers)
    .where(
      and(
        eq(accountTransfers.departmentId, scope.departmentId),
        eq(accountTransfers.year, scope.year),
        key.id ? eq(accountTransfers.id, key.id) : eq(accountTransfers.recordNumber, key.recordNumber ?? 0),
      ),
    )
    .for('update');
  return row;
}

/** Both accounts: of the department (InvalidValue), different (InvalidValue on accountIdTo), active unless already on the transfer. */
async function checkAccounts(tx: Db, scope: BookingScope, input: AccountTransferSave, existing: TransferRow | undefined): Promise<void> {
  const rows = await tx
    .select({ id: accounts.id, inactive: accounts.inactive })
    .from(accounts)
    .where(and(eq(accounts.departmentId, scope.departmentId), inArray(accounts.id, [input.accountIdFrom, input.accountIdTo])))
    .for('share'); // an inactivation (its balance check) waits for this transfer
  const kept = new Set(existing ? [existing.accountFromId, existing.accountToId] : []);
  for (const field of ['accountIdFrom', 'accountIdTo'] as const) {
    const account = rows.find((r) => r.id === input[field]);
    if (!account) fail('InvalidValue', { field });
    if (account.inactive && !kept.has(account.id)) fail('InvalidValue', { field, params: { reason: 'inactive' } });
  }
  if (input.accountIdFrom === input.accountIdTo) fail('InvalidValue', { field: 'accountIdTo' });
}

/**
 * Accounts/Transfers POST: a new transfer (the next gap-free number; a typed one must be the next) or
 * the saved one changed, in one transaction behind the scope's budget head lock. Every rule is checked
 * before anything is written (DOMAIN decisions 1, 2, 12).
 */
export async function saveTransfer(db: Db, scope: BookingScope, input: AccountTransferSave): Promise<AccountTransfer> {
  return writeAndAnswer(
    db,
    async (tx): Promise<number> => {
      await lockCashScope(tx, scope);
      const isNew = input.asNew || (input.id === null && input.recordNumber === null);
      let existing: TransferRow | undefined;
      if (!isNew) {
        existing = await lockTransfer(tx, scope, input);
        if (!existing) fail('RecordNotFound', { field: 'recordNumber', params: { recordNumber: input.recordNumber ?? 0 } });
        if (existing.cancelled) fail('InvalidValue', { field: 'recordNumber', params: { recordNumber: existing.recordNumber, reason: 'cancelled' } });
      }
      const dateError = checkMovementDates({ year: scope.year, today: scope.today, recordDate: input.recordDate, documentDate: null });
      if (dateError) fail(dateError.code, { field: dateError.field });
      await checkAccounts(tx, scope, input, existing);
      if (input.amount <= 0) fail('InvalidValue', { field: 'amount' });

      const values = {
        recordDate: input.recordDate,
        note: input.note,
        accountFromId: input.accountIdFrom,
        accountToId: input.accountIdTo,
        amount: input.amount,
      };
      if (existing) {
        await tx.update(accountTransfers).set(values).where(eq(accountTransfers.id, existing.id));
        await assertCashWithinBounds(tx, scope, 'amount');
        return existing.id;
      }
      await checkTypedRecordNumber(tx, scope, COUNTER, input.asNew ? input.recordNumber : null);
      const recordNumber = await nextRecordNumber(tx, scope, COUNTER);
      const [created] = await tx
        .insert(accountTransfers)
        .values({ departmentId: scope.departmentId, year: scope.year, recordNumber, ...values })
        .returning({ id: accountTransfers.id });
      if (!created) throw new Error('account transfer insert failed');
      await assertCashWithinBounds(tx, scope, 'amount');
      return created.id;
    },
    (tx, id) => findTransfer(tx, scope, sql`t.id = ${id}`),
  );
}

/**
 * Accounts/Transfers DELETE (DOMAIN decision 1): the latest transfer is deleted and its number given
 * back; an earlier one is cancelled (keeps its number, amount 0).
 */
export async function deleteTransfer(
  db: Db,
  scope: BookingScope,
  key: { id?: number | undefined; recordNumber?: number | undefined },
): Promise<AccountTransferDeleteResult> {
  return db.transaction(async (tx): Promise<AccountTransferDeleteResult> => {
    await lockCashScope(tx, scope);
    const row = await lockTransfer(tx, scope, key);
    if (!row) fail('RecordNotFound', { field: key.id ? 'id' : 'recordNumber', params: { recordNumber: key.recordNumber ?? 0 } });
    return deleteOrCancel(tx, scope, COUNTER, row.recordNumber, {
      // the latest goes, cancelled or not, and gives its number back
      remove: () => tx.delete(accountTransfers).where(eq(accountTransfers.id, row.id)),
      // an earlier one keeps the amount it had in cancelled_amount, counted nowhere (cancelled already: nothing more to do)
      cancel: async () => {
        if (!row.cancelled)
          await tx
            .update(accountTransfers)
            .set({ cancelled: true, cancelledAmount: sql`${accountTransfers.amount}`, amount: 0 })
            .where(eq(accountTransfers.id, row.id));
      },
    });
  });
}
