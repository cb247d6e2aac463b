/**
 * What a write is in the audit trail (issue 27): the entity it touches and the business action, by the
 * tRPC procedure's path — one explicit entry for every mutation of the router (actions.test.ts walks
 * the router: a new mutation without an entry fails the test).
 */
import type { AuditAction, AuditEntity } from '@app/domain';

type Input = Record<string, unknown> | null | undefined;

/** A save: changed when the input names the record it saves (an id or a record number, not "as new"), else created. */
export function saveAction(input: Input): AuditAction {
  if (!input || input.asNew === true) return 'created';
  const named = ['id', 'recordNumber', 'number', 'changeNumber'].some((k) => input[k] !== undefined && input[k] !== null);
  return named ? 'changed' : 'created';
}

/** An approval: a date (or true) approves, null (or false) clears it and reopens. */
function approvalAction(input: Input): AuditAction {
  const key = ['approval', 'approved', 'date'].find((k) => input && k in input);
  const value = key ? input![key] : undefined;
  return value === null || value === false ? 'reopened' : 'approved';
}

export type AuditRule =
  | { entity: AuditEntity; action: AuditAction | ((input: Input) => AuditAction) }
  /** Recorded by the auth service itself (sign-in, failed sign-in, sign-out, password change), not by the save middleware. */
  | { entity: 'session' | 'user'; byAuthService: true }
  /** Not an audited write: a user's own preference. */
  | { notAudited: string };

/**
 * Whether a successful call wrote anything, by its input and answer: a dry run (`test`) or a refusal the procedure answers
 * instead of throwing (an existing year, a chart copy over existing chapters) writes nothing, so it leaves no trail row.
 * Procedures without an entry here always leave one.
 */
export const AUDIT_WROTE: Readonly<Record<string, (input: Input, answer: unknown) => boolean>> = {
  'years.create': (_input, answer) => (answer as { created?: unknown } | null)?.created === true,
  'chart.copy': (input, answer) => input?.test !== true && (answer as { status?: unknown } | null)?.status === 'Success',
  // reading a bank statement proposes and writes nothing (the confirmation is the write)
  'statements.import': () => false,
  // reading an e-invoice answers drafts and writes nothing (the booking is the write)
  'invoices.import': () => false,
};

const crud = (entity: AuditEntity): Record<string, AuditRule> => ({
  create: { entity, action: 'created' },
  update: { entity, action: 'changed' },
  patch: { entity, action: 'changed' },
  delete: { entity, action: 'deleted' },
});

function withPrefix(prefix: string, rules: Record<string, AuditRule>): Record<string, AuditRule> {
  return Object.fromEntries(Object.entries(rules).map(([k, v]) => [`${prefix}.${k}`, v]));
}

