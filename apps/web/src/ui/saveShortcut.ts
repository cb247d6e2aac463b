/**
 * The save shortcut Ctrl+Enter (Cmd+Enter) of the editor screens (spec 1 §4), wherever the focus is
 * inside the screen:
 * - `isSaveKey(event)` (in keys.ts, with the other key predicates): the key itself;
 * - `fromDialog(event)`: a key event that reached the screen's root through a dialog's portal (React
 *   bubbles it along the component tree): it belongs to the dialog, never a save behind it;
 * - `useBodySaveKey(root)`: Ctrl+Enter with the focus on the page body (after a dialog closed, after
 *   Tab past the last field) is handed to the screen's root as if typed there, while the screen is
 *   the page's only editor and no dialog is open.
 */
import { type KeyboardEvent as ReactKeyboardEvent, type RefObject, useEffect } from 'react';
import { isSaveKey } from './keys.ts';

/** The event came from outside the root's DOM (a dialog rendered in a portal), not from the screen. */
export function fromDialog(event: ReactKeyboardEvent<HTMLElement>): boolean {
  return event.target instanceof Node && !event.currentTarget.contains(event.target);
}

/** A dialog shows (a kept-mounted, closed drawer doesn't count). */
function dialogOpen(): boolean {
  return Array.from(document.querySelectorAll('[role="dialog"]')).some((dialog) => dialog.getClientRects().length > 0);
}

/** The editor roots on the page (body Ctrl+Enter goes to the one there is, never to one of several). */
const roots = new Set<RefObject<HTMLElement | null>>();

export function useBodySaveKey(root: RefObject<HTMLElement | null> | undefined, enabled = true): void {
  useEffect(() => {
    if (!root || !enabled) return;
    roots.add(root);
    const onKey = (event: KeyboardEvent) => {
      if (!isSaveKey(event) || event.defaultPrevented || roots.size !== 1) return;
      if (event.target !== document.body && event.target !== document.documentElement) return;
      if (dialogOpen()) return;
      const element = root.current;
      if (!element) return;
      event.preventDefault();
      element.dispatchEvent(
        new KeyboardEvent('keydown', { key: 'Enter', code: 'Enter', ctrlKey: event.ctrlKey, metaKey: event.metaKey, bubbles: true, cancelable: true }),
      );
    };
    document.addEventListener('keydown', onKey);
    return () => {
      roots.delete(root);
      document.removeEventListener('keydown', onKey);
    };
  }, [root, enabled]);
}
