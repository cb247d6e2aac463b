import { describe, expect, it } from 'vitest';
import { abiOfIban, cabOfIban, isValidCbiCuc, type PayableInput, payability, payableIn, PaymentRange, takesNewOrders } from './homebanking.ts';
import { endToEndId, invoiceRemittance, orderMessageId, transferRemittance } from './homebankingMessage.ts';
import { type PaymentOrderInput, planPaymentOrder } from './homebankingOrder.ts';
import { paymentOrderPrint } from './homebankingPrint.ts';

const IT_A = 'IT60X0542811101000000123456';
const IT_B = 'IT57Z0306909606100000195309';
const DE = 'DE89370400440532013000';
const CH = 'CH9300762011623852957';
const TR = 'TR330006100519786457841326';

let nextId = 1;
function invoice(supplierCode: number, iban: string, amount: number, documentNumber: string, documentDate: string | null, bic = ''): PayableInput {
  const id = nextId++;
  return {
    paymentId: id,
    movementId: 100 + id,
    amount,
    dateDue: '2026-11-30',
    documentNumber,
    documentDate,
    creditor: {
      supplierId: supplierCode * 10,
      supplierCode,
      name: `Lieferant ${supplierCode}`,
      iban,
      bic,
      street: 'Hauptstraße 1',
      postalCode: '39100',
      town: 'Bozen',
      country: 'IT',
    },
  };
}

function orderInput(items: PayableInput[], overrides: Partial<PaymentOrderInput> = {}): PaymentOrderInput {
  return {
    range: PaymentRange.Domestic,
    department: { code: '101', name: 'FF Leifers', cbiCuc: '1234567A' },
    account: { iban: IT_B, bic: 'BCITITMM' },
    year: 2026,
    orderNumber: 7,
    createdAt: '2026-11-25T09:30:00.000Z',
    executionDate: null,
    today: '2026-11-25',
    groupInvoices: false,
    items,
    ...overrides,
  };
}

function planned(input: PaymentOrderInput) {
  const plan = planPaymentOrder(input);
  if (!plan.ok) throw new Error(`plan failed: ${plan.error}`);
  return plan;
}

describe('payability of a supplier payment', () => {
  it('an Italian IBAN is domestic, another SEPA IBAN with BIC foreign', () => {
    expect(payability({ iban: IT_A })).toEqual({ payable: true, range: PaymentRange.Domestic });
    expect(payability({ iban: 'it60 x054 2811 1010 0000 0123 456' })).toEqual({ payable: true, range: PaymentRange.Domestic });
    expect(payability({ iban: DE, bic: 'COBADEFFXXX' })).toEqual({ payable: true, range: PaymentRange.Foreign });
    expect(payability({ iban: CH, bic: 'UBSWCHZH80A' })).toEqual({ payable: true, range: PaymentRange.Foreign });
  });

  it('gives the reason when not payable', () => {
    expect(payability({ iban: '' })).toEqual({ payable: false, reason: 'NoValidIban' });
    expect(payability({ iban: 'IT60X0542811101000000123457' })).toEqual({ payable: false, reason: 'NoValidIban' });
    expect(payability({ iban: 'IT61X0542811101000000123456' })).toEqual({ payable: false, reason: 'NoValidIban' });
    expect(payability({ iban: DE })).toEqual({ payable: false, reason: 'BicMissing' });
    expect(payability({ iban: DE, bic: 'NOBIC' })).toEqual({ payable: false, reason: 'BicMissing' });
    expect(payability({ iban: TR, bic: 'TCZBTR2AXXX' })).toEqual({ payable: false, reason: 'NotSepa' });
  });

  it('sorts each instalment into the order kinds', () => {
    expect(payableIn({ iban: IT_A }, PaymentRange.Domestic)).toBe('payable');
    expect(payableIn({ iban: IT_A }, PaymentRange.Foreign)).toBe('OtherRange');
    expect(payableIn({ iban: DE, bic: 'COBADEFFXXX' }, PaymentRange.Domestic)).toBe('OtherRange');
    expect(payableIn({ iban: DE }, PaymentRange.Domestic)).toBe('OtherRange');
    expect(payableIn({ iban: DE }, PaymentRange.Foreign)).toBe('BicMissing');
    expect(payableIn({ iban: TR }, PaymentRange.Foreign)).toBe('NotSepa');
    expect(payableIn({ iban: 'xyz' }, PaymentRange.Domestic)).toBe('NoValidIban');
    expect(payableIn({ iban: 'xyz' }, PaymentRange.Foreign)).toBe('NoValidIban');
  });
});

