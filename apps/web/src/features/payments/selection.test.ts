import { describe, expect, it } from 'vitest';
import { allOf, tickedTotal, toggled } from './selection.ts';

const rows = [
  { id: 1, amount: 1000 },
  { id: 2, amount: 2550 },
  { id: 3, amount: 45 },
];

describe('payments selection', () => {
  it('ticks all, unticks one and sums the ticked', () => {
    const all = allOf(rows);
    expect([...all]).toEqual([1, 2, 3]);
    expect(tickedTotal(rows, all)).toEqual({ count: 3, total: 3595 });
    const without2 = toggled(all, 2);
    expect([...without2]).toEqual([1, 3]);
    expect(tickedTotal(rows, without2)).toEqual({ count: 2, total: 1045 });
    expect([...toggled(without2, 2)].sort()).toEqual([1, 2, 3]);
  });

  it('none ticked sums to zero', () => {
    expect(tickedTotal(rows, new Set())).toEqual({ count: 0, total: 0 });
  });
});
