/** Texts of the payments screens: why an instalment cannot go into the bank file. */
import type { PayableItem } from '@app/domain';
import type { I18n, MessageDescriptor } from '@lingui/core';
import { msg } from '@lingui/core/macro';

const notPayableLabels: Record<NonNullable<PayableItem['notPayable']>, MessageDescriptor> = {
  NoValidIban: msg`Der Lieferant hat keine gültige IBAN`,
  NotSepa: msg`IBAN außerhalb des SEPA-Raums`,
  BicMissing: msg`BIC des Lieferanten fehlt`,
  OtherRange: msg`Gehört zum anderen Bereich (Inland/Ausland)`,
};

/** Why a listed instalment is not payable in this order (spec 3 §3 payable item). */
export function notPayableText(i18n: I18n, reason: PayableItem['notPayable']): string {
  return reason ? i18n._(notPayableLabels[reason]) : '';
}
