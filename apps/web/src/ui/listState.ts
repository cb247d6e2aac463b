/**
 * The URL state of a master-data screen (list and editor on one route): `?id=12` or `?id=new`
 * opens the editor, `page`/`size` page the list, the filters sit beside them (`?code=10&name=lei`).
 * Back/forward and reload therefore restore list, filters and editor. Pure helpers, unit-tested.
 *
 *   validateSearch: masterSearch({ code: filterText, name: filterText })
 */
import { TABLE_PAGE_SIZES } from '@app/domain';
import { z } from 'zod';

export { TABLE_PAGE_SIZES };
export const DEFAULT_TABLE_PAGE_SIZE = 10;
/** Spec 2 §9: filters wait 500 ms after the last key stroke. */
export const FILTER_DEBOUNCE_MS = 500;

/** The editor of an entity: its id, or `new` for the template of a new one. */
export type EditorId = number | 'new';

/** A number or `new` from the URL; anything else means "no editor". */
export const editorIdParam = z
  .union([z.literal('new'), z.coerce.number().int().positive()])
  .optional()
  .catch(undefined);

/** An optional text filter in the URL (numbers typed into a code filter arrive as numbers). */
export const filterText = z
  .union([z.string(), z.number()])
  .transform((v) => String(v))
  .optional()
  .catch(undefined);

/** An optional choice among fixed values. */
export function filterChoice<const T extends readonly [string, ...string[]]>(values: T) {
  return z.enum(values).optional().catch(undefined);
}

/** The search schema of a master-data route: editor id, paging and the screen's filters. */
export function masterSearch<F extends z.ZodRawShape>(filters: F) {
  return z.object({
    id: editorIdParam,
    page: z.coerce.number().int().min(1).optional().catch(undefined),
    size: z.coerce
      .number()
      .int()
      .refine((n) => (TABLE_PAGE_SIZES as readonly number[]).includes(n))
      .optional()
      .catch(undefined),
    ...filters,
  });
}

/** Filter values without the empty ones (what goes into the URL and the query). */
export function cleanFilters<F extends Record<string, string | undefined>>(filters: F): Partial<F> {
  const out: Partial<F> = {};
  for (const [key, value] of Object.entries(filters) as [keyof F, string | undefined][]) {
    const v = value?.trim();
    if (v) out[key] = v as F[keyof F];
  }
  return out;
}

/** The input of a master list's query: the filters in effect (no empty ones), page and page size. */
export interface MasterListInput<K extends string> {
  filters: Partial<Record<K, string>>;
  page: number;
  pageSize: number;
}

/**
 * Reads a master list's query input from the route's search: `useMasterList` and the route's
 * `loaderDeps` read it the same way, so the loader fills exactly the query the list shows.
 */
export function masterListInput<const K extends string>(search: Record<string, unknown>, filterKeys: readonly K[]): MasterListInput<K> {
  const applied = {} as Record<K, string | undefined>;
  for (const key of filterKeys) {
    const v = search[key];
    applied[key] = v === undefined || v === null ? undefined : String(v);
  }
  return {
    filters: cleanFilters(applied) as Partial<Record<K, string>>,
    page: typeof search['page'] === 'number' ? search['page'] : 1,
    pageSize: typeof search['size'] === 'number' ? search['size'] : DEFAULT_TABLE_PAGE_SIZE,
  };
}

/** Same filters (ignoring empty values)? */
export function sameFilters(a: Record<string, string | undefined>, b: Record<string, string | undefined>): boolean {
  const ca = cleanFilters(a);
  const cb = cleanFilters(b);
  const keys = new Set([...Object.keys(ca), ...Object.keys(cb)]);
  for (const key of keys) if (ca[key] !== cb[key]) return false;
  return true;
}