describe('a year takes new orders until its 31.12 (issue 25)', () => {
  it('on 31.12 yes, from 1.1 of the next year no: such an order could never be registered in its year', () => {
    expect(takesNewOrders(2025, '2025-01-01')).toBe(true);
    expect(takesNewOrders(2025, '2025-12-31')).toBe(true);
    expect(takesNewOrders(2025, '2026-01-01')).toBe(false);
    expect(takesNewOrders(2025, '2026-11-27')).toBe(false);
  });
});

describe('identifiers', () => {
  it('ABI and CAB are characters 6-10 and 11-15 of an Italian IBAN', () => {
    expect(abiOfIban(IT_A)).toBe('05428');
    expect(cabOfIban(IT_A)).toBe('11101');
    expect(abiOfIban('IT57 Z030 6909 6061 0000 0195 309')).toBe('03069');
    expect(abiOfIban(DE)).toBeNull();
  });

  it('the MsgId derives from department, year and order number, at most 35 characters', () => {
    expect(orderMessageId('101', 2026, 7)).toBe('FWH-101-2026-000007');
    expect(orderMessageId('101', 2026, 7)).toBe(orderMessageId('101', 2026, 7));
    expect(orderMessageId('101', 2026, 8)).not.toBe(orderMessageId('101', 2026, 7));
    expect(orderMessageId('102', 2026, 7)).not.toBe(orderMessageId('101', 2026, 7));
    expect(orderMessageId('101', 2027, 7)).not.toBe(orderMessageId('101', 2026, 7));
    const longest = orderMessageId('ABCDEFGHIJ', 9999, 999_999_999);
    expect(longest.length).toBeLessThanOrEqual(35);
    expect(endToEndId(longest, 9999).length).toBeLessThanOrEqual(35);
    expect(() => orderMessageId('1 1', 2026, 1)).toThrow(RangeError);
    expect(() => orderMessageId('101', 2026, 0)).toThrow(RangeError);
  });

  it('a CBI CUC is letters and digits', () => {
    expect(isValidCbiCuc(' 1234567a ')).toBe(true);
    expect(isValidCbiCuc('')).toBe(false);
    expect(isValidCbiCuc(null)).toBe(false);
    expect(isValidCbiCuc('12-34')).toBe(false);
  });
});

describe('remittance', () => {
  it('names document number and date', () => {
    expect(invoiceRemittance('2026/15', '2026-11-03')).toBe('Nr. 2026/15 03.11.2026');
    expect(invoiceRemittance(' ', '2026-11-03')).toBe('03.11.2026');
    expect(invoiceRemittance('A1', null)).toBe('Nr. A1');
  });

  it('joins the invoices of a group once each, SEPA characters, cut to 140', () => {
    const docs = Array.from({ length: 12 }, (_, i) => ({ documentNumber: `Rg-Ü${i + 1}`, documentDate: '2026-10-01' }));
    const text = transferRemittance([...docs, docs[0] as (typeof docs)[0]]);
    expect(text.startsWith('Nr. Rg-Ue1 01.10.2026, Nr. Rg-Ue2 01.10.2026, ')).toBe(true);
    expect(text.length).toBeLessThanOrEqual(140);
    expect(text.length).toBeGreaterThan(130);
    expect(text).not.toMatch(/[ ,]$/);
    expect(text.match(/Rg-Ue1 /g)).toHaveLength(1);
  });
});

