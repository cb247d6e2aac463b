/** Texts of the residue screens: the sources, the flags, the bounds of a final residue. */
import { formatAmount, type ResiduePosition, type ResidueProblem } from '@app/domain';
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

/** Why a final residue is refused, with the bound it breaks (DOMAIN decision 24). */
export function problemText(i18n: I18n, problem: ResidueProblem, position: Pick<ResiduePosition, 'minimum' | 'maximum'>): string {
  if (problem === 'overspent') return i18n._(overspentText);
  if (problem === 'belowMinimum') {
    const minimum = formatAmount(position.minimum);
    return i18n._(msg`Nicht unter offenen Zahlungen und Vormerkungen zusammen (mindestens ${minimum})`);
  }
  const maximum = formatAmount(position.maximum);
  return i18n._(msg`Nicht über dem verfügbaren Betrag (höchstens ${maximum})`);
}

/** An overspent line: no residue fits until its budget is raised (the message; the cell shows the short hint). */
export const overspentText = msg`Überzogen: erst den Ansatz erhöhen`;
export const overspentHint = msg`erst den Ansatz erhöhen`;

/** The marks of a line's state on the determination screen. */
export const stateLabels = {
  overspent: msg`überzogen`,
  changed: msg`geändert`,
  outOfBounds: msg`passt nicht mehr`,
  clearing: msg`wird aufgehoben`,
} as const;

/** The tooltip of a line changed after its determination: the residue and its bounds now. */
export function changedText(i18n: I18n, position: Pick<ResiduePosition, 'minimum' | 'maximum' | 'isOutOfBounds'>): string {
  const minimum = formatAmount(position.minimum);
  const maximum = formatAmount(position.maximum);
  return position.isOutOfBounds
    ? i18n._(msg`Nach der Feststellung gebucht: der Endrückstand liegt nicht mehr zwischen ${minimum} und ${maximum}. Bitte neu feststellen.`)
    : i18n._(msg`Nach der Feststellung gebucht: jetzt zwischen ${minimum} und ${maximum}. Bitte prüfen und speichern.`);
}

/** SmallerThanExistingResidue on a determination (decision 23): the next year already uses the carried line. */
export function carriedUsedText(i18n: I18n, params: Record<string, unknown>): string {
  const year = String(params.year ?? '');
  const used = formatAmount(typeof params.used === 'number' ? params.used : 0);
  return i18n._(
    msg`Das Jahr ${year} verwendet auf der übertragenen Zeile bereits ${used}: die Feststellung kann nicht darunter gesenkt oder aufgehoben werden.`,
  );
}
