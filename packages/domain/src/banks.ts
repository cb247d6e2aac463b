import { z } from 'zod';
import { Id, safeString } from './primitives.ts';
import { FilterText, optionalCode, optionalText, requiredText } from './formFields.ts';
import { ABI_CAB, isValidIban, isValidSwift, normalizeIban } from './iban.ts';
import { PageInput } from './paging.ts';

/** Field limits of the bank directory (the table's columns). */
export const BANK_LIMITS = {
  key: 10,
  name: 120,
  street: 40,
  location: 40,
  postalCode: 10,
  province: 2,
  country: 3,
  routingCode: 20,
  uicCode: 10,
  swift: 12,
  iban: 34,
} as const;

const abiCab = safeString()
  .trim()
  .regex(/^$|^[0-9]{5}$/, 'InvalidValue')
  .default('');

const BankFields = z.object({
  /** ABI plus CAB for an Italian bank; derived from them when left empty. */
  key: safeString().trim().max(BANK_LIMITS.key, 'TooLong').default(''),
  name1: requiredText(BANK_LIMITS.name),
  name2: optionalText(BANK_LIMITS.name),
  street: optionalText(BANK_LIMITS.street),
  location: optionalText(BANK_LIMITS.location),
  postalCode: optionalText(BANK_LIMITS.postalCode),
  province: optionalCode(BANK_LIMITS.province),
  country: optionalCode(BANK_LIMITS.country, 'IT'),
  isForeign: z.boolean().default(false),
  autoUpdate: z.boolean().default(true),
  abi: abiCab,
  cab: abiCab,
  routingCode: optionalText(BANK_LIMITS.routingCode),
  uicCode: optionalText(BANK_LIMITS.uicCode),
  swift: optionalCode(BANK_LIMITS.swift).refine((v) => v === '' || isValidSwift(v), 'InvalidValue'),
  iban: safeString()
    .trim()
    .transform((v) => (v === '' ? '' : normalizeIban(v)))
    .pipe(safeString().max(BANK_LIMITS.iban, 'TooLong'))
    .refine((v) => v === '' || isValidIban(v), 'InvalidValue')
    .default(''),
  /** YYYY-MM-DD or null. */
  invalidFrom: z.iso.date('InvalidValue').nullable().default(null),
});

/**
 * The bank form. An Italian bank (not foreign) needs ABI and CAB of 5 digits and its key is ABI + CAB;
 * a foreign bank needs a key.
 */
export const BankInput = BankFields.transform((b, ctx) => {
  if (!b.isForeign) {
    if (!ABI_CAB.test(b.abi)) ctx.addIssue({ code: 'custom', path: ['abi'], message: 'Required' });
    if (!ABI_CAB.test(b.cab)) ctx.addIssue({ code: 'custom', path: ['cab'], message: 'Required' });
    return { ...b, key: `${b.abi}${b.cab}` };
  }
  if (b.key === '') ctx.addIssue({ code: 'custom', path: ['key'], message: 'Required' });
  return b;
});
export type BankInput = z.infer<typeof BankInput>;
export const BankPatch = BankFields.partial();

export type Bank = BankInput & { id: number };

export function newBank(): Omit<Bank, 'id'> & { id: null } {
  return {
    id: null,
    key: '',
    name1: '',
    name2: '',
    street: '',
    location: '',
    postalCode: '',
    province: '',
    country: 'IT',
    isForeign: false,
    autoUpdate: true,
    abi: '',
    cab: '',
    routingCode: '',
    uicCode: '',
    swift: '',
    iban: '',
    invalidFrom: null,
  };
}

/** The bank list: filters on ABI, CAB (prefix), routing code, name (name1 or name2) and location; sorted by name2. */
export const BankListInput = PageInput.extend({
  abi: FilterText,
  cab: FilterText,
  routingCode: FilterText,
  name: FilterText,
  location: FilterText,
});
export type BankListInput = z.infer<typeof BankListInput>;

/** Result of a bank import: counts and the lines that were not taken, with a reason code. */
export interface BankImportReport {
  added: number;
  changed: number;
  unchanged: number;
  rejected: { line: number; reason: BankImportRejection; field?: string }[];
}

export type BankImportRejection =
  'AbiMissing' | 'AbiInvalid' | 'CabMissing' | 'CabInvalid' | 'NameMissing' | 'TooLong' | 'SwiftInvalid' | 'DuplicateKey' | 'Malformed';

/** The bank import: CSV text of the bank directory (header row; semicolon or comma). */
export const BankImportInput = z.object({
  csv: safeString()
    .min(1, 'Required')
    .max(10 * 1024 * 1024, 'TooLong'),
  departmentId: Id.optional(),
});
export type BankImportInput = z.infer<typeof BankImportInput>;

/** Accepted header names (lower case, without spaces, dots, dashes or underscores) of each import column. */
export const BANK_IMPORT_COLUMNS = {
  abi: ['abi'],
  cab: ['cab'],
  name1: ['name1', 'name', 'bankname', 'denominazione', 'banca', 'bank'],
  name2: ['name2', 'branch', 'filiale', 'sportello', 'agenzia', 'zweigstelle'],
  street: ['street', 'address', 'indirizzo', 'via', 'strasse', 'straße'],
  postalCode: ['postalcode', 'zip', 'cap', 'plz'],
  location: ['location', 'city', 'comune', 'localita', 'località', 'ort'],
  province: ['province', 'provincia', 'prov', 'provinz'],
  swift: ['bic', 'swift', 'bicswift', 'swiftbic', 'swiftcode'],
} as const;
export type BankImportColumn = keyof typeof BANK_IMPORT_COLUMNS;

/** Maps a header cell to its column, or null when unknown. */
export function bankImportColumn(header: string): BankImportColumn | null {
  const h = header
    .trim()
    .toLowerCase()
    .replace(/[\s._\-/]/g, '');
  for (const [column, names] of Object.entries(BANK_IMPORT_COLUMNS) as [BankImportColumn, readonly string[]][]) {
    if (names.includes(h)) return column;
  }
  return null;
}

export type BankImportRow = Record<BankImportColumn, string>;

/** Checks one import row; returns the rejection or null. */
export function checkBankImportRow(row: BankImportRow): { reason: BankImportRejection; field?: string } | null {
  if (row.abi === '') return { reason: 'AbiMissing', field: 'abi' };
  if (!ABI_CAB.test(row.abi)) return { reason: 'AbiInvalid', field: 'abi' };
  if (row.cab === '') return { reason: 'CabMissing', field: 'cab' };
  if (!ABI_CAB.test(row.cab)) return { reason: 'CabInvalid', field: 'cab' };
  if (row.name1 === '') return { reason: 'NameMissing', field: 'name1' };
  const limits: Record<Exclude<BankImportColumn, 'abi' | 'cab'>, number> = {
    name1: BANK_LIMITS.name,
    name2: BANK_LIMITS.name,
    street: BANK_LIMITS.street,
    postalCode: BANK_LIMITS.postalCode,
    location: BANK_LIMITS.location,
    province: BANK_LIMITS.province,
    swift: BANK_LIMITS.swift,
  };
  for (const [field, max] of Object.entries(limits)) {
    if ((row[field as BankImportColumn] ?? '').length > max) return { reason: 'TooLong', field };
  }
  if (row.swift !== '' && !isValidSwift(row.swift)) return { reason: 'SwiftInvalid', field: 'swift' };
  return null;
}
