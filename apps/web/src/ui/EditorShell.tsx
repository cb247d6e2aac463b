/**
 * EditorShell — the frame of every master-data editor (spec 2 §4): the entity's title and the
 * buttons Zurücksetzen / Speichern / Löschen / Zurück (Save and Reset only when the form is dirty,
 * Delete only for a loaded entity), the unsaved-changes guard (leaving the path or the `?id`), the
 * delete confirmation, loading and load-error states. Keyboard: the first field gets the focus,
 * Enter moves to the next field and submits from the last one, Ctrl+Enter saves from anywhere
 * (also the page body: useBodySaveKey), never from a dialog.
 * Behaviour lives in useEntityEditor; the caller only lays out fields (see FormSection).
 */
import { Trans, useLingui } from '@lingui/react/macro';
import { Alert, Button, Group, Loader, Paper, Stack, Text, Title } from '@mantine/core';
import { type KeyboardEvent, type ReactNode, useEffect, useRef } from 'react';
import { errorText } from '../lib/errorMessages.ts';
import { useReadsOnly } from '../lib/session.ts';
import { fromDialog, useBodySaveKey } from './saveShortcut.ts';
import { UnsavedChangesGuard } from './UnsavedChangesGuard.tsx';
import type { EntityEditor } from './useEntityEditor.ts';

export interface EditorShellProps<E, V extends Record<string, unknown>> {
  title: ReactNode;
  /** A line under the title (e.g. the entity's name). */
  subtitle?: ReactNode;
  editor: EntityEditor<E, V>;
  children: ReactNode;
  /** Hide Delete (entities that cannot be deleted here). */
  noDelete?: boolean;
  /** Everything read-only: no Save, Reset, Delete, and Enter or Ctrl+Enter submits nothing. Always for the auditor (issue 27). */
  readOnly?: boolean;
  maw?: number;
}

const FOCUSABLE =
  'input:not([type="hidden"]):not([disabled]):not([readonly]), textarea:not([disabled]):not([readonly]), button[data-enter-stop]:not([disabled])';

/** Enter in a field moves to the next one (the last one submits); Ctrl/Cmd+Enter submits. */
export function onEnterMoves(event: KeyboardEvent<HTMLFormElement>) {
  // a key of a dialog (its portal bubbles through the form) is the dialog's own
  if (event.key !== 'Enter' || event.defaultPrevented || event.nativeEvent.isComposing || fromDialog(event)) return;
  const target = event.target as HTMLElement;
  const form = event.currentTarget;
  if (event.ctrlKey || event.metaKey) {
    event.preventDefault();
    form.requestSubmit();
    return;
  }
  if (target.tagName === 'TEXTAREA' || target.tagName === 'BUTTON' || target.getAttribute('aria-expanded') === 'true') return;
  if (target.tagName !== 'INPUT') return;
  event.preventDefault();
  const fields = Array.from(form.querySelectorAll<HTMLElement>(FOCUSABLE)).filter((el) => el.offsetParent !== null);
  const next = fields[fields.indexOf(target) + 1];
  if (next) {
    next.focus();
    if (next instanceof HTMLInputElement && next.type === 'text') next.select();
  } else form.requestSubmit();
}

export function EditorShell<E, V extends Record<string, unknown>>({
  title,
  subtitle,
  editor,
  children,
  noDelete,
  readOnly: readOnlyByScreen,
  maw = 1100,
}: EditorShellProps<E, V>) {
  const { i18n } = useLingui();
  const auditor = useReadsOnly();
  const readOnly = readOnlyByScreen || auditor;
  const formRef = useRef<HTMLFormElement>(null);
  useBodySaveKey(formRef, !readOnly);

  useEffect(() => {
    if (!editor.ready) return;
    formRef.current?.querySelector<HTMLElement>(FOCUSABLE)?.focus();
  }, [editor.ready]);

  const buttons = (
    <Group gap="xs" wrap="nowrap">
      {readOnly ? null : (
        <>
          <Button variant="default" size="sm" onClick={editor.reset} disabled={!editor.dirty || editor.saving} data-testid="editor-reset">
            <Trans>Zurücksetzen</Trans>
          </Button>
          <Button type="submit" size="sm" disabled={!editor.dirty} loading={editor.saving} data-testid="editor-save">
            <Trans>Speichern</Trans>
          </Button>
          {noDelete ? null : (
            <Button
              color="red"
              variant="light"
              size="sm"
              onClick={editor.requestDelete}
              disabled={!editor.canDelete || editor.saving}
              data-testid="editor-delete"
            >
              <Trans>Löschen</Trans>
            </Button>
          )}
        </>
      )}
      <Button variant="subtle" size="sm" onClick={editor.close} data-testid="editor-back">
        <Trans>Zurück</Trans>
      </Button>
    </Group>
  );

  return (
    <form ref={formRef} onSubmit={readOnly ? (event) => event.preventDefault() : editor.onSubmit} onKeyDown={onEnterMoves} noValidate data-testid="editor">
      <Stack gap="sm" maw={maw}>
        <Group justify="space-between" wrap="nowrap" align="flex-start" pos="sticky" top={52} py={6} bg="var(--mantine-color-body)" style={{ zIndex: 5 }}>
          <div style={{ minWidth: 0 }}>
            <Title order={2} data-testid="editor-title" lineClamp={1}>
              {title}
            </Title>
            {subtitle ? (
              <Text size="sm" c="dimmed" truncate>
                {subtitle}
              </Text>
            ) : null}
          </div>
          {buttons}
        </Group>
        {editor.loadError ? (
          <Alert color="red" variant="light" data-testid="editor-load-error">
            {errorText(i18n, editor.loadError)}
          </Alert>
        ) : !editor.ready ? (
          <Paper withBorder p="xl" radius="sm">
            <Group justify="center">
              <Loader size="sm" />
            </Group>
          </Paper>
        ) : auditor && !readOnlyByScreen ? (
          // an editor that is writable for everyone else: every field of it disabled for the auditor
          <fieldset disabled data-testid="editor-read-only" style={{ border: 0, padding: 0, margin: 0, minWidth: 0 }}>
            {children}
          </fieldset>
        ) : (
          children
        )}
      </Stack>
      <UnsavedChangesGuard dirty={editor.dirty} searchKeys={['id']} onSave={readOnly ? undefined : editor.saveBeforeLeaving} />
      {editor.confirmElement}
    </form>
  );
}

/** A titled block of fields inside an editor (address, contact, bank info ...). */
export function FormSection({ title, children, testId }: { title?: ReactNode; children: ReactNode; testId?: string }) {
  return (
    <Paper withBorder radius="sm" p="sm" data-testid={testId}>
      {title ? (
        <Text size="xs" fw={700} tt="uppercase" c="dimmed" mb={6}>
          {title}
        </Text>
      ) : null}
      {children}
    </Paper>
  );
}

/** Input styles for codes (IBAN, BIC, ABI/CAB): monospace figures in the input only, not the label. */
export const monoInput = { input: { fontFamily: 'var(--mantine-font-family-monospace)', letterSpacing: '0.02em' } };
