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
