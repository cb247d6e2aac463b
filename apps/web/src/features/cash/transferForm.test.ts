import { describe, expect, it } from 'vitest';
import { compare, newSource, problemsOf, toValues, type Values } from './transferForm.ts';

const filled: Values = { recordDate: '2025-04-15', note: 'Einzahlung', accountIdFrom: 1, accountIdTo: 2, amount: 123456 };

describe('transfer form', () => {
  it('proposes today in the scope year, 31.12 in a past year, nothing in a later year', () => {
    expect(newSource(2025, '2025-04-15').recordDate).toBe('2025-04-15');
    expect(newSource(2024, '2025-04-15').recordDate).toBe('2024-12-31');
    expect(newSource(2026, '2025-04-15').recordDate).toBeNull();
    expect(toValues(newSource(2025, '2025-04-15'))).toEqual({ recordDate: '2025-04-15', note: '', accountIdFrom: null, accountIdTo: null, amount: null });
  });

  it('finds nothing to refuse in a complete transfer', () => {
    expect(problemsOf(filled, 2025, '2025-11-25')).toEqual({});
  });

  it('names every empty required field', () => {
    const empty: Values = { recordDate: null, note: '', accountIdFrom: null, accountIdTo: null, amount: null };
    expect(problemsOf(empty, 2025, '2025-11-25')).toEqual({ recordDate: 'required', accountIdFrom: 'required', accountIdTo: 'required', amount: 'required' });
  });

  it('refuses the same account on both sides and an amount not above 0', () => {
    expect(problemsOf({ ...filled, accountIdTo: 1 }, 2025, '2025-11-25')).toEqual({ accountIdTo: 'same' });
    expect(problemsOf({ ...filled, amount: 0 }, 2025, '2025-11-25')).toEqual({ amount: 'notPositive' });
    expect(problemsOf({ ...filled, amount: -500 }, 2025, '2025-11-25')).toEqual({ amount: 'notPositive' });
  });

  it('checks the record date like a booking date: in the scope year, not after today', () => {
    expect(problemsOf({ ...filled, recordDate: '2026-01-02' }, 2025, '2026-02-01')).toEqual({ recordDate: 'date', dateCode: 'DateAfter31.12' });
    expect(problemsOf({ ...filled, recordDate: '2024-12-31' }, 2025, '2025-11-25')).toEqual({ recordDate: 'date', dateCode: 'InvalidDate' });
    expect(problemsOf({ ...filled, recordDate: '2025-11-26' }, 2025, '2025-11-25')).toEqual({ recordDate: 'date', dateCode: 'InvalidDate' });
  });

  it('compares trimmed notes (a trailing space is no change)', () => {
    expect(compare({ ...filled, note: 'Einzahlung  ' })).toEqual(compare(filled));
    expect(compare({ ...filled, amount: 1 })).not.toEqual(compare(filled));
  });
});
