import type { AccountPrint, DepartmentExport, SupplierExport } from '@app/domain';
import Papa from 'papaparse';
import { describe, expect, it } from 'vitest';
import { pdfReader } from './pdfText.testkit.ts';
import { accountsPrintPdf } from './accountsPrint.ts';
import { departmentListCsv, departmentListPdf } from './departmentList.ts';
import { supplierListCsv, supplierListPdf } from './supplierList.ts';

const ctx = { username: 'kassier', now: new Date('2026-11-22T09:05:00Z') };

/** Writes the PDF to a file and returns its text as pdftotext reads it (one string per page). */
const pdfPages = pdfReader('reports-');

function parseCsv(text: string): string[][] {
  expect(text.startsWith('\uFEFF')).toBe(true);
  return Papa.parse<string[]>(text.slice(1), { delimiter: ';' }).data;
}

const departments: DepartmentExport = {
  language: 'de',
  codeFrom: '100',
  codeTo: '1ZZ',
  rows: [
    {
      code: '100',
      name: 'Bezirksfeuerwehrverband Bozen',
      location: '39100 Bozen',
      commander: 'Josef Pircher',
      cashier: 'Eva Mair',
      phone: '0471 123456',
      email: 'bfv@bozen.it',
    },
    {
      code: '101',
      name: 'Freiwillige Feuerwehr Leifers',
      location: '39055 Leifers',
      commander: 'Thomas Unterhofer',
      cashier: 'Karl Kassier',
      phone: '+39 0471 950000',
      email: 'info@ff-leifers.it',
    },
    ...Array.from({ length: 58 }, (_, i) => ({
      code: `1${String.fromCharCode(65 + Math.floor(i / 26))}${String.fromCharCode(65 + (i % 26))}`,
      name: `Freiwillige Feuerwehr Nummer ${i + 1}`,
      location: 'Bozen',
      commander: `Kommandant ${i + 1}`,
      cashier: '',
      phone: '',
      email: '',
    })),
  ],
};

describe('department list', () => {
  it('prints a landscape PDF with heading, rows and the footer on every page', () => {
    const doc = departmentListPdf(departments, ctx);
    expect(doc.internal.pageSize.getWidth()).toBeGreaterThan(doc.internal.pageSize.getHeight());
    const pages = pdfPages(doc, 'departments-de');
    expect(pages).toHaveLength(3);
    expect(pages[0]).toContain('Verzeichnis der Feuerwehren');
    expect(pages[0]).toContain('Code 100 – 1ZZ');
    expect(pages[0]).toMatch(/Code\s+Bezeichnung\s+Ort\s+Kommandant/);
    expect(pages[0]).toMatch(/101\s+Freiwillige Feuerwehr Leifers\s+39055 Leifers\s+Thomas Unterhofer/);
    pages.forEach((page, i) => expect(page).toMatch(new RegExp(`22\\.11\\.2026 10:05\\s+Angemeldet als kassier\\s+Seite ${i + 1} von 3`)));
    expect(pages[2]).toMatch(/1CF\s+Freiwillige Feuerwehr Nummer 58\s+Bozen\s+Kommandant 58/);
  });

  it('prints Italian headings and footer', () => {
    const pages = pdfPages(departmentListPdf({ ...departments, language: 'it', rows: departments.rows.slice(0, 2) }, ctx), 'departments-it');
    expect(pages).toHaveLength(1);
    expect(pages[0]).toContain('Elenco dei corpi');
    expect(pages[0]).toMatch(/Codice\s+Denominazione\s+Località\s+Comandante/);
    expect(pages[0]).toMatch(/Accesso come kassier\s+Pagina 1 di 1/);
  });

  it('writes CSV with BOM, semicolons, all columns, quotes where needed', () => {
    const text = departmentListCsv({
      ...departments,
      rows: [...departments.rows.slice(0, 2), { ...departments.rows[0]!, code: '1XY', name: 'FF "Alt"; Neu' }],
    });
    expect(text.split('\r\n')[0]).toBe('\uFEFFCode;Bezeichnung;Ort;Kommandant;Kassier;Telefon;E-Mail');
    expect(text).toContain('"FF ""Alt""; Neu"');
    const rows = parseCsv(text);
    expect(rows[2]).toEqual([
      '101',
      'Freiwillige Feuerwehr Leifers',
      '39055 Leifers',
      'Thomas Unterhofer',
      'Karl Kassier',
      '+39 0471 950000',
      'info@ff-leifers.it',
    ]);
    expect(rows[3]?.[1]).toBe('FF "Alt"; Neu');
  });
});

const suppliersData: SupplierExport = {
  language: 'de',
  departmentCode: '101',
  departmentName: 'Freiwillige Feuerwehr Leifers',
  rows: [
    {
      code: 1001,
      searchKey: 'PICHLER',
      name: 'Feuerwehrtechnik Pichler KG',
      address: 'Galvanistraße 28, 39100 Bozen (BZ)',
      vatCode: '02184930214',
      taxCode: '02184930214',
      phone: '0471 203344',
      email: 'info@pichler.it',
      iban: 'IT60X0542811101000000123456',
      isInactive: false,
    },
    {
      code: 1004,
      searchKey: 'ROSSI',
      name: 'Tipografia Rossi Snc',
      address: 'Via Kennedy 95, 39055 Laives (BZ)',
      vatCode: '01820450212',
      taxCode: '',
      phone: '',
      email: '',
      iban: '',
      isInactive: true,
    },
  ],
};

