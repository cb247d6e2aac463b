import { z } from 'zod';
import { Id, safeString } from './primitives.ts';
import { IsoDate } from './dates.ts';
import { boundedTotal, Cents } from './money.ts';
import { PageInput } from './paging.ts';
import { ScopeInput } from './scope.ts';
import { AccountTypeSchema } from './accounts.ts';
import { RecordNumber } from './movements.ts';
import { Num, pageOf, Text } from './outputs.ts';

// Account transfers and account balances (spec 3 §2 "Account transfers", "Account initial balances",
// §3 "Account transfer", "Account balance", §7 Accounts/Transfers, Accounts/Balance,
// Accounts/Balance/Total; DOMAIN.md "Bookings" and decisions 1, 2, 8, 12). Amounts are integer cents
// (`Cents`, euros on the REST wire), dates `YYYY-MM-DD`. The rules live in the server's services.

export const ACCOUNT_TRANSFER_LIMITS = { note: 200, search: 50 } as const;

/** One account transfer of the scope by its record number. */
export const AccountTransferKey = ScopeInput.extend({ recordNumber: RecordNumber });
export type AccountTransferKey = z.infer<typeof AccountTransferKey>;

/** Accounts/Transfers DELETE: the transfer by id (the spec's body) or by record number. */
export const AccountTransferDeleteInput = ScopeInput.extend({
  id: Id.nullish().transform((v) => v ?? undefined),
  recordNumber: RecordNumber.nullish().transform((v) => v ?? undefined),
}).refine((v) => v.id !== undefined || v.recordNumber !== undefined, { message: 'Required', path: ['id'] });
export type AccountTransferDeleteInput = z.input<typeof AccountTransferDeleteInput>;

/**
 * The transfers picker (paged, newest first). `search` matches the record number, the record date
 * (`DD.MM.YYYY`, `DD.MM.YY` or `YYYY-MM-DD`), the note and the accounts' codes and descriptions.
 */
export const AccountTransferListInput = ScopeInput.extend({
  search: safeString().trim().max(ACCOUNT_TRANSFER_LIMITS.search, 'TooLong').default(''),
}).extend(PageInput.shape);
export type AccountTransferListInput = z.infer<typeof AccountTransferListInput>;

/**
 * Accounts/Transfers save (DOMAIN decisions 1, 2, 12): money moved from one account of the department
 * to another, no budget effect.
 * - New transfer: `id` and `recordNumber` null (the next number), or `recordNumber` typed with
 *   `asNew` (must be the next one: InvalidRecordNumber; RecordNumberUsed when taken).
 * - Existing transfer: its `id` or its `recordNumber` (without `asNew`); RecordNotFound when none.
 * - recordDate in the scope year, not after today (DateAfter31.12 / InvalidDate); both accounts of the
 *   department, active for a new transfer, different (InvalidValue on accountIdTo); amount > 0
 *   (InvalidValue on amount). BudgetClosed once the final account is approved.
 */
export const AccountTransferSaveInput = ScopeInput.extend({
  id: Id.nullish().transform((v) => v ?? null),
  recordNumber: RecordNumber.nullish().transform((v) => v ?? null),
  asNew: z.boolean().default(false),
  recordDate: IsoDate,
  note: safeString().trim().max(ACCOUNT_TRANSFER_LIMITS.note, 'TooLong').default(''),
  accountIdFrom: Id,
  accountIdTo: Id,
  amount: Cents,
});
export type AccountTransferSaveInput = z.input<typeof AccountTransferSaveInput>;
export type AccountTransferSave = z.infer<typeof AccountTransferSaveInput>;

// ---- answers ---------------------------------------------------------------------------------

/** An account as a transfer names it (spec 3 §3: id, code, descriptions) with its type. */
export const TransferAccount = z.strictObject({ id: Num, code: Text, type: AccountTypeSchema, descriptionDeu: Text, descriptionIta: Text });
export type TransferAccount = z.infer<typeof TransferAccount>;

