import { useLingui } from '@lingui/react/macro';
import { Alert } from '@mantine/core';
import { useReadsOnly } from '../lib/session.ts';

/**
 * The auditor's note (issue 27) above every screen of his: he reads and prints, nothing can be saved.
 * The screens open read-only by the server's editability flags (false for him) and EditorShell; the
 * server refuses his writes whatever the client sends (ReadOnlyAccess).
 */
export function ReadOnlyNote() {
  const { t } = useLingui();
  if (!useReadsOnly()) return null;
  return (
    <Alert color="gray" variant="light" py={6} mb="sm" data-testid="read-only-note">
      {t`Nur Lesezugriff (Revisor): Sie können alles lesen und drucken, aber nichts speichern.`}
    </Alert>
  );
}
