/**
 * E-invoice import (FatturaPA, issue 28, DOMAIN decision 28): the inputs and answers of `invoices.import`
 * (the file read, validated and proposed as drafts: nothing written) and `invoices.book` (the reviewed
 * draft saved in one transaction). The draft movement has the shape `movements.save` takes.
 */
import { z } from 'zod';
import { Id, text } from './primitives.ts';
import { Cents } from './money.ts';
import { NullNum, NullText, Num, Text } from './outputs.ts';
import { ScopeInput } from './scope.ts';
import { MovementKindSchema, MovementTypeSchema } from './movementTypes.ts';
import { Movement, MovementSaveInput } from './movements.ts';
import { SupplierInput } from './suppliers.ts';
import { supplierFields } from './baseDataOutputs.ts';
import { DocumentInfo, FileBytes } from './documents.ts';
import { Invoice } from './invoiceModel.ts';

/**
 * Importing a file (REST multipart `POST Invoices/Import`; the browser's JSON call sends base64 text): an XML, a
 * signed `.xml.p7m` (DER or base64) or a ZIP of them.
 */
export const InvoiceImportInput = ScopeInput.extend({ fileName: text(1000), content: FileBytes });
export type InvoiceImportInput = z.infer<typeof InvoiceImportInput>;

/** What the importer tells the cashier about a draft. */
export const INVOICE_FINDINGS = [
  /** The file was a signed CAdES envelope (the signature is present; its certificate chain is not verified). */
  'signed',
  /** The supplier was found among the department's by VAT number or tax code (params: code, by). */
  'supplierFound',
  /** No supplier of the department has the VAT number or tax code: a new one is proposed, created when booked. */
  'supplierNew',
  /** The supplier proposes no chapter, or its chapter is not in the scope's chart: the cashier chooses one. */
  'noChapter',
  /** ImportoTotaleDocumento differs from the lines' taxable amounts plus VAT (params: total, lines). */
  'amountDiffersFromLines',
  /** ImportoTotaleDocumento is absent: the amount is the taxable amounts plus VAT. */
  'totalFromLines',
  /** The instalments don't add up to the amount to pay: one instalment of that amount is proposed (params: instalments, toPay). */
  'instalmentsDiffer',
  /** An instalment without a due date: due after the supplier's payment term. */
  'dueDateMissing',
  /** The department allows no open payments: booked as paid (PaymentDone). */
  'openPaymentsNotAllowed',
  /** A withholding (DatiRitenuta): a transfer of it to a title-3 revenue chapter is proposed (params: amount, chapter). */
  'withholding',
  /** Split payment VAT (EsigibilitaIVA S): a transfer of it to a title-3 revenue chapter is proposed (params: amount, chapter). */
  'splitPayment',
  /** The supplier found has another IBAN than the invoice's instalments (params: invoice, supplier): payment orders use the supplier's. */
  'ibanDiffers',
  /** A credit note (TD04): proposed as a revenue (params: bill, billRecordNumber, billChapter when found). */
  'creditNote',
  /** The credit note names no bill booked for the supplier. */
  'creditNoteBillNotFound',
  /** The currency is not EUR (params: currency): the amounts are taken as written. */
  'currency',
  /** The department has no active account: the cashier chooses one. */
  'noAccount',
] as const;
export const InvoiceFindingCode = z.enum(INVOICE_FINDINGS);
export type InvoiceFindingCode = z.infer<typeof InvoiceFindingCode>;

export const InvoiceFinding = z.strictObject({ code: InvoiceFindingCode, params: z.record(z.string(), z.union([z.string(), z.number()])) });
export type InvoiceFinding = z.infer<typeof InvoiceFinding>;

/** A draft movement: the fields `movements.save` takes (chapters by code; '' where the cashier has to choose). */
export const InvoiceMovementDraft = z.strictObject({
  departmentId: Num,
  year: Num,
  kind: MovementKindSchema,
  recordNumber: NullNum,
  asNew: z.boolean(),
  type: MovementTypeSchema,
  recordDate: Text,
  documentDate: NullText,
  documentNumber: Text,
  supplierId: NullNum,
  accountId: NullNum,
  templateCode: NullNum,
  positions: z.array(z.strictObject({ chapter: Text, amount: Cents, note: Text })),
  transferPositions: z.array(z.strictObject({ chapterFrom: Text, chapterTo: Text, amount: Cents, note: Text })),
  payments: z.array(z.strictObject({ amount: Cents, dateDue: Text, datePaid: NullText })),
  confirmAvailableExceeded: z.boolean(),
});
export type InvoiceMovementDraft = z.infer<typeof InvoiceMovementDraft>;

