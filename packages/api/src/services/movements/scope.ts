import type { Db } from '@app/db';
import type { AccessLevel, Area } from '@app/domain';
import { fail } from '../../errors.ts';
import { type BudgetHead, shareOpenHead } from '../budget/head.ts';

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
 * head share-locked (shareOpenHead), the budget not closed (BudgetClosed: final account approved)
 * and the forecast approved (BudgetNotApproved).
 */
export async function shareBookableHead(tx: Db, scope: MovementScope): Promise<BudgetHead> {
  const head = await shareOpenHead(tx, scope);
  if (head.finalApproved) fail('BudgetClosed');
  if (!head.forecastApproved) fail('BudgetNotApproved');
  return head;
}
