import { describe, expect, it } from 'vitest';
import {
  checkMovementDates,
  isTransferType,
  kindOfType,
  movementHeadFieldRules,
  MovementType,
  movementTypeOptions,
  MovementTypeSchema,
} from './movementTypes.ts';

describe('movement types', () => {
  it('accepts 0..5 only', () => {
    for (const t of [0, 1, 2, 3, 4, 5]) expect(MovementTypeSchema.safeParse(t).success).toBe(true);
    for (const t of [-1, 6, 1.5, '1', null]) expect(MovementTypeSchema.safeParse(t).success).toBe(false);
  });
  it.each([
    [MovementType.Revenue, 'revenues', false],
    [MovementType.PaymentDone, 'expenses', false],
    [MovementType.PaymentOpen, 'expenses', false],
    [MovementType.TransferExpense, 'expenses', true],
    [MovementType.Wages, 'expenses', false],
    [MovementType.TransferRevenue, 'revenues', true],
  ] as const)('type %s is %s, transfer %s', (type, kind, transfer) => {
    expect(kindOfType(type)).toBe(kind);
    expect(isTransferType(type)).toBe(transfer);
  });
  it.each([
    ['revenues', false, false, [0, 5]],
    ['revenues', true, true, [0, 5]],
    ['expenses', false, false, [1, 3]],
    ['expenses', true, false, [1, 2, 3]],
    ['expenses', false, true, [1, 3, 4]],
    ['expenses', true, true, [1, 2, 3, 4]],
  ] as const)('%s options (open %s, union %s)', (kind, openPaymentsAllowed, isUnion, expected) => {
    expect(movementTypeOptions(kind, { openPaymentsAllowed, isUnion })).toEqual(expected);
  });
});

describe('movementHeadFieldRules', () => {
  it('requires supplier only for open payments and hides the account of transfers', () => {
    expect(movementHeadFieldRules(MovementType.PaymentOpen).supplier).toBe('required');
    expect(movementHeadFieldRules(MovementType.TransferExpense).account).toBe('hidden');
  });
});

describe('checkMovementDates', () => {
  const base = { year: 2026, today: '2026-06-30', recordDate: '2026-03-10', documentDate: '2026-03-01' };
  it('passes dates inside the year and not after today', () => {
    expect(checkMovementDates(base)).toBeNull();
  });
  it('names the date that breaks a rule', () => {
    expect(checkMovementDates({ ...base, recordDate: '2027-01-01', today: '2027-02-01' })).toEqual({ code: 'DateAfter31.12', field: 'recordDate' });
    expect(checkMovementDates({ ...base, recordDate: '2026-07-01' })).toEqual({ code: 'InvalidDate', field: 'recordDate' });
    expect(checkMovementDates({ ...base, documentDate: '2026-03-11' })).toEqual({ code: 'DocumentDateAfterRecordDate', field: 'documentDate' });
  });
});
