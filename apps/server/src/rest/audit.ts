import { pageParams } from './entity.ts';
import { defined, nonEmptyText, num, param, type RestRequest, type RestRoute, row } from './params.ts';

const n = (req: RestRequest, name: string) => num(param(req, name));
const text = (req: RestRequest, name: string) => nonEmptyText(param(req, name));

/** `GET Audit` (issue 27): the audit trail as audit.list reads it, the filters as query parameters. */
export const auditRoutes: RestRoute[] = [
  // the audit trail (issue 27): from, to (YYYY-MM-DD), userId, userName (a part of it), departmentId, year, entity,
  // entityId, kind (a movement's revenues/expenses), recordNumber, action, chapterLine (a residue line's history); newest first, paged
  row('GET', 'Audit', (c, req) =>
    c.audit.list(
      defined({
        ...pageParams(req),
        from: text(req, 'from'),
        to: text(req, 'to'),
        userId: n(req, 'userId'),
        userName: text(req, 'userName'),
        departmentId: n(req, 'departmentId'),
        year: n(req, 'year'),
        entity: text(req, 'entity'),
        entityId: text(req, 'entityId'),
        kind: text(req, 'kind'),
        recordNumber: n(req, 'recordNumber'),
        action: text(req, 'action'),
        chapterLine: n(req, 'chapterLine'),
      }),
    ),
  ),
];
