import type { AccountType } from '@app/domain';
import type { MessageDescriptor } from '@lingui/core';
import { msg } from '@lingui/core/macro';
import type { FieldLabels } from '../../ui/fieldMessages.ts';

/** Labels of the account form (inputs and server error naming). */
export const accountLabels: FieldLabels = {
  code: msg`Code`,
  descriptionDeu: msg`Beschreibung (deutsch)`,
  descriptionIta: msg`Beschreibung (italienisch)`,
  type: msg`Kontoart`,
  notes: msg`Anmerkungen`,
  inactive: msg`Inaktiv`,
  'bankInfo.iban': msg`IBAN`,
  'bankInfo.bankName': msg`Bank`,
  'bankInfo.swift': msg`BIC (SWIFT)`,
};

/** Account types (GLOSSARY: Kassa / Bank / Post). */
export const accountTypeLabels: Record<AccountType, MessageDescriptor> = {
  1: msg`Kassa`,
  2: msg`Bank`,
  3: msg`Post`,
};
