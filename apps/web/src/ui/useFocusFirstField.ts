import { type RefObject, useEffect, useRef } from 'react';

/** Fields an editor opens in (not buttons, not read-only or disabled ones). */
const FIELD = 'input:not([type="hidden"]):not([type="checkbox"]):not([disabled]):not([readonly]), textarea:not([disabled]):not([readonly])';

/**
 * Once `ready` (data loaded, editable), focuses the first editable field inside `ref` and selects its
 * text, so an editor opens ready to type instead of behind the top bar's Tab stops. Once per mount
 * and `stage` (a screen that turns from a create form into the editor passes its stage), and not
 * when the user already is in one of its fields or in a dialog's field over it.
 */
export function useFocusFirstField(ref: RefObject<HTMLElement | null>, ready: boolean, stage = '') {
  const done = useRef<string | null>(null);
  useEffect(() => {
    if (!ready || done.current === stage) return;
    const root = ref.current;
    if (!root) return;
    const field = Array.from(root.querySelectorAll<HTMLInputElement | HTMLTextAreaElement>(FIELD)).find((el) => el.offsetParent !== null);
    if (!field) return;
    done.current = stage;
    // the menu entry that opened the editor may hold the focus; a field inside it already chosen stays
    const active = document.activeElement;
    if (active && active !== root && root.contains(active) && active.matches(FIELD)) return;
    // a dialog's field that took the focus while the editor loaded (a digest panel opened by its shortcut) keeps it; a
    // closing question's button does not
    if (active && !root.contains(active) && active.matches(FIELD) && active.closest('[aria-modal="true"]')) return;
    field.focus();
    field.select();
  });
}
