import { notifications } from '@mantine/notifications';
import type { ReactNode } from 'react';

/** How long toasts stay (ms): success short, errors long enough to read, everything else between. */
export const toastDurations = { success: 1500, error: 4000, info: 2800 } as const;

export type ToastKind = keyof typeof toastDurations;

export function toastOptions(kind: ToastKind, message: ReactNode, title?: ReactNode) {
  return {
    message,
    title,
    autoClose: toastDurations[kind],
    color: kind === 'success' ? 'green' : kind === 'error' ? 'red' : 'blue',
    withBorder: true,
  };
}

export function notifySuccess(message: ReactNode, title?: ReactNode): void {
  notifications.show(toastOptions('success', message, title));
}

export function notifyError(message: ReactNode, title?: ReactNode): void {
  notifications.show(toastOptions('error', message, title));
}

export function notifyInfo(message: ReactNode, title?: ReactNode): void {
  notifications.show(toastOptions('info', message, title));
}
