import type { OpenPaymentsList, RegisteredProtocol } from '@app/domain';
import { describe, expect, it } from 'vitest';
import { pdfReader } from './pdfText.testkit.ts';
import { openPaymentsPdf, registeredProtocolPdf } from './payments.ts';

const pdfPages = pdfReader('reports-payments-');
const ctx = { username: 'zwei', now: new Date('2026-07-10T09:00:00Z') };

const open: OpenPaymentsList = {
  date: '2026-07-10',
  year: 2026,
  fileName: '10.07.2026.pdf',
  count: 3,
  total: 181_050,
  suppliers: [
    {
      supplierId: 11,
      supplierCode: 1001,
      supplierName: 'Feuerwehrtechnik Pichler KG',
      total: 150_000,
      rows: [
        {
          paymentId: 1,
          movementId: 5,
          year: 2026,
          recordNumber: 4,
          recordDate: '2026-03-05',
          documentNumber: 'A-1',
          documentDate: '2026-03-01',
          dateDue: '2026-04-30',
          accountCode: 'B1',
          amount: 60_000,
          orderNumber: 2,
          accountId: 2,
          datePaid: null,
          note: '',
        },
        {
          paymentId: 2,
          movementId: 5,
          year: 2026,
          recordNumber: 4,
          recordDate: '2026-03-05',
          documentNumber: 'A-1',
          documentDate: '2026-03-01',
          dateDue: '2026-05-31',
          accountCode: 'B1',
          amount: 90_000,
          orderNumber: null,
          accountId: 2,
          datePaid: null,
          note: '',
        },
      ],
    },
    {
      supplierId: 12,
      supplierCode: 1002,
      supplierName: 'Elektro Gruber OHG',
      total: 31_050,
      rows: [
        {
          paymentId: 3,
          movementId: 6,
          year: 2025,
          recordNumber: 7,
          recordDate: '2025-11-06',
          documentNumber: 'B-7',
          documentDate: null,
          dateDue: '2026-04-01',
          accountCode: 'K1',
          amount: 31_050,
          orderNumber: null,
          accountId: 2,
          datePaid: null,
          note: '',
        },
      ],
    },
  ],
};

const protocol: RegisteredProtocol = {
  operator: { userId: 3, username: 'zwei', fullName: 'Zweifel Zita' },
  datePaid: '2026-07-01',
  executedTotal: 150_000,
  notExecutedTotal: 30_050,
  returnedTotal: 0,
  order: {
    id: 9,
    year: 2026,
    orderNumber: 1,
    paymentRange: 1,
    orderCreationDate: '2026-06-15',
    orderCreationTime: '12:00:00',
    accountId: 2,
    accountCode: 'B1',
    accountNameDeu: 'Kontokorrent Raiffeisen',
    accountNameIta: 'Conto corrente Raiffeisen',
    accountType: 2,
    groupInvoices: true,
    paymentDate: '2026-06-20',
    filename: 'juni',
    msgId: 'FWH-102-2026-000001',
    registered: true,
    cancelled: false,
    datePaid: '2026-07-01',
    count: 2,
    total: 150_000,
  },
  items: [
    {
      paymentId: 1,
      movementId: 5,
      movementYear: 2026,
      movementRecord: 4,
      supplierCode: 1001,
      supplierDescription: 'Feuerwehrtechnik Pichler KG',
      invoiceNumber: 'A-1',
      invoiceDate: '2026-03-01',
      amount: 150_000,
      executed: true,
      returnedOn: null,
    },
    {
      paymentId: 3,
      movementId: 6,
      movementYear: 2025,
      movementRecord: 7,
      supplierCode: 1002,
      supplierDescription: 'Elektro Gruber OHG',
      invoiceNumber: 'B-7',
      invoiceDate: '2026-03-02',
      amount: 30_050,
      executed: false,
      returnedOn: null,
    },
  ],
};

const lineOf = (text: string, pattern: RegExp) => text.split('\n').find((l) => pattern.test(l)) ?? '';

