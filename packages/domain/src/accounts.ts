import { z } from 'zod';
import { Id, safeString } from './primitives.ts';
import { FilterText, optionalCode, optionalText, requiredText } from './formFields.ts';
import { isValidIban, isValidSwift, normalizeIban } from './iban.ts';
import { PageInput } from './paging.ts';
import { Language } from './roles.ts';
import { Year } from './scope.ts';

/** Account types: 1 cash, 2 bank, 3 post (spec 2 §9). */
export const AccountType = { Cash: 1, Bank: 2, Post: 3 } as const;
export type AccountType = (typeof AccountType)[keyof typeof AccountType];
export const AccountTypeSchema = z.union([z.literal(1), z.literal(2), z.literal(3)]);

export const ACCOUNT_LIMITS = { code: 6, description: 50, notes: 200, iban: 34, bankName: 120, swift: 12 } as const;

export const AccountBankInfo = z.object({
  iban: safeString()
    .trim()
    .transform((v) => (v === '' ? '' : normalizeIban(v)))
    .pipe(safeString().max(ACCOUNT_LIMITS.iban, 'TooLong'))
    .refine((v) => v === '' || isValidIban(v), 'InvalidValue')
    .default(''),
  bankName: optionalText(ACCOUNT_LIMITS.bankName),
  swift: optionalCode(ACCOUNT_LIMITS.swift).refine((v) => v === '' || isValidSwift(v), 'InvalidValue'),
});
export type AccountBankInfo = z.infer<typeof AccountBankInfo>;

/** The account form (create and update); the department comes from the scope, the year is ignored. */
export const AccountInput = z.object({
  code: requiredText(ACCOUNT_LIMITS.code).transform((v) => v.toUpperCase()),
  descriptionDeu: requiredText(ACCOUNT_LIMITS.description),
  descriptionIta: requiredText(ACCOUNT_LIMITS.description),
  type: AccountTypeSchema,
  notes: optionalText(ACCOUNT_LIMITS.notes),
  inactive: z.boolean().default(false),
  bankInfo: AccountBankInfo.default(() => ({ iban: '', bankName: '', swift: '' })),
});
export type AccountInput = z.infer<typeof AccountInput>;

/**
 * An account as read; `canInactivate` tells whether it may be set inactive (the form's checkbox): its
 * final balance in the scope year is zero (a used account too; AccountHasBalance otherwise).
 */
export type Account = AccountInput & { id: number; departmentId: number; canInactivate: boolean };

export function newAccount(departmentId: number): Omit<Account, 'id' | 'type'> & { id: null; type: AccountType } {
  return {
    id: null,
    departmentId,
    code: '',
    descriptionDeu: '',
    descriptionIta: '',
    type: AccountType.Cash,
    notes: '',
    inactive: false,
    canInactivate: true,
    bankInfo: { iban: '', bankName: '', swift: '' },
  };
}

export const AccountListInput = PageInput.extend({
  departmentId: Id,
  /** The scope year: `canInactivate` looks at the balance of this year. */
  year: Year,
  description: FilterText,
  type: AccountTypeSchema.optional(),
  includeInactive: z.boolean().default(true),
});
export type AccountListInput = z.infer<typeof AccountListInput>;

export interface AccountBrief {
  id: number;
  code: string;
  descriptionDeu: string;
  descriptionIta: string;
  type: AccountType;
  inactive: boolean;
}

/** Accounts print: all accounts or those of one type. */
export const AccountPrintInput = z.object({
  departmentId: Id,
  /** The year of the balances printed. */
  year: Year,
  type: AccountTypeSchema.optional(),
  language: Language.default('de'),
});
export type AccountPrintInput = z.infer<typeof AccountPrintInput>;

/** The balances of an account in a year (cents): initial + movements = final (the accounts/saldo figures). */
export interface AccountYearBalances {
  initialBalance: number;
  movementsBalance: number;
  finalBalance: number;
}

export interface AccountPrint {
  language: Language;
  departmentCode: string;
  departmentName: string;
  type: AccountType | null;
  year: number;
  rows: (Omit<Account, 'departmentId' | 'canInactivate'> & AccountYearBalances)[];
  totals: AccountYearBalances;
}
