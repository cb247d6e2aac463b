import { AppError } from '@app/domain';
import { fileBytes, num, param, type RestRequest, type RestRoute, row, scopedBody, scopeOf } from './params.ts';

/** The statement's text: the multipart part `file` (UTF-8, as camt files are), or a JSON body's `content`. */
function contentOf(req: RestRequest): { fileName: string; content: string } {
  const file = fileBytes(req);
  const fileName = (req.body.fileName as string | undefined) ?? '';
  if (!(file instanceof Uint8Array)) return { fileName, content: (req.body.content as string | undefined) ?? '' };
  try {
    return { fileName, content: new TextDecoder('utf-8', { fatal: true }).decode(file) };
  } catch {
    throw new AppError('StatementFormat', { field: 'file', params: { reason: 'NotUtf8' } });
  }
}

/**
 * Bank statements (issue 28): `POST Statements/Import` takes the camt.053 (or camt.054) file as a multipart form
 * (the part `file`; the scope as query values) and answers each line's proposal, writing nothing;
 * `POST Statements/Confirm` takes the same file's text (`content`) with the decisions as JSON and books them in
 * one transaction; `GET Statements` lists the stored statements, `GET Statements/Reconciliation` sets bank and
 * book balance side by side; `Statements/Rules` are the department's matching rules.
 */
export const statementRoutes: RestRoute[] = [
  row('POST', 'Statements/Import', (c, req) => c.statements.import({ ...scopeOf(req), ...contentOf(req) })),
  row('POST', 'Statements/Confirm', (c, req) => c.statements.confirm({ ...scopedBody(req), ...scopeOf(req) } as never)),
  row('GET', 'Statements', (c, req) => c.statements.list({ ...scopeOf(req), accountId: num(param(req, 'accountId')) ?? null })),
  row('GET', 'Statements/Reconciliation', (c, req) =>
    c.statements.reconciliation({
      ...scopeOf(req),
      accountId: num(param(req, 'accountId')) as number,
      date: (param(req, 'date') as string | undefined) ?? null,
    }),
  ),
  row('GET', 'Statements/Rules', (c, req) => c.statements.rules(scopeOf(req))),
  row('POST', 'Statements/Rules', (c, req) => c.statements.saveRule({ ...scopedBody(req), ...scopeOf(req), id: null } as never)),
  row('PUT', 'Statements/Rules/:id', (c, req) => c.statements.saveRule({ ...scopedBody(req), ...scopeOf(req), id: num(req.params.id) as number } as never)),
  row('DELETE', 'Statements/Rules/:id', (c, req) => c.statements.deleteRule({ ...scopeOf(req), id: num(req.params.id) as number })),
];
