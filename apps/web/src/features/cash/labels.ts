import { msg } from '@lingui/core/macro';
import type { FieldLabels } from '../../ui/fieldMessages.ts';

/** Labels of the transfer form (inputs and the fields a server error names). */
export const transferLabels: FieldLabels = {
  recordNumber: msg`Buchungsnummer`,
  id: msg`Buchungsnummer`,
  recordDate: msg`Buchungsdatum`,
  note: msg`Beschreibung`,
  accountIdFrom: msg`Von Konto`,
  accountIdTo: msg`Auf Konto`,
  amount: msg`Betrag`,
};

/** Labels of the balances screen (the fields a server error names). */
export const balanceLabels: FieldLabels = {
  accounts: msg`Konten`,
  'accounts.initialBalance': msg`Anfangsbestand`,
};
