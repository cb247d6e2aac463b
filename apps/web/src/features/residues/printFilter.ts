/**
 * The residues print's status filter (spec 3 §9 residue value filter; DOMAIN decision 14): 0 only
 * lines with a residue, 1 only without, 2 all ↔ includeWithResidue / includeWithoutResidue.
 */
export type ResidueValueFilter = 0 | 1 | 2;

export function residueValueFilter(filter: ResidueValueFilter): { includeWithResidue: boolean; includeWithoutResidue: boolean } {
  return { includeWithResidue: filter !== 1, includeWithoutResidue: filter !== 0 };
}
