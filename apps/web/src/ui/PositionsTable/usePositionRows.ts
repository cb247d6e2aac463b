import { useCallback, useLayoutEffect, useMemo, useRef, useState } from 'react';
import type { PositionRow } from './positionRows.ts';
import { useFocusAmount } from '../tableKeys.ts';

/** The row operations of a positions table over rows kept by the screen (its form). */
export interface PositionRows<R extends PositionRow> {
  /** The key of the new row the focus was sent back to (no amount yet). */
  blocked: string | null;
  setBlocked: (key: string | null) => void;
  update: (key: string, patch: Partial<R>) => void;
  remove: (key: string) => void;
  /** Adds a row in chapter order and focuses its amount. */
  insert: (row: R) => void;
  /** Focuses the amount of a row (once it is rendered). */
  focusAmount: (key: string) => void;
}

/**
 * The operations are stable (the same functions from render to render, `setRows` read at the call) and the object
 * changes only with `blocked`: a memoised row (PositionTableRow) and the screen's memoised columns re-render only when
 * their own row changes — typing an amount in a table of 400 rows renders one row, not 400 (issue 29).
 */
export function usePositionRows<R extends PositionRow>(setRows: (update: (rows: R[]) => R[]) => void): PositionRows<R> {
  const [blocked, setBlocked] = useState<string | null>(null);
  const focusAmount = useFocusAmount();
  const latest = useRef(setRows);
  useLayoutEffect(() => {
    latest.current = setRows;
  });
  const update = useCallback((key: string, patch: Partial<R>) => latest.current((rs) => rs.map((r) => (r.key === key ? { ...r, ...patch } : r))), []);
  const remove = useCallback((key: string) => {
    latest.current((rs) => rs.filter((r) => r.key !== key));
    setBlocked(null);
  }, []);
  const insert = useCallback(
    (row: R) => {
      latest.current((rs) => [...rs, row].sort((a, b) => a.chapter.localeCompare(b.chapter)));
      focusAmount(row.key);
    },
    [focusAmount],
  );
  return useMemo(() => ({ blocked, setBlocked, focusAmount, update, remove, insert }), [blocked, focusAmount, update, remove, insert]);
}
