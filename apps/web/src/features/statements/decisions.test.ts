import type { StatementEntry, StatementProposal } from '@app/domain';
import { describe, expect, it } from 'vitest';
import { decisionsOf, initialChoices, signedAmount, taken } from './decisions.ts';

const line = (index: number, proposal: StatementProposal, alternatives: StatementProposal[] = []): StatementEntry => ({
  index,
  key: `k${index}`,
  entryNumber: index + 1,
  entryRef: null,
  bookingDate: '2025-12-10',
  valueDate: null,
  amount: 12_345,
  entryAmount: 12_345,
  creditDebit: index % 2 === 0 ? 'CRDT' : 'DBIT',
  status: 'BOOK',
  reversal: false,
  batch: false,
  endToEndId: null,
  msgId: null,
  instrId: null,
  acctSvcrRef: null,
  counterpartyName: 'Gemeinde Lana',
  counterpartyIban: '',
  remittance: 'Beitrag 2025',
  proposal,
  alternatives,
});
const movement = (chapter: string): StatementProposal => ({
  kind: 'movement',
  chapterFrom: chapter ? 'rule' : 'none',
  ruleId: chapter ? 1 : null,
  draft: {
    kind: 'revenues',
    type: 0,
    recordDate: '2025-12-10',
    documentDate: null,
    documentNumber: '',
    supplierId: null,
    accountId: 7,
    positions: [{ chapter, amount: 12_345, note: 'Beitrag 2025' }],
  },
});
const instalment = {
  paymentId: 5,
  movementId: 9,
  movementYear: 2025,
  recordNumber: 12,
  documentNumber: 'R-1',
  supplierName: 'Rosenbauer',
  amount: 12_345,
  dateDue: '2025-12-01',
};
const settle: StatementProposal = { kind: 'settleInstalment', datePaid: '2025-12-10', accountId: 7, matchedBy: ['amount'], instalment };
const scope = { departmentId: 3, year: 2025 };

describe('the choices on a bank statement', () => {
  const entries = [
    line(0, movement('11001')),
    line(1, settle, [movement('')]),
    line(2, movement('')),
    line(3, { kind: 'alreadyBooked', statementId: 4, outcome: 'booked' }),
    line(4, { kind: 'none', reason: 'PDNG' }),
  ];

  it('offers ticked what can be booked as proposed: not a draft without chapter, not a booked or empty line', () => {
    const choices = initialChoices(entries);
    expect(entries.map((e) => taken(e, choices))).toEqual([true, true, false, false, false]);
    expect(entries.map(signedAmount)).toEqual([12_345, -12_345, 12_345, -12_345, 12_345]);
  });

  it('sends accept, skip, an alternative and an edited draft whole (with the chapter chosen here)', () => {
    const choices = initialChoices(entries);
    choices[0] = { take: true, alternative: null, chapter: '' };
    choices[1] = { take: true, alternative: 0, chapter: '12001' };
    choices[2] = { take: true, alternative: null, chapter: '11002' };
    choices[3] = { take: true, alternative: null, chapter: '' };
    const decisions = decisionsOf({ entries }, choices, scope);
    expect(decisions.map((d) => [d.index, d.action, d.alternative, d.draft?.positions?.[0]?.chapter ?? null])).toEqual([
      [0, 'accept', null, null],
      [1, 'alternative', 0, '12001'],
      [2, 'accept', null, '11002'],
      [3, 'skip', null, null],
      [4, 'skip', null, null],
    ]);
    expect(decisions[2]?.draft).toMatchObject({ departmentId: 3, year: 2025, kind: 'revenues', type: 0, accountId: 7, recordDate: '2025-12-10' });
    expect(decisions[2]?.draft?.positions).toEqual([{ chapter: '11002', amount: 12_345, note: 'Beitrag 2025', reservationId: null }]);
  });

  it('skips an alternative draft still without chapter, and an unticked line', () => {
    const choices = initialChoices(entries);
    choices[0] = { take: false, alternative: null, chapter: '' };
    choices[1] = { take: true, alternative: 0, chapter: '' };
    expect(decisionsOf({ entries }, choices, scope).map((d) => d.action)).toEqual(['skip', 'skip', 'skip', 'skip', 'skip']);
  });
});
