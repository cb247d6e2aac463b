import type { Part } from '@app/domain';
import { trpc } from '../../lib/trpc.ts';
import type { LoadedScope } from '../scope/loadScope.ts';

/** What the budget queries read of the scope: department and year (route loaders and useBudgetScope). */
type BudgetScope = Pick<LoadedScope, 'department' | 'year'>;

const budgetInput = (scope: BudgetScope) => ({ departmentId: scope.department.id, year: scope.year });

/** Forecast totals per title, balance checks and flags (summary, part editors, approval). */
export function forecastSummaryQuery(scope: BudgetScope) {
  return trpc.budget.forecast.summary.queryOptions(budgetInput(scope));
}

/** The chapters of one forecast part (revenues 1, expenses 2). */
export function forecastPartQuery(scope: BudgetScope, part: Part) {
  return trpc.budget.forecast.get.queryOptions({ ...budgetInput(scope), part });
}

/** The chart's titles of the scope, for the title names of the forecast summary. */
export function forecastTitlesQuery(scope: BudgetScope) {
  return trpc.chart.titles.list.queryOptions({ ...budgetInput(scope), pageSize: 100 });
}

/** The presumed administrative surplus. */
export function surplusQuery(scope: BudgetScope) {
  return trpc.budget.surplus.get.queryOptions(budgetInput(scope));
}

/** The scope's budget changes (head form's list, change editor's neighbours). */
export function changeListQuery(scope: BudgetScope) {
  return trpc.budget.changes.list.queryOptions(budgetInput(scope));
}

/** One budget change with its positions. */
export function changeQuery(scope: BudgetScope, recordNumber: number) {
  return trpc.budget.changes.get.queryOptions({ ...budgetInput(scope), recordNumber });
}

/** The scope's adjustment (null before it exists). */
export function adjustmentQuery(scope: BudgetScope) {
  return trpc.budget.adjustment.get.queryOptions(budgetInput(scope));
}
