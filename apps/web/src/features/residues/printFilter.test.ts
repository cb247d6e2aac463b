import { describe, expect, it } from 'vitest';
import { residueValueFilter } from './printFilter.ts';

describe('residues print status filter (decision 14)', () => {
  it('maps 0/1/2 to (with, without) = (true,false) / (false,true) / (true,true)', () => {
    expect(residueValueFilter(0)).toEqual({ includeWithResidue: true, includeWithoutResidue: false });
    expect(residueValueFilter(1)).toEqual({ includeWithResidue: false, includeWithoutResidue: true });
    expect(residueValueFilter(2)).toEqual({ includeWithResidue: true, includeWithoutResidue: true });
  });
});
