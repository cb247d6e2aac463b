import { describe, expect, it } from 'vitest';
import { documentFileName, sniffDocumentType } from './documents.ts';

const bytes = (...parts: (string | number[])[]) => Uint8Array.from(parts.flatMap((p) => (typeof p === 'string' ? [...Buffer.from(p, 'latin1')] : p)));

describe('a receipt’s type is read from its content', () => {
  it.each([
    ['a PDF', bytes('%PDF-1.7\n%âãÏÓ\n'), 'application/pdf'],
    ['a JPEG (JFIF)', bytes([0xff, 0xd8, 0xff, 0xe0, 0x00, 0x10], 'JFIF'), 'image/jpeg'],
    ['a JPEG (Exif, a phone photo)', bytes([0xff, 0xd8, 0xff, 0xe1, 0x12, 0x34], 'Exif'), 'image/jpeg'],
    ['a PNG', bytes([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, 0, 0, 0, 13], 'IHDR'), 'image/png'],
    ['an e-invoice with a declaration', bytes('<?xml version="1.0" encoding="UTF-8"?>\n<p:FatturaElettronica versione="FPR12">'), 'application/xml'],
    ['an e-invoice with a BOM and no declaration', bytes([0xef, 0xbb, 0xbf], '\r\n  <p:FatturaElettronica>'), 'application/xml'],
    // a CAdES envelope: SEQUENCE (long form length), contentType OID 1.2.840.113549.1.7.2 (signedData)
    [
      'a signed e-invoice (.p7m, DER)',
      bytes([0x30, 0x82, 0x1f, 0x3a, 0x06, 0x09, 0x2a, 0x86, 0x48, 0x86, 0xf7, 0x0d, 0x01, 0x07, 0x02, 0xa0, 0x82]),
      'application/pkcs7-mime',
    ],
    [
      'a signed e-invoice (indefinite length)',
      bytes([0x30, 0x80, 0x06, 0x09, 0x2a, 0x86, 0x48, 0x86, 0xf7, 0x0d, 0x01, 0x07, 0x02, 0xa0, 0x80, 0x30, 0x80]),
      'application/pkcs7-mime',
    ],
  ])('%s', (_what, content, type) => {
    expect(sniffDocumentType(content)).toBe(type);
  });

  it.each([
    ['a Windows program', bytes('MZ\x90\x00\x03\x00\x00\x00')],
    ['a ZIP (an office document)', bytes([0x50, 0x4b, 0x03, 0x04, 0x14, 0x00])],
    ['plain text', bytes('Rechnung Nr. 12 vom 3.4.')],
    ['HTML is no receipt', bytes('  hello <b>world</b>')],
    [
      'a DER SEQUENCE that is not signedData (a certificate)',
      bytes([0x30, 0x82, 0x03, 0x10, 0x30, 0x82, 0x01, 0xf8, 0xa0, 0x03, 0x02, 0x01, 0x02, 0x02, 0x14, 0x01, 0x02]),
    ],
    ['a GIF', bytes('GIF89a')],
    ['nothing', bytes('')],
    ['"%PDF" without its dash', bytes('%PDF')],
  ])('refuses %s', (_what, content) => {
    expect(sniffDocumentType(content)).toBeNull();
  });
});

describe('a receipt’s file name', () => {
  it.each([
    ['Rechnung März.pdf', 'Rechnung März.pdf'],
    ['C:\\Users\\kassier\\Desktop\\beleg.jpg', 'beleg.jpg'],
    ['../../etc/passwd', 'passwd'],
    ['bad"quote\u0007.pdf', 'badquote.pdf'],
    ['   ', 'Beleg'],
    ['', 'Beleg'],
  ])('%j is kept as %j', (name, kept) => {
    expect(documentFileName(name)).toBe(kept);
  });

  it('keeps at most the last 200 characters (the extension stays)', () => {
    const kept = documentFileName(`${'x'.repeat(300)}.pdf`);
    expect(kept).toHaveLength(200);
    expect(kept.endsWith('.pdf')).toBe(true);
  });
});
