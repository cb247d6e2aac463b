import { describe, expect, it } from 'vitest';
import { digestRowLabel } from './digests.ts';

describe('the kind a digest row is labelled with', () => {
  it('the paid share of an open payment is a paid instalment, its unpaid share stays an open payment', () => {
    expect(digestRowLabel({ kind: 'paymentOpen', recordNumber: 12, isPaid: true })).toBe('instalmentPaid');
    expect(digestRowLabel({ kind: 'paymentOpen', recordNumber: 12, isPaid: false })).toBe('paymentOpen');
    // the cash journal's rows are instalments paid on the account
    expect(digestRowLabel({ kind: 'paymentOpen', recordNumber: 3, isPaid: true })).toBe('instalmentPaid');
  });
  it('the adjustment (record -1) is named as such; every other row by its kind', () => {
    expect(digestRowLabel({ kind: 'budgetChange', recordNumber: -1, isPaid: null })).toBe('adjustment');
    expect(digestRowLabel({ kind: 'budgetChange', recordNumber: 2, isPaid: null })).toBe('budgetChange');
    expect(digestRowLabel({ kind: 'paymentDone', recordNumber: 4, isPaid: true })).toBe('paymentDone');
    expect(digestRowLabel({ kind: 'revenue', recordNumber: 5, isPaid: null })).toBe('revenue');
    expect(digestRowLabel({ kind: 'reservation', recordNumber: 6, isPaid: null })).toBe('reservation');
    expect(digestRowLabel({ kind: 'accountTransfer', recordNumber: 7, isPaid: null })).toBe('accountTransfer');
  });
  it('a bank return is its own kind, never an open payment (it is the money coming back, not a bill)', () => {
    expect(digestRowLabel({ kind: 'paymentReturn', recordNumber: 12, isPaid: false })).toBe('paymentReturn');
    expect(digestRowLabel({ kind: 'paymentReturn', recordNumber: 12, isPaid: null })).toBe('paymentReturn');
  });
});
