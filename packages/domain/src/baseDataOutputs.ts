import { z } from 'zod';
import type { Bank, BankImportReport } from './banks.ts';
import type { Department } from './departments.ts';
import { NullNum, NullText, Num, pageOf, Text } from './outputs.ts';
import type { Page } from './paging.ts';
import { AccessLevelSchema, Language } from './roles.ts';
import { DepartmentBrief } from './scope.ts';
import type { Supplier, SupplierBrief } from './suppliers.ts';
import type { MovementTemplate, TemplateBrief } from './templates.ts';
import type { UserDepartmentRow, UserDetail, UserRow } from './users.ts';

/**
 * The answers of the base-data procedures as schemas (for /api/openapi.json and output validation):
 * strict objects typed by the domain type they describe, plain strings and numbers (what is stored is
 * answered as stored; the input rules are the input schemas' job).
 */

const bankFields = {
  key: Text,
  name1: Text,
  name2: Text,
  street: Text,
  location: Text,
  postalCode: Text,
  province: Text,
  country: Text,
  isForeign: z.boolean(),
  autoUpdate: z.boolean(),
  abi: Text,
  cab: Text,
  routingCode: Text,
  uicCode: Text,
  swift: Text,
  iban: Text,
  invalidFrom: NullText,
};

export const BankOutput: z.ZodType<Bank> = z.strictObject({ id: Num, ...bankFields });
export const BankPageOutput = pageOf(BankOutput);
export const BankTemplateOutput: z.ZodType<Omit<Bank, 'id'> & { id: null }> = z.strictObject({ id: z.null(), ...bankFields });
export const DeletedOutput = z.literal(true);

export const BankImportOutput: z.ZodType<BankImportReport> = z.strictObject({
  added: Num,
  changed: Num,
  unchanged: Num,
  rejected: z.array(
    z.strictObject({
      line: Num,
      reason: z.enum(['AbiMissing', 'AbiInvalid', 'CabMissing', 'CabInvalid', 'NameMissing', 'TooLong', 'SwiftInvalid', 'DuplicateKey', 'Malformed']),
      field: Text.optional(),
    }),
  ),
});

export const supplierFields = {
  departmentId: Num,
  code: Num,
  searchKey: Text,
  name1: Text,
  name2: Text,
  street: Text,
  country: Text,
  postalCode: Text,
  location: Text,
  province: Text,
  isoCode: Text,
  vatCode: Text,
  taxCode: Text,
  paymentTerm: Num,
  landlinePhone: Text,
  mobilePhone: Text,
  fax: Text,
  email: Text,
  internet: Text,
  contactPerson: Text,
  chapterProposal: Text,
  language: Language,
  isInactive: z.boolean(),
  bankInfo: z.strictObject({
    bankId: NullNum,
    bankName: Text,
    bankKey: Text,
    swift: Text,
    cin: Text,
    accountNumber: Text,
    iban: Text,
  }),
};

export const SupplierOutput: z.ZodType<Supplier> = z.strictObject({ id: Num, ...supplierFields });
export const SupplierPageOutput = pageOf(SupplierOutput);
export const SupplierTemplateOutput: z.ZodType<Omit<Supplier, 'id'> & { id: null }> = z.strictObject({ id: z.null(), ...supplierFields });

const SupplierBriefOutput: z.ZodType<SupplierBrief> = z.strictObject({
  id: Num,
  code: Num,
  name1: Text,
  name2: Text,
  searchKey: Text,
  location: Text,
  province: Text,
  country: Text,
  isInactive: z.boolean(),
});
export const SupplierBriefPageOutput = pageOf(SupplierBriefOutput);

const contact = z.strictObject({ name: Text, landline: Text, mobile: Text, email: Text });
const departmentFields = {
  code: Text,
  name1Deu: Text,
  name2Deu: Text,
  name1Ita: Text,
  name2Ita: Text,
  streetDeu: Text,
  streetIta: Text,
  locationDeu: Text,
  locationIta: Text,
  municipalityDeu: Text,
  municipalityIta: Text,
  postalCode: Text,
  province: Text,
  country: Text,
  taxCode: Text,
  registration: Text,
  identifier: Text,
  landlinePhone: Text,
  mobilePhone: Text,
  fax: Text,
  email: Text,
  commander: contact,
  viceCommander: contact,
  cashier: contact,
  openPaymentsAllowed: z.boolean(),
  siaNumber: Text,
  homebankingFile: Text,
  cbiCuc: Text,
  firstYear: NullNum,
};

export const DepartmentOutput: z.ZodType<Department> = z.strictObject({
  id: Num,
  area: z.union([z.literal(1), z.literal(2), z.literal(3)]),
  ...departmentFields,
});
export const DepartmentPageOutput = pageOf(DepartmentOutput);
export const DepartmentTemplateOutput = z.strictObject({ id: z.null(), area: z.null(), ...departmentFields });
export const DepartmentBriefPageOutput = pageOf(DepartmentBrief.strict());

export const TemplateOutput: z.ZodType<MovementTemplate> = z.strictObject({
  id: Num,
  code: Num,
  descriptionDeu: Text,
  descriptionIta: Text,
  positions: z.array(z.strictObject({ chapter: Text, type: Num, chapterDescriptionDe: Text, chapterDescriptionIt: Text })),
  transferPositions: z.array(
    z.strictObject({
      chapterFrom: Text,
      chapterFromDescriptionDe: Text,
      chapterFromDescriptionIt: Text,
      chapterTo: Text,
      chapterToDescriptionDe: Text,
      chapterToDescriptionIt: Text,
    }),
  ),
  isEditable: z.boolean(),
});
const TemplateBriefOutput: z.ZodType<TemplateBrief> = z.strictObject({ id: Num, code: Num, descriptionDeu: Text, descriptionIta: Text, positionCount: Num });
export const TemplatePageOutput: z.ZodType<Page<TemplateBrief> & { isEditable: boolean }> = pageOf(TemplateBriefOutput).extend({ isEditable: z.boolean() });
export const TemplateCreatedOutput = z.strictObject({ code: Num, id: Num });

const userFields = {
  username: Text,
  fullname: Text,
  accessLevel: AccessLevelSchema,
  locked: z.boolean(),
  validUntil: NullText,
  mainDepartmentId: NullNum,
  language: Language,
  mustChangePassword: z.boolean(),
};
export const UserPageOutput = pageOf<UserRow>(z.strictObject({ id: Num, ...userFields }));
export const UserDetailOutput: z.ZodType<UserDetail> = z.strictObject({ id: Num, ...userFields, departmentIds: z.array(Num) });
export const UserTemplateOutput = z.strictObject({
  id: z.null(),
  ...userFields,
  password: Text,
  passwordRepeat: Text,
  departmentIds: z.array(Num),
});
export const DeletedRecordOutput = z.strictObject({ deleted: z.literal(true) });

export const UserDepartmentOutput: z.ZodType<UserDepartmentRow> = z.strictObject({
  id: Num,
  userId: Num,
  deptId: Num,
  username: Text,
  userFullname: Text,
  accessLevel: Num,
  isLocked: z.boolean(),
  validUntil: NullText,
  deptCode: Text,
  name1Deu: Text,
  name2Deu: Text,
  name1Ita: Text,
  name2Ita: Text,
});
export const UserDepartmentPageOutput = pageOf(UserDepartmentOutput);
