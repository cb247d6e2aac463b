/** Texts of the residue screens: the sources, the flags, the bounds of a final residue. */
import { formatAmount, type ResidueBoundError, type ResiduePosition } from '@app/domain';
import type { I18n, MessageDescriptor } from '@lingui/core';
import { msg } from '@lingui/core/macro';

/** The determination's sources (spec 3 §9: 1 current management, 2 residue lines) and the print's "all" (0). */
export const sourceLabels: Record<0 | 1 | 2, MessageDescriptor> = {
  0: msg`Alle (laufende Verwaltung und Rückstände)`,
  1: msg`Laufende Verwaltung (Kompetenz)`,
  2: msg`Rückstände der Vorjahre`,
};

/** The flags of a line (DOMAIN decision 14): 1 reservation, 2 open payment. */
export const flagLabels: Record<1 | 2, MessageDescriptor> = {
  1: msg`Vormerkung`,
  2: msg`Offene Zahlung`,
};

/** Why a final residue is refused, with the bound it breaks. */
export function problemText(i18n: I18n, problem: Exclude<ResidueBoundError, null>, position: Pick<ResiduePosition, 'minimum' | 'maximum'>): string {
  if (problem === 'SmallerThanExistingResidue') {
    const minimum = formatAmount(position.minimum);
    return i18n._(msg`Nicht unter den offenen Vormerkungen (mindestens ${minimum})`);
  }
  const maximum = formatAmount(position.maximum);
  return i18n._(msg`Zwischen 0 und dem verfügbaren Betrag (höchstens ${maximum})`);
}
