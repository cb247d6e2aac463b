import type { AccessLevel } from '@app/domain';
import type { MessageDescriptor } from '@lingui/core';
import { msg } from '@lingui/core/macro';
import type { FieldLabels } from '../../ui/fieldMessages.ts';

/** Labels of the user form (inputs and server error naming). */
export const userLabels: FieldLabels = {
  username: msg`Benutzername`,
  password: msg`Passwort`,
  passwordRepeat: msg`Passwort wiederholen`,
  mustChangePassword: msg`Passwort bei der nächsten Anmeldung ändern`,
  fullname: msg`Vollständiger Name`,
  accessLevel: msg`Zugriffsstufe`,
  locked: msg`Gesperrt`,
  validUntil: msg`Gültig bis`,
  language: msg`Sprache`,
  mainDepartmentId: msg`Hauptfeuerwehr`,
  departmentIds: msg`Feuerwehren`,
};

/** Access levels (GLOSSARY: Standard / Administrator / Supervisor; auditor: Revisor / Revisore). */
export const accessLevelLabels: Record<Exclude<AccessLevel, -1>, MessageDescriptor> = {
  0: msg`Administrator`,
  1: msg`Revisor`,
  2: msg`Standard`,
  3: msg`Supervisor`,
};

export const languageLabels: Record<'de' | 'it', MessageDescriptor> = {
  de: msg`Deutsch`,
  it: msg`Italienisch`,
};
