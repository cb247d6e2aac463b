import { Alert } from '@mantine/core';
import { useEffect } from 'react';
import { useReadsOnly } from '../lib/session.ts';

/**
 * A record screen opened without a record (its "new" form) by a user who reads only (the auditor, issue 27):
 * there is nothing for him to enter, so it opens the latest record instead (`open(latest)`, replacing the
 * address), or — with no record saved yet — says so (`'empty'`) instead of an empty form. Answers null for
 * everyone else and once a record is shown.
 */
export function useReaderOpensLatest(recordNumber: number | null, latest: number, open: (nr: number) => void): 'opening' | 'empty' | null {
  const readsOnly = useReadsOnly();
  const state = readsOnly && recordNumber === null ? (latest >= 1 ? 'opening' : 'empty') : null;
  useEffect(() => {
    if (state === 'opening') open(latest);
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [state, latest]);
  return state;
}

/** The note standing where the auditor would find an empty "new" form: no record yet. */
export function NoRecordsNote({ text }: { text: string }) {
  return (
    <Alert color="gray" variant="light" py={8} data-testid="no-records-note">
      {text}
    </Alert>
  );
}
