import { newSupplier, type Supplier } from '@app/domain';
import { describe, expect, it } from 'vitest';
import { pdfReader } from './pdfText.testkit.ts';
import { supplierMasterSheetPdf } from './supplierMasterSheet.ts';

const ctx = { username: 'kassier', now: new Date('2026-11-22T09:05:00Z') };

const pages = pdfReader('reports-master-');

const supplier = (code: number, patch: Partial<Supplier>): Supplier => ({ ...newSupplier(1, code), id: code, ...patch });

const suppliers: Supplier[] = [
  supplier(1, {
    searchKey: 'ELEKTRO',
    name1: 'Elektro Huber',
    name2: 'GmbH',
    street: 'Industriestraße 4',
    postalCode: '39055',
    location: 'Leifers',
    vatCode: '01234567890',
    taxCode: 'HBRJSF70A01A952X',
    paymentTerm: 60,
    landlinePhone: '0471 950000',
    email: 'info@huber.it',
    contactPerson: 'Josef Huber',
    chapterProposal: '21003',
    bankInfo: {
      bankId: null,
      bankName: 'Raiffeisenkasse Leifers',
      bankKey: '0808158370',
      swift: 'RZSBIT21',
      cin: 'X',
      accountNumber: '000000123456',
      iban: 'IT60X0808158370000000123456',
    },
  } as Partial<Supplier>),
  supplier(2, { searchKey: 'TANK', name1: 'Tankstelle Mair', isInactive: true, language: 'it' }),
];

describe('supplier master sheet', () => {
  it('one page per supplier with every field, in German and Italian', () => {
    const de = pages(supplierMasterSheetPdf({ language: 'de', departmentCode: '101', departmentName: 'FF Leifers', suppliers }, ctx), 'master-de');
    expect(de).toHaveLength(2);
    expect(de[0]).toContain('Stammblatt der Lieferanten');
    expect(de[0]).toContain('1 Elektro Huber GmbH');
    expect(de[0]).toMatch(/Suchbegriff\s+ELEKTRO/);
    expect(de[0]).toMatch(/Zahlungsziel\s+60 Tage/);
    expect(de[0]).toMatch(/Kapitelvorschlag\s+2-1-003/);
    expect(de[0]).toMatch(/Bank\s+Raiffeisenkasse Leifers/);
    expect(de[0]).toMatch(/IBAN\s+IT60 X080 8158 3700 0000 0123 456/);
    expect(de[0]).toMatch(/Seite 1 von 2/);
    // the second supplier starts its own page; empty fields show a dash
    expect(de[1]).toContain('2 Tankstelle Mair (inaktiv)');
    expect(de[1]).toMatch(/Fax\s+–/);
    expect(de[1]).toMatch(/Sprache\s+Italienisch/);
    expect(de[1]).toMatch(/Inaktiv\s+ja/);
    const it = pages(supplierMasterSheetPdf({ language: 'it', departmentCode: '101', departmentName: 'VVF Laives', suppliers }, ctx), 'master-it');
    expect(it[0]).toContain('Scheda anagrafica dei fornitori');
    expect(it[0]).toMatch(/Termine di pagamento\s+60 giorni/);
    expect(it[1]).toMatch(/Inattivo\s+sì/);
    expect(it[1]).toMatch(/Pagina 2 di 2/);
  });

  it('says so when no supplier is found', () => {
    const empty = pages(supplierMasterSheetPdf({ language: 'de', departmentCode: '101', departmentName: 'FF Leifers', suppliers: [] }, ctx), 'master-empty');
    expect(empty[0]).toContain('Keine Lieferanten gefunden.');
  });
});
