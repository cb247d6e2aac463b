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

  it('shows each changed database row with before and after of its changed columns', () => {
    const view = auditChangeView({
      input: { kind: 'expenses', positions: [{ chapter: '21006', amount: 12_000 }] },
      rows: [
        { table: 'movement_positions', op: 'U', key: '55', fields: { amount: { before: 12_345, after: 12_000 }, note: { before: 'a', after: null } } },
        { table: 'movements', op: 'I', key: '9', fields: { record_number: { after: 7 }, record_date: { after: '2026-03-05' } } },
        { table: 'movements', op: 'D', key: '8', fields: { amount_booked: { before: 100 } } },
      ],
      omittedRows: 2,
    });
    expect(view.fields.map((f) => f.key)).toEqual(['kind', 'positions']);
    expect(view.omittedRows).toBe(2);
    expect(view.rows).toEqual([
      {
        table: 'movement_positions',
        op: 'U',
        key: '55',
        fields: [
          { key: 'amount', before: '123,45 €', after: '120,00 €', money: true },
          { key: 'note', before: 'a', after: '', money: false },
        ],
      },
      {
        table: 'movements',
        op: 'I',
        key: '9',
        fields: [
          { key: 'record_number', before: '', after: '7', money: false },
          { key: 'record_date', before: '', after: '05.03.2026', money: false },
        ],
      },
      { table: 'movements', op: 'D', key: '8', fields: [{ key: 'amount_booked', before: '1,00 €', after: '', money: true }] },
    ]);
  });

  it('writes a change as one line for the CSV, amounts in euros', () => {
    const changes = {
      input: { kind: 'expenses', positions: [{ chapter: '21006', amount: 12_345 }], reason: null },
      rows: [{ table: 'movement_positions', op: 'U', key: '55', fields: { amount: { before: 12_345, after: 12_000 } } }],
    };
    expect(auditChangesText(changes)).toBe(
      'kind: expenses; positions: [chapter: 21006; amount: 123,45 €]; reason:  | movement_positions 55 U: amount 123,45 € → 120,00 €',
    );
    // a row of the first increment held the input alone
    expect(auditChangesText({ kind: 'revenues', amount: 100 })).toBe('kind: revenues; amount: 1,00 €');
    expect(auditChangesText(null)).toBe('');
    expect(auditChangeView(null)).toEqual({ fields: [], rows: [], omittedRows: 0 });
  });
});
