import { describe, expect, it } from 'vitest';
import { matchingRule, remittanceNames } from './statements.ts';

describe('statement matching rules', () => {
  it('finds a document number as a whole word of the remittance, case not counted', () => {
    expect(remittanceNames('Rechnung Nr. RE-2025/17 vom 01.03.2025', 're-2025/17')).toBe(true);
    expect(remittanceNames('Fattura 117 del 3.3.', '17')).toBe(false);
    expect(remittanceNames('Fattura 17, 3.3.', '17')).toBe(true);
    expect(remittanceNames('anything', '7')).toBe(false);
    expect(remittanceNames('', 'A-1')).toBe(false);
  });

  it('takes the first rule of the direction whose text the counterparty or remittance contains', () => {
    const rules = [
      { id: 1, kind: 'expenses' as const, text: 'Gemeinde Lana', chapter: '21001' },
      { id: 2, kind: 'revenues' as const, text: 'gemeinde lana', chapter: '11001' },
      { id: 3, kind: 'revenues' as const, text: 'Lana', chapter: '11002' },
    ];
    expect(matchingRule(rules, 'revenues', { counterpartyName: 'GEMEINDE LANA', remittance: 'Beitrag' })?.id).toBe(2);
    expect(matchingRule(rules, 'revenues', { counterpartyName: 'Raika', remittance: 'Spende für Lana' })?.id).toBe(3);
    expect(matchingRule(rules, 'expenses', { counterpartyName: 'Gemeinde Lana', remittance: '' })?.id).toBe(1);
    expect(matchingRule(rules, 'expenses', { counterpartyName: 'Hofer', remittance: 'Lana' })).toBeNull();
  });
});
