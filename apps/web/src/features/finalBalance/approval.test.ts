import { describe, expect, it } from 'vitest';
import { approvalStep } from './approval.ts';

const open = { approval: null, allPassed: true, canReopen: true, reopenRefusal: null, isYearUnlocked: false };
const today = '2026-11-26';

describe('final account approval step (year 2025)', () => {
  it('approves a date from 1.1. to 31.10. of the following year, not in the future; after 31.03. late', () => {
    expect(approvalStep('2026-01-01', open, 2025, today)).toEqual({ kind: 'approve', date: '2026-01-01', late: false });
    expect(approvalStep('2026-03-31', open, 2025, today)).toEqual({ kind: 'approve', date: '2026-03-31', late: false });
    expect(approvalStep('2026-04-01', open, 2025, today)).toEqual({ kind: 'approve', date: '2026-04-01', late: true });
    expect(approvalStep('2026-10-31', open, 2025, today)).toEqual({ kind: 'approve', date: '2026-10-31', late: true });
  });

  it('refuses a date before the new year, after 31.10. or in the future', () => {
    expect(approvalStep('2025-12-31', open, 2025, today)).toEqual({ kind: 'refused', reason: 'InvalidDate' });
    expect(approvalStep('2026-11-01', open, 2025, today)).toEqual({ kind: 'refused', reason: 'DateAfter31.10' });
    expect(approvalStep('2026-02-10', open, 2025, '2026-02-09')).toEqual({ kind: 'refused', reason: 'InvalidDate' });
  });

  it('needs a date and every criterion passed', () => {
    expect(approvalStep(null, open, 2025, today)).toEqual({ kind: 'refused', reason: 'dateMissing' });
    expect(approvalStep('2026-02-10', { ...open, allPassed: false }, 2025, today)).toEqual({ kind: 'refused', reason: 'criteria' });
  });

  it('once approved: only the same date; clearing reopens when allowed', () => {
    const approved = { ...open, approval: '2026-02-10' };
    expect(approvalStep('2026-02-10', approved, 2025, today)).toEqual({ kind: 'unchanged' });
    expect(approvalStep('2026-02-11', approved, 2025, today)).toEqual({ kind: 'refused', reason: 'sameDateOnly' });
    expect(approvalStep(null, approved, 2025, today)).toEqual({ kind: 'reopen' });
    expect(approvalStep(null, { ...approved, canReopen: false, reopenRefusal: 'nextYearBooked' }, 2025, today)).toEqual({
      kind: 'refused',
      reason: 'cannotReopen',
    });
  });

  it("never reopens while the next year's final account is approved (DOMAIN decision 26)", () => {
    const approved = { ...open, approval: '2026-02-10', canReopen: false, reopenRefusal: 'nextYearApproved' as const };
    expect(approvalStep(null, approved, 2025, today)).toEqual({ kind: 'refused', reason: 'nextYearApproved' });
  });

  it('a late assembly: after 31.10. only while the year is unlocked, as a late approval', () => {
    expect(approvalStep('2026-11-20', open, 2025, today)).toEqual({ kind: 'refused', reason: 'DateAfter31.10' });
    const unlocked = { ...open, isYearUnlocked: true };
    expect(approvalStep('2026-11-20', unlocked, 2025, today)).toEqual({ kind: 'approve', date: '2026-11-20', late: true });
    expect(approvalStep('2026-11-27', unlocked, 2025, today)).toEqual({ kind: 'refused', reason: 'InvalidDate' });
    expect(approvalStep('2025-12-31', unlocked, 2025, today)).toEqual({ kind: 'refused', reason: 'InvalidDate' });
  });
});
