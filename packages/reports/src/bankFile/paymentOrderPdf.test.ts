import type { PaymentOrderPrint } from '@app/domain';
import { describe, expect, it } from 'vitest';
import { pdfReader } from '../pdfText.testkit.ts';
import { paymentOrderPdf } from './paymentOrderPdf.ts';

/** The printed order names payer, transfers, invoices, totals and what is not payable, in German and Italian. */

const pdfPages = pdfReader('payment-order-');
const ctx = { username: 'kassier', now: new Date('2026-11-25T09:20:00Z') };

const print: PaymentOrderPrint = {
  range: 1,
  departmentCode: '102',
  departmentName: 'Freiwillige Feuerwehr Eppan',
  year: 2026,
  orderNumber: 3,
  createdAt: '2026-11-25T09:15:30.000Z',
  executionDate: '2026-11-27',
  msgId: 'FWH-102-2026-000003',
  payerAccount: {
    accountCode: 'B1',
    accountName: 'Raiffeisen Girokonto',
    bankName: 'Raiffeisenkasse Überetsch',
    iban: 'IT57 Z030 6909 6061 0000 0195 309',
    abi: '03069',
    cab: '09606',
    bic: 'RZSBIT21XXX',
  },
  transfers: [
    {
      number: 1,
      supplierCode: 7,
      supplierName: 'Gärtnerei Müller & Söhne',
      iban: 'IT60 X054 2811 1010 0000 0123 456',
      bic: null,
      remittance: 'Nr. R-1 01.10.2026, Nr. R-2 02.10.2026',
      amount: 123_457,
      invoices: [
        { documentNumber: 'R-1', documentDate: '2026-10-01', dateDue: '2026-10-31', amount: 123_456 },
        { documentNumber: 'R-2', documentDate: '2026-10-02', dateDue: '2026-11-01', amount: 1 },
      ],
    },
    {
      number: 2,
      supplierCode: 8,
      supplierName: 'Café Außerer',
      iban: 'IT70 O010 3065 7200 0001 0012 826',
      bic: 'PASCITMMXXX',
      remittance: 'Nr. 55 03.10.2026',
      amount: 9_900,
      invoices: [{ documentNumber: '55', documentDate: '2026-10-03', dateDue: '2026-11-02', amount: 9_900 }],
    },
  ],
  count: 2,
  total: 133_357,
  notPayable: [
    {
      supplierCode: 9,
      supplierName: 'Ohne Bank',
      documentNumber: 'X9',
      documentDate: '2026-10-04',
      dateDue: '2026-11-03',
      amount: 5_000,
      iban: '',
      reason: 'NoValidIban',
    },
    {
      supplierCode: 10,
      supplierName: 'Feuerwehrtechnik München',
      documentNumber: 'M1',
      documentDate: null,
      dateDue: '2026-11-04',
      amount: 1,
      iban: 'DE89 3704 0044 0532 0130 00',
      reason: 'OtherRange',
    },
  ],
  notPayableTotal: 5_001,
};

describe('printed payment order', () => {
  it('prints payer, transfers with their invoices, the totals and the items left out (German)', () => {
    const [first, ...rest] = pdfPages(paymentOrderPdf(print, { ...ctx, language: 'de' }), 'order-de');
    expect(rest).toEqual([]);
    const text = (first ?? '').replace(/ +/g, ' ');
    expect(text).toContain('Zahlungsauftrag Nr. 3/2026 – Inland (CBI)');
    expect(text).toContain('102 Freiwillige Feuerwehr Eppan');
    expect(text).toContain(
      'Konto B1 Raiffeisen Girokonto · IBAN IT57 Z030 6909 6061 0000 0195 309 · Raiffeisenkasse Überetsch · ABI 03069 · CAB 09606 · BIC RZSBIT21XXX',
    );
    expect(text).toContain('Ausführungsdatum 27.11.2026 · erstellt am 25.11.2026 10:15 · Nachricht FWH-102-2026-000003');
    expect(text).toMatch(/1 7 Gärtnerei Müller & Söhne IT60 X054 2811 1010 0000 0123 456 R-1 01.10.2026 31.10.2026 1.234,56 €/);
    expect(text).toMatch(/R-2 02.10.2026 01.11.2026 0,01 €/);
    expect(text).toMatch(/Überweisung 1: Nr. R-1 01.10.2026, Nr. R-2 02.10.2026 1.234,57 €/);
    expect(text).toMatch(/PASCITMMXXX/);
    expect(text).toMatch(/Summe: 2 Überweisungen 1.333,57 €/);
    expect(text).toContain('Nicht zahlbar');
    expect(text).toMatch(/9 Ohne Bank X9 04.10.2026 03.11.2026 50,00 € Keine gültige IBAN/);
    expect(text).toMatch(/DE89 3704 0044 0532 0130 00 M1 04.11.2026 0,01 € Ausländische IBAN: im Auslandsauftrag/);
    expect(text).toMatch(/Summe 50,01 €/);
    expect(text).toContain('Angemeldet als kassier');
  });

  it('prints in Italian with the Italian labels only', () => {
    const foreign: PaymentOrderPrint = {
      ...print,
      range: 2,
      notPayable: [{ ...(print.notPayable[1] as PaymentOrderPrint['notPayable'][0]), reason: 'BicMissing' }],
      notPayableTotal: 1,
    };
    const text = pdfPages(paymentOrderPdf(foreign, { ...ctx, language: 'it' }), 'order-it')
      .join('\n')
      .replace(/ +/g, ' ');
    expect(text).toContain('Ordine di pagamento n. 3/2026 – Estero (SEPA pain.001)');
    expect(text).toContain('Data di esecuzione 27.11.2026 · creato il 25.11.2026 10:15 · Messaggio FWH-102-2026-000003');
    expect(text).toMatch(/Bonifico 1: Nr. R-1/);
    expect(text).toMatch(/Totale: 2 bonifici 1.333,57 €/);
    expect(text).toMatch(/Non pagabili/);
    expect(text).toMatch(/BIC della banca del beneficiario mancante/);
    expect(text).not.toMatch(/Überweisung|Summe|Nicht zahlbar|Fällig/);
  });

  it('says so when no transfer is left', () => {
    const text = pdfPages(paymentOrderPdf({ ...print, transfers: [], count: 0, total: 0, notPayable: [] }, { ...ctx, language: 'de' }), 'order-empty').join(
      '\n',
    );
    expect(text).toContain('Keine Überweisungen in diesem Auftrag.');
    expect(text).not.toContain('Nicht zahlbar');
  });
});
