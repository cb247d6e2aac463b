/** Texts of the payments screens: why an instalment cannot go into the bank file, and the department line of the PDFs. */
import type { PayableItem } from '@app/domain';
import type { I18n, MessageDescriptor } from '@lingui/core';
import { msg } from '@lingui/core/macro';
import { localDescription } from '../../ui/chartLabels.ts';

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

/** The department as the PDFs head it: code and name in the UI language. */
export function departmentLine(i18n: I18n, department: { code: number | string; nameDeu: string; nameIta: string }): string {
  return `${department.code} ${localDescription(i18n, { descriptionDeu: department.nameDeu, descriptionIta: department.nameIta })}`;
}
