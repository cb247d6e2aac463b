import { type Db, schema } from '@app/db';
import {
  AccessLevel,
  type FinalBalanceApproveInput,
  type FinalBalanceApproveResult,
  finalApprovalDateError,
  isLateFinalApproval,
  reopenRefusal,
} from '@app/domain';
import { eq } from 'drizzle-orm';
import { fail } from '../../errors.ts';
import { isYearUnlocked, lockOpenHead } from '../ledger/head.ts';
import { evaluateCriteria } from './criteria.ts';
import { reopenFacts } from './reopen.ts';
import type { BookingScope } from '../ledger/bookingScope.ts';

const { budgetHeads } = schema;

/**
 * PUT FinalBalance/Approve (DOMAIN decisions 12, 16 and "Final account approval date"). A date closes
 * the budget: the forecast approved (BudgetNotApproved), every criterion passed (FinalBalanceHasErrors,
 * `params.criteria` the failed ones), the date within 1.1..31.10 of Y+1 and not in the future
 * (InvalidDate, DateAfter31.10 — lifted while a Supervisor's year unlock of Y is in force: a late
 * assembly, DOMAIN decision 26); after 31.03 it is accepted as a late approval (`lateApproval`).
 * Once approved only the same date can be saved (BudgetClosed). null reopens (a final account that
 * is not approved has nothing to reopen: FinalBalanceNotApproved): never while Y+1's final
 * account is approved (NextYearApproved, decision 26); once Y+1 booked on the lines carried from Y only
 * a Supervisor may (Forbidden). The budget head is locked FOR UPDATE, so
 * bookings (which share-lock it and refuse a closed budget) never interleave with the approval.
 */
export async function approveFinalBalance(db: Db, scope: BookingScope, input: FinalBalanceApproveInput): Promise<FinalBalanceApproveResult> {
  return db.transaction(async (tx): Promise<FinalBalanceApproveResult> => {
    const head = await lockOpenHead(tx, scope);
    const answer = (approval: string | null): FinalBalanceApproveResult => ({
      success: true,
      approval,
      isBudgetClosed: approval !== null,
      lateApproval: isLateFinalApproval(approval, scope.year),
    });
    if (input.approval === null) {
      // nothing to reopen: a refusal, not a success that claims a change (issue 26)
      if (!head.finalApproved) fail('FinalBalanceNotApproved', { field: 'approval' });
      const facts = await reopenFacts(tx, scope, true);
      const refusal = reopenRefusal({ ...facts, approved: true, yearLocked: false, supervisor: scope.accessLevel === AccessLevel.Supervisor });
      if (refusal === 'nextYearApproved') fail('NextYearApproved', { field: 'approval', params: { year: scope.year + 1 } });
      if (refusal === 'nextYearBooked') fail('Forbidden', { field: 'approval', params: { reason: 'nextYearBooked', year: scope.year + 1 } });
      await tx.update(budgetHeads).set({ finalApproved: null }).where(eq(budgetHeads.id, head.id));
      return answer(null);
    }
    if (head.finalApproved) {
      if (head.finalApproved === input.approval) return answer(head.finalApproved);
      fail('BudgetClosed', { field: 'approval', params: { approval: head.finalApproved } });
    }
    if (!head.forecastApproved) fail('BudgetNotApproved');
    const dateError = finalApprovalDateError(input.approval, scope.year, scope.today, await isYearUnlocked(tx, scope.area, scope.year));
    if (dateError) fail(dateError, { field: 'approval' });
    const { failed } = await evaluateCriteria(tx, scope);
    const failing = Object.entries(failed)
      .filter(([, f]) => f)
      .map(([k]) => k);
    if (failing.length > 0) fail('FinalBalanceHasErrors', { params: { criteria: failing.join(',') } });
    await tx.update(budgetHeads).set({ finalApproved: input.approval }).where(eq(budgetHeads.id, head.id));
    return answer(input.approval);
  });
}
