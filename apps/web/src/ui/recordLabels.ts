/** One-line labels of records shared by screens, pickers and the heads of printed lists. */
import { formatAmount, type MovementType, type PaymentOrderBrief } from '@app/domain';
import type { I18n, MessageDescriptor } from '@lingui/core';
import { msg, plural } from '@lingui/core/macro';
import { localDescription } from './chartLabels.ts';
import { formatDate } from './date.ts';

/** Movement types (GLOSSARY: Einnahme, Bezahlte Ausgabe, Offene Zahlung, Umbuchung, Löhne): the movement screens and the audit trail's detail. */
export const movementTypeLabels: Record<MovementType, MessageDescriptor> = {
  0: msg`Einnahme`,
  1: msg`Bezahlte Ausgabe`,
  2: msg`Offene Zahlung`,
  3: msg`Umbuchung (Ausgabe)`,
  4: msg`Löhne`,
  5: msg`Umbuchung (Einnahme)`,
};

/** The department as the PDFs head it: code and name in the UI language. */
export function departmentLine(i18n: I18n, department: { code: number | string; nameDeu: string; nameIta: string }): string {
  return `${department.code} ${localDescription(i18n, { descriptionDeu: department.nameDeu, descriptionIta: department.nameIta })}`;
}

/** A payment order in the pickers: number/year, payment date, account, count and total. */
export function orderLabel(i18n: I18n, order: PaymentOrderBrief): string {
  const count = i18n._(msg`${plural(order.count, { one: '# Rechnung', other: '# Rechnungen' })}`);
  return `${order.orderNumber}/${order.year} · ${formatDate(order.paymentDate)} · ${order.accountCode} · ${count} · ${formatAmount(order.total)}`;
}
