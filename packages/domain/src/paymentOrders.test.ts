import { describe, expect, it } from 'vitest';
import { OpenPaymentsInput, OrderRequestInput, RegisterOrderInput, offeredDatePaid, openPaymentsFileName, registerDateRange } from './paymentOrders.ts';

describe('payments contract', () => {
  it('names the open-payments PDF by the date', () => {
    expect(openPaymentsFileName('2026-03-07')).toBe('07.03.2026.pdf');
  });

  it('an order request: empty filters are null, a new order without choices, the file name trimmed', () => {
    const request = OrderRequestInput.parse({ departmentId: 4, year: 2026, paymentRange: 1, accountId: 9, filename: ' juni ', supplierFrom: null });
    expect(request).toMatchObject({ orderId: null, accountId: 9, supplierFrom: null, supplierTo: null, dateDueFrom: null, toPay: [], groupInvoices: false });
    expect(request).toMatchObject({ paymentDate: null, filename: 'juni', orderNumber: null });
    expect(OrderRequestInput.safeParse({ departmentId: 4, year: 2026, paymentRange: 3 }).success).toBe(false);
    expect(OrderRequestInput.safeParse({ departmentId: 4, year: 2026, paymentRange: 2, paymentDate: '2026-02-30' }).success).toBe(false);
    expect(OrderRequestInput.safeParse({ departmentId: 4, year: 2026, paymentRange: 2, toPay: [{ paymentId: 0, movementId: 1 }] }).success).toBe(false);
  });

  it('filters and the registration input', () => {
    expect(OpenPaymentsInput.parse({ departmentId: 4, year: 2026, supplierFrom: 0, dateDueTo: '2026-12-31' })).toMatchObject({
      accountId: null,
      supplierFrom: 0,
      dateDueTo: '2026-12-31',
    });
    expect(OpenPaymentsInput.safeParse({ departmentId: 4, year: 2026, supplierTo: -1 }).success).toBe(false);
    expect(RegisterOrderInput.safeParse({ departmentId: 4, year: 2026, orderId: 1 }).success).toBe(false);
    expect(RegisterOrderInput.parse({ departmentId: 4, year: 2026, orderId: 1, datePaid: '2026-07-01' }).payments).toEqual([]);
  });
});

describe('registerDateRange', () => {
  it('runs from the later of 1.1. and the creation to the earlier of 31.12. and today', () => {
    expect(registerDateRange(2026, '2026-11-27', '2026-06-14')).toEqual({ from: '2026-06-14', to: '2026-11-27' });
    expect(registerDateRange(2025, '2026-11-27', '2025-12-30')).toEqual({ from: '2025-12-30', to: '2025-12-31' });
    expect(registerDateRange(2026, '2026-11-27', '2025-12-30')).toEqual({ from: '2026-01-01', to: '2026-11-27' });
  });
  it('is null when no date is possible', () => {
    expect(registerDateRange(2025, '2026-11-27', '2026-01-05')).toBeNull();
    expect(registerDateRange(2026, '2026-11-27', '2026-11-28')).toBeNull();
  });
});

describe('offeredDatePaid (issue 25: the register screen offers a date the registration may carry)', () => {
  it('today during the year, for an order made earlier', () => {
    expect(offeredDatePaid(2026, '2026-11-29', '2026-11-28')).toBe('2026-11-29');
  });
  it('31.12. once the year is over (a stored order of Y registered from Y+1)', () => {
    expect(offeredDatePaid(2025, '2026-01-05', '2025-12-30')).toBe('2025-12-31');
  });
  it('a typed date that fits the chosen order stays (the next order of the same bank statement)', () => {
    expect(offeredDatePaid(2026, '2026-11-29', '2026-11-20', '2026-11-25')).toBe('2026-11-25');
  });
  it('a typed date before the order was made gives way to the offered one', () => {
    expect(offeredDatePaid(2026, '2026-11-29', '2026-11-28', '2026-11-25')).toBe('2026-11-29');
    expect(offeredDatePaid(2025, '2026-01-05', '2025-12-30', '2026-01-05')).toBe('2025-12-31');
  });
  it('none when no date is possible: an order of Y made after 31.12. of Y', () => {
    expect(offeredDatePaid(2025, '2026-01-05', '2026-01-02', '2025-12-31')).toBeNull();
  });
});
