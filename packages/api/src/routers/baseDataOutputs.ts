import type { Bank, BankImportReport, Page } from '@app/domain';
import { z } from 'zod';

/**
 * The answers of the base-data procedures as schemas (for /api/openapi.json and output validation):
 * strict objects typed by the domain type they describe, plain strings and numbers (what is stored is
 * answered as stored; the input rules are the input schemas' job).
 */

const Num = z.number();
const Text = z.string();

function pageOf<T>(entity: z.ZodType<T>): z.ZodType<Page<T>> {
  return z.strictObject({ entities: z.array(entity), page: Num, pageSize: Num, totalPages: Num, total: Num });
}

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
  invalidFrom: z.string().nullable(),
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
