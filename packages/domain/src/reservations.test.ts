import { describe, expect, it } from 'vitest';
import { reservationAmountProblem, reservationParts, reservationRemaining } from './reservations.ts';

describe('reservationParts', () => {
  const unused = new Map([
    [7, 50_000],
    [8, 0],
  ]);

  it('takes at most the position and at most what is unused, positions in order', () => {
    const parts = reservationParts(
      [
        { amount: 30_000, reservationId: 7 },
        { amount: 30_000, reservationId: 7 },
        { amount: 30_000, reservationId: 7 },
        { amount: 10_000, reservationId: null },
      ],
      unused,
    );
    // 500,00 unused: 300,00 + the remaining 200,00, then nothing; a position without reservation takes nothing
    expect(parts).toEqual([30_000, 20_000, 0, 0]);
  });

  it('a used-up or unknown reservation gives nothing; the input map is left as it was', () => {
    expect(
      reservationParts(
        [
          { amount: 5_000, reservationId: 8 },
          { amount: 5_000, reservationId: 9 },
          { amount: 0, reservationId: 7 },
        ],
        unused,
      ),
    ).toEqual([0, 0, 0]);
    expect(unused.get(7)).toBe(50_000);
  });
});

describe('reservationAmountProblem (DOMAIN decision 7)', () => {
  const ok = { amountBooked: 150_000, amountUsed: 42_050, usedByPositions: 40_000 };
  it.each([
    ['fine', {}, null],
    ['used exactly the positions, booked exactly used', { amountBooked: 40_000, amountUsed: 40_000 }, null],
    ['booked below used', { amountBooked: 42_049 }, { field: 'amountBooked', reason: 'usedAbove' }],
    ['used below the positions', { amountUsed: 39_999 }, { field: 'amountUsed', reason: 'belowPositions' }],
    [
      'used below the positions and above booked: the positions first',
      { amountBooked: 1, amountUsed: 39_999 },
      { field: 'amountUsed', reason: 'belowPositions' },
    ],
    ['negative booked', { amountBooked: -1 }, { field: 'amountBooked', reason: 'negative' }],
    ['negative used', { amountUsed: -1 }, { field: 'amountUsed', reason: 'negative' }],
    ['empty amounts are not judged', { amountBooked: null, amountUsed: null }, null],
    ['empty booked: only the positions', { amountBooked: null, amountUsed: 1 }, { field: 'amountUsed', reason: 'belowPositions' }],
  ] as const)('%s', (_name, patch, expected) => {
    expect(reservationAmountProblem({ ...ok, ...patch })).toEqual(expected && { code: 'InvalidValue', ...expected });
  });
});

describe('reservationRemaining (DOMAIN decision 7)', () => {
  it('an open reservation holds its unused part, never below 0; a closed or cancelled one nothing', () => {
    expect(reservationRemaining({ closed: false, unused: 110_000 })).toBe(110_000);
    expect(reservationRemaining({ closed: false, unused: -500 })).toBe(0);
    expect(reservationRemaining({ closed: true, unused: 110_000 })).toBe(0);
    expect(reservationRemaining({ closed: false, cancelled: true, unused: 110_000 })).toBe(0);
  });
});
