import { z } from 'zod';
import { Id, Int, safeString } from './primitives.ts';
import { FilterText, optionalCode, optionalEmail, optionalText, requiredText } from './formFields.ts';
import { isValidIban, isValidSwift, italianIban, normalizeIban } from './iban.ts';
import { PageInput } from './paging.ts';
import { Language } from './roles.ts';

/** Spec 2 §5: the limits of the supplier form (shared address block plus supplier fields and bank info). */
export const SUPPLIER_LIMITS = {
  codeMax: 999_999,
  searchKey: 30,
  name: 40,
  address: 40,
  country: 3,
  postalCode: 10,
  province: 2,
  isoCode: 2,
  vatCode: 12,
  taxCode: 16,
  phone: 40,
  email: 50,
  internet: 50,
  contactPerson: 40,
  bankKey: 10,
  swift: 12,
  bankName: 120,
  accountNumber: 20,
  cin: 1,
  iban: 34,
  /** Supplier picker: text searches need at least 3 characters; page sizes autocomplete 1000, dialog 20. */
  searchMin: 3,
} as const;

export const SupplierBankInfo = z.object({
  bankId: Id.nullable().default(null),
  bankName: optionalText(SUPPLIER_LIMITS.bankName),
  /** ABI plus CAB. */
  bankKey: safeString().trim().max(SUPPLIER_LIMITS.bankKey, 'TooLong').default(''),
  swift: optionalCode(SUPPLIER_LIMITS.swift).refine((v) => v === '' || isValidSwift(v), 'InvalidValue'),
  cin: optionalCode(SUPPLIER_LIMITS.cin),
  accountNumber: optionalCode(SUPPLIER_LIMITS.accountNumber),
  iban: safeString()
    .trim()
    .max(SUPPLIER_LIMITS.iban + 8, 'TooLong')
    .transform((v) => (v === '' ? '' : normalizeIban(v)))
    .pipe(safeString().max(SUPPLIER_LIMITS.iban, 'TooLong'))
    .refine((v) => v === '' || isValidIban(v), 'InvalidValue')
    .default(''),
});
export type SupplierBankInfo = z.infer<typeof SupplierBankInfo>;

export const emptySupplierBankInfo = (): SupplierBankInfo => ({ bankId: null, bankName: '', bankKey: '', swift: '', cin: '', accountNumber: '', iban: '' });

/** The supplier form (create and update); the department comes from the scope. */
export const SupplierInput = z.object({
  code: Int.min(1, 'InvalidValue').max(SUPPLIER_LIMITS.codeMax, 'InvalidValue'),
  searchKey: requiredText(SUPPLIER_LIMITS.searchKey).transform((v) => v.toUpperCase()),
  name1: requiredText(SUPPLIER_LIMITS.name),
  name2: optionalText(SUPPLIER_LIMITS.name),
  street: optionalText(SUPPLIER_LIMITS.address),
  country: optionalCode(SUPPLIER_LIMITS.country, 'IT'),
  postalCode: optionalText(SUPPLIER_LIMITS.postalCode),
  location: optionalText(SUPPLIER_LIMITS.address),
  province: optionalCode(SUPPLIER_LIMITS.province),
  isoCode: optionalCode(SUPPLIER_LIMITS.isoCode, 'IT'),
  vatCode: optionalText(SUPPLIER_LIMITS.vatCode),
  taxCode: optionalCode(SUPPLIER_LIMITS.taxCode),
  paymentTerm: Int.min(0, 'InvalidValue').max(999, 'InvalidValue').default(30),
  landlinePhone: optionalText(SUPPLIER_LIMITS.phone),
  mobilePhone: optionalText(SUPPLIER_LIMITS.phone),
  fax: optionalText(SUPPLIER_LIMITS.phone),
  email: optionalEmail(SUPPLIER_LIMITS.email),
  internet: optionalText(SUPPLIER_LIMITS.internet),
  contactPerson: optionalText(SUPPLIER_LIMITS.contactPerson),
  /** A chapter code (5 characters) proposed when booking for this supplier, or ''. */
  chapterProposal: safeString()
    .trim()
    .regex(/^$|^[0-9A-Z]{5}$/, 'InvalidValue')
    .default(''),
  language: Language.default('de'),
  isInactive: z.boolean().default(false),
  bankInfo: SupplierBankInfo.default(emptySupplierBankInfo),
});
export type SupplierInput = z.infer<typeof SupplierInput>;

