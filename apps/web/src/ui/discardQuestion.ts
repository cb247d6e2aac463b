import type { I18n } from '@lingui/core';
import { msg } from '@lingui/core/macro';

/**
 * The question before a screen drops its unsaved changes by itself (opening another record,
 * starting a new one): `if (dirty && !(await confirm(discardQuestion(i18n)))) return;`.
 */
export function discardQuestion(i18n: I18n) {
  return {
    title: i18n._(msg`Ungespeicherte Änderungen`),
    children: i18n._(msg`Die Änderungen sind nicht gespeichert. Wenn Sie die Seite verlassen, gehen sie verloren.`),
    confirmLabel: i18n._(msg`Verwerfen`),
    danger: true,
  };
}
