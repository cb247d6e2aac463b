import { describe, expect, it } from 'vitest';
import { routerProcedures } from '../../routerProcedures.ts';
import { AUDIT_RULES, auditOf } from './actions.ts';

/** Every mutation of the router, by walking its procedures. */
function mutationPaths(): string[] {
  return routerProcedures()
    .filter((p) => p.type === 'mutation')
    .map((p) => p.path);
}

describe('audit actions (issue 27)', () => {
  it('every mutation procedure of the router has an audit entry, and no entry names a procedure that is gone', () => {
    const paths = mutationPaths();
    expect(paths.length).toBeGreaterThan(70);
    expect(paths.filter((p) => !(p in AUDIT_RULES))).toEqual([]);
    expect(Object.keys(AUDIT_RULES).filter((p) => !paths.includes(p))).toEqual([]);
  });

  it('a save is created without a record number (or as new) and changed with one; an approval without a date reopens', () => {
    expect(auditOf('movements.save', { recordNumber: null })).toEqual({ entity: 'movement', action: 'created' });
    expect(auditOf('movements.save', { recordNumber: 3 })).toEqual({ entity: 'movement', action: 'changed' });
    expect(auditOf('movements.save', { recordNumber: 3, asNew: true })).toEqual({ entity: 'movement', action: 'created' });
    expect(auditOf('budget.forecast.approve', { approval: '2026-01-20' })).toEqual({ entity: 'budgetForecast', action: 'approved' });
    expect(auditOf('budget.forecast.approve', { approval: null })).toEqual({ entity: 'budgetForecast', action: 'reopened' });
    expect(auditOf('payments.register', {})).toEqual({ entity: 'paymentOrder', action: 'registered' });
    expect(auditOf('auth.login', {})).toBeNull();
  });
});