export type Supplier = SupplierInput & { id: number; departmentId: number };

/** The template of a new supplier (GET Suppliers/new): the next free code of the department is filled in by the server. */
export function newSupplier(departmentId: number, code: number): Omit<Supplier, 'id'> & { id: null } {
  return {
    id: null,
    departmentId,
    code,
    searchKey: '',
    name1: '',
    name2: '',
    street: '',
    country: 'IT',
    postalCode: '',
    location: '',
    province: 'BZ',
    isoCode: 'IT',
    vatCode: '',
    taxCode: '',
    paymentTerm: 30,
    landlinePhone: '',
    mobilePhone: '',
    fax: '',
    email: '',
    internet: '',
    contactPerson: '',
    chapterProposal: '',
    language: 'de',
    isInactive: false,
    bankInfo: emptySupplierBankInfo(),
  };
}

/**
 * Completes the bank info as saved: with no IBAN but a bank key (ABI + CAB) and an account number,
 * CIN and IBAN are generated (country IT, account number padded to 12); with an Italian IBAN the
 * bank key, CIN and account number are taken from it. Returns null when the bank key or account
 * number cannot make an IBAN (the caller reports InvalidValue).
 */
export function completeBankInfo(info: SupplierBankInfo): SupplierBankInfo | null {
  if (info.iban !== '') {
    if (!info.iban.startsWith('IT')) return info;
    return { ...info, cin: info.iban.charAt(4), bankKey: info.iban.slice(5, 15), accountNumber: info.iban.slice(15) };
  }
  if (info.accountNumber === '') return info;
  const generated = italianIban(info.bankKey.slice(0, 5), info.bankKey.slice(5, 10), info.accountNumber);
  if (!generated || info.bankKey.length !== 10) return null;
  return { ...info, cin: generated.cin, accountNumber: generated.accountNumber, iban: generated.iban };
}

/** A supplier brief: what pickers and lists show. */
export interface SupplierBrief {
  id: number;
  code: number;
  name1: string;
  name2: string;
  searchKey: string;
  location: string;
  province: string;
  country: string;
  isInactive: boolean;
}

/** Filters of the supplier list (screen and export). `active` true = only active, false = only inactive. */
export const SupplierFilter = z.object({
  departmentId: Id,
  code: Int.optional(),
  searchKey: FilterText,
  location: FilterText,
  province: FilterText,
  country: FilterText,
  active: z.boolean().optional(),
  codeFrom: Int.optional(),
  codeTo: Int.optional(),
  nameFrom: FilterText,
  nameTo: FilterText,
  sort: z.enum(['code', 'searchKey']).default('code'),
});
export const SupplierListInput = PageInput.extend(SupplierFilter.shape);
export type SupplierListInput = z.infer<typeof SupplierListInput>;

/**
 * Suppliers/briefs/search: `search` is a numeric code or a text of at least 3 characters matched
 * against search key and name; the picker asks pageSize 1000 (autocomplete) or 20 (dialog).
 */
export const SupplierSearchInput = PageInput.extend({
  departmentId: Id,
  search: safeString()
    .trim()
    .refine((v) => /^[0-9]+$/.test(v) || v.length >= SUPPLIER_LIMITS.searchMin, 'TooShort'),
  language: Language.default('de'),
  includeInactive: z.boolean().default(false),
  location: FilterText,
  province: FilterText,
  country: FilterText,
});
export type SupplierSearchInput = z.infer<typeof SupplierSearchInput>;

/** The supplier export (PDF, CSV): the list filters without paging. */
export const SupplierExportInput = SupplierFilter.extend({ language: Language.default('de') });
export type SupplierExportInput = z.infer<typeof SupplierExportInput>;

export interface SupplierExportRow {
  code: number;
  searchKey: string;
  name: string;
  address: string;
  vatCode: string;
  taxCode: string;
  phone: string;
  email: string;
  iban: string;
  isInactive: boolean;
}

export interface SupplierExport {
  language: Language;
  departmentCode: string;
  departmentName: string;
  rows: SupplierExportRow[];
}