describe('payments prints', () => {
  it('open payments: per supplier its instalments and total, then the grand total (German, landscape)', () => {
    const [text = '', ...more] = pdfPages(openPaymentsPdf(open, '102 FF Eppan', { ...ctx, language: 'de' }), 'open-de');
    expect(more).toHaveLength(0);
    expect(text).toContain('Offene Zahlungen');
    expect(text).toContain('Stand 10.07.2026');
    expect(text).toContain('1001 Feuerwehrtechnik Pichler KG');
    expect(lineOf(text, /30\.04\.2026/)).toMatch(/4\s+05\.03\.2026\s+A-1\s+01\.03\.2026\s+30\.04\.2026\s+B1\s+2\s+600,00 €/);
    expect(lineOf(text, /31\.05\.2026/)).toMatch(/B1\s+900,00 €/);
    expect(lineOf(text, /Summe \(2\)/)).toMatch(/1\.500,00 €/);
    // a bill of 2025 carried over into 2026: its record with its year
    expect(lineOf(text, /B-7/)).toMatch(/^\s*7\/2025\s+06\.11\.2025\s+B-7\s+01\.04\.2026\s+K1\s+310,50 €/);
    expect(lineOf(text, /Gesamtsumme \(3\)/)).toMatch(/1\.810,50 €/);
  });

  it('open payments in Italian; an empty selection says so', () => {
    const [text = ''] = pdfPages(openPaymentsPdf(open, '102 VVF Appiano', { ...ctx, language: 'it' }), 'open-it');
    expect(text).toContain('Pagamenti aperti');
    expect(lineOf(text, /Totale generale \(3\)/)).toMatch(/1\.810,50 €/);
    const [empty = ''] = pdfPages(openPaymentsPdf({ ...open, suppliers: [], count: 0, total: 0 }, '102', { ...ctx, language: 'de' }), 'open-empty');
    expect(empty).toContain('Keine offenen Zahlungen für diese Auswahl.');
  });

  it('the protocol: order, account, date paid, operator; executed and not executed with totals', () => {
    const [text = ''] = pdfPages(registeredProtocolPdf(protocol, '102 FF Eppan', { ...ctx, language: 'de' }), 'protocol-de');
    expect(text).toContain('Registrierte Zahlungen');
    expect(text).toContain('Zahlungsauftrag 1/2026 · Konto B1 Kontokorrent Raiffeisen · bezahlt am 01.07.2026');
    expect(text).toContain('Bearbeiter: Zweifel Zita');
    expect(lineOf(text, /A-1/)).toMatch(/4\s+1001\s+Feuerwehrtechnik Pichler KG\s+A-1\s+01\.03\.2026\s+1\.500,00 €\s+ja/);
    expect(lineOf(text, /B-7/)).toMatch(/7\/2025\s+1002\s+Elektro Gruber OHG\s+B-7\s+02\.03\.2026\s+300,50 €\s+nicht ausgeführt/);
    expect(lineOf(text, /^\s*Ausgeführt/)).toMatch(/1\.500,00 €/);
    expect(lineOf(text, /^\s*Nicht ausgeführt/)).toMatch(/300,50 €/);
    const [italian = ''] = pdfPages(registeredProtocolPdf(protocol, '102 VVF Appiano', { ...ctx, language: 'it' }), 'protocol-it');
    expect(italian).toContain('Ordine di pagamento 1/2026 · Conto B1 Conto corrente Raiffeisen · pagato il 01.07.2026');
    expect(lineOf(italian, /B-7/)).toMatch(/non eseguito/);
    expect(text).not.toContain('zurückgewiesen');
  });

  it('the protocol after a bank return: the returned transfer with its date and the returned total (de, it)', () => {
    const returned: RegisteredProtocol = {
      ...protocol,
      items: protocol.items.map((i) => (i.executed ? { ...i, returnedOn: '2026-07-08' } : i)),
      returnedTotal: 150_000,
    };
    const [text = ''] = pdfPages(registeredProtocolPdf(returned, '102 FF Eppan', { ...ctx, language: 'de' }), 'protocol-returned-de');
    expect(lineOf(text, /A-1/)).toMatch(/1\.500,00 €\s+zurückgewiesen/);
    expect(text).toContain('08.07.2026');
    expect(lineOf(text, /Davon von der Bank zurückgewiesen/)).toMatch(/1\.500,00 €/);
    const [italian = ''] = pdfPages(registeredProtocolPdf(returned, '102 VVF Appiano', { ...ctx, language: 'it' }), 'protocol-returned-it');
    expect(lineOf(italian, /A-1/)).toMatch(/respinto/);
    expect(lineOf(italian, /Di cui respinto dalla banca/)).toMatch(/1\.500,00 €/);
  });
});
