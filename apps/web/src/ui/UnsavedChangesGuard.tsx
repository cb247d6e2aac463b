import { useLingui } from '@lingui/react/macro';
import { Button, Group, Modal, Text } from '@mantine/core';
import { useBlocker } from '@tanstack/react-router';
import { useState } from 'react';
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
  /**
   * Saves what the form shows without leaving on its own (the same checks as its Save button);
   * answers whether it saved. Given, the question offers "Speichern und verlassen".
   */
  onSave?: () => Promise<boolean>;
}

/**
 * Put inside a form: while `dirty` (or a typed amount or date is not a value yet), leaving the
 * screen (menu, scope switch, back button, closing the tab) asks "Ungespeicherte Änderungen" first:
 * save and leave (with `onSave`; a failed save stays), discard and leave, or keep editing. Staying
 * inside the same path (search changes) is free.
 */
export function UnsavedChangesGuard({ dirty, searchKeys = [], onSave }: UnsavedChangesGuardProps) {
  const { t } = useLingui();
  const [saving, setSaving] = useState(false);
  // text typed into an amount or date field that is no value yet counts as a change too
  const unsaved = () => dirty || hasInvalidTypedText();
  const blocker = useBlocker({
    shouldBlockFn: ({ current, next }) =>
      unsaved() &&
      (leavesForm(current.pathname, next.pathname) ||
        changesSearchKey(current.search as Record<string, unknown>, next.search as Record<string, unknown>, searchKeys)),
    enableBeforeUnload: unsaved,
    withResolver: true,
  });
  const blocked = blocker.status === 'blocked';
  const question = t`Die Änderungen sind nicht gespeichert. Wenn Sie die Seite verlassen, gehen sie verloren.`;

  if (!onSave) {
    return (
      <ConfirmDialog
        opened={blocked}
        title={t`Ungespeicherte Änderungen`}
        confirmLabel={t`Verwerfen und verlassen`}
        cancelLabel={t`Weiter bearbeiten`}
        danger
        onConfirm={() => blocker.proceed?.()}
        onCancel={() => blocker.reset?.()}
      >
        {question}
      </ConfirmDialog>
    );
  }

  async function saveAndLeave() {
    if (saving) return;
    setSaving(true);
    try {
      const saved = await onSave?.();
      if (saved) blocker.proceed?.();
      else blocker.reset?.();
    } finally {
      setSaving(false);
    }
  }

  // Enter clicks the focused button: "Speichern und verlassen" has the focus when the question opens
  return (
    <Modal
      opened={blocked}
      onClose={() => blocker.reset?.()}
      title={t`Ungespeicherte Änderungen`}
      closeOnEscape
      centered
      size="lg"
      data-testid="unsaved-dialog"
    >
      <Text size="sm">{question}</Text>
      <Group justify="flex-end" mt="lg" gap="sm">
        <Button variant="default" onClick={() => blocker.reset?.()} disabled={saving} data-testid="unsaved-stay">
          {t`Weiter bearbeiten`}
        </Button>
        <Button color="red" variant="light" onClick={() => blocker.proceed?.()} disabled={saving} data-testid="unsaved-discard">
          {t`Verwerfen und verlassen`}
        </Button>
        <Button onClick={() => void saveAndLeave()} loading={saving} data-autofocus data-testid="unsaved-save">
          {t`Speichern und verlassen`}
        </Button>
      </Group>
    </Modal>
  );
}
