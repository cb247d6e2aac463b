import { describe, expect, it } from 'vitest';
import { availabilityExceeded } from './availability.ts';
import { Part } from './chapterCode.ts';

describe('availabilityExceeded', () => {
  const line = { part: Part.Expenses, after: -1, bookedBefore: 0, bookedAfter: 1 };

  it('a new record on an expense line: asked once the availability after it is below 0', () => {
    expect(availabilityExceeded(line)).toBe(true);
    expect(availabilityExceeded({ ...line, after: 0 })).toBe(false);
    expect(availabilityExceeded({ ...line, after: 500 })).toBe(false);
  });

  it('an edited record: only when it takes more from the line than its saved version did', () => {
    expect(availabilityExceeded({ ...line, after: -5_000, bookedBefore: 20_000, bookedAfter: 20_000 })).toBe(false);
    expect(availabilityExceeded({ ...line, after: -5_000, bookedBefore: 20_000, bookedAfter: 15_000 })).toBe(false);
    expect(availabilityExceeded({ ...line, after: -5_000, bookedBefore: 20_000, bookedAfter: 20_001 })).toBe(true);
  });

  it('nothing booked (a position fully taken from its reservation) and revenue lines never ask', () => {
    expect(availabilityExceeded({ ...line, after: -5_000, bookedAfter: 0 })).toBe(false);
    expect(availabilityExceeded({ ...line, part: Part.Revenues, after: -5_000, bookedAfter: 9_000 })).toBe(false);
  });
});
