/**
 * The auditor (Revisor / Revisore, issue 27) reads and prints everything of his linked departments and
 * writes nothing. The one declaration of what he may write: every mutation of the router is listed
 * here, `own` (his own session and preferences: allowed), `signIn` (a sign-in call: no session, it
 * carries the user's own credentials, so his own password change too) or `refused`. The session
 * middlewares of `authedProcedure` and `scopedProcedure` (trpc.ts) refuse every other signed-in
 * mutation of his with ReadOnlyAccess before it runs (before its input is read, before the save's
 * transaction): the REST rows call the same procedures. A mutation missing here is refused as well,
 * and readOnlyAccess.test.ts walks the router and fails for it (and proves every read answers him
 * as it answers a Standard user). Queries write nothing: the test counts the rows around each.
 */
import { readsOnly } from '@app/domain';
import type { Session } from './context.ts';
import { fail } from './errors.ts';

export type AuditorWrite = 'own' | 'signIn' | 'refused';

const refused = (...paths: string[]): Record<string, AuditorWrite> => Object.fromEntries(paths.map((p) => [p, 'refused' as const]));

export const AUDITOR_WRITES: Readonly<Record<string, AuditorWrite>> = {
  'auth.login': 'signIn',
  'auth.changePasswordAndLogin': 'signIn',
  'auth.changePassword': 'signIn',
  'auth.logout': 'own',
  'auth.setLanguage': 'own',
  ...refused('years.create', 'years.setStatus', 'system.setup'),
  ...refused('chart.titles.create', 'chart.titles.update', 'chart.titles.patch', 'chart.titles.delete'),
  ...refused('chart.categories.create', 'chart.categories.update', 'chart.categories.patch', 'chart.categories.delete'),
  ...refused('chart.chapters.create', 'chart.chapters.update', 'chart.chapters.patch', 'chart.chapters.delete'),
  ...refused('chart.copy', 'chart.unlock'),
  ...refused('admin.users.create', 'admin.users.update', 'admin.users.patch', 'admin.users.delete'),
  ...refused('admin.userDepartments.create', 'admin.userDepartments.update', 'admin.userDepartments.patch', 'admin.userDepartments.delete'),
  ...refused('templates.create', 'templates.save', 'templates.delete'),
  ...refused('departments.create', 'departments.update', 'departments.patch', 'departments.delete'),
  ...refused('suppliers.create', 'suppliers.update', 'suppliers.patch', 'suppliers.delete'),
  ...refused('banks.create', 'banks.update', 'banks.patch', 'banks.delete', 'banks.import'),
  ...refused('accounts.create', 'accounts.update', 'accounts.patch', 'accounts.delete'),
  ...refused('budget.forecast.save', 'budget.forecast.approve', 'budget.surplus.save'),
  ...refused('budget.changes.create', 'budget.changes.save', 'budget.changes.delete', 'budget.adjustment.create', 'budget.adjustment.save'),
  ...refused('movements.save', 'movements.delete', 'accountTransfers.save', 'accountTransfers.delete', 'accountBalances.save'),
  ...refused('reservations.save', 'reservations.delete'),
  ...refused('residues.saveFinal', 'residues.carryOver', 'residues.manualSave', 'residues.manualDelete'),
  ...refused('payments.export', 'payments.store', 'payments.cancel', 'payments.register', 'payments.returned', 'payments.settle', 'payments.reopen'),
  ...refused('finalBalance.approve'),
  ...refused('documents.attach', 'documents.delete'),
  ...refused('statements.import', 'statements.confirm', 'statements.saveRule', 'statements.deleteRule'),
  ...refused('invoices.import', 'invoices.book'),
};

/** Refuses a signed-in mutation of an auditor (ReadOnlyAccess) unless it is his own (AUDITOR_WRITES). */
export function assertMayWrite(session: Pick<Session, 'accessLevel'>, type: string, path: string): void {
  if (type === 'mutation' && readsOnly(session) && AUDITOR_WRITES[path] !== 'own') fail('ReadOnlyAccess');
}
