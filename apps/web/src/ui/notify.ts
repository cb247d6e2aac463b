import { notifications } from '@mantine/notifications';
import type { ReactNode } from 'react';
import { toastOptions } from './toast.ts';

export { toastDurations } from './toast.ts';

export function notifySuccess(message: ReactNode, title?: ReactNode): void {
  notifications.show(toastOptions('success', message, title));
}

export function notifyError(message: ReactNode, title?: ReactNode): void {
  notifications.show(toastOptions('error', message, title));
}

export function notifyInfo(message: ReactNode, title?: ReactNode): void {
  notifications.show(toastOptions('info', message, title));
}
