import { AppError } from '@app/domain';
import { describe, expect, it } from 'vitest';
import { toRestError } from './errors.ts';

/** Error params that are amounts travel in euros on the REST wire (MONEY_ERROR_PARAMS), like every other amount. */
describe('REST error params', () => {
  it('converts the amounts among the params to euros and keeps the rest as they are', () => {
    const error = new AppError('InvalidValue', {
      field: 'positions.0.amount',
      params: { chapter: '21003', chapterYear: 2025, minimum: 123456, maximum: 5, problem: 'belowMinimum' },
    });
    expect(toRestError(error)).toEqual({
      type: { status: 400, text: 'Bad Request' },
      details: {
        Message: 'InvalidValue',
        Field: 'positions.0.amount',
        Params: { chapter: '21003', chapterYear: 2025, minimum: 1234.56, maximum: 0.05, problem: 'belowMinimum' },
      },
    });
  });

  it('converts what a carried line or a reservation already uses (used, residue, remaining, amountUsed, usedByPositions, amount)', () => {
    const params = { used: 100, residue: 250050, remaining: 1, amountUsed: 15075, usedByPositions: 5025, amount: 99, year: 2026, recordNumber: 7 };
    expect(toRestError(new AppError('SmallerThanExistingResidue', { params }))?.details.Params).toEqual({
      used: 1,
      residue: 2500.5,
      remaining: 0.01,
      amountUsed: 150.75,
      usedByPositions: 50.25,
      amount: 0.99,
      year: 2026,
      recordNumber: 7,
    });
  });

  it('converts each amount of a list (excess: by how much each named line goes past its availability)', () => {
    const params = { chapter: '21002,21005/2025', excess: '41810,5' };
    expect(toRestError(new AppError('AvailableExceeded', { params }))?.details.Params).toEqual({ chapter: '21002,21005/2025', excess: '418.1,0.05' });
  });
});
