/**
 * The file around an e-invoice (issue 28): a ZIP of several (fflate), a CAdES envelope `.xml.p7m` in DER or
 * base64 whose signed content is taken out with pkijs (the signature is reported present; the certificate
 * chain is not verified), or the XML itself. Every refusal is an AppError with its own name, never a 5xx.
 */
import { AppError, sniffDocumentType } from '@app/domain';
import * as asn1js from 'asn1js';
import { unzipSync } from 'fflate';
import { ContentInfo, SignedData } from 'pkijs';

/** The SdI takes invoice files of at most 5 MB: a larger XML is refused before it is decoded or parsed, whatever the receipt limit. */
export const INVOICE_MAX_XML_BYTES = 5 * 1024 * 1024;
/** The most invoices one ZIP may carry. */
export const INVOICE_MAX_ZIP_ENTRIES = 50;

/** One file to read as an invoice: its name, whether it came out of a signed envelope, its bytes (an XML once unwrapped). */
export interface InvoiceFile {
  fileName: string;
  signed: boolean;
  bytes: Uint8Array;
}

const isZip = (b: Uint8Array) => b.length >= 4 && b[0] === 0x50 && b[1] === 0x4b && b[2] === 0x03 && b[3] === 0x04;

/** Base64 text of a DER envelope: "MI" (a SEQUENCE with a long length) after optional white space. */
function base64Envelope(bytes: Uint8Array): Uint8Array | null {
  let i = 0;
  while (i < bytes.length && (bytes[i] === 0x20 || bytes[i] === 0x0a || bytes[i] === 0x0d || bytes[i] === 0x09)) i++;
  if (bytes[i] !== 0x4d || bytes[i + 1] !== 0x49) return null;
  const text = new TextDecoder('latin1').decode(bytes).replace(/\s+/g, '');
  if (!/^[A-Za-z0-9+/]+={0,2}$/.test(text)) return null;
  return Uint8Array.from(Buffer.from(text, 'base64'));
}

/** The signed content of a CAdES envelope (attached content, eContent possibly split into OCTET STRING pieces). */
export function signedContent(der: Uint8Array): Uint8Array {
  const refuse = (reason: string): never => {
    throw new AppError('InvoiceSignature', { field: 'file', message: reason });
  };
  const asn = asn1js.fromBER(Uint8Array.from(der).buffer);
  if (asn.offset === -1) refuse(`not DER: ${asn.result.error}`);
  let signed: SignedData;
  try {
    const info = new ContentInfo({ schema: asn.result });
    if (info.contentType !== ContentInfo.SIGNED_DATA) refuse(`not signedData: ${info.contentType}`);
    signed = new SignedData({ schema: info.content });
  } catch (error) {
    if (error instanceof AppError) throw error;
    return refuse(`not a CAdES envelope: ${error instanceof Error ? error.message : String(error)}`);
  }
  if (signed.signerInfos.length === 0) refuse('no signer');
  const content = signed.encapContentInfo.eContent;
  if (!content) return refuse('detached signature: the envelope carries no content');
  // a constructed OCTET STRING (BER) holds its pieces one after the other
  const pieces = content.idBlock.isConstructed ? (content.valueBlock.value as asn1js.OctetString[]) : [content];
  const parts = pieces.map((p) => new Uint8Array(p.valueBlock.valueHexView));
  const out = new Uint8Array(parts.reduce((n, p) => n + p.length, 0));
  let at = 0;
  for (const p of parts) {
    out.set(p, at);
    at += p.length;
  }
  if (out.length === 0) refuse('empty content');
  return out;
}

/** A signed envelope's content, or null when the bytes are no envelope (DER or base64). */
function unwrapSigned(bytes: Uint8Array): Uint8Array | null {
  if (sniffDocumentType(bytes) === 'application/pkcs7-mime') return signedContent(bytes);
  // a DER SEQUENCE that sniffing did not take for an envelope: still tried, so a broken one is refused as one
  if (bytes[0] === 0x30 && bytes.length > 2 && (bytes[1] ?? 0) >= 0x80) return signedContent(bytes);
  const decoded = base64Envelope(bytes);
  return decoded ? signedContent(decoded) : null;
}

/** The members of a ZIP (no folders, no nested ZIPs), each at most `maxBytes` unpacked and all at most four times that. */
function unzipFiles(bytes: Uint8Array, maxBytes: number): { name: string; bytes: Uint8Array }[] {
  let count = 0;
  let total = 0;
  let files: Record<string, Uint8Array>;
  try {
    files = unzipSync(bytes, {
      filter: (f) => {
        if (f.name.endsWith('/') || f.name.startsWith('__MACOSX/')) return false;
        count++;
        if (count > INVOICE_MAX_ZIP_ENTRIES)
          throw new AppError('InvoiceNotXml', { field: 'file', message: `more than ${INVOICE_MAX_ZIP_ENTRIES} files in the ZIP` });
        total += f.originalSize;
        // each member and all of them together bounded: a ZIP bomb never unpacks
        if (f.originalSize > maxBytes || total > 4 * maxBytes)
          throw new AppError('PayloadTooLarge', { field: 'file', params: { limit: maxBytes }, message: `${f.name} is too large` });
        return true;
      },
    });
  } catch (error) {
    if (error instanceof AppError) throw error;
    throw new AppError('InvoiceNotXml', { field: 'file', message: `the ZIP can't be read: ${error instanceof Error ? error.message : String(error)}` });
  }
  return Object.entries(files).map(([name, content]) => ({ name, bytes: content }));
}

/**
 * The invoice files of an upload: the members of a ZIP (each unwrapped below), else the file itself; a
 * signed envelope (DER or base64) gives its content with `signed: true`. Refusals: PayloadTooLarge over
 * `maxBytes`, InvoiceSignature for a broken envelope, InvoiceNotXml for a ZIP that can't be read.
 * A member's own refusal is thrown by `unwrap` when that member is read (one entry each).
 */
export function filesOf(fileName: string, bytes: Uint8Array, maxBytes: number): { fileName: string; bytes: Uint8Array; read: () => InvoiceFile }[] {
  if (bytes.byteLength > maxBytes) throw new AppError('PayloadTooLarge', { field: 'file', params: { limit: maxBytes } });
  if (bytes.byteLength === 0) throw new AppError('InvoiceNotXml', { field: 'file', message: 'an empty file' });
  if (!isZip(bytes)) return [{ fileName, bytes, read: () => unwrap(fileName, bytes) }];
  return unzipFiles(bytes, maxBytes).map((f) => ({
    fileName: f.name,
    bytes: f.bytes,
    read: () => {
      if (isZip(f.bytes)) throw new AppError('InvoiceNotXml', { field: 'file', message: 'a ZIP inside the ZIP' });
      return unwrap(f.name, f.bytes);
    },
  }));
}

/** The XML of one file: a signed envelope opened, the size bounded by INVOICE_MAX_XML_BYTES. */
export function unwrap(fileName: string, bytes: Uint8Array): InvoiceFile {
  const content = unwrapSigned(bytes);
  const xml = content ?? bytes;
  if (xml.byteLength > INVOICE_MAX_XML_BYTES) throw new AppError('PayloadTooLarge', { field: 'file', params: { limit: INVOICE_MAX_XML_BYTES } });
  return { fileName, signed: content !== null, bytes: xml };
}