export const AUDIT_RULES: Readonly<Record<string, AuditRule>> = {
  'auth.login': { entity: 'session', byAuthService: true },
  'auth.changePasswordAndLogin': { entity: 'user', byAuthService: true },
  'auth.changePassword': { entity: 'user', byAuthService: true },
  'auth.logout': { entity: 'session', byAuthService: true },
  'auth.setLanguage': { notAudited: 'the user interface language of the signed-in user' },
  'years.create': { entity: 'financialYear', action: 'created' },
  'years.setStatus': { entity: 'financialYear', action: 'statusChanged' },
  ...withPrefix('chart.titles', crud('chartTitle')),
  ...withPrefix('chart.categories', crud('chartCategory')),
  ...withPrefix('chart.chapters', crud('chartChapter')),
  'chart.copy': { entity: 'chart', action: 'copied' },
  'chart.unlock': { entity: 'chart', action: (input) => (input?.unlocked === false ? 'changed' : 'unlocked') },
  ...withPrefix('admin.users', crud('user')),
  ...withPrefix('admin.userDepartments', crud('userDepartment')),
  'templates.create': { entity: 'template', action: 'created' },
  // a save of an existing template (by its code; templates.create makes new ones): NotFound for an unknown code
  'templates.save': { entity: 'template', action: 'changed' },
  'templates.delete': { entity: 'template', action: 'deleted' },
  ...withPrefix('departments', crud('department')),
  ...withPrefix('suppliers', crud('supplier')),
  ...withPrefix('banks', crud('bank')),
  'banks.import': { entity: 'bank', action: 'imported' },
  ...withPrefix('accounts', crud('account')),
  'budget.forecast.save': { entity: 'budgetForecast', action: 'changed' },
  'budget.forecast.approve': { entity: 'budgetForecast', action: approvalAction },
  'budget.surplus.save': { entity: 'budgetSurplus', action: 'changed' },
  'budget.changes.create': { entity: 'budgetChange', action: 'created' },
  'budget.changes.save': { entity: 'budgetChange', action: saveAction },
  'budget.changes.delete': { entity: 'budgetChange', action: 'deleted' },
  'budget.adjustment.create': { entity: 'budgetAdjustment', action: 'created' },
  // the scope's one adjustment, made by budget.adjustment.create (BudgetNotFound without it)
  'budget.adjustment.save': { entity: 'budgetAdjustment', action: 'changed' },
  'system.setup': { entity: 'system', action: 'setUp' },
  'movements.save': { entity: 'movement', action: saveAction },
  'movements.delete': { entity: 'movement', action: 'deleted' },
  'accountTransfers.save': { entity: 'accountTransfer', action: saveAction },
  'accountTransfers.delete': { entity: 'accountTransfer', action: 'deleted' },
  'accountBalances.save': { entity: 'accountBalance', action: 'changed' },
  'reservations.save': { entity: 'reservation', action: saveAction },
  'reservations.delete': { entity: 'reservation', action: 'deleted' },
  'residues.saveFinal': { entity: 'residue', action: 'changed' },
  'residues.carryOver': { entity: 'residue', action: 'carriedOver' },
  'residues.manualSave': { entity: 'residue', action: saveAction },
  'residues.manualDelete': { entity: 'residue', action: 'deleted' },
  'payments.export': { entity: 'paymentOrder', action: 'exported' },
  'payments.store': { entity: 'paymentOrder', action: 'stored' },
  'payments.cancel': { entity: 'paymentOrder', action: 'cancelled' },
  'payments.register': { entity: 'paymentOrder', action: 'registered' },
  'payments.returned': { entity: 'paymentOrder', action: 'returned' },
  'payments.settle': { entity: 'paymentOrder', action: 'settled' },
  'payments.reopen': { entity: 'paymentOrder', action: 'reopened' },
  'finalBalance.approve': { entity: 'finalBalance', action: approvalAction },
  'documents.attach': { entity: 'document', action: 'created' },
  'documents.delete': { entity: 'document', action: 'deleted' },
  'statements.import': { entity: 'bankStatement', action: 'imported' },
  'invoices.import': { entity: 'movement', action: 'imported' },
  'statements.confirm': { entity: 'bankStatement', action: 'created' },
  'statements.saveRule': { entity: 'statementRule', action: 'changed' },
  'statements.deleteRule': { entity: 'statementRule', action: 'deleted' },
  // an e-invoice booked (issue 28): the movement it became (its companion transfer, the new supplier and the receipt are rows of the same entry)
  'invoices.book': { entity: 'movement', action: 'created' },
};

/** Entity and action of a save by the middleware, or null when the procedure is not recorded there. */
export function auditOf(path: string, input: unknown): { entity: AuditEntity; action: AuditAction } | null {
  const rule = AUDIT_RULES[path];
  if (!rule || !('action' in rule)) return null;
  const fields = input && typeof input === 'object' ? (input as Record<string, unknown>) : null;
  return { entity: rule.entity, action: typeof rule.action === 'function' ? rule.action(fields) : rule.action };
}
