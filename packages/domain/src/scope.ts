import { z } from 'zod';

export const Year = z.number().int().min(2000).max(2100);

/** Every scoped call carries the department and the financial year. */
export const ScopeInput = z.object({
  departmentId: z.number().int().positive(),
  year: Year,
});
export type ScopeInput = z.infer<typeof ScopeInput>;

export const DepartmentBrief = z.object({
  id: z.number().int(),
  code: z.string(),
  nameDeu: z.string(),
  nameIta: z.string(),
  area: z.union([z.literal(1), z.literal(2), z.literal(3)]),
  openPaymentsAllowed: z.boolean(),
});
export type DepartmentBrief = z.infer<typeof DepartmentBrief>;

export const Scopes = z.object({
  departments: z.array(DepartmentBrief),
  years: z.array(Year),
});
export type Scopes = z.infer<typeof Scopes>;

/** What the menu and the screens need to know about one scope. */
export const ScopeStatus = z.object({
  departmentId: z.number().int(),
  year: Year,
  isBudgetApproved: z.boolean(),
  isBudgetClosed: z.boolean(),
  hasChartOfAccounts: z.boolean(),
  openPaymentsAllowed: z.boolean(),
  isFirstYear: z.boolean(),
});
export type ScopeStatus = z.infer<typeof ScopeStatus>;
