import type { Part } from '@app/domain';
import { useSearch } from '@tanstack/react-router';
import { PartControl } from '../../ui/PartControl.tsx';
import { useSearchUpdate } from '../../ui/useMasterList.ts';

/** The part filter of a chart list in the URL (`?part=1`): all, revenues or expenses. */
export function usePartFilter(): Part | undefined {
  const search = useSearch({ strict: false }) as Record<string, unknown>;
  const p = Number(search['part']);
  return p === 1 || p === 2 ? p : undefined;
}

export function PartFilter() {
  const part = usePartFilter();
  const update = useSearchUpdate();
  return (
    <PartControl
      withAll
      size="xs"
      testId="filter-part"
      value={part ?? null}
      onChange={(p) => void update((prev) => ({ ...prev, part: p ?? undefined, page: undefined }), { replace: true })}
    />
  );
}
