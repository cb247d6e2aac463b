import { type RestRoute, row, scopeOf } from './params.ts';

/**
 * Issue 30: the year at a glance. `GET Overview/Year` (departmentId, year): per part and title the final budget,
 * paid or collected, open and reserved; the tightest expense chapters; each account's balance at the end of each
 * month; the instalments due; the final account's criteria. Amounts in euros on the wire.
 */
export const overviewRoutes: RestRoute[] = [row('GET', 'Overview/Year', (c, req) => c.overview.year(scopeOf(req)))];
