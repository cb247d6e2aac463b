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
