/**
 * The budget state of a scope as every booking and budget screen shows it: the read-only warning
 * (budget closed, or a past year locked for the area) and the "approved" note; the texts also serve
 * screens that say why they are read-only in their own words (closedReason).
 */
import type { MessageDescriptor } from '@lingui/core';
import { msg } from '@lingui/core/macro';
import { useLingui } from '@lingui/react/macro';
import { Alert } from '@mantine/core';
import { useReadsOnly } from '../lib/session.ts';

/** The scope status flags the warning reads (the scope's `status`). */
export interface BudgetStatus {
  isBudgetClosed: boolean;
  isYearLocked?: boolean | undefined;
}

export const budgetStateMessages = {
  /** budget.closedWarning */
  closedWarning: msg`Haushalt abgeschlossen: Änderungen sind nicht mehr möglich.`,
  /** a past year not unlocked for the area (scope status isYearLocked, error YearLocked) */
  yearLockedWarning: msg`Haushaltsjahr gesperrt: Jahre vor dem Vorjahr sind abgeschlossen. Änderungen sind erst möglich, wenn der Landesverband das Jahr für den Bereich freigibt (Haushaltsjahre).`,
  /** budget.approvedWarning */
  approvedWarning: msg`Der Haushaltsvoranschlag ist genehmigt und kann nicht mehr geändert werden.`,
  notApproved: msg`Der Haushaltsvoranschlag ist noch nicht genehmigt.`,
};

/** A past year locked for the area while its budget is not closed by the final account. */
function isOnlyYearLocked(status: BudgetStatus): boolean {
  return Boolean(status.isYearLocked) && !status.isBudgetClosed;
}

/** Why a closed budget screen is read-only: the year lock or the closed budget. */
export function closedReason(status: BudgetStatus): MessageDescriptor {
  return isOnlyYearLocked(status) ? budgetStateMessages.yearLockedWarning : budgetStateMessages.closedWarning;
}

/**
 * The read-only reason of a budget or booking screen: closed wins over approved. A past year locked
 * for the area (not closed by its final account) says so and who can unlock it, in the same warning
 * style. `status`: the scope's status (`useScope().status`), which tells the two apart. For the auditor
 * (issue 27) nothing is editable whatever the budget's state: the "approved" note (which screens also
 * show for a part that is not editable) would mislead him; his own note stands above every screen.
 */
export function BudgetStateAlert({ closed, approved, status }: { closed: boolean; approved?: boolean; status: BudgetStatus }) {
  const { i18n } = useLingui();
  const auditor = useReadsOnly();
  if (closed) {
    const yearLocked = isOnlyYearLocked(status);
    return (
      <Alert color="yellow" variant="light" data-testid="budget-closed-warning" data-reason={yearLocked ? 'yearLocked' : 'closed'} py={8}>
        {i18n._(closedReason(status))}
      </Alert>
    );
  }
  if (approved && !auditor)
    return (
      <Alert color="blue" variant="light" data-testid="budget-approved-warning" py={8}>
        {i18n._(budgetStateMessages.approvedWarning)}
      </Alert>
    );
  return null;
}
