import { type PayableInput, type PaymentOrder, type PaymentOrderInput, PaymentRange, planPaymentOrder } from '@app/domain';
import { describe, expect, it } from 'vitest';
import { bankFile, bankFileName, cbiPaymentRequest, decimalAmount, italianDateTime, pain001 } from './bankFile.ts';
import { escapeXml } from './xml.ts';
import { XSD, xmlFiles } from './xmllint.testkit.ts';

/**
 * The bank files of fixture orders validate against the official schemas (xmllint) and carry the
 * amounts, sums and counts to the cent; what the tests read, xmllint's XPath reads.
 */

const files = xmlFiles('bank-file-');

const DEBTOR_IBAN = 'IT57Z0306909606100000195309';
const SUPPLIER_IBANS = ['IT60X0542811101000000123456', 'IT70O0103065720000010012826'];

interface Bill {
  supplier: number;
  amount: number;
  doc: string;
  date: string | null;
  iban?: string;
  bic?: string;
  name?: string;
}

function payable(bill: Bill, index: number): PayableInput {
  return {
    paymentId: index + 1,
    movementId: 500 + index,
    amount: bill.amount,
    dateDue: '2026-11-30',
    documentNumber: bill.doc,
    documentDate: bill.date,
    creditor: {
      supplierId: bill.supplier,
      supplierCode: bill.supplier,
      name: bill.name ?? `Firma ${bill.supplier}`,
      street: 'Bahnhofstraße 3',
      postalCode: '39055',
      town: 'Leifers',
      country: bill.iban?.slice(0, 2) ?? 'IT',
      iban: bill.iban ?? (SUPPLIER_IBANS[bill.supplier % 2] as string),
      bic: bill.bic ?? '',
    },
  };
}

function order(bills: Bill[], options: Partial<PaymentOrderInput> = {}): PaymentOrder {
  const plan = planPaymentOrder({
    range: PaymentRange.Domestic,
    department: { code: '102', name: 'Freiwillige Feuerwehr Eppan', cbiCuc: 'A1B2C3D4' },
    account: { iban: DEBTOR_IBAN, bic: 'RZSBIT21XXX' },
    year: 2026,
    orderNumber: 3,
    createdAt: '2026-11-25T09:15:30.000Z',
    executionDate: '2026-11-27',
    today: '2026-11-25',
    groupInvoices: false,
    items: bills.map(payable),
    ...options,
  });
  if (!plan.ok) throw new Error(plan.error);
  return plan.order;
}

function validCbi(name: string, o: PaymentOrder): string {
  const file = files.write(name, cbiPaymentRequest(o));
  expect(files.validate(file, XSD.cbi)).toEqual({ valid: true, output: expect.stringContaining('validates') });
  return file;
}

function validPain(name: string, o: PaymentOrder): string {
  const file = files.write(name, pain001(o));
  expect(files.validate(file, XSD.pain001)).toEqual({ valid: true, output: expect.stringContaining('validates') });
  return file;
}

describe('amounts', () => {
  it('writes cents with two decimals, without floating point', () => {
    expect(decimalAmount(123_456)).toBe('1234.56');
    expect(decimalAmount(1)).toBe('0.01');
    expect(decimalAmount(10)).toBe('0.10');
    expect(decimalAmount(100)).toBe('1.00');
    expect(decimalAmount(99_999_999_999_999)).toBe('999999999999.99');
    expect(() => decimalAmount(1.5)).toThrow(RangeError);
    expect(() => decimalAmount(-1)).toThrow(RangeError);
  });

  it('writes the creation time in Italian local time with its offset', () => {
    expect(italianDateTime('2026-11-25T09:15:30.000Z')).toBe('2026-11-25T10:15:30+01:00');
    expect(italianDateTime('2026-07-01T22:00:00Z')).toBe('2026-07-02T00:00:00+02:00');
  });
});

