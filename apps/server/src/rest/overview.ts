import { defined, nonEmptyText, type RestRoute, row, scopeOf } from './params.ts';

/**
 * Issue 30: the year at a glance. `GET Overview/Year` (departmentId, year): per part and title the final budget,
 * paid or collected, open and reserved; the tightest expense chapters; each account's balance at the end of each
 * month; the instalments due; the final account's criteria. `GET Overview/Union` (departmentId, year, optional
 * district `X00`): the union's dashboard over the departments the user sees — per department the forecast's and
 * final account's state, the cash at each month's end, open payments, residues carried, exceeded chapters; their
 * sums per district and for the union; the late approvals. Amounts in euros on the wire.
 */
export const overviewRoutes: RestRoute[] = [
  row('GET', 'Overview/Year', (c, req) => c.overview.year(scopeOf(req))),
  row('GET', 'Overview/Union', (c, req) => c.overview.union(defined({ ...scopeOf(req), district: nonEmptyText(req.query.district) }))),
];
