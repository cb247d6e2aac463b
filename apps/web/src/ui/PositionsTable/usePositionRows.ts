import { useState } from 'react';
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

export function usePositionRows<R extends PositionRow>(setRows: (update: (rows: R[]) => R[]) => void): PositionRows<R> {
  const [blocked, setBlocked] = useState<string | null>(null);
  const focusAmount = useFocusAmount();
  return {
    blocked,
    setBlocked,
    focusAmount,
    update: (key, patch) => setRows((rs) => rs.map((r) => (r.key === key ? { ...r, ...patch } : r))),
    remove: (key) => {
      setRows((rs) => rs.filter((r) => r.key !== key));
      setBlocked(null);
    },
    insert: (row) => {
      setRows((rs) => [...rs, row].sort((a, b) => a.chapter.localeCompare(b.chapter)));
      focusAmount(row.key);
    },
  };
}
