/**
 * What Save does on the final-account approval (budget/final/approve; spec 3 §4, §5; DOMAIN decision
 * 12, 26 and "Final account approval date"): approve with a date (every criterion passed, the date within
 * its window — after 31.10 only while the year is unlocked), keep the same date, reopen by clearing it
 * (never while the next year's final account is approved), or refuse with the reason. Pure, unit-tested.
 */
import { finalApprovalDateError, type FinalBalance, isLateFinalApproval } from '@app/domain';

export type ApprovalStep =
  | { kind: 'approve'; date: string; late: boolean }
  | { kind: 'reopen' }
  | { kind: 'unchanged' }
  | { kind: 'refused'; reason: 'dateMissing' | 'criteria' | 'sameDateOnly' | 'cannotReopen' | 'nextYearApproved' | 'InvalidDate' | 'DateAfter31.10' };

export function approvalStep(
  date: string | null,
  balance: Pick<FinalBalance, 'approval' | 'allPassed' | 'canReopen' | 'reopenRefusal' | 'isYearUnlocked'>,
  year: number,
  today: string,
): ApprovalStep {
  const approved = balance.approval;
  if (date === null) {
    if (approved === null) return { kind: 'refused', reason: 'dateMissing' };
    if (balance.canReopen) return { kind: 'reopen' };
    return { kind: 'refused', reason: balance.reopenRefusal === 'nextYearApproved' ? 'nextYearApproved' : 'cannotReopen' };
  }
  if (approved !== null) return date === approved ? { kind: 'unchanged' } : { kind: 'refused', reason: 'sameDateOnly' };
  const dateError = finalApprovalDateError(date, year, today, balance.isYearUnlocked);
  if (dateError) return { kind: 'refused', reason: dateError };
  if (!balance.allPassed) return { kind: 'refused', reason: 'criteria' };
  return { kind: 'approve', date, late: isLateFinalApproval(date, year) };
}