describe('supplier list', () => {
  it('prints code, search key, name with address and the grouped IBAN', () => {
    const pages = pdfPages(supplierListPdf(suppliersData, ctx), 'suppliers-de');
    expect(pages).toHaveLength(1);
    expect(pages[0]).toContain('Lieferantenverzeichnis');
    expect(pages[0]).toContain('101 Freiwillige Feuerwehr Leifers');
    expect(pages[0]).toMatch(/Nummer\s+Suchbegriff\s+Name und Anschrift\s+IBAN/);
    expect(pages[0]).toMatch(/1001\s+PICHLER\s+Feuerwehrtechnik Pichler KG\s+IT60 X054 2811 1010 0000 0123 456/);
    expect(pages[0]).toContain('Galvanistraße 28, 39100 Bozen (BZ)');
    expect(pages[0]).toMatch(/1004\s+ROSSI \(inaktiv\)\s+Tipografia Rossi Snc/);
    expect(pages[0]).toMatch(/Seite 1 von 1/);
  });

  it('writes the Italian CSV', () => {
    const rows = parseCsv(supplierListCsv({ ...suppliersData, language: 'it' }));
    expect(rows[0]).toEqual(['Numero', 'Chiave di ricerca', 'Nome', 'Indirizzo', 'Partita IVA', 'Codice fiscale', 'Telefono', 'E-mail', 'IBAN', 'Inattivo']);
    expect(rows[1]).toEqual([
      '1001',
      'PICHLER',
      'Feuerwehrtechnik Pichler KG',
      'Galvanistraße 28, 39100 Bozen (BZ)',
      '02184930214',
      '02184930214',
      '0471 203344',
      'info@pichler.it',
      'IT60X0542811101000000123456',
      'no',
    ]);
    expect(rows[2]?.[9]).toBe('sì');
  });
});

const accountsData: AccountPrint = {
  language: 'it',
  departmentCode: '102',
  departmentName: 'Corpo dei Vigili del Fuoco Volontari Appiano',
  type: null,
  year: 2026,
  // K1 500,00 + 234,56 = 734,56; B1 12.000,00 - 2.345,67 = 9.654,33; B2 closed at 0
  totals: { initialBalance: 1_250_000, movementsBalance: -211_111, finalBalance: 1_038_889 },
  rows: [
    {
      id: 1,
      code: 'K1',
      type: 1,
      descriptionDeu: 'Kassa',
      descriptionIta: 'Cassa',
      notes: 'Cassa in caserma',
      inactive: false,
      bankInfo: { iban: '', bankName: '', swift: '' },
      initialBalance: 50_000,
      movementsBalance: 23_456,
      finalBalance: 73_456,
    },
    {
      id: 2,
      code: 'B1',
      type: 2,
      descriptionDeu: 'Kontokorrent',
      descriptionIta: 'Conto corrente Raiffeisen',
      notes: '',
      inactive: false,
      bankInfo: { iban: 'IT57Z0306909606100000195309', bankName: 'Raiffeisenkasse Überetsch', swift: 'RZSBIT21007' },
      initialBalance: 1_200_000,
      movementsBalance: -234_567,
      finalBalance: 965_433,
    },
    {
      id: 3,
      code: 'B2',
      type: 2,
      descriptionDeu: 'Altes Konto',
      descriptionIta: 'Conto vecchio',
      notes: '',
      inactive: true,
      bankInfo: { iban: '', bankName: 'Sparkasse', swift: '' },
      initialBalance: 0,
      movementsBalance: 0,
      finalBalance: 0,
    },
  ],
};

describe('accounts print', () => {
  it('prints one table per type with the description in the language', () => {
    const pages = pdfPages(accountsPrintPdf(accountsData, ctx), 'accounts-it');
    expect(pages).toHaveLength(1);
    const text = pages[0] ?? '';
    expect(text).toContain('Conti');
    expect(text).toContain('102 Corpo dei Vigili del Fuoco Volontari Appiano');
    expect(text.indexOf('Cassa\n')).toBeLessThan(text.indexOf('Banca\n'));
    expect(text).toMatch(/K1\s+Cassa\s+Cassa in caserma\s+500,00 €\s+234,56 €\s+734,56 €/);
    expect(text).toContain('Saldi 2026');
    // per type and the grand total (the cash balance)
    expect(text).toMatch(/Totale Cassa\s+500,00 €\s+234,56 €\s+734,56 €/);
    expect(text).toMatch(/Totale Banca\s+12\.000,00 €\s+-2\.345,67 €\s+9\.654,33 €/);
    expect(text).toMatch(/Totale\s+12\.500,00 €\s+-2\.111,11 €\s+10\.388,89 €/);
    expect(text).toMatch(
      /B1\s+Conto corrente Raiffeisen\s+IT57 Z030 6909 6061 0000 0195 309\s+Raiffeisenkasse Überetsch\s+RZSBIT21007\s+12\.000,00 €\s+-2\.345,67 €\s+9\.654,33 €/,
    );
    expect(text).toMatch(/B2\s+Conto vecchio \(inattivo\)/);
    expect(text).not.toContain('Posta');
    expect(text).toMatch(/Pagina 1 di 1/);
  });

  it('prints only the chosen type', () => {
    const pages = pdfPages(
      accountsPrintPdf({ ...accountsData, language: 'de', type: 1, rows: accountsData.rows.filter((r) => r.type === 1) }, ctx),
      'accounts-de-cash',
    );
    expect(pages[0]).toContain('Konten: Kassa');
    expect(pages[0]).toMatch(/K1\s+Kassa/);
    expect(pages[0]).not.toContain('B1');
  });

  it('says so when there is nothing to print', () => {
    const pages = pdfPages(accountsPrintPdf({ ...accountsData, language: 'de', type: 3, rows: [] }, ctx), 'accounts-empty');
    expect(pages[0]).toContain('Keine Konten gefunden.');
  });
});
