import type { Invoice } from '@app/domain';
import { describe, expect, it } from 'vitest';
import { invoicePdf } from './invoice.ts';
import { pdfReader } from './pdfText.testkit.ts';

const ctx = { username: 'kassier', now: new Date('2026-12-02T09:05:00Z') };
const pages = pdfReader('reports-invoice-');

const party = { vatCountry: 'IT', taxCode: '', street: 'Industriezone 7', postalCode: '39100', location: 'Bozen', province: 'BZ', country: 'IT' };
/** A split payment invoice in two instalments, as the importer reads it. */
const invoice: Invoice = {
  format: 'FPR12',
  supplier: { ...party, name: 'Brandschutz Alpin GmbH', vatCode: '02345678901' },
  buyer: { ...party, name: 'Freiwillige Feuerwehr Leifers', vatCode: '', taxCode: '94012345678', location: 'Leifers' },
  documentType: 'TD01',
  currency: 'EUR',
  date: '2025-11-12',
  number: 'A-2025/120',
  totalDocument: 61000,
  reason: '',
  linkedDocuments: [],
  lines: [
    {
      number: 1,
      description: 'Schlauch C 52, 20 m',
      quantity: '4.00',
      unit: 'Stk',
      unitPriceText: '125.00',
      unitPrice: 12500,
      total: 50000,
      vatRate: '22.00',
      nature: '',
    },
  ],
  vatSummary: [{ vatRate: '22.00', nature: '', taxable: 50000, tax: 11000, chargeability: 'S', legalReference: '' }],
  withholdings: [],
  payments: [
    {
      conditions: 'TP01',
      instalments: [
        { beneficiary: '', mode: 'MP05', amount: 25000, dueDate: '2025-12-12', iban: 'IT60X0542811101000000123456', bankName: '' },
        { beneficiary: '', mode: 'MP05', amount: 25000, dueDate: '2026-01-12', iban: 'IT60X0542811101000000123456', bankName: '' },
      ],
    },
  ],
  linesTotal: 50000,
  taxableTotal: 50000,
  vatTotal: 11000,
  splitPaymentVat: 11000,
  withholdingTotal: 0,
  gross: 61000,
};

describe('the rendered e-invoice (issue 28)', () => {
  it('prints supplier, buyer, lines, VAT summary and payment terms in German and in Italian', () => {
    const [de] = pages(invoicePdf(invoice, { ...ctx, language: 'de', signed: true }), 'invoice-de');
    for (const text of [
      'Elektronische Rechnung (FatturaPA)',
      'Brandschutz Alpin GmbH',
      'MwSt.-Nr. IT02345678901',
      'Freiwillige Feuerwehr Leifers',
      'Rechnung (TD01)',
      'Schlauch C 52, 20 m',
      '125,00',
      'Split Payment (zahlt der Käufer)',
      'Gesamtbetrag des Dokuments',
      '610,00',
      'in Raten (TP01)',
      '12.01.2026',
      'IT60 X054 2811 1010 0000 0123 456',
      'Zu zahlen an den Lieferanten',
      '500,00',
      'Digital signiert',
      'Seite 1 von 1',
    ])
      expect(de).toContain(text);
    const [it] = pages(invoicePdf(invoice, { ...ctx, language: 'it' }), 'invoice-it');
    for (const text of [
      'Fattura elettronica (FatturaPA)',
      'Cedente / prestatore',
      'Cessionario / committente',
      'Partita IVA IT02345678901',
      'Riepilogo IVA',
      'scissione dei pagamenti',
      'a rate (TP01)',
      'bonifico (MP05)',
      'Da pagare al fornitore',
      'Pagina 1 di 1',
    ])
      expect(it).toContain(text);
    expect(it).not.toContain('Firmata digitalmente');
  });
});