describe('domestic order: CBI CBIPaymentRequest.00.04.00', () => {
  it('one transfer validates and carries header, debtor, creditor and remittance', () => {
    const file = validCbi('cbi-single', order([{ supplier: 1, amount: 123_456, doc: '2026/15', date: '2026-11-03' }]));
    expect(files.texts(file, 'MsgId')).toEqual(['FWH-102-2026-000003']);
    expect(files.texts(file, 'CreDtTm')).toEqual(['2026-11-25T10:15:30+01:00']);
    expect(files.texts(file, 'NbOfTxs')).toEqual(['1']);
    expect(files.texts(file, 'CtrlSum')).toEqual(['1234.56']);
    expect(files.texts(file, 'Issr')).toEqual(['CBI']);
    expect(files.texts(file, 'PmtInfId')).toEqual(['FWH-102-2026-000003-P1']);
    expect(files.texts(file, 'PmtMtd')).toEqual(['TRF']);
    expect(files.texts(file, 'Cd')).toEqual(['SEPA']);
    expect(files.texts(file, 'ReqdExctnDt')).toEqual(['2026-11-27']);
    expect(files.texts(file, 'MmbId')).toEqual(['03069']);
    expect(files.texts(file, 'ChrgBr')).toEqual(['SLEV']);
    expect(files.texts(file, 'IBAN')).toEqual([DEBTOR_IBAN, 'IT70O0103065720000010012826']);
    expect(files.texts(file, 'Nm')).toEqual(['Freiwillige Feuerwehr Eppan', 'Freiwillige Feuerwehr Eppan', 'Firma 1']);
    expect(files.texts(file, 'AdrLine')).toEqual(['Bahnhofstrasse 3', '39055 Leifers']);
    expect(files.texts(file, 'InstrId')).toEqual(['1']);
    expect(files.texts(file, 'EndToEndId')).toEqual(['FWH-102-2026-000003-0001']);
    expect(files.texts(file, 'InstdAmt')).toEqual(['1234.56']);
    expect(files.attributes(file, 'InstdAmt', 'Ccy')).toEqual(['EUR']);
    expect(files.texts(file, 'Ustrd')).toEqual(['Nr. 2026/15 03.11.2026']);
    // the CUC sits in InitgPty/Id/OrgId/Othr/Id, the namespace is CBI's
    expect(files.texts(file, 'Id').filter((t) => t.trim() !== '')).toEqual(['A1B2C3D4']);
    expect(cbiPaymentRequest(order([{ supplier: 1, amount: 1, doc: 'x', date: null }]))).toContain(
      '<CBIPaymentRequest xmlns="urn:CBI:xsd:CBIPaymentRequest.00.04.00">',
    );
  });

  it('grouped invoices with umlauts: one transfer per supplier, the remittance cut to 140 SEPA characters', () => {
    const bills: Bill[] = [
      ...Array.from({ length: 9 }, (_, i) => ({
        supplier: 7,
        amount: 1000 + i,
        doc: `Größe-${i + 1}`,
        date: '2026-10-0' + String(i + 1),
        name: 'Gärtnerei Müller & Söhne KG',
      })),
      { supplier: 8, amount: 1, doc: 'Ü1', date: '2026-10-01', name: 'Café Außerer' },
    ];
    const o = order(bills, { groupInvoices: true });
    const file = validCbi('cbi-grouped', o);
    expect(files.texts(file, 'NbOfTxs')).toEqual(['2']);
    expect(files.texts(file, 'InstdAmt')).toEqual(['90.36', '0.01']);
    expect(files.texts(file, 'CtrlSum')).toEqual(['90.37']);
    expect(files.texts(file, 'Nm').slice(2)).toEqual(['Gaertnerei Mueller + Soehne KG', 'Cafe Ausserer']);
    const [long, short] = files.texts(file, 'Ustrd');
    expect(long?.startsWith('Nr. Groesse-1 01.10.2026, Nr. Groesse-2 02.10.2026, Nr. Groesse-3 03.10.2026, Nr. Groesse-4 04.10.2026, Nr. Groesse-5')).toBe(
      true,
    );
    expect(long?.length).toBeLessThanOrEqual(140);
    expect(long?.length).toBeGreaterThan(120);
    expect(long).toMatch(/^[A-Za-z0-9/\-?:().,'+ ]+$/);
    expect(short).toBe('Nr. Ue1 01.10.2026');
    // every text of the file, names and addresses included, is in the SEPA Latin character set
    const texts = files.allTexts(file);
    expect(texts).toHaveLength(34);
    expect(texts.filter((text) => !/^[A-Za-z0-9/\-?:().,'+ ]+$/.test(text))).toEqual([]);
  });

  it('many transfers: NbOfTxs and CtrlSum to the cent', () => {
    // 250 instalments of 0,01 to 2.500,00 € (i * 1.000 + 1 cents)
    const bills = Array.from({ length: 250 }, (_, i) => ({ supplier: i % 5, amount: i * 1000 + 1, doc: `R${i}`, date: '2026-09-15' }));
    const file = validCbi('cbi-many', order(bills));
    const amounts = files.texts(file, 'InstdAmt');
    expect(amounts).toHaveLength(250);
    expect(files.texts(file, 'NbOfTxs')).toEqual(['250']);
    // sum of i*1000+1 for i < 250 = 1000 * 31125 + 250 = 31.125.250 cents
    expect(files.texts(file, 'CtrlSum')).toEqual(['311252.50']);
    const cents = amounts.map((a) => Number(a.replace('.', '')));
    expect(cents.reduce((s, c) => s + c, 0)).toBe(31_125_250);
    expect(new Set(files.texts(file, 'EndToEndId')).size).toBe(250);
  });

  it('re-exporting the stored order gives the same file, another order number another MsgId', () => {
    const bills = [
      { supplier: 1, amount: 500, doc: 'a', date: '2026-10-01' },
      { supplier: 2, amount: 700, doc: 'b', date: '2026-10-02' },
    ];
    const first = cbiPaymentRequest(order(bills));
    expect(cbiPaymentRequest(order([...bills].reverse()))).toBe(first);
    const next = files.write('cbi-next', cbiPaymentRequest(order(bills, { orderNumber: 4 })));
    expect(files.texts(next, 'MsgId')).toEqual(['FWH-102-2026-000004']);
  });

  it('refuses an order without CUC or without transfers', () => {
    const o = order([{ supplier: 1, amount: 500, doc: 'a', date: null }]);
    expect(() => cbiPaymentRequest({ ...o, debtor: { ...o.debtor, cbiCuc: '' } })).toThrow(/CucMissing/);
    expect(() => cbiPaymentRequest({ ...o, transfers: [], count: 0, total: 0 })).toThrow(RangeError);
    expect(() => cbiPaymentRequest({ ...o, total: o.total + 1 })).toThrow(RangeError);
  });
});

describe('foreign order: ISO 20022 pain.001.001.03', () => {
  const foreign: Bill[] = [
    {
      supplier: 11,
      amount: 123_456,
      doc: 'INV-77',
      date: '2026-11-02',
      iban: 'DE89370400440532013000',
      bic: 'COBADEFFXXX',
      name: 'Feuerwehrtechnik München GmbH',
    },
    { supplier: 12, amount: 1, doc: 'F 9', date: '2026-11-03', iban: 'AT611904300234573201', bic: 'BKAUATWW' },
  ];

  it('validates with the creditor BIC, counts and sums in header and payment block', () => {
    const file = validPain('pain-foreign', order(foreign, { range: PaymentRange.Foreign }));
    expect(files.texts(file, 'NbOfTxs')).toEqual(['2', '2']);
    expect(files.texts(file, 'CtrlSum')).toEqual(['1234.57', '1234.57']);
    expect(files.texts(file, 'InstdAmt')).toEqual(['1234.56', '0.01']);
    expect(files.texts(file, 'BIC')).toEqual(['RZSBIT21XXX', 'COBADEFFXXX', 'BKAUATWW']);
    expect(files.texts(file, 'IBAN')).toEqual([DEBTOR_IBAN, 'DE89370400440532013000', 'AT611904300234573201']);
    expect(files.texts(file, 'Ctry')).toEqual(['DE', 'AT']);
    expect(files.texts(file, 'Nm').slice(2)).toEqual(['Feuerwehrtechnik Muenchen GmbH', 'Firma 12']);
    expect(files.texts(file, 'Ustrd')).toEqual(['Nr. INV-77 02.11.2026', 'Nr. F 9 03.11.2026']);
    expect(pain001(order(foreign, { range: PaymentRange.Foreign }))).toContain('<Document xmlns="urn:iso:std:iso:20022:tech:xsd:pain.001.001.03">');
  });

  it('carries the department\u2019s address as the debtor\u2019s (EPC: needed towards non-EEA SEPA countries)', () => {
    const swiss: Bill = { supplier: 13, amount: 250, doc: 'CH-1', date: '2026-11-01', iban: 'CH9300762011623852957', bic: 'UBSWCHZH80A' };
    const department = { code: '102', name: 'FF Eppan', cbiCuc: 'A1B2C3D4', street: 'Rathausplatz 1', postalCode: '39057', town: 'Eppan an der Weinstraße' };
    const file = validPain('pain-swiss', order([swiss], { range: PaymentRange.Foreign, department }));
    expect(files.texts(file, 'Ctry')).toEqual(['IT', 'CH']);
    expect(files.texts(file, 'AdrLine')).toEqual(['Rathausplatz 1', '39057 Eppan an der Weinstrasse', 'Bahnhofstrasse 3', '39055 Leifers']);
    const cbi = validCbi('cbi-address', order([{ supplier: 1, amount: 5, doc: 'a', date: null }], { department }));
    expect(files.texts(cbi, 'AdrLine').slice(0, 2)).toEqual(['Rathausplatz 1', '39057 Eppan an der Weinstrasse']);
  });

  it('without CUC and debtor BIC still validates (debtor bank NOTPROVIDED)', () => {
    const o = order(foreign, {
      range: PaymentRange.Foreign,
      department: { code: '102', name: 'FF Eppan', cbiCuc: null },
      account: { iban: DEBTOR_IBAN, bic: null },
    });
    const file = validPain('pain-minimal', o);
    expect(files.texts(file, 'Issr')).toEqual([]);
    expect(files.texts(file, 'Id').filter((t) => t.trim() !== '')).toEqual(['NOTPROVIDED']);
  });

  it('refuses a transfer without the creditor BIC', () => {
    const o = order(foreign, { range: PaymentRange.Foreign });
    const broken = { ...o, transfers: o.transfers.map((t) => ({ ...t, creditor: { ...t.creditor, bic: null } })) };
    expect(() => pain001(broken)).toThrow(/BIC/);
  });

  it('bankFile picks the format by range and names the file', () => {
    expect(bankFile(order(foreign, { range: PaymentRange.Foreign }), 'Juni').content).toContain(PAIN_ROOT);
    const domestic = bankFile(order([{ supplier: 1, amount: 5, doc: 'a', date: null }]), null);
    expect(domestic.content).toContain('<CBIPaymentRequest ');
    expect(domestic.fileName).toBe('homebanking.xml');
    expect(bankFileName('Überweisung/November.xml')).toBe('Überweisung_November.xml');
    expect(bankFileName('  ')).toBe('homebanking.xml');
  });
});

const PAIN_ROOT = '<CstmrCdtTrfInitn>';

describe('the validation itself', () => {
  it('xmllint rejects a file with a required element missing or a wrong amount', () => {
    const good = cbiPaymentRequest(order([{ supplier: 1, amount: 500, doc: 'a', date: null }]));
    const noDebtorAgent = good.replace(/\s*<DbtrAgt>[\s\S]*?<\/DbtrAgt>/, '');
    expect(noDebtorAgent).not.toContain('<DbtrAgt>');
    const missing = files.validate(files.write('broken-missing', noDebtorAgent), XSD.cbi);
    expect(missing.valid).toBe(false);
    expect(missing.output).toMatch(/DbtrAgt/);
    const threeDecimals = files.validate(files.write('broken-amount', good.replace('<CtrlSum>5.00</CtrlSum>', '<CtrlSum>5.000.0</CtrlSum>')), XSD.cbi);
    expect(threeDecimals.valid).toBe(false);
    const painAsCbi = files.validate(
      files.write(
        'broken-namespace',
        pain001(order([{ supplier: 1, amount: 5, doc: 'x', date: null, iban: 'DE89370400440532013000', bic: 'COBADEFFXXX' }], { range: PaymentRange.Foreign })),
      ),
      XSD.cbi,
    );
    expect(painAsCbi.valid).toBe(false);
  });

  it('escapes markup and refuses characters XML does not allow', () => {
    expect(escapeXml(`a&b<c>"d'`)).toBe('a&amp;b&lt;c&gt;&quot;d&apos;');
    expect(() => escapeXml('bell\u0007')).toThrow(RangeError);
    expect(() => escapeXml('half \uD800 pair')).toThrow(RangeError);
    expect(escapeXml('emoji \u{1F692}')).toBe('emoji \u{1F692}');
  });
});
