/** Keys that confirm a dialog (spec 1 §4: Enter, NumpadEnter and Escape confirm or close dialogs). */
export function isConfirmKey(event: Pick<KeyboardEvent, 'key' | 'code'>): boolean {
  return event.key === 'Enter' || event.code === 'Enter' || event.code === 'NumpadEnter';
}

export function isCloseKey(event: Pick<KeyboardEvent, 'key' | 'code'>): boolean {
  return event.key === 'Escape' || event.code === 'Escape';
}