describe('planning an order', () => {
  it('makes one transfer per instalment, in a fixed order, with sums to the cent', () => {
    const items = [invoice(2, IT_A, 1, 'B', '2026-10-02'), invoice(1, IT_A, 123_456, 'A', '2026-10-01'), invoice(1, IT_A, 99, 'C', '2026-09-30')];
    const { order, notPayable } = planned(orderInput(items));
    expect(notPayable).toEqual([]);
    expect(order.transfers.map((t) => [t.creditor.supplierCode, t.amount, t.remittance])).toEqual([
      [1, 99, 'Nr. C 30.09.2026'],
      [1, 123_456, 'Nr. A 01.10.2026'],
      [2, 1, 'Nr. B 02.10.2026'],
    ]);
    expect(order.count).toBe(3);
    expect(order.total).toBe(123_556);
    expect(order.msgId).toBe('FWH-101-2026-000007');
    expect(order.pmtInfId).toBe('FWH-101-2026-000007-P1');
    expect(order.transfers.map((t) => t.endToEndId)).toEqual(['FWH-101-2026-000007-0001', 'FWH-101-2026-000007-0002', 'FWH-101-2026-000007-0003']);
    expect(order.debtor).toEqual({
      name: 'FF Leifers',
      departmentCode: '101',
      cbiCuc: '1234567A',
      iban: IT_B,
      abi: '03069',
      bic: 'BCITITMM',
      addressLines: [],
      country: null,
    });
    const withAddress = planned(
      orderInput(items, { department: { code: '101', name: 'FF Leifers', cbiCuc: 'X1', street: 'Kennedystraße 140', postalCode: '39055', town: 'Leifers' } }),
    );
    expect([withAddress.order.debtor.addressLines, withAddress.order.debtor.country]).toEqual([['Kennedystrasse 140', '39055 Leifers'], 'IT']);
    expect(order.executionDate).toBe('2026-11-26');
    expect(order.transfers[0]?.creditor.addressLines).toEqual(['Hauptstrasse 1', '39100 Bozen']);
  });

  it('groups one supplier\u2019s invoices into one transfer when asked', () => {
    const items = [invoice(5, IT_A, 1000, 'X1', '2026-10-01'), invoice(6, IT_A, 5, 'Y', '2026-10-01'), invoice(5, IT_A, 2345, 'X2', '2026-10-02')];
    const { order } = planned(orderInput(items, { groupInvoices: true }));
    expect(order.transfers.map((t) => [t.creditor.supplierCode, t.amount, t.invoices.length, t.remittance])).toEqual([
      [5, 3345, 2, 'Nr. X1 01.10.2026, Nr. X2 02.10.2026'],
      [6, 5, 1, 'Nr. Y 01.10.2026'],
    ]);
    expect(order.total).toBe(3350);
    expect(order.count).toBe(2);
  });

  it('gives the same order for the same instalments in any order (re-export)', () => {
    const items = [invoice(3, IT_A, 10, 'a', '2026-01-01'), invoice(4, IT_A, 20, 'b', '2026-01-02'), invoice(3, IT_A, 30, 'c', '2026-01-03')];
    const first = planned(orderInput(items, { groupInvoices: true })).order;
    const again = planned(orderInput([...items].reverse(), { groupInvoices: true, today: '2026-11-26', executionDate: '2026-11-26' })).order;
    expect(again.transfers).toEqual(first.transfers);
    expect(again.msgId).toBe(first.msgId);
  });

  it('lists what it leaves out with the reason, never drops it', () => {
    const items = [
      invoice(1, IT_A, 500, 'ok', '2026-10-01'),
      invoice(2, '', 700, 'none', '2026-10-01'),
      invoice(3, DE, 900, 'de', '2026-10-01', 'COBADEFFXXX'),
    ];
    const { order, notPayable } = planned(orderInput(items));
    expect(order.total).toBe(500);
    expect(notPayable.map((n) => [n.supplierCode, n.amount, n.reason])).toEqual([
      [2, 700, 'NoValidIban'],
      [3, 900, 'OtherRange'],
    ]);
    const foreign = planned(
      orderInput([...items, invoice(4, DE, 1, 'nobic', null), invoice(5, TR, 2, 'tr', null, 'TCZBTR2AXXX')], { range: PaymentRange.Foreign }),
    );
    expect(foreign.order.transfers.map((t) => [t.creditor.iban, t.creditor.bic, t.amount])).toEqual([[DE, 'COBADEFFXXX', 900]]);
    expect(foreign.notPayable.map((n) => [n.supplierCode, n.reason])).toEqual([
      [1, 'OtherRange'],
      [2, 'NoValidIban'],
      [4, 'BicMissing'],
      [5, 'NotSepa'],
    ]);
  });

  it('refuses a domestic order without CUC, a bad debtor IBAN, a past date, nothing to pay and an instalment twice', () => {
    const items = [invoice(1, IT_A, 500, 'ok', '2026-10-01')];
    expect(planPaymentOrder(orderInput(items, { department: { code: '101', name: 'FF', cbiCuc: null } }))).toEqual({ ok: false, error: 'CucMissing' });
    expect(planPaymentOrder(orderInput(items, { department: { code: '101', name: 'FF', cbiCuc: '  ' } }))).toEqual({ ok: false, error: 'CucMissing' });
    expect(planPaymentOrder(orderInput(items, { account: { iban: 'IT00', bic: null } }))).toEqual({ ok: false, error: 'NoValidIban' });
    expect(planPaymentOrder(orderInput(items, { account: { iban: DE, bic: null } }))).toEqual({ ok: false, error: 'NoValidIban' });
    expect(planPaymentOrder(orderInput(items, { executionDate: '2026-11-24' }))).toEqual({ ok: false, error: 'InvalidDate' });
    expect(planPaymentOrder(orderInput([invoice(2, '', 700, 'none', null)]))).toEqual({ ok: false, error: 'NothingToPay' });
    expect(planPaymentOrder(orderInput([...items, { ...(items[0] as PayableInput), amount: 1 }]))).toEqual({ ok: false, error: 'InvalidValue' });
    expect(() => planPaymentOrder(orderInput([invoice(1, IT_A, 0, 'zero', null)]))).toThrow(RangeError);
  });

  it('a foreign order needs no CUC and may debit a non-Italian account', () => {
    const items = [invoice(3, DE, 900, 'de', '2026-10-01', 'COBADEFFXXX')];
    const { order } = planned(
      orderInput(items, { range: PaymentRange.Foreign, department: { code: '101', name: 'FF', cbiCuc: null }, account: { iban: DE, bic: null } }),
    );
    expect(order.debtor.cbiCuc).toBe('');
    expect(order.debtor.abi).toBeNull();
  });

  it('prints payer, transfers, totals and the items left out', () => {
    const items = [invoice(1, IT_A, 123_456, '7', '2026-10-01'), invoice(2, 'DE00', 1, '8', null)];
    items[0] = { ...(items[0] as PayableInput), creditor: { ...(items[0] as PayableInput).creditor, name: 'Müller & Söhne' } };
    const { order, notPayable } = planned(orderInput(items));
    const print = paymentOrderPrint(order, notPayable, 'Freiwillige Feuerwehr Leifers', {
      accountCode: 'B1',
      accountName: 'Raika',
      bankName: 'Raiffeisenkasse',
    });
    expect(print.payerAccount).toEqual({
      accountCode: 'B1',
      accountName: 'Raika',
      bankName: 'Raiffeisenkasse',
      iban: 'IT57 Z030 6909 6061 0000 0195 309',
      abi: '03069',
      cab: '09606',
      bic: 'BCITITMM',
    });
    expect(print.transfers).toEqual([
      {
        number: 1,
        supplierCode: 1,
        supplierName: 'Müller & Söhne',
        iban: 'IT60 X054 2811 1010 0000 0123 456',
        bic: null,
        remittance: 'Nr. 7 01.10.2026',
        amount: 123_456,
        invoices: [{ documentNumber: '7', documentDate: '2026-10-01', dateDue: '2026-11-30', amount: 123_456 }],
      },
    ]);
    expect(order.transfers[0]?.creditor.name).toBe('Mueller + Soehne');
    expect([print.count, print.total, print.notPayableTotal]).toEqual([1, 123_456, 1]);
    expect(print.notPayable).toEqual([
      {
        supplierCode: 2,
        supplierName: 'Lieferant 2',
        documentNumber: '8',
        documentDate: null,
        dateDue: '2026-11-30',
        amount: 1,
        iban: 'DE00',
        reason: 'NoValidIban',
      },
    ]);
  });
});
