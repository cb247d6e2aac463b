import { describe, expect, it } from 'vitest';
import { reservationParts } from './reservations.ts';

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
