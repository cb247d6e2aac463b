/**
 * ConfirmDialog — every yes/no question (delete, cancel, store an order, revoke an approval, book past
 * the availability, discard changes ...). The safe answer has the focus when it opens: Enter (or
 * NumpadEnter) clicks the focused button, so a reflex Enter never writes anything; the confirm
 * button is reached with Tab or the mouse. A question whose confirm only prints or reads
 * (`harmless`) gives the focus to its confirm. Escape (or the close button) cancels. When it closes,
 * the focus goes back to where the user was (the field that saved with Ctrl+Enter, the button that
 * asked), so typing and Ctrl+Enter go on there.
 */
import { useLingui } from '@lingui/react/macro';
import { Button, Group, Modal, Stack, Text } from '@mantine/core';
import { type ReactNode, useCallback, useRef, useState } from 'react';
import { returnFocusTo } from './returnFocus.ts';

export interface ConfirmDialogProps {
  opened: boolean;
  title: ReactNode;
  /** The question: a text, several texts (one paragraph each), or any content. */
  children?: ReactNode;
  confirmLabel?: ReactNode;
  cancelLabel?: ReactNode;
  /** Red confirm button for destructive actions. */
  danger?: boolean;
  /** The confirm only prints or reads (nothing is written): it has the focus instead of the safe answer. */
  harmless?: boolean;
  testId?: string;
  onConfirm: () => void;
  onCancel: () => void;
}

/** A yes/no dialog: the safe answer is focused (Enter on it cancels), Escape cancels. */
export function ConfirmDialog({ opened, title, children, confirmLabel, cancelLabel, danger, harmless, testId, onConfirm, onCancel }: ConfirmDialogProps) {
  const { t } = useLingui();
  const texts = typeof children === 'string' ? [children] : Array.isArray(children) && children.every((c) => typeof c === 'string') ? children : null;
  return (
    <Modal opened={opened} onClose={onCancel} title={title} closeOnEscape centered size="md" data-testid={testId ?? 'confirm-dialog'}>
      {texts ? (
        <Stack gap={6}>
          {texts.map((text, i) => (
            <Text key={i} size="sm">
              {text}
            </Text>
          ))}
        </Stack>
      ) : (
        children
      )}
      <Group justify="flex-end" mt="lg" gap="sm">
        <Button variant="default" onClick={onCancel} data-autofocus={harmless ? undefined : true} data-testid="confirm-cancel">
          {cancelLabel ?? t`Abbrechen`}
        </Button>
        <Button color={danger ? 'red' : undefined} onClick={onConfirm} data-autofocus={harmless ? true : undefined} data-testid="confirm-ok">
          {confirmLabel ?? t`OK`}
        </Button>
      </Group>
    </Modal>
  );
}

type ConfirmOptions = Omit<ConfirmDialogProps, 'opened' | 'onConfirm' | 'onCancel'>;

/**
 * Asks from code: `const ok = await confirm({ title })`. Render `element` once in the component;
 * resolves true when confirmed, false when closed. The focus returns to where it was when asked.
 */
export function useConfirmDialog(): { confirm: (options: ConfirmOptions) => Promise<boolean>; element: ReactNode } {
  const [pending, setPending] = useState<{ options: ConfirmOptions; resolve: (answer: boolean) => void } | null>(null);
  const askedFrom = useRef<Element | null>(null);
  const confirm = useCallback((options: ConfirmOptions) => {
    askedFrom.current = document.activeElement;
    return new Promise<boolean>((resolve) => setPending({ options, resolve }));
  }, []);
  const finish = useCallback(
    (answer: boolean) => {
      pending?.resolve(answer);
      setPending(null);
      returnFocusTo(askedFrom.current);
      askedFrom.current = null;
    },
    [pending],
  );
  const onConfirm = useCallback(() => finish(true), [finish]);
  const onCancel = useCallback(() => finish(false), [finish]);
  const element = pending ? <ConfirmDialog {...pending.options} opened onConfirm={onConfirm} onCancel={onCancel} /> : null;
  return { confirm, element };
}
