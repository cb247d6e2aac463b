import { describe, expect, it } from 'vitest';
import { emptyPaymentFilter, filterRangeInvalid } from './paymentFilter.ts';

describe('payment filter ranges', () => {
  it('accepts open and ordered ranges, refuses "to" before "from"', () => {
    expect(filterRangeInvalid(emptyPaymentFilter)).toBe(false);
    expect(filterRangeInvalid({ ...emptyPaymentFilter, supplierFrom: 5, supplierTo: 5 })).toBe(false);
    expect(filterRangeInvalid({ ...emptyPaymentFilter, supplierFrom: 6, supplierTo: 5 })).toBe(true);
    expect(filterRangeInvalid({ ...emptyPaymentFilter, dateDueFrom: '2025-03-02', dateDueTo: '2025-03-01' })).toBe(true);
    expect(filterRangeInvalid({ ...emptyPaymentFilter, documentDateFrom: '2025-01-01', documentDateTo: '2025-12-31' })).toBe(false);
    expect(filterRangeInvalid({ ...emptyPaymentFilter, documentDateFrom: '2025-12-31', documentDateTo: '2025-01-01' })).toBe(true);
  });
});