/** An account transfer as saved (spec 3 §3). `isLatest`: the newest number (Delete deletes it, else cancels). */
export const AccountTransfer = z.strictObject({
  id: Num,
  recordNumber: Num,
  recordDate: Text,
  accountFrom: TransferAccount,
  accountTo: TransferAccount,
  amount: Cents,
  note: Text,
  /** Cancelled (DOMAIN decisions 1, 27): keeps its number, accounts and note; its amount is 0 (what counts). */
  cancelled: z.boolean(),
  /**
   * The amount it was booked at: on a cancelled transfer the amount before the cancel (null only for one
   * cancelled before the amounts were kept), on a live one = `amount`.
   */
  originalAmount: Cents.nullable(),
  isLatest: z.boolean(),
  /** False when the budget is closed or the year locked, or the transfer is cancelled. */
  isEditable: z.boolean(),
});
export type AccountTransfer = z.infer<typeof AccountTransfer>;

export const AccountTransferPage = pageOf(AccountTransfer);
export type AccountTransferPage = z.infer<typeof AccountTransferPage>;

/** Accounts/Transfers DELETE: the latest transfer was deleted (its number given back) or an earlier one cancelled. */
export const AccountTransferDeleteResult = z.strictObject({ deleted: z.boolean(), cancelled: z.boolean(), recordNumber: Num });
export type AccountTransferDeleteResult = z.infer<typeof AccountTransferDeleteResult>;

/** What the transfer form needs: editable, the next number, the active accounts to pick from. */
export const AccountTransferContext = z.strictObject({
  isBudgetClosed: z.boolean(),
  isYearLocked: z.boolean(),
  isEditable: z.boolean(),
  nextRecordNumber: Num,
  accounts: z.array(TransferAccount),
});
export type AccountTransferContext = z.infer<typeof AccountTransferContext>;

// ---- balances ----------------------------------------------------------------------------------

/**
 * One account's balances in the scope year (spec 3 §3 "Account balance"): the initial balance (typed
 * in the department's first year, else the previous year's final balance), the year's movements
 * (revenues + paid instalments out + transfers in − transfers out) and the final balance = initial + movements.
 */
export const AccountBalance = z.strictObject({
  accountId: Num,
  accountCode: Text,
  type: AccountTypeSchema,
  descriptionDeu: Text,
  descriptionIta: Text,
  initialBalance: Cents,
  movementsBalance: Cents,
  finalBalance: Cents,
  inactive: z.boolean(),
});
export type AccountBalance = z.infer<typeof AccountBalance>;

export const AccountBalanceTotals = z.strictObject({ initialBalance: Cents, movementsBalance: Cents, finalBalance: Cents });
export type AccountBalanceTotals = z.infer<typeof AccountBalanceTotals>;

/**
 * Accounts/Balance (GET, and the answer of POST): every account of the department (inactive ones too:
 * their history stays), sorted by type and code, with totals. `editable`: initial balances may be typed
 * (the department's first year, budget not closed, year open). `isFirstYear` tells why not.
 */
export const AccountBalances = z.strictObject({
  accounts: z.array(AccountBalance),
  totals: AccountBalanceTotals,
  editable: z.boolean(),
  isFirstYear: z.boolean(),
  isBudgetClosed: z.boolean(),
});
export type AccountBalances = z.infer<typeof AccountBalances>;

/** Accounts/Balance POST (spec name `accounts`): the typed initial balances of the first year; accounts not sent keep theirs. */
export const AccountBalanceSaveInput = ScopeInput.extend({
  accounts: z
    .array(
      z.object({
        accountId: Id,
        accountCode: safeString().optional(),
        initialBalance: Cents,
      }),
    )
    .max(1000),
}).superRefine(boundedTotal('accounts', (v) => v.accounts.map((a) => a.initialBalance)));
export type AccountBalanceSaveInput = z.input<typeof AccountBalanceSaveInput>;

/** Accounts/Balance/Total: the scope's cash balance = the sum of the accounts' final balances (the header and home card). */
export const AccountBalanceTotal = z.strictObject({ cashBalance: Cents });
export type AccountBalanceTotal = z.infer<typeof AccountBalanceTotal>;
