import { useLingui } from '@lingui/react/macro';
import { useBlocker } from '@tanstack/react-router';
import { ConfirmDialog } from './ConfirmDialog.tsx';
import { hasInvalidTypedText } from './typedText.ts';
import { changesSearchKey, leavesForm } from './unsaved.ts';

export interface UnsavedChangesGuardProps {
  /** The form has changes that are not saved. */
  dirty: boolean;
  /**
   * Search params that belong to the form's identity (e.g. `id` of a master-data editor): changing
   * one of them leaves the form too (Back button, browser back from `?id=12` to the list).
   */
  searchKeys?: readonly string[];
}

/**
 * Put inside a form: while `dirty`, leaving the screen (menu, scope switch, back button, closing the
 * tab) asks "Ungespeicherte Änderungen" first. Staying inside the same path (search changes) is free.
 */
export function UnsavedChangesGuard({ dirty, searchKeys = [] }: UnsavedChangesGuardProps) {
  const { t } = useLingui();
  // text typed into an amount or date field that is no value yet counts as a change too
  const unsaved = () => dirty || hasInvalidTypedText();
  const blocker = useBlocker({
    shouldBlockFn: ({ current, next }) =>
      unsaved() && (leavesForm(current.pathname, next.pathname) || changesSearchKey(current.search as Record<string, unknown>, next.search as Record<string, unknown>, searchKeys)),
    enableBeforeUnload: unsaved,
    withResolver: true,
  });

  return (
    <ConfirmDialog
      opened={blocker.status === 'blocked'}
      title={t`Ungespeicherte Änderungen`}
      confirmLabel={t`Verwerfen und verlassen`}
      cancelLabel={t`Weiter bearbeiten`}
      danger
      onConfirm={() => blocker.proceed?.()}
      onCancel={() => blocker.reset?.()}
    >
      {t`Die Änderungen sind nicht gespeichert. Wenn Sie die Seite verlassen, gehen sie verloren.`}
    </ConfirmDialog>
  );
}
