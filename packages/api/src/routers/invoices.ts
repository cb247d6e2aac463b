import {
  DocumentContent,
  Invoice,
  InvoiceBookInput,
  InvoiceBookResult,
  InvoiceImportInput,
  InvoiceImportResult,
  InvoicePrintInput,
  ScopeInput,
} from '@app/domain';
import type { Db } from '@app/db';
import { z } from 'zod';
import { fail } from '../errors.ts';
import type { BookingScope } from '../services/ledger/bookingScope.ts';
import { attachDocument, documentContent } from '../services/documents/index.ts';
import type { InvoiceBookServices } from '../services/invoices/book.ts';
import { saveMovement } from '../services/movements/save.ts';
import { createSupplier } from '../services/suppliers.ts';
import { bookingProcedure, router } from '../trpc.ts';
import { demoInvoiceFiles } from '../demo/files.ts';

/** A stored e-invoice of the scope: the receipt's id and which body (default all). */
const StoredInvoiceInput = ScopeInput.extend({ documentId: z.int32().min(1, 'InvalidValue') });

/**
 * The e-invoice reading (XML parser, signature envelope, XSD check) and the PDF (jsPDF), loaded at the first call, not at
 * the server's start (issue 29: the first request of most sessions needs neither).
 */
const invoiceReading = () => import('../services/invoices/index.ts');
const invoicePrinting = () => import('@app/reports');

/** The invoices of a stored receipt (an e-invoice, plain or signed). */
async function storedInvoices(ctx: { db: Db; bookingScope: BookingScope; documentMaxBytes?: number }, documentId: number) {
  const doc = await documentContent(ctx.db, ctx.bookingScope, { id: documentId });
  const { readInvoiceFile } = await invoiceReading();
  return readInvoiceFile(doc.fileName, doc.content, null, ctx.documentMaxBytes);
}

/**
 * E-invoices (FatturaPA, issue 28, DOMAIN decision 28). `import` reads a file (XML, signed .xml.p7m, a ZIP of
 * them) into drafts and writes nothing; `book` saves a reviewed draft in one transaction — this router joins
 * the invoices area with the movement save, the documents and the suppliers, which it hands to the booking.
 * `show` and `print` read a stored e-invoice (a movement's receipt) as the model and as PDF.
 */
export const invoicesRouter = router({
  /** The living demo's e-invoices of the week (FF Eppan's running year in a demo installation; none elsewhere). */
  demoFiles: bookingProcedure
    .input(ScopeInput)
    .output(z.array(z.strictObject({ fileName: z.string(), content: z.string() })))
    .query(({ ctx }) => demoInvoiceFiles(ctx.db, ctx.bookingScope)),
  /**
   * The drafts of every invoice of the file, each with its findings or its refusal; nothing written. A mutation
   * only because the file travels in the body (a query's input goes into the URL): not audited (actions.ts).
   */
  import: bookingProcedure
    .input(InvoiceImportInput)
    .output(InvoiceImportResult)
    .mutation(async ({ ctx, input }) => (await invoiceReading()).importInvoices(ctx.db, ctx.bookingScope, input, ctx.documentMaxBytes)),
  /** Saves a reviewed draft: the new supplier, the movement, its companion transfer and the file as its receipt, in one transaction. */
  book: bookingProcedure
    .input(InvoiceBookInput.extend({ member: z.string().max(1000).nullable().default(null) }))
    .output(InvoiceBookResult)
    .mutation(async ({ ctx, input }) => {
      const services: InvoiceBookServices = {
        createSupplier: (tx, supplier) => createSupplier(tx, ctx.session, { ...supplier, departmentId: ctx.bookingScope.departmentId }),
        saveMovement: (tx, movement) => saveMovement(tx, ctx.bookingScope, movement),
        attachDocument: (tx, document) => attachDocument(tx, ctx.bookingScope, ctx.session.userId, document, ctx.documentMaxBytes),
      };
      const { bookInvoice } = await import('../services/invoices/book.ts');
      return bookInvoice(ctx.db, ctx.bookingScope, input, services, ctx.documentMaxBytes);
    }),
  /** A stored e-invoice read again: its invoices (one per body) and whether it was signed. */
  show: bookingProcedure
    .input(StoredInvoiceInput)
    .output(z.strictObject({ fileName: z.string(), signed: z.boolean(), invoices: z.array(Invoice) }))
    .query(async ({ ctx, input }) => {
      const file = await storedInvoices(ctx, input.documentId);
      return { fileName: file.fileName, signed: file.signed, invoices: file.invoices };
    }),
  /** A stored e-invoice rendered as PDF in German or Italian (REST `GET Invoices/Print` answers the file). */
  print: bookingProcedure
    .input(InvoicePrintInput)
    .output(DocumentContent.extend({ contentType: z.literal('application/pdf') }))
    .query(async ({ ctx, input }) => {
      const file = await storedInvoices(ctx, input.documentId);
      const invoice = file.invoices[input.body - 1];
      if (!invoice) fail('InvalidValue', { field: 'body', params: { bodies: file.invoices.length } });
      const { invoicePdf } = await invoicePrinting();
      const doc = invoicePdf(invoice, { language: input.language, username: ctx.session.username, now: ctx.now(), signed: file.signed });
      const name = `${file.fileName.replace(/\.(xml|p7m)$/gi, '').replace(/\.xml$/i, '')}.pdf`;
      return { fileName: name, contentType: 'application/pdf' as const, content: new Uint8Array(doc.output('arraybuffer')) };
    }),
});
