/** Keys that confirm a dialog (spec 1 §4: Enter, NumpadEnter and Escape confirm or close dialogs). */
export function isConfirmKey(event: Pick<KeyboardEvent, 'key' | 'code'>): boolean {
  return event.key === 'Enter' || event.code === 'Enter' || event.code === 'NumpadEnter';
}

export function isCloseKey(event: Pick<KeyboardEvent, 'key' | 'code'>): boolean {
  return event.key === 'Escape' || event.code === 'Escape';
}

/** The save shortcut of the editor screens: Ctrl+Enter (Cmd+Enter), spec 1 §4. */
export function isSaveKey(event: Pick<KeyboardEvent, 'key' | 'ctrlKey' | 'metaKey'>): boolean {
  return event.key === 'Enter' && (event.ctrlKey || event.metaKey);
}
