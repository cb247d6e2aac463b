import { presumedSurplus } from '@app/domain';
import { expect, it } from 'vitest';
import { CURRENT_YEAR, describeOnDatabases, signInAs } from '../../test-utils.ts';
import { yearEndKit } from '../yearEnd.testkit.ts';

/** Y is the demo's previous year (forecast approved, a year of bookings), Y+1 the current one (not approved). */
const Y = CURRENT_YEAR - 1;
const FEB_NEXT = new Date(`${Y + 1}-02-15T10:00:00Z`);

/**
 * Issue 25 item 10 on PGlite and PostgreSQL, on the demo brigade 102 (Eppan: open payments, so passive
 * residues): once Y's final account is approved, Y+1's presumed surplus is proposed from it — the cash at
 * 31.12 of Y, the receivables and the payables — and that proposal equals Y's final surplus to the cent;
 * before the approval there is no proposal, and nothing of Y+1's own surplus fields changes.
 */
describeOnDatabases("Y+1's presumed surplus proposed from Y's approved final account", (get) => {
  const as = signInAs(get, '10.81', FEB_NEXT);
  const { scope, determineProposals } = yearEndKit(get, as, FEB_NEXT);

  it('no proposal while Y is not approved; approved, the proposal is the final account (cash, residues) and its sum the final surplus', async () => {
    const c = await as('zwei');
    const y = await scope(Y);
    const next = await scope(Y + 1);
    const before = await c.budget.surplus.get(next);
    expect(await c.finalBalance.previousSurplus(next)).toMatchObject({ year: Y, approval: null, finalSurplus: null, proposal: null });

    for (const source of [1, 2] as const) await determineProposals(Y, source, FEB_NEXT);
    expect((await c.finalBalance.get(y)).criteria).toEqual([1, 1, 1, 1, 1, 1]);
    expect((await c.finalBalance.approve({ ...y, approval: `${Y + 1}-02-10` })).success).toBe(true);

    const { results } = await c.finalBalance.report(y);
    const previous = await c.finalBalance.previousSurplus(next);
    const proposal = previous.proposal;
    if (!proposal) throw new Error('no proposal for an approved year');
    expect(previous).toMatchObject({ year: Y, approval: `${Y + 1}-02-10`, finalSurplus: results.finalSurplus });
    expect(proposal.cashBalance).toBe(results.finalCashBalance);
    expect(proposal.revenuesActual + proposal.revenuesResidue).toBe(results.finalActiveResidues);
    expect(proposal.expensesActual + proposal.expensesResidue).toBe(results.finalPassiveResidues);
    // the demo books 102's suppliers' bills as open payments: the payables are real, not 0
    expect(proposal.expensesActual).toBeGreaterThan(0);
    expect(presumedSurplus(proposal)).toBe(results.finalSurplus);
    // a proposal only: Y+1's stored surplus is what it was until the cashier takes it and saves
    expect(await c.budget.surplus.get(next)).toEqual(before);
    const taken = await c.budget.surplus.save({ ...next, ...proposal, surplusUsed: 0 });
    expect(taken.surplus).toBe(results.finalSurplus);
  });
});
