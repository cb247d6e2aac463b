/**
 * Receipts (Belege / giustificativi, issue 28): the documents a movement, reservation, account transfer or
 * payment order carries. The type of a file is read from its content, never from its name.
 */
import { z } from 'zod';
import { Id, text } from './primitives.ts';
import { ScopeInput } from './scope.ts';

/** The records a document can belong to. */
export const DOCUMENT_RECORD_KINDS = ['movement', 'reservation', 'transfer', 'order'] as const;
export const DocumentRecordKind = z.enum(DOCUMENT_RECORD_KINDS, 'InvalidValue');
export type DocumentRecordKind = z.infer<typeof DocumentRecordKind>;

/** The types a receipt may have, as its content shows them. */
export const DOCUMENT_CONTENT_TYPES = ['application/pdf', 'image/jpeg', 'image/png', 'application/xml', 'application/pkcs7-mime'] as const;
export type DocumentContentType = (typeof DOCUMENT_CONTENT_TYPES)[number];

/** The largest receipt by default (10 MB); the server's `DOCUMENT_MAX_BYTES` sets another. */
export const DEFAULT_DOCUMENT_MAX_BYTES = 10 * 1024 * 1024;

const startsWith = (bytes: Uint8Array, prefix: readonly number[], at = 0): boolean =>
  bytes.length >= at + prefix.length && prefix.every((b, i) => bytes[at + i] === b);

/** The DER of the OID 1.2.840.113549.1.7.2 (PKCS #7 signedData): a CAdES envelope (`.p7m`) names it near its start. */
const SIGNED_DATA_OID = [0x06, 0x09, 0x2a, 0x86, 0x48, 0x86, 0xf7, 0x0d, 0x01, 0x07, 0x02];

function isSignedEnvelope(bytes: Uint8Array): boolean {
  // a DER SEQUENCE (0x30) of indefinite (0x80) or long-form length (0x81..0x84), then ContentInfo's contentType
  if (bytes[0] !== 0x30 || bytes.length < 16) return false;
  const lengthByte = bytes[1] ?? 0;
  if (!(lengthByte === 0x80 || (lengthByte >= 0x81 && lengthByte <= 0x84))) return false;
  const head = bytes.subarray(0, 32);
  for (let i = 2; i + SIGNED_DATA_OID.length <= head.length; i++) if (startsWith(head, SIGNED_DATA_OID, i)) return true;
  return false;
}

/** An XML document: an optional UTF-8 byte-order mark and white space, then `<?xml` or an element's `<` and a name. */
function isXml(bytes: Uint8Array): boolean {
  let i = startsWith(bytes, [0xef, 0xbb, 0xbf]) ? 3 : 0;
  while (i < bytes.length && (bytes[i] === 0x20 || bytes[i] === 0x09 || bytes[i] === 0x0a || bytes[i] === 0x0d)) i++;
  if (bytes[i] !== 0x3c) return false;
  const next = bytes[i + 1] ?? 0;
  // `<?xml`, or an element name's first character (a letter, `_`, or a prefix like `p:`)
  if (next === 0x3f) return startsWith(bytes, [0x3f, 0x78, 0x6d, 0x6c], i + 1);
  return (next >= 0x41 && next <= 0x5a) || (next >= 0x61 && next <= 0x7a) || next === 0x5f;
}

/**
 * The type of a receipt by its content (the first bytes): PDF (`%PDF-`), JPEG (FF D8 FF), PNG (its
 * signature), an XML document (the e-invoice) or a signed CAdES envelope (`.p7m`: a DER SEQUENCE naming
 * signedData). Null for anything else, whatever its name says.
 */
export function sniffDocumentType(bytes: Uint8Array): DocumentContentType | null {
  if (startsWith(bytes, [0x25, 0x50, 0x44, 0x46, 0x2d])) return 'application/pdf';
  if (startsWith(bytes, [0xff, 0xd8, 0xff])) return 'image/jpeg';
  if (startsWith(bytes, [0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a])) return 'image/png';
  if (isSignedEnvelope(bytes)) return 'application/pkcs7-mime';
  if (isXml(bytes)) return 'application/xml';
  return null;
}

