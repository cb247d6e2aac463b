import type { KeyboardEvent } from 'react';

/**
 * Fast entry in an amount column: Enter (or ArrowDown) moves to the amount field of the next row,
 * Shift+Enter (or ArrowUp) to the previous one; after the last row Enter goes to `afterLast`
 * (the "add chapter" field). Fields carry `data-amount-input`.
 */
export function onAmountKey(event: KeyboardEvent<HTMLInputElement>, afterLast?: () => void) {
  const down = (event.key === 'Enter' && !event.shiftKey && !event.ctrlKey && !event.metaKey) || event.key === 'ArrowDown';
  const up = (event.key === 'Enter' && event.shiftKey) || event.key === 'ArrowUp';
  if (!down && !up) return;
  const table = event.currentTarget.closest('table');
  if (!table) return;
  event.preventDefault();
  const fields = Array.from(table.querySelectorAll<HTMLInputElement>('input[data-amount-input]'));
  const index = fields.indexOf(event.currentTarget);
  const next = fields[index + (down ? 1 : -1)];
  if (next) {
    next.focus();
    next.select();
  } else if (down) {
    event.currentTarget.blur();
    afterLast?.();
  }
}

/** Focuses the amount field of a row (by its key) once it is rendered. */
export function focusAmount(rowKey: string) {
  requestAnimationFrame(() => {
    const el = document.querySelector<HTMLInputElement>(`input[data-amount-input][data-row-key="${rowKey}"]`);
    el?.focus();
    el?.select();
  });
}
