import { useLingui } from '@lingui/react/macro';
import { Button, Group, Modal, Text } from '@mantine/core';
import { type ReactNode, useCallback, useEffect, useState } from 'react';
import { isConfirmKey } from './keys.ts';

export interface ConfirmDialogProps {
  opened: boolean;
  title: ReactNode;
  children?: ReactNode;
  confirmLabel?: ReactNode;
  cancelLabel?: ReactNode;
  /** Red confirm button for destructive actions. */
  danger?: boolean;
  onConfirm: () => void;
  onCancel: () => void;
}

/** A yes/no dialog: Enter or NumpadEnter confirms, Escape (or the close button) cancels. */
export function ConfirmDialog({ opened, title, children, confirmLabel, cancelLabel, danger, onConfirm, onCancel }: ConfirmDialogProps) {
  const { t } = useLingui();

  useEffect(() => {
    if (!opened) return;
    const onKey = (event: KeyboardEvent) => {
      if (isConfirmKey(event) && !event.isComposing) {
        event.preventDefault();
        onConfirm();
      }
    };
    window.addEventListener('keydown', onKey);
    return () => window.removeEventListener('keydown', onKey);
  }, [opened, onConfirm]);

  return (
    <Modal opened={opened} onClose={onCancel} title={title} closeOnEscape centered size="md">
      {typeof children === 'string' ? <Text size="sm">{children}</Text> : children}
      <Group justify="flex-end" mt="lg" gap="sm">
        <Button variant="default" onClick={onCancel}>
          {cancelLabel ?? t`Abbrechen`}
        </Button>
        <Button color={danger ? 'red' : undefined} onClick={onConfirm} data-autofocus>
          {confirmLabel ?? t`OK`}
        </Button>
      </Group>
    </Modal>
  );
}

type ConfirmOptions = Omit<ConfirmDialogProps, 'opened' | 'onConfirm' | 'onCancel'>;

/**
 * Asks from code: `const ok = await confirm({ title })`. Render `element` once in the component;
 * resolves true when confirmed, false when closed.
 */
export function useConfirmDialog(): { confirm: (options: ConfirmOptions) => Promise<boolean>; element: ReactNode } {
  const [pending, setPending] = useState<{ options: ConfirmOptions; resolve: (answer: boolean) => void } | null>(null);
  const confirm = useCallback((options: ConfirmOptions) => new Promise<boolean>((resolve) => setPending({ options, resolve })), []);
  const finish = useCallback(
    (answer: boolean) => {
      pending?.resolve(answer);
      setPending(null);
    },
    [pending],
  );
  const onConfirm = useCallback(() => finish(true), [finish]);
  const onCancel = useCallback(() => finish(false), [finish]);
  const element = pending ? <ConfirmDialog {...pending.options} opened onConfirm={onConfirm} onCancel={onCancel} /> : null;
  return { confirm, element };
}
