import { z } from 'zod';
import { type Account, type AccountBrief, AccountTypeSchema } from './accounts.ts';
import { AreaFlags, type FinancialYearState, FinancialYearStatus } from './chart.ts';
import { Num, pageOf, Text } from './outputs.ts';

/**
 * The answers of the platform procedures (years, sign-out, password, account briefs) as schemas, for
 * /api/openapi.json and output validation: strict objects typed by the service's answer, so a field
 * the service adds without its schema fails the tests (no amounts here).
 */

export const YearsOutput = z.strictObject({ years: z.array(Num) });

export const YearCreatedOutput = z.strictObject({
  years: z.array(Num),
  year: Num,
  created: z.boolean(),
  message: z.enum(['YearCreated', 'YearExists']),
});

export const YearStateOutput: z.ZodType<FinancialYearState> = z.strictObject({
  ...FinancialYearStatus.shape,
  areaUnlocked: AreaFlags.strict(),
  chartUnlocked: AreaFlags.strict(),
});

export const YearStatesOutput = z.strictObject({ years: z.array(YearStateOutput) });

export const LogoutOutput = z.strictObject({ ok: z.literal(true) });

export const PasswordChangedOutput = z.strictObject({ changed: z.literal(true), message: z.literal('PasswordChanged') });

const AccountBriefOutput: z.ZodType<AccountBrief> = z.strictObject({
  id: Num,
  code: Text,
  descriptionDeu: Text,
  descriptionIta: Text,
  type: AccountTypeSchema,
  inactive: z.boolean(),
});

export const AccountBriefsOutput = z.array(AccountBriefOutput);

const accountFields = {
  departmentId: Num,
  code: Text,
  descriptionDeu: Text,
  descriptionIta: Text,
  type: AccountTypeSchema,
  notes: Text,
  inactive: z.boolean(),
  canInactivate: z.boolean(),
  bankInfo: z.strictObject({ iban: Text, bankName: Text, swift: Text }),
};

export const AccountOutput: z.ZodType<Account> = z.strictObject({ id: Num, ...accountFields });
export const AccountPageOutput = pageOf(AccountOutput);
export const AccountTemplateOutput = z.strictObject({ id: z.null(), ...accountFields });
