/** Texts of the home pages: forecast states, the union list's status filter, the cashier's next step. */
import type { ForecastState, HomeStep, LastChange, OverviewStatusFilter, UnionFinalAccountState, UnionForecastState } from '@app/domain';
import type { I18n, MessageDescriptor } from '@lingui/core';
import { msg } from '@lingui/core/macro';
import { formatDate } from '../../ui/date.ts';

export const stateLabels: Record<ForecastState, MessageDescriptor> = {
  noForecast: msg`Kein Voranschlag`,
  unbalanced: msg`Nicht ausgeglichen`,
  balanced: msg`Genehmigung fehlt`,
  approved: msg`Genehmigt`,
};

export const stateColors: Record<ForecastState, string> = {
  noForecast: 'gray',
  unbalanced: 'red',
  balanced: 'yellow',
  approved: 'green',
};

/** The union's dashboard (issue 30): the forecast's and the final account's state of a brigade. */
export const forecastStateLabels: Record<UnionForecastState, MessageDescriptor> = {
  missing: msg`Fehlt`,
  draft: msg`Entwurf`,
  approved: msg`Genehmigt`,
  late: msg`Verspätet`,
};

export const forecastStateColors: Record<UnionForecastState, string> = { missing: 'gray.5', draft: 'yellow.6', approved: 'green.6', late: 'red.6' };

export const finalAccountStateLabels: Record<UnionFinalAccountState, MessageDescriptor> = {
  open: msg`Offen`,
  determined: msg`Rückstände festgestellt`,
  approved: msg`Genehmigt`,
  late: msg`Verspätet`,
};

export const finalAccountStateColors: Record<UnionFinalAccountState, string> = { open: 'gray.5', determined: 'blue.6', approved: 'green.6', late: 'red.6' };

export const statusFilterLabels: Record<OverviewStatusFilter | 'all', MessageDescriptor> = {
  all: msg`Alle`,
  notApproved: msg`Nicht genehmigt`,
  approved: msg`Genehmigt`,
  unbalanced: msg`Nicht ausgeglichen`,
  noForecast: msg`Kein Voranschlag`,
};

/** The button of a next step that has a screen. */
export const stepActions: Partial<Record<HomeStep, MessageDescriptor>> = {
  enterForecast: msg`Zum Voranschlag`,
  balanceForecast: msg`Zum Voranschlag`,
  approvalMissing: msg`Zur Genehmigung`,
  adjustmentOpen: msg`Zur Angleichung`,
  residuesOpen: msg`Zur Feststellung`,
  finalApprovalOpen: msg`Zur Genehmigung`,
};

/** The next step: a short title and what to do. */
export const stepLabels: Record<HomeStep, { title: MessageDescriptor; text: MessageDescriptor }> = {
  closed: { title: msg`Haushalt abgeschlossen`, text: msg`Der Rechnungsabschluss ist genehmigt; für dieses Jahr ist nichts mehr zu tun.` },
  chartMissing: { title: msg`Kontenplan fehlt`, text: msg`Für dieses Jahr gibt es noch keinen Kontenplan. Der Landesverband legt ihn an.` },
  enterForecast: { title: msg`Voranschlag erfassen`, text: msg`Der Haushaltsvoranschlag enthält noch keine Beträge: Einnahmen und Ausgaben erfassen.` },
  balanceForecast: { title: msg`Voranschlag ausgleichen`, text: msg`Der Haushaltsvoranschlag ist nicht ausgeglichen; erst danach kann er genehmigt werden.` },
  approvalMissing: { title: msg`Genehmigung fehlt`, text: msg`Der Haushaltsvoranschlag ist ausgeglichen: das Genehmigungsdatum eintragen.` },
  adjustmentOpen: { title: msg`Angleichung offen`, text: msg`Nach der Vollversammlung die Haushaltsangleichung mit dem tatsächlichen Überschuss erfassen.` },
  finalAccountOpen: {
    title: msg`Rechnungsabschluss offen`,
    text: msg`Angleichung erfasst: Buchungen führen und zum Jahresende den Rechnungsabschluss erstellen.`,
  },
  residuesOpen: {
    title: msg`Rückstände feststellen`,
    text: msg`Das Jahr ist zu Ende: die Rückstände jeder Zeile feststellen (vorgeschlagen werden offene Zahlungen und Vormerkungen), dann den Rechnungsabschluss genehmigen.`,
  },
  finalApprovalOpen: {
    title: msg`Rechnungsabschluss genehmigen`,
    text: msg`Die Rückstände sind festgestellt: den Rechnungsabschluss mit dem Datum der Vollversammlung genehmigen und die Rückstände ins nächste Jahr übertragen.`,
  },
};

/** "Nr. 3 · 01.03.2026" / "Angleichung · 10.05.2026". */
export function lastChangeText(i18n: I18n, change: LastChange | null): string {
  if (!change) return '';
  const number = change.recordNumber;
  const what = number === -1 ? i18n._(msg`Angleichung`) : i18n._(msg`Nr. ${number}`);
  return change.approved ? `${what} · ${formatDate(change.approved)}` : what;
}
