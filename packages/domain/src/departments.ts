import { z } from 'zod';
import { Text } from './outputs.ts';
import { Int, safeString } from './primitives.ts';
import { DepartmentCode } from './area.ts';
import { FilterText, optionalCode, optionalEmail, optionalText, requiredText } from './formFields.ts';
import { PageInput } from './paging.ts';
import { Language } from './roles.ts';

/** Spec 2 §5 / §9: the limits of the department form. */
export const DEPARTMENT_LIMITS = {
  name: 40,
  address: 40,
  postalCode: 10,
  province: 2,
  country: 3,
  taxCode: 16,
  registration: 30,
  identifier: 14,
  phone: 40,
  email: 50,
  personName: 50,
  siaNumber: 10,
  homebankingFile: 50,
  cbiCuc: 35,
} as const;

/** Commander, vice-commander and cashier: a name with phones and e-mail. */
export const DepartmentContact = z.object({
  name: optionalText(DEPARTMENT_LIMITS.personName),
  landline: optionalText(DEPARTMENT_LIMITS.phone),
  mobile: optionalText(DEPARTMENT_LIMITS.phone),
  email: optionalEmail(DEPARTMENT_LIMITS.email),
});
export type DepartmentContact = z.infer<typeof DepartmentContact>;

const emptyContact = (): DepartmentContact => ({ name: '', landline: '', mobile: '', email: '' });

/** The fields of a department without the cross-field rule (patches are checked after merging). */
export const DepartmentFields = z.object({
  code: DepartmentCode,
  name1Deu: requiredText(DEPARTMENT_LIMITS.name),
  name2Deu: requiredText(DEPARTMENT_LIMITS.name),
  name1Ita: requiredText(DEPARTMENT_LIMITS.name),
  name2Ita: requiredText(DEPARTMENT_LIMITS.name),
  streetDeu: optionalText(DEPARTMENT_LIMITS.address),
  streetIta: optionalText(DEPARTMENT_LIMITS.address),
  locationDeu: optionalText(DEPARTMENT_LIMITS.address),
  locationIta: optionalText(DEPARTMENT_LIMITS.address),
  municipalityDeu: optionalText(DEPARTMENT_LIMITS.address),
  municipalityIta: optionalText(DEPARTMENT_LIMITS.address),
  postalCode: optionalText(DEPARTMENT_LIMITS.postalCode),
  province: optionalCode(DEPARTMENT_LIMITS.province),
  country: optionalCode(DEPARTMENT_LIMITS.country),
  taxCode: optionalCode(DEPARTMENT_LIMITS.taxCode),
  registration: optionalText(DEPARTMENT_LIMITS.registration),
  /** Exactly 14 digits when given. */
  identifier: safeString()
    .trim()
    .regex(/^$|^[0-9]{14}$/, 'InvalidValue')
    .default(''),
  landlinePhone: optionalText(DEPARTMENT_LIMITS.phone),
  mobilePhone: optionalText(DEPARTMENT_LIMITS.phone),
  fax: optionalText(DEPARTMENT_LIMITS.phone),
  email: optionalEmail(DEPARTMENT_LIMITS.email),
  commander: DepartmentContact.default(emptyContact),
  viceCommander: DepartmentContact.default(emptyContact),
  cashier: DepartmentContact.default(emptyContact),
  openPaymentsAllowed: z.boolean().default(false),
  siaNumber: optionalText(DEPARTMENT_LIMITS.siaNumber),
  homebankingFile: optionalText(DEPARTMENT_LIMITS.homebankingFile),
  /** CBI CUC (Codice Univoco CBI, issued by the bank): identifies the department as debtor in a domestic bank file; letters and digits, upper case. */
  cbiCuc: optionalCode(DEPARTMENT_LIMITS.cbiCuc).pipe(safeString().regex(/^[0-9A-Z]*$/, 'InvalidValue')),
  /** First financial year kept in this system (opening balances, manual residues, typed previous-year forecast); null = the first year on its books (domain departmentFirstYear). */
  firstYear: Int.min(2000).max(2100).nullable().default(null),
});

/** siaNumber is required when open payments (homebanking) are allowed. */
export function checkDepartment(value: { openPaymentsAllowed: boolean; siaNumber: string }, ctx: z.RefinementCtx): void {
  if (value.openPaymentsAllowed && value.siaNumber === '') {
    ctx.addIssue({ code: 'custom', path: ['siaNumber'], message: 'Required' });
  }
}

/** The department form (create and update). */
export const DepartmentInput = DepartmentFields.superRefine(checkDepartment);
export type DepartmentInput = z.infer<typeof DepartmentInput>;

/** A department as read: the form fields plus id and the area derived from the code. */
export type Department = DepartmentInput & { id: number; area: 1 | 2 | 3 };

/** The template of a new department (GET Departments/new). */
export function newDepartment(): Omit<Department, 'id' | 'area' | 'code'> & { id: null; code: string; area: null } {
  const c = emptyContact;
  return {
    id: null,
    code: '',
    area: null,
    name1Deu: 'Freiwillige Feuerwehr',
    name2Deu: '',
    name1Ita: '',
    name2Ita: '',
    streetDeu: '',
    streetIta: '',
    locationDeu: '',
    locationIta: '',
    municipalityDeu: '',
    municipalityIta: '',
    postalCode: '',
    province: 'BZ',
    country: 'IT',
    taxCode: '',
    registration: '',
    identifier: '',
    landlinePhone: '',
    mobilePhone: '',
    fax: '',
    email: '',
    commander: c(),
    viceCommander: c(),
    cashier: c(),
    openPaymentsAllowed: false,
    siaNumber: '',
    homebankingFile: '',
    cbiCuc: '',
    firstYear: null,
  };
}

/** The department list: filter on code (prefix) and name (either language), code range, paged. */
export const DepartmentListInput = PageInput.extend({
  code: FilterText,
  name: FilterText,
  codeFrom: FilterText,
  codeTo: FilterText,
});
export type DepartmentListInput = z.infer<typeof DepartmentListInput>;

/** Departments/briefs/search: filter (code prefix or name in the language), paged. */
export const DepartmentSearchInput = PageInput.extend({
  filter: FilterText,
  language: Language.default('de'),
});
export type DepartmentSearchInput = z.infer<typeof DepartmentSearchInput>;

/** The department export (PDF, CSV): code range and sort. */
export const DepartmentExportInput = z.object({
  codeFrom: FilterText,
  codeTo: FilterText,
  sort: z.enum(['code', 'name']).default('code'),
  language: Language.default('de'),
});
export type DepartmentExportInput = z.infer<typeof DepartmentExportInput>;

/** One line of the department list report. */
export const DepartmentExportRow = z.object({
  code: Text,
  name: Text,
  location: Text,
  commander: Text,
  cashier: Text,
  phone: Text,
  email: Text,
});
export type DepartmentExportRow = z.infer<typeof DepartmentExportRow>;

export interface DepartmentExport {
  language: Language;
  codeFrom: string | null;
  codeTo: string | null;
  rows: DepartmentExportRow[];
}

/** Full name of a department in a language: name1 and name2 joined. */
export function departmentName(d: { name1Deu: string; name2Deu: string; name1Ita: string; name2Ita: string }, language: Language): string {
  return language === 'it' ? [d.name1Ita, d.name2Ita].filter(Boolean).join(' ') : [d.name1Deu, d.name2Deu].filter(Boolean).join(' ');
}
