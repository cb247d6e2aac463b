import { bool, defined, nonEmptyText, num, param, type RestRequest, type RestRoute, row, scopedBody, scopeOf } from './params.ts';

/**
 * Spec 3 §7: the final-account calls (DOMAIN decisions 12, 16–19). Amounts travel as euros and are
 * integer cents inside (the procedures' schemas, money.ts). PUT FinalBalance/Approve answers the
 * spec's boolean (the late-approval flag is in GET FinalBalance); the report's flags and ranges come
 * in the body, the cover-page flag stays on the client.
 */

/** The approval date from body or query: a date, or null / '' / absent to reopen. */
function approvalOf(req: RestRequest): string | null {
  const value = param(req, 'approval');
  if (value === null || value === undefined || value === '' || value === 'null') return null;
  return String(value);
}

/** An object value of the body (the includes), else an empty one. */
function objectOf(value: unknown): Record<string, unknown> {
  return value !== null && typeof value === 'object' && !Array.isArray(value) ? (value as Record<string, unknown>) : {};
}

export const finalBalanceRoutes: RestRoute[] = [
  row('GET', 'FinalBalance', (c, req) => c.finalBalance.get(scopeOf(req))),
  row('GET', 'FinalBalance/Errors', (c, req) => c.finalBalance.errors(scopeOf(req))),
  row('PUT', 'FinalBalance/Approve', async (c, req) => (await c.finalBalance.approve({ ...scopeOf(req), approval: approvalOf(req) })).success),
  row('POST', 'FinalBalance/Report', (c, req) => {
    const b = scopedBody(req);
    const current = objectOf(b.currentManagementIncludes);
    const residues = objectOf(b.residuesManagementIncludes);
    return c.finalBalance.report(
      defined({
        ...scopeOf(req),
        currentManagement: bool(b.currentManagement),
        residues: bool(b.residues),
        summary: bool(b.summary),
        protocol: bool(b.protocol),
        currentManagementIncludes: defined({
          part: num(current.part),
          titleFrom: num(current.titleFrom),
          titleTo: num(current.titleTo),
          chapterFrom: nonEmptyText(current.chapterFrom),
          chapterTo: nonEmptyText(current.chapterTo),
        }),
        residuesManagementIncludes: defined({ part: num(residues.part) }),
      }) as never,
    );
  }),
  row('POST', 'FinalBalance/ETSReport', (c, req) => c.finalBalance.etsReport(scopeOf(req))),
];