/** A proposed new supplier: the fields `suppliers.create` takes (not created before the cashier books). */
const { code, searchKey, name1, name2, street, country, postalCode, location, province, isoCode, vatCode, taxCode, paymentTerm, chapterProposal } =
  supplierFields;
export const InvoiceSupplierDraft = z.strictObject({
  ...{ code, searchKey, name1, name2, street, country, postalCode, location, province, isoCode, vatCode, taxCode, paymentTerm, chapterProposal },
  bankInfo: z.strictObject({ iban: Text, bankName: Text }),
});
export type InvoiceSupplierDraft = z.infer<typeof InvoiceSupplierDraft>;

/** The supplier found among the department's. */
export const InvoiceSupplierFound = z.strictObject({ id: Num, code: Num, name1: Text, name2: Text, chapterProposal: Text, paymentTerm: Num });

/** The proposal for one invoice: the movement, its companion transfer (withholding, split payment), the supplier and the findings. */
export const InvoiceDraft = z.strictObject({
  movement: InvoiceMovementDraft,
  /** The TransferExpense (type 3) of the withholding and the split payment VAT to title 3; null when there is none. */
  companion: InvoiceMovementDraft.nullable(),
  supplier: InvoiceSupplierFound.nullable(),
  newSupplier: InvoiceSupplierDraft.nullable(),
  /** The document's amount (ImportoTotaleDocumento, else the lines' taxable amounts plus VAT). */
  gross: Cents,
  withholding: Cents,
  splitPaymentVat: Cents,
  /** What the supplier is paid: gross less the withholding and the split payment VAT. */
  toPay: Cents,
  findings: z.array(InvoiceFinding),
});
export type InvoiceDraft = z.infer<typeof InvoiceDraft>;

/** A refusal of a file or of one of its invoices: the error name, the first problem (the schema's message) and its params. */
export const InvoiceRefusal = z.strictObject({ code: Text, message: Text, params: z.record(z.string(), z.union([z.string(), z.number()])) });

/** One entry of an import: a file (a ZIP's member) and one body of it, proposed or refused. */
export const InvoiceImportEntry = z.strictObject({
  fileName: Text,
  /** The FatturaElettronicaBody of the file (1, 2, …); 0 when the file itself was refused. */
  body: Num,
  signed: z.boolean(),
  state: z.enum(['draft', 'refused']),
  error: InvoiceRefusal.nullable(),
  invoice: Invoice.nullable(),
  draft: InvoiceDraft.nullable(),
});
export type InvoiceImportEntry = z.infer<typeof InvoiceImportEntry>;

/** What `invoices.import` answers (a single invoice refused is an error instead). */
export const InvoiceImportResult = z.strictObject({ entries: z.array(InvoiceImportEntry) });
export type InvoiceImportResult = z.infer<typeof InvoiceImportResult>;

/**
 * Booking a reviewed draft: the file again (its bytes; base64 text over JSON), which body of it, the movement
 * and the companion transfer as `movements.save` takes them, and the new supplier to create (then the
 * movement's `supplierId` is left null and the created one is used).
 */
export const InvoiceBookInput = ScopeInput.extend({
  fileName: text(1000),
  content: FileBytes,
  body: Id.default(1),
  movement: MovementSaveInput,
  companion: MovementSaveInput.nullable().default(null),
  newSupplier: SupplierInput.nullable().default(null),
});
export type InvoiceBookInput = z.input<typeof InvoiceBookInput>;
export type InvoiceBook = z.infer<typeof InvoiceBookInput>;

/** What booking answers: the saved movement, its companion, the supplier created (null: none) and the receipt. */
export const InvoiceBookResult = z.strictObject({
  movement: Movement,
  companion: Movement.nullable(),
  createdSupplier: z.strictObject({ id: Num, code: Num }).nullable(),
  document: DocumentInfo,
});
export type InvoiceBookResult = z.infer<typeof InvoiceBookResult>;

/** The rendered invoice as PDF (`invoices.print`, REST `GET Invoices/Print`): a stored receipt of the scope (an e-invoice), which body, the language. */
export const InvoicePrintInput = ScopeInput.extend({
  documentId: Id,
  body: Id.default(1),
  language: z.enum(['de', 'it']).default('de'),
});
export type InvoicePrintInput = z.input<typeof InvoicePrintInput>;