/**
 * A file name as it is kept and offered back: the last path segment, without control characters or the
 * characters a download header can't carry, at most 200 characters; "Beleg" when nothing is left.
 */
export function documentFileName(name: string): string {
  const last = name.split(/[\\/]/).pop() ?? '';
  // eslint-disable-next-line no-control-regex -- control characters are what it removes
  const clean = last.replace(/[\u0000-\u001f\u007f"]/g, '').trim();
  return (clean || 'Beleg').slice(-200);
}

/** A file's bytes (a Buffer is one too). */
const Bytes = z.custom<Uint8Array>((value) => value instanceof Uint8Array, 'InvalidValue');

/** Base64 text (a browser's JSON call) as bytes; the largest file is bounded again by the service. */
const Base64Bytes = z
  .string()
  .max(15_000_000, 'TooLong')
  .regex(/^[A-Za-z0-9+/=\s]*$/, 'InvalidValue')
  .transform((value, ctx) => {
    try {
      return Uint8Array.from(atob(value.replace(/\s+/g, '')), (c) => c.charCodeAt(0));
    } catch {
      ctx.addIssue({ code: 'custom', message: 'InvalidValue' });
      return z.NEVER;
    }
  });

/** A file as an input takes it: bytes in the server's own process (REST multipart), base64 text over tRPC's JSON (the browser, the typed client). */
export const FileBytes = z.union([Bytes, Base64Bytes]);

/** The record a document belongs to, in the scope. */
export const DocumentRecordInput = ScopeInput.extend({ recordKind: DocumentRecordKind, recordId: Id });
export type DocumentRecordInput = z.infer<typeof DocumentRecordInput>;

/**
 * Attaching a file: REST multipart `POST Documents` hands the bytes to the procedure in the server's own process,
 * as the pieces it read them in (never joined: the file is held once); the typed client sends them as base64
 * text (within the tRPC body limit).
 */
export const DocumentAttachInput = DocumentRecordInput.extend({
  fileName: text(1000),
  content: z.union([Bytes, z.array(Bytes), Base64Bytes]),
});
export type DocumentAttachInput = z.infer<typeof DocumentAttachInput>;

/** One document of the scope, by id. */
export const DocumentKey = ScopeInput.extend({ id: Id });
export type DocumentKey = z.infer<typeof DocumentKey>;

/** A document as lists show it (the bytes come with `GET Documents/{id}`). */
export const DocumentInfo = z.strictObject({
  id: z.number(),
  recordKind: DocumentRecordKind,
  recordId: z.number(),
  fileName: z.string(),
  contentType: z.enum(DOCUMENT_CONTENT_TYPES),
  size: z.number(),
  sha256: z.string(),
  createdAt: z.string(),
  createdBy: z.string().nullable(),
});
export type DocumentInfo = z.infer<typeof DocumentInfo>;

/** The documents of one record, oldest first. */
export const DocumentList = z.array(DocumentInfo);

/** A document's bytes (over REST only: the adapter answers them with their content type). */
export const DocumentContent = z.strictObject({
  fileName: z.string(),
  contentType: z.enum(DOCUMENT_CONTENT_TYPES),
  content: Bytes,
});
export type DocumentContent = z.infer<typeof DocumentContent>;

/** A document's bytes as base64 text, for the typed client (tRPC's JSON carries no bytes). */
export const DocumentBase64 = z.strictObject({
  fileName: z.string(),
  contentType: z.enum(DOCUMENT_CONTENT_TYPES),
  size: z.number(),
  base64: z.string(),
});
export type DocumentBase64 = z.infer<typeof DocumentBase64>;

/** What deleting a document answers. */
export const DocumentDeleted = z.strictObject({ id: z.number(), deleted: z.literal(true) });
