import { describe, expect, it } from 'vitest';
import { newerSnapshot } from './readCache.ts';

/** The order of snapshots the read cache keeps its store by (readCache.ts; the two-instance and REST tests prove the store itself). */
describe('newerSnapshot', () => {
  it('a later next transaction id is newer, whatever is running', () => {
    expect(newerSnapshot('100:106:', '100:105:')).toBe(true);
    expect(newerSnapshot('101:106:103', '100:105:')).toBe(true);
    expect(newerSnapshot('100:105:', '100:106:')).toBe(false);
  });
  it('the same next id with fewer running transactions is newer (an end only takes one out)', () => {
    expect(newerSnapshot('100:105:101', '100:105:101,103')).toBe(true);
    expect(newerSnapshot('100:105:101,103', '100:105:101')).toBe(false);
    expect(newerSnapshot('105:105:', '100:105:101')).toBe(true);
  });
  it('the same snapshot is not newer', () => {
    expect(newerSnapshot('100:105:101', '100:105:101')).toBe(false);
  });
});
