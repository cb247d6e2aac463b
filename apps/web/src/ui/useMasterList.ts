/**
 * useMasterList — list state of a master-data screen, kept in the URL (see listState.ts):
 * filter drafts typed by the user reach the URL (and so the query) 500 ms after the last key
 * stroke, page and page size (default 10), and `openEditor(id | 'new')` which pushes `?id=` so
 * the browser's back button returns to the list. The route declares the search with `masterSearch`
 * and fills the list's query in its loader with `loaderDeps: ({ search }) => masterListInput(search, keys)`.
 *
 *   const list = useMasterList(departmentFilterKeys);
 *   const query = useQuery({ ...departmentListQuery(scope, list), placeholderData: keepPreviousData });
 *   <TextInput {...list.filterProps('code')} />
 */
import { useDebouncedCallback } from '@mantine/hooks';
import { useNavigate, useSearch } from '@tanstack/react-router';
import { useState } from 'react';
import { cleanFilters, DEFAULT_TABLE_PAGE_SIZE, type EditorId, FILTER_DEBOUNCE_MS, masterListInput } from './listState.ts';

type SearchRecord = Record<string, unknown>;

/** Navigation that only changes the search of the current route (the route validates it). */
export function useSearchUpdate() {
  const navigate = useNavigate();
  return (update: (prev: SearchRecord) => SearchRecord, options: { replace?: boolean; ignoreBlocker?: boolean } = {}) =>
    navigate({ to: '.', search: ((prev: SearchRecord) => update(prev)) as never, ...options });
}

/** The editor id in the URL of the current master-data route (undefined: the list shows). */
export function useEditorId(): EditorId | undefined {
  const search = useSearch({ strict: false }) as SearchRecord;
  const id = search['id'];
  return id === 'new' || (typeof id === 'number' && id > 0) ? id : undefined;
}

export function useMasterList<const K extends string>(filterKeys: readonly K[]) {
  const search = useSearch({ strict: false }) as SearchRecord;
  const update = useSearchUpdate();

  const { filters, page, pageSize } = masterListInput(search, filterKeys);
  const [draft, setDraft] = useState<Record<K, string>>(() => {
    const d = {} as Record<K, string>;
    for (const key of filterKeys) {
      const v = search[key];
      d[key] = v === undefined || v === null ? '' : String(v);
    }
    return d;
  });

  const apply = useDebouncedCallback((next: Record<K, string>) => {
    void update(
      (prev) => {
        const rest: SearchRecord = { ...prev, page: undefined };
        for (const key of filterKeys) delete rest[key];
        return { ...rest, ...cleanFilters(next) };
      },
      { replace: true },
    );
  }, FILTER_DEBOUNCE_MS);

  function setFilter(key: K, value: string) {
    const next = { ...draft, [key]: value };
    setDraft(next);
    apply(next);
  }

  return {
    /** The filters in effect (debounced), without empty ones. */
    filters,
    draft,
    setFilter,
    /** Applies the typed filters at once (Enter in a filter field). */
    flush: () => apply.flush(),
    /** Props for a filter TextInput: value, onChange, Enter applies at once. */
    filterProps: (key: K) => ({
      value: draft[key],
      onChange: (event: { currentTarget: { value: string } }) => setFilter(key, event.currentTarget.value),
      onKeyDown: (event: { key: string }) => {
        if (event.key === 'Enter') apply.flush();
      },
      'data-testid': `filter-${key}`,
    }),
    page,
    pageSize,
    setPage: (p: number) => void update((prev) => ({ ...prev, page: p === 1 ? undefined : p }), { replace: true }),
    setPageSize: (size: number) =>
      void update((prev) => ({ ...prev, size: size === DEFAULT_TABLE_PAGE_SIZE ? undefined : size, page: undefined }), { replace: true }),
    /** Opens the editor (pushes a history entry: back returns to the list). */
    openEditor: (id: EditorId) => void update((prev) => ({ ...prev, id })),
  };
}
