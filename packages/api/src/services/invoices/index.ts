/**
 * E-invoice import (FatturaPA, issue 28, DOMAIN decision 28): a file (an XML, a signed `.xml.p7m`, a ZIP of
 * them) read safely (envelope.ts), checked (schemaCheck.ts: no DTD, the FatturaPA root, the official XSD),
 * parsed (parse.ts) and proposed as drafts (draft.ts). Nothing is written; booking is book.ts.
 */
import type { Db } from '@app/db';
import { AppError, DEFAULT_DOCUMENT_MAX_BYTES, type Invoice, type InvoiceImportEntry, type InvoiceImportInput, type InvoiceImportResult } from '@app/domain';
import type { BookingScope } from '../ledger/bookingScope.ts';
import { draftOf } from './draft.ts';
import { filesOf, type InvoiceFile } from './envelope.ts';
import { parseInvoices } from './parse.ts';
import { checkedXml } from './schemaCheck.ts';

const refusal = (error: AppError) => ({ code: error.code, message: error.message, params: error.params ?? {} });

/** A refused entry (AppError) or the error itself when it is none (a fault, answered 5xx). */
function refusedEntry(fileName: string, body: number, signed: boolean, error: unknown, invoice: Invoice | null = null): InvoiceImportEntry {
  if (!(error instanceof AppError)) throw error;
  return { fileName, body, signed, state: 'refused', error: refusal(error), invoice, draft: null };
}

/** The checked invoices of one file. */
export async function invoicesOf(file: InvoiceFile): Promise<Invoice[]> {
  return parseInvoices(await checkedXml(file.bytes));
}

/**
 * The one invoice file of an upload, or the ZIP member named `member`: its bytes (as stored: the envelope
 * too) and its checked invoices. For booking and printing.
 */
export async function readInvoiceFile(
  fileName: string,
  content: Uint8Array,
  member: string | null,
  maxBytes = DEFAULT_DOCUMENT_MAX_BYTES,
): Promise<{ fileName: string; bytes: Uint8Array; signed: boolean; invoices: Invoice[] }> {
  const files = filesOf(fileName, content, maxBytes);
  const chosen = member === null ? (files.length === 1 ? files[0] : undefined) : files.find((f) => f.fileName === member);
  if (!chosen) throw new AppError('InvalidValue', { field: 'member', message: member === null ? 'a ZIP: name its member' : `no member ${member}` });
  const file = chosen.read();
  return { fileName: chosen.fileName, bytes: chosen.bytes, signed: file.signed, invoices: await invoicesOf(file) };
}

/**
 * invoices.import: the drafts of every invoice of the file (a ZIP: of each member; a file with several
 * bodies: one per body), each with its state; writes nothing. A single invoice that is refused is the error
 * itself (InvoiceNotXml, InvoiceUnsafe, InvoiceNotFatturaPA, InvoiceInvalid, InvoiceSignature,
 * InvoiceDuplicate, PayloadTooLarge), so the caller gets its name and status.
 */
export async function importInvoices(
  db: Db,
  scope: BookingScope,
  input: Pick<InvoiceImportInput, 'fileName' | 'content'>,
  maxBytes = DEFAULT_DOCUMENT_MAX_BYTES,
): Promise<InvoiceImportResult> {
  const files = filesOf(input.fileName, input.content, maxBytes);
  const entries: InvoiceImportEntry[] = [];
  let single: AppError | null = null;
  for (const f of files) {
    let file: InvoiceFile;
    let invoices: Invoice[];
    try {
      file = f.read();
      invoices = await invoicesOf(file);
    } catch (error) {
      entries.push(refusedEntry(f.fileName, 0, false, error));
      single = error as AppError;
      continue;
    }
    for (const [i, invoice] of invoices.entries()) {
      try {
        const draft = await draftOf(db, scope, invoice);
        if (file.signed) draft.findings.unshift({ code: 'signed', params: {} });
        entries.push({ fileName: f.fileName, body: i + 1, signed: file.signed, state: 'draft', error: null, invoice, draft });
      } catch (error) {
        entries.push(refusedEntry(f.fileName, i + 1, file.signed, error, invoice));
        single = error as AppError;
      }
    }
  }
  if (entries.length === 1 && entries[0]!.state === 'refused' && single) throw single;
  if (entries.length === 0) throw new AppError('InvoiceNotXml', { field: 'file', message: 'no invoice in the file' });
  return { entries };
}
