/**
 * The focus goes back to where the user was when a dialog closes (spec 1 §4: keyboard work goes on
 * where it was): Mantine's own return works only for a Modal that stays mounted and toggles
 * `opened`; a dialog that is mounted while open (`opened ? <Dialog/> : null`, useConfirmDialog) calls
 * `useReturnFocus()` (or `returnFocusTo` with the element it noted) instead.
 */
import { useLayoutEffect } from 'react';

/** Gives the focus back to `element` once a dialog is gone, unless something else took it meanwhile. */
export function returnFocusTo(element: Element | null): void {
  if (!(element instanceof HTMLElement) || element === document.body) return;
  setTimeout(() => {
    const now = document.activeElement;
    if (element.isConnected && (now === null || now === document.body)) element.focus({ preventScroll: true });
  }, 20);
}

/** For a dialog component mounted while open: notes the focused element on mount, gives it the focus back on unmount. */
export function useReturnFocus(): void {
  useLayoutEffect(() => {
    const from = document.activeElement;
    return () => returnFocusTo(from);
  }, []);
}
