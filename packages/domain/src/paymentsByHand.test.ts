import { describe, expect, it } from 'vitest';
import { canPayByHandFrom, returnDateProblem, settleDateProblem } from './paymentsByHand.ts';

describe('paying by hand (DOMAIN decision 21)', () => {
  const base = { year: 2026, today: '2026-03-10', documentDate: '2025-12-20' };
  it('the date paid lies in the scope year, not after today, not before the document date', () => {
    expect(settleDateProblem({ ...base, datePaid: '2026-01-12' })).toBeNull();
    expect(settleDateProblem({ ...base, datePaid: '2026-03-10' })).toBeNull();
    expect(settleDateProblem({ ...base, datePaid: '2026-03-11' })).toEqual({ code: 'InvalidDate', field: 'datePaid' });
    expect(settleDateProblem({ ...base, datePaid: '2025-12-31' })).toEqual({ code: 'InvalidDate', field: 'datePaid' });
    expect(settleDateProblem({ ...base, year: 2025, today: '2026-03-10', datePaid: '2026-01-02' })).toEqual({ code: 'DateAfter31.12', field: 'datePaid' });
    expect(settleDateProblem({ ...base, year: 2025, datePaid: '2025-12-19' })).toEqual({ code: 'InvalidDate', field: 'datePaid' });
    expect(settleDateProblem({ ...base, year: 2025, datePaid: '2025-12-20' })).toBeNull();
    expect(settleDateProblem({ ...base, documentDate: null, datePaid: '2026-02-30' })).toEqual({ code: 'InvalidDate', field: 'datePaid' });
  });
  it('from a cash or bank account, not the postal one', () => {
    expect([1, 2, 3].map(canPayByHandFrom)).toEqual([true, true, false]);
  });
});

describe('bank returns (DOMAIN decision 22)', () => {
  const base = { year: 2026, today: '2026-03-10', datePaid: '2026-02-01' };
  it('the return lies in the year of the payment or the next, on or after its date paid, not after today', () => {
    expect(returnDateProblem({ ...base, returnedOn: '2026-02-01' })).toBeNull();
    expect(returnDateProblem({ ...base, returnedOn: '2026-03-10' })).toBeNull();
    expect(returnDateProblem({ ...base, returnedOn: '2026-01-31' })).toEqual({ code: 'InvalidDate', field: 'returnedOn' });
    expect(returnDateProblem({ ...base, returnedOn: '2026-03-11' })).toEqual({ code: 'InvalidDate', field: 'returnedOn' });
    // paid by a December order in the year before: the return is booked in the new year
    expect(returnDateProblem({ ...base, datePaid: '2025-12-30', returnedOn: '2026-01-05' })).toBeNull();
    // never two years later, never before the date paid
    expect(returnDateProblem({ ...base, datePaid: '2024-12-30', returnedOn: '2026-01-05' })).toEqual({ code: 'InvalidDate', field: 'returnedOn' });
    expect(returnDateProblem({ ...base, datePaid: '2026-02-01', returnedOn: '2026-01-05' })).toEqual({ code: 'InvalidDate', field: 'returnedOn' });
    expect(returnDateProblem({ ...base, datePaid: '', returnedOn: '2026-01-05' })).toEqual({ code: 'InvalidDate', field: 'returnedOn' });
  });
});
