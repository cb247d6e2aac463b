import { type Db, schema } from '@app/db';
import { type ForecastApproveInput, forecastApprovalDateError, forecastSummaryFigures } from '@app/domain';
import { eq } from 'drizzle-orm';
import { fail } from '../../errors.ts';
import { forecastLines } from './forecast.ts';
import { isBudgetInUse, lockOpenHead } from '../ledger/head.ts';
import type { BookingScope } from '../ledger/bookingScope.ts';

const { budgetHeads, financialYears } = schema;

/**
 * GET Budget/Forecast/Approve: a date approves the forecast (every balance check must hold, the date
 * not in the future, not after 31.12 of the year, not before 1.1 of the previous year); once approved
 * the date can only stay. null clears the approval unless the budget is in use (BudgetInUse); a
 * forecast that is not approved has none to clear (BudgetNotApproved). The
 * year row is locked FOR UPDATE, so chart writes (which share-lock it) never interleave.
 */
export async function approveForecast(db: Db, scope: BookingScope, input: ForecastApproveInput): Promise<true> {
  return db.transaction(async (tx): Promise<true> => {
    const [fy] = await tx.select({ year: financialYears.year }).from(financialYears).where(eq(financialYears.year, scope.year)).for('update');
    if (!fy) fail('NotFound', { field: 'year', params: { year: scope.year } });
    const head = await lockOpenHead(tx, scope);
    if (head.finalApproved) fail('BudgetClosed');
    if (input.approval === null) {
      // nothing to clear: a refusal, not a `true` that claims a change (issue 26)
      if (!head.forecastApproved) fail('BudgetNotApproved', { field: 'approval' });
      if (await isBudgetInUse(tx, scope)) fail('BudgetInUse');
      await tx.update(budgetHeads).set({ forecastApproved: null }).where(eq(budgetHeads.id, head.id));
      return true;
    }
    if (head.forecastApproved) {
      if (head.forecastApproved === input.approval) return true;
      fail('BudgetAlreadyApproved');
    }
    const dateError = forecastApprovalDateError(input.approval, scope.year, scope.today);
    if (dateError) fail(dateError, { field: 'approval' });
    const lines = await forecastLines(tx, scope);
    // an empty forecast has nothing to approve (spec message budget.forecast.balance.noTitles)
    if (!lines.some((l) => l.amount !== 0)) fail('BudgetNotBalanced', { params: { checks: 'noTitles' } });
    const { isBalanced } = forecastSummaryFigures(lines, head.surplusUsed);
    const failed = Object.entries(isBalanced).filter(([, ok]) => !ok);
    if (failed.length > 0) fail('BudgetNotBalanced', { params: { checks: failed.map(([k]) => k).join(',') } });
    await tx.update(budgetHeads).set({ forecastApproved: input.approval }).where(eq(budgetHeads.id, head.id));
    return true;
  });
}
