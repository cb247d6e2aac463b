import { describe, expect, it } from 'vitest';
import { expectAppError } from '../../test-utils.ts';
import { parseStatement } from './camt.ts';
import { camtXml, type CamtStatement } from './camtBuilder.ts';

const IBAN = 'IT60X0542811101000000123456';

/** A December statement as a brigade's bank sends it: a municipal contribution, a batch of two transfers, a return, a pending line. */
const december: CamtStatement = {
  statementId: '2026-12-0001',
  sequence: 12,
  createdAt: '2026-12-31T20:15:00+01:00',
  iban: IBAN,
  from: '2026-12-01',
  to: '2026-12-31',
  opening: { amount: 1_234_567, date: '2026-11-30' },
  entries: [
    {
      creditDebit: 'CRDT',
      bookingDate: '2026-12-03',
      valueDate: '2026-12-04',
      acctSvcrRef: 'BK-0001',
      transactions: [{ amount: 1_500_000, name: 'Gemeinde Lana & Partner', iban: 'IT02L1234512345123456789012', remittance: ['Beitrag 2026', 'Feuerwehr'] }],
    },
    {
      creditDebit: 'DBIT',
      bookingDate: '2026-12-10',
      acctSvcrRef: 'BK-0002',
      transactions: [
        {
          amount: 60_000,
          msgId: 'FWH-102-2026-000001',
          endToEndId: 'FWH-102-2026-000001-0001',
          name: 'Hofer Bau',
          iban: 'IT40S0542811101000000123456',
          remittance: 'Nr. A-1 01.03.2026',
        },
        { amount: 30_050, msgId: 'FWH-102-2026-000001', endToEndId: 'FWH-102-2026-000001-0002', name: 'Elektro Mair', remittance: 'Nr. B-7' },
      ],
    },
    {
      creditDebit: 'CRDT',
      reversal: true,
      bookingDate: '2026-12-14',
      acctSvcrRef: 'BK-0003',
      transactions: [{ endToEndId: 'FWH-102-2026-000001-0002', name: 'Elektro Mair', iban: 'IT40S0542811101000000999999', returnReason: 'AC04' }],
      amount: 30_050,
    },
    { creditDebit: 'DBIT', bookingDate: '2026-12-31', status: 'PDNG', amount: 199, info: 'Spesen' },
  ],
};

describe('camt.053.001.02', () => {
  it('reads head, balances and every line to the cent', () => {
    const { head, lines } = parseStatement(camtXml(december));
    expect(head).toEqual({
      message: 'camt.053',
      messageId: 'MSG-2026-12-0001',
      statementId: '2026-12-0001',
      sequenceNumber: 12,
      createdOn: '2026-12-31',
      iban: IBAN,
      currency: 'EUR',
      fromDate: '2026-12-01',
      toDate: '2026-12-31',
      opening: { amount: 1_234_567, date: '2026-11-30' },
      // opening + 15.000,00 − 600,00 − 300,50 + 300,50 (the pending 1,99 is not booked)
      closing: { amount: 1_234_567 + 1_500_000 - 60_000, date: '2026-12-31' },
    });
    expect(
      lines.map((l) => [l.index, l.entryNumber, l.creditDebit, l.amount, l.entryAmount, l.batch, l.reversal, l.status, l.bookingDate, l.valueDate]),
    ).toEqual([
      [0, 1, 'CRDT', 1_500_000, 1_500_000, false, false, 'BOOK', '2026-12-03', '2026-12-04'],
      [1, 2, 'DBIT', 60_000, 90_050, true, false, 'BOOK', '2026-12-10', '2026-12-10'],
      [2, 2, 'DBIT', 30_050, 90_050, true, false, 'BOOK', '2026-12-10', '2026-12-10'],
      [3, 3, 'CRDT', 30_050, 30_050, false, true, 'BOOK', '2026-12-14', '2026-12-14'],
      [4, 4, 'DBIT', 199, 199, false, false, 'PDNG', '2026-12-31', '2026-12-31'],
    ]);
    expect(lines[0]).toMatchObject({
      counterpartyName: 'Gemeinde Lana & Partner',
      counterpartyIban: 'IT02L1234512345123456789012',
      remittance: 'Beitrag 2026 Feuerwehr',
      acctSvcrRef: 'BK-0001',
    });
    expect(lines[1]).toMatchObject({
      msgId: 'FWH-102-2026-000001',
      endToEndId: 'FWH-102-2026-000001-0001',
      counterpartyName: 'Hofer Bau',
      remittance: 'Nr. A-1 01.03.2026',
    });
    // the return names the original creditor (its IBAN) though the entry is a credit
    expect(lines[3]).toMatchObject({
      endToEndId: 'FWH-102-2026-000001-0002',
      counterpartyName: 'Elektro Mair',
      counterpartyIban: 'IT40S0542811101000000999999',
    });
    expect(lines[4]).toMatchObject({ remittance: 'Spesen', endToEndId: null });
    // every line has its own key, the same in the same file read again
    expect(new Set(lines.map((l) => l.key)).size).toBe(5);
    expect(parseStatement(camtXml(december)).lines.map((l) => l.key)).toEqual(lines.map((l) => l.key));
  });

  it('reads a debit balance, a prefixed namespace and a camt.054 notification', () => {
    const debit = parseStatement(camtXml({ ...december, opening: { amount: -5_005, date: '2026-11-30' }, entries: [] }));
    expect(debit.head.opening).toEqual({ amount: -5_005, date: '2026-11-30' });
    const prefixed = camtXml(december)
      .replace('<Document xmlns=', '<c:Document xmlns:c=')
      .replace(/<(\/?)(?!\?|c:)([A-Za-z])/g, '<$1c:$2');
    expect(parseStatement(prefixed).lines).toHaveLength(5);
    const notification = parseStatement(camtXml({ ...december, message: 'camt.054' }));
    expect(notification.head.message).toBe('camt.054');
    expect(notification.head.opening).toBeNull();
    expect(notification.lines).toHaveLength(5);
  });

  it('refuses what is not a statement, with the reason', async () => {
    const refused = (text: string, reason: string) =>
      expectAppError(
        Promise.resolve().then(() => parseStatement(text)),
        'StatementFormat',
        { params: { reason } },
      );
    await refused('%PDF-1.4 not xml', 'NotXml');
    await refused('<Document><BkToCstmrStmt>', 'NotXml');
    await refused(
      `<?xml version="1.0"?><!DOCTYPE d [<!ENTITY a "aaaa">]><Document xmlns="${'urn:iso:std:iso:20022:tech:xsd:camt.053.001.02'}">&a;</Document>`,
      'Doctype',
    );
    await refused('<?xml version="1.0"?><!DOCTYPE d SYSTEM "file:///etc/passwd"><Document/>', 'Doctype');
    await refused(camtXml(december).replace('camt.053.001.02', 'camt.053.001.08'), 'Namespace');
    await refused(camtXml(december).replace('camt.053.001.02', 'pain.001.001.03'), 'Namespace');
    await refused(camtXml(december).replace('<Amt Ccy="EUR">15000.00</Amt>', '<Amt Ccy="EUR">15.000,00</Amt>'), 'Amount');
    await refused(camtXml(december).replace('<Amt Ccy="EUR">600.00</Amt>', '<Amt Ccy="EUR">600.01</Amt>'), 'BatchTotal');
    await refused(camtXml({ ...december, currency: 'CHF' }), 'Currency');
  });
});
