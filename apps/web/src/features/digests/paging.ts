/**
 * Paging of a digest's rows, newest last: a panel opens on the last page (the latest movements)
 * and the cashier pages back. The last page is known once an answer told the total, so the first
 * request asks page 1 (or the last page of the total known from before) and follows the total.
 */
import { useState } from 'react';
import { lastPage } from './rowTarget.ts';

export const DIGEST_PAGE_SIZE = 15;

/** A page the user chose, or the last one. */
export type DigestPageChoice = number | 'last';

/** The page to ask the server for. */
export function requestedPage(choice: DigestPageChoice, knownTotal: number | null, pageSize: number): number {
  return choice === 'last' ? lastPage(knownTotal ?? 0, pageSize) : choice;
}

/** Does an answer show what was chosen (for 'last': the last page of its own total)? */
export function isSettled(choice: DigestPageChoice, answer: { page: number; total: number } | undefined, pageSize: number): boolean {
  if (!answer) return false;
  return choice === 'last' ? answer.page === lastPage(answer.total, pageSize) : answer.page === choice;
}

export interface DigestPaging {
  page: number;
  pageSize: number;
  choice: DigestPageChoice;
  setPage: (page: number) => void;
  setPageSize: (size: number) => void;
  /** The total of the latest answer (call with each answer). */
  learnTotal: (total: number) => void;
  /** Back to the last page (new criteria). */
  reset: () => void;
}

export function useDigestPaging(): DigestPaging {
  const [choice, setChoice] = useState<DigestPageChoice>('last');
  const [pageSize, setSize] = useState(DIGEST_PAGE_SIZE);
  const [knownTotal, setKnownTotal] = useState<number | null>(null);
  return {
    page: requestedPage(choice, knownTotal, pageSize),
    pageSize,
    choice,
    setPage: setChoice,
    setPageSize: (size) => {
      setSize(size);
      setChoice('last');
    },
    learnTotal: (total) => {
      if (total !== knownTotal) setKnownTotal(total);
    },
    reset: () => setChoice('last'),
  };
}
