import { type KeyboardEvent, useCallback, useEffect, useReducer, useRef } from 'react';

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

function amountField(rowKey: string) {
  return document.querySelector<HTMLInputElement>(`input[data-amount-input][data-row-key="${rowKey}"]`);
}

/**
 * Focuses the amount field of a row once it is rendered (a row added after an async lookup renders
 * later than the next frame): `focusAmount(key)` asks, the effect after the next render does it.
 */
export function useFocusAmount(): (rowKey: string) => void {
  const wanted = useRef<string | null>(null);
  useEffect(() => {
    if (!wanted.current) return;
    const el = amountField(wanted.current);
    if (!el) return;
    wanted.current = null;
    el.focus();
    el.select();
  });
  const [, rerender] = useReducer((n: number) => n + 1, 0);
  return useCallback((rowKey: string) => {
    wanted.current = rowKey;
    rerender();
  }, []);
}

/** The row shortcut Ctrl+Delete (Cmd+Delete; also Cmd+Backspace on a Mac keyboard without Delete). */
export function isDeleteRowKey(event: Pick<KeyboardEvent, 'key' | 'ctrlKey' | 'metaKey' | 'altKey' | 'shiftKey'>): boolean {
  if (event.altKey || event.shiftKey) return false;
  return (event.key === 'Delete' && (event.ctrlKey || event.metaKey)) || (event.key === 'Backspace' && event.metaKey);
}

/**
 * Row keys of a positions table: Ctrl+Delete deletes the row (the delete button is no Tab stop) and
 * the focus goes to the next row's amount, else the previous one, else the add-chapter field.
 */
export function onRowKey(event: KeyboardEvent<HTMLTableRowElement>, remove: () => void) {
  if (!isDeleteRowKey(event)) return;
  event.preventDefault();
  const row = event.currentTarget;
  const table = row.closest('table');
  const fields = table ? Array.from(table.querySelectorAll<HTMLInputElement>('input[data-amount-input]')) : [];
  const own = fields.findIndex((f) => row.contains(f));
  const next = own >= 0 ? (fields[own + 1] ?? fields[own - 1]) : undefined;
  remove();
  const target = next?.getAttribute('data-row-key');
  requestAnimationFrame(() => {
    const el = target ? document.querySelector<HTMLInputElement>(`input[data-amount-input][data-row-key="${target}"]`) : addChapterField();
    el?.focus();
    el?.select();
  });
}

/** The "Kapitel hinzufügen" code field under a positions table. */
export function addChapterField() {
  return document.querySelector<HTMLInputElement>('[data-testid="add-chapter-code"]');
}
