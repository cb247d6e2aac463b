import { fileBytes, num, param, RestFile, type RestRequest, type RestRoute, row, scopeOf } from './params.ts';

/** The stored e-invoice of a row: the receipt's id (`documentId`, a query value). */
const documentOf = (req: RestRequest) => ({ ...scopeOf(req), documentId: num(param(req, 'documentId')) as number });

/**
 * E-invoices (FatturaPA, issue 28): `POST Invoices/Import` takes a multipart form (the field `file`: an XML,
 * a signed .xml.p7m or a ZIP of them; the scope as query values) and answers the drafts — the movement in the
 * shape `POST Movements` takes, its companion transfer, the proposed new supplier and the findings — writing
 * nothing; `POST Invoices/Book` saves a reviewed draft (JSON, the file as base64 `content`) in one transaction;
 * `GET Invoices?documentId=` reads a stored e-invoice (a receipt), `GET Invoices/Print?documentId=` renders it as PDF.
 */
export const invoiceRoutes: RestRoute[] = [
  row('POST', 'Invoices/Import', (c, req) =>
    c.invoices.import({ ...scopeOf(req), fileName: (req.body.fileName as string | undefined) ?? '', content: fileBytes(req) as Uint8Array }),
  ),
  row('POST', 'Invoices/Book', (c, req) => c.invoices.book({ ...(req.body as Record<string, unknown>), ...scopeOf(req) } as never)),
  row('GET', 'Invoices', (c, req) => c.invoices.show(documentOf(req))),
  row(
    'GET',
    'Invoices/Print',
    async (c, req) => {
      const pdf = await c.invoices.print({
        ...documentOf(req),
        ...(param(req, 'body') ? { body: num(param(req, 'body')) as number } : {}),
        language: param(req, 'language') as never,
      });
      return new RestFile(pdf.content, pdf.contentType, pdf.fileName);
    },
    { file: 'application/pdf' },
  ),
];
