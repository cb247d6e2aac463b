import { type Db, schema } from '@app/db';
import type { AccessLevel, Area } from '@app/domain';
import { and, eq } from 'drizzle-orm';
import { fail } from '../../errors.ts';
import { assertYearOpen, type BudgetHead } from './head.ts';

const { budgetHeads } = schema;

/** The scope of a movements call as the scoped procedure resolved it, plus today and the caller's level. */
export interface MovementScope {
  departmentId: number;
  year: number;
  area: Area;
  departmentCode: string;
  /** `YYYY-MM-DD` (Europe/Rome): booking dates may not lie after it. */
  today: string;
  accessLevel: AccessLevel;
}

/**
 * The start of every booking write (movement, reservation): the year open (YearLocked), the budget
 * head share-locked (as shareOpenHead, a missing head not created), the budget not closed (BudgetClosed: final account approved)
 * and the forecast approved (BudgetNotApproved).
 */
export async function shareBookableHead(tx: Db, scope: MovementScope): Promise<BudgetHead> {
  await assertYearOpen(tx, scope.area, scope.year, scope.today);
  // shareOpenHead without creating a missing head: a missing head has no approved forecast (one statement fewer per booking)
  const [head] = await tx
    .select()
    .from(budgetHeads)
    .where(and(eq(budgetHeads.departmentId, scope.departmentId), eq(budgetHeads.year, scope.year)))
    .for('share');
  if (head?.finalApproved) fail('BudgetClosed');
  if (!head?.forecastApproved) fail('BudgetNotApproved');
  return head;
}
