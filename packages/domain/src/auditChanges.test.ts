import { describe, expect, it } from 'vitest';
import { auditChangesText, auditChangeView, auditValueText, isAuditMoneyKey } from './auditChanges.ts';

describe('audit changes (issue 27)', () => {
  it('tells amounts from other integers by the key', () => {
    const money = ['amount', 'amountBooked', 'amountUsed', 'budget', 'budgetFinal', 'initialBalance', 'surplusUsed', 'minimum', 'used', 'residue'];
    const notMoney = ['recordNumber', 'departmentId', 'year', 'chapterYear', 'type', 'residueId', 'budgetYear', 'accountId', 'page', 'number'];
    expect(money.filter(isAuditMoneyKey)).toEqual(money);
    expect(notMoney.filter(isAuditMoneyKey)).toEqual([]);
  });

  it('formats amounts in euros, ISO dates as DD.MM.YYYY, flags as ✓/–, other numbers as they are', () => {
    expect(auditValueText('amount', 123_456)).toBe('1.234,56 €');
    expect(auditValueText('amountBooked', -5)).toBe('-0,05 €');
    expect(auditValueText('recordNumber', 1234)).toBe('1234');
    expect(auditValueText('recordDate', '2026-03-05')).toBe('05.03.2026');
    expect(auditValueText('documentNumber', '2026-99-99')).toBe('2026-99-99');
    expect(auditValueText('asNew', true)).toBe('✓');
    expect(auditValueText('locked', false)).toBe('–');
    expect(auditValueText('supplierId', null)).toBe('');
    expect(auditValueText('chapters', ['21006', '21007'])).toBe('21006, 21007');
  });

  it('shows an input as fields, nested records flattened, lists of records as a table, without empty values and omitted keys', () => {
    const view = auditChangeView(
      {
        kind: 'expenses',
        departmentId: 4,
        supplierId: null,
        payments: [],
        recordNumber: 7,
        recordDate: '2026-03-05',
        supplier: { id: 4, amount: 100 },
        positions: [
          { chapter: '21006', amount: 12_345 },
          { chapter: '21007', amount: 100, description: 'Benzin' },
        ],
      },
      { omit: ['departmentId'] },
    );
    expect(view.compare).toBeNull();
    expect(view.fields).toEqual([
      { key: 'kind', text: 'expenses', money: false },
      { key: 'recordNumber', text: '7', money: false },
      { key: 'recordDate', text: '05.03.2026', money: false },
      { key: 'supplier.id', text: '4', money: false },
      { key: 'supplier.amount', text: '1,00 €', money: true },
      {
        key: 'positions',
        table: {
          columns: [
            { key: 'chapter', money: false },
            { key: 'amount', money: true },
            { key: 'description', money: false },
          ],
          rows: [
            ['21006', '123,45 €', ''],
            ['21007', '1,00 €', 'Benzin'],
          ],
        },
      },
    ]);
  });

  it('shows before and after side by side, marking the changed fields', () => {
    const view = auditChangeView({ before: { amount: 12_345, note: 'a' }, after: { amount: 12_000, note: 'a', locked: true }, reason: 'x' });
    expect(view.fields).toEqual([{ key: 'reason', text: 'x', money: false }]);
    expect(view.compare).toEqual([
      { key: 'amount', before: '123,45 €', after: '120,00 €', money: true, changed: true },
      { key: 'note', before: 'a', after: 'a', money: false, changed: false },
      { key: 'locked', before: '', after: '✓', money: false, changed: true },
    ]);
  });

  it('writes a change as one line for the CSV, amounts in euros', () => {
    expect(auditChangesText({ kind: 'expenses', positions: [{ chapter: '21006', amount: 12_345 }], reason: null })).toBe(
      'kind: expenses; positions: [chapter: 21006; amount: 123,45 €]; reason: ',
    );
    expect(auditChangesText(null)).toBe('');
    expect(auditChangeView(null)).toEqual({ fields: [], compare: null });
  });
});
