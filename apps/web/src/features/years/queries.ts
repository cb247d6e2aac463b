import { trpc } from '../../lib/trpc.ts';

/** The financial years that exist (years screen, chart copy and print forms). */
export function yearListQuery() {
  return trpc.years.list.queryOptions();
}

/** Every year with its per-area unlock flags (years screen, chart unlock). */
export function yearStatusQuery() {
  return trpc.years.status.queryOptions();
}
