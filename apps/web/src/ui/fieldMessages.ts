/**
 * The translated texts of field problems (spec 2 §5: "Dieses Feld ist erforderlich") and of a
 * failed save (the server's appCode, naming the field for InvalidValue). Used by useEntityEditor.
 */
import type { I18n, MessageDescriptor } from '@lingui/core';
import { msg } from '@lingui/core/macro';
import { errorText } from '../lib/errorMessages.ts';
import { appCodeOf, errorFieldOf } from '../lib/errors.ts';
import type { FieldProblem } from './formErrors.ts';

/** Labels of a form's fields by path (`code`, `bankInfo.iban`); the same descriptors label the inputs. */
export type FieldLabels = Record<string, MessageDescriptor>;

/** Field-specific texts for an invalid value, by path (e.g. `bankInfo.iban` -> "Ungültige IBAN"). */
export type InvalidTexts = Record<string, MessageDescriptor>;

/** Texts for an invalid value by the field's last path segment (`bankInfo.iban` -> iban). */
const invalidByField: Record<string, MessageDescriptor> = {
  iban: msg`Ungültige IBAN`,
  swift: msg`Ungültiger BIC (SWIFT)`,
  email: msg`Ungültige E-Mail-Adresse`,
  identifier: msg`Genau 14 Ziffern`,
  code: msg`Ungültiger Code`,
  chapterProposal: msg`Ein Kapitel hat 5 Zeichen`,
};

const texts = {
  required: msg`Dieses Feld ist erforderlich`,
  invalid: msg`Ungültiger Wert`,
  invalidValues: msg`Einige Felder haben ungültige Werte`,
};

export function problemText(i18n: I18n, problem: FieldProblem, path: string, invalidTexts: InvalidTexts = {}): string {
  switch (problem.kind) {
    case 'required':
      return i18n._(texts.required);
    case 'tooLong': {
      const max = problem.max;
      return i18n._(msg`Höchstens ${max} Zeichen`);
    }
    case 'tooShort': {
      const min = problem.min;
      return i18n._(msg`Mindestens ${min} Zeichen`);
    }
    case 'invalid': {
      const special = invalidTexts[path] ?? invalidByField[path.split('.').pop() ?? path];
      return i18n._(special ?? texts.invalid);
    }
  }
}

/** The toast of an invalid submit (spec 2 §5 `dialog.invalidValues`, 2.8 s). */
export function invalidValuesText(i18n: I18n): string {
  return i18n._(texts.invalidValues);
}

/** The label of a field path: its own, else the label of the nearest parent, else the path itself. */
export function fieldLabel(i18n: I18n, labels: FieldLabels, path: string): string {
  const own = labels[path];
  if (own) return i18n._(own);
  const parts = path.split('.');
  for (let n = parts.length - 1; n > 0; n--) {
    const parent = labels[parts.slice(0, n).join('.')];
    if (parent) return i18n._(parent);
  }
  return path;
}

/**
 * The text of a failed save or delete: the server's business message; for an error naming a field
 * (InvalidValue and the "exists" codes) the field's label follows ("Ungültiger Wert: IBAN").
 */
export function saveErrorText(i18n: I18n, error: unknown, labels: FieldLabels): { text: string; field: string | null } {
  const base = errorText(i18n, error);
  const field = errorFieldOf(error);
  if (field && appCodeOf(error) === 'InvalidValue') return { text: `${base.replace(/\.$/, '')}: ${fieldLabel(i18n, labels, field)}`, field };
  return { text: base, field };
}
