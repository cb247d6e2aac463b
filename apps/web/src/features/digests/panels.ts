/**
 * The three online lists (spec 3 §2 "Printed and online lists"): panels opened from the top bar or
 * the side menu over any screen. Their keyboard shortcuts are Alt+Shift+1, 2 and 3 (physical keys,
 * so any keyboard layout): free in the browsers (Alt+digit switches tabs in Firefox and Chrome on
 * Linux, Ctrl+Alt is AltGr on German and Italian keyboards) and in the app (Ctrl+Enter saves, F4
 * opens a picker, Ctrl+Delete deletes a row).
 */
import type { MenuEntry } from '@app/domain';

export type DigestPanel = NonNullable<MenuEntry['panel']>;

/** In the order of the top bar's buttons. */
export const digestPanels: readonly DigestPanel[] = ['cashJournal', 'chapterDigest', 'supplierDigest'];

/** The digit of a panel's shortcut (Alt+Shift+digit). */
export function shortcutDigit(panel: DigestPanel): number {
  return digestPanels.indexOf(panel) + 1;
}

/** The panel a key press opens (Alt+Shift+1/2/3 without Ctrl or Meta), else null. */
export function panelOfKey(event: Pick<KeyboardEvent, 'altKey' | 'shiftKey' | 'ctrlKey' | 'metaKey' | 'code'>): DigestPanel | null {
  if (!event.altKey || !event.shiftKey || event.ctrlKey || event.metaKey) return null;
  const match = /^(?:Digit|Numpad)([1-9])$/.exec(event.code);
  if (!match) return null;
  return digestPanels[Number(match[1]) - 1] ?? null;
}

/** What a shortcut does with the open panel: the same one closes it, another one replaces it. */
export function nextOpenPanel(open: DigestPanel | null, pressed: DigestPanel): DigestPanel | null {
  return open === pressed ? null : pressed;
}
