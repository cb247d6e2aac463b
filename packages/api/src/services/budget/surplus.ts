import { type Db, schema } from '@app/db';
import { presumedSurplus, type Surplus, type SurplusSaveInput, surplusUsedAllowed, readsOnly } from '@app/domain';
import { eq } from 'drizzle-orm';
import { fail } from '../../errors.ts';
import { assertForecastEditable, type BudgetHead, lockOpenHead, readHead } from '../ledger/head.ts';
import type { BookingScope } from '../ledger/bookingScope.ts';

const { budgetHeads } = schema;

function toSurplus(head: BudgetHead, scope: Pick<BookingScope, 'accessLevel'>): Surplus {
  return {
    cashBalance: head.cashBalance,
    revenuesActual: head.revenuesActual,
    revenuesResidue: head.revenuesResidue,
    expensesActual: head.expensesActual,
    expensesResidue: head.expensesResidue,
    surplusUsed: head.surplusUsed,
    surplus: presumedSurplus(head),
    isEditable: !head.forecastApproved && !head.finalApproved && !readsOnly(scope),
  };
}

/** GET Budget/Forecast/Surplus: the presumed administrative surplus and the surplus used. */
export async function getSurplus(db: Db, scope: BookingScope): Promise<Surplus> {
  return toSurplus(await readHead(db, scope), scope);
}

/** PUT Budget/Forecast/Surplus: 0 <= surplusUsed <= surplus when the surplus is positive (else 0). */
export async function saveSurplus(db: Db, scope: BookingScope, input: SurplusSaveInput): Promise<Surplus> {
  return db.transaction(async (tx) => {
    const head = await lockOpenHead(tx, scope);
    assertForecastEditable(head);
    if (!surplusUsedAllowed(presumedSurplus(input), input.surplusUsed)) fail('InvalidValue', { field: 'surplusUsed' });
    const [saved] = await tx
      .update(budgetHeads)
      .set({
        cashBalance: input.cashBalance,
        revenuesActual: input.revenuesActual,
        revenuesResidue: input.revenuesResidue,
        expensesActual: input.expensesActual,
        expensesResidue: input.expensesResidue,
        surplusUsed: input.surplusUsed,
      })
      .where(eq(budgetHeads.id, head.id))
      .returning();
    if (!saved) throw new Error('budget head vanished');
    return toSurplus(saved, scope);
  });
}
