import { pageParams } from './entity.ts';
import { defined, nonEmptyText, num, param, type RestRequest, type RestRoute, row } from './params.ts';

const n = (req: RestRequest, name: string) => num(param(req, name));
const text = (req: RestRequest, name: string) => nonEmptyText(param(req, name));

/** `GET Audit` (issue 27): the audit trail as audit.list reads it, the filters as query parameters. */
export const auditRoutes: RestRoute[] = [
  // the audit trail (issue 27): from, to (YYYY-MM-DD), userId, departmentId, year, entity, recordNumber, action; newest first, paged
  row('GET', 'Audit', (c, req) =>
    c.audit.list(
      defined({
        ...pageParams(req),
        from: text(req, 'from'),
        to: text(req, 'to'),
        userId: n(req, 'userId'),
        departmentId: n(req, 'departmentId'),
        year: n(req, 'year'),
        entity: text(req, 'entity'),
        recordNumber: n(req, 'recordNumber'),
        action: text(req, 'action'),
      }),
    ),
  ),
];
