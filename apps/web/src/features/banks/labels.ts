import { msg } from '@lingui/core/macro';
import type { FieldLabels } from '../../ui/fieldMessages.ts';

/** Labels of the bank form (inputs and server error naming). */
export const bankLabels: FieldLabels = {
  key: msg`Schlüssel (ABI/CAB)`,
  abi: msg`ABI`,
  cab: msg`CAB`,
  name1: msg`Name 1`,
  name2: msg`Name 2`,
  street: msg`Straße`,
  postalCode: msg`PLZ`,
  location: msg`Ort`,
  province: msg`Provinz`,
  country: msg`Staat`,
  isForeign: msg`Ausländische Bank`,
  autoUpdate: msg`Beim Import aktualisieren`,
  routingCode: msg`Bankleitzahl`,
  uicCode: msg`UIC-Code`,
  swift: msg`BIC (SWIFT)`,
  iban: msg`IBAN`,
  invalidFrom: msg`Ungültig ab`,
};
