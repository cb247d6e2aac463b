import { describe, expect, it } from 'vitest';
import { changesSummary } from './auditPack.ts';

describe("audit pack: a trail row's change in one line", () => {
  it('the fields but the scope, amounts in euros, dates as DD.MM.YYYY, lists by their count, nested objects in brackets', () => {
    const changes = {
      departmentId: 7,
      year: 2025,
      kind: 'expenses',
      recordDate: '2025-03-05',
      amount: 123_456,
      asNew: false,
      positions: [{ chapter: '21006', amount: 12_345 }, { chapter: '21007' }],
      head: { approved: '2025-02-01', surplusUsed: -5_000, notes: '' },
    };
    expect(changesSummary(changes, 'de')).toBe(
      'kind: expenses, recordDate: 05.03.2025, amount: 1.234,56 €, asNew: nein, positions: (chapter: 2-1-006, amount: 123,45 €) (chapter: 2-1-007), head: (approved: 01.02.2025, surplusUsed: -50,00 €)',
    );
    expect(changesSummary({ approval: null, cancelled: true, positions: [] }, 'it')).toBe('approval: –, cancelled: sì, positions: 0 voci');
  });

  it('a row with the changed rows: each updated record before → after first (inserted and deleted rows left to the input), then the input', () => {
    const changes = {
      input: { departmentId: 7, year: 2025, recordNumber: 37, positions: [{ chapter: '21006', amount: 12_000 }] },
      rows: [
        { table: 'movement_positions', op: 'U', key: '91', fields: { amount: { before: 12_345, after: 12_000 }, note: { before: null, after: 'Korrektur' } } },
        { table: 'movement_payments', op: 'I', key: '92', fields: { amount: { after: 12_000 } } },
      ],
    };
    expect(changesSummary(changes, 'de')).toBe(
      'movement_positions: amount 123,45 € » 120,00 €; note – » Korrektur; recordNumber: 37, positions: (chapter: 2-1-006, amount: 120,00 €)',
    );
    expect(changesSummary({ input: null, rows: [] }, 'it')).toBe('');
    // a position deleted and inserted again (a movement's correction) reads as one changed position on its chapter
    const corrected = {
      input: { recordNumber: 37 },
      rows: [
        {
          table: 'movement_positions',
          op: 'D',
          key: '91',
          fields: { id: { before: 91 }, sort: { before: 0 }, movement_id: { before: 5 }, chapter_budget_id: { before: 8 }, amount: { before: 12_345 } },
        },
        {
          table: 'movement_positions',
          op: 'I',
          key: '93',
          fields: { id: { after: 93 }, sort: { after: 0 }, movement_id: { after: 5 }, chapter_budget_id: { after: 8 }, amount: { after: 12_000 } },
        },
      ],
    };
    const refs = [{ of: 'line' as const, id: 8, chapter: '21006', chapterYear: 2025, descriptionDeu: 'Treibstoff', descriptionIta: 'Carburante' }];
    expect(changesSummary(corrected, 'it', { refs, year: 2025 })).toBe('movement_positions 1 2-1-006 Carburante: amount 123,45 € » 120,00 €; recordNumber: 37');
    // with the screen's words (as the CSV): fields and records in the user's language, an account named by id by its code and name
    const words = {
      field: (k: string) => ({ amount: 'Importo', recordNumber: 'Numero registrazione', accountId: 'Conto' })[k] ?? k,
      table: (t: string) => ({ movement_positions: 'Posizione' })[t] ?? t,
      value: (k: string, v: unknown, entity?: string) =>
        k === 'kind' && v === 'expenses' ? 'Uscite' : k === 'type' && entity === 'movement' ? `tipo ${String(v)}` : null,
    };
    const names = [{ of: 'account' as const, id: 4, textDeu: 'K1 Kassa', textIta: 'K1 Cassa' }];
    expect(
      changesSummary(
        { ...corrected, input: { kind: 'expenses', type: 1, recordNumber: 37, accountId: 4 } },
        'it',
        { refs, names, year: 2025, entity: 'movement' },
        words,
      ),
    ).toBe('Posizione 1 2-1-006 Carburante: Importo 123,45 € » 120,00 €; kind: Uscite, type: tipo 1, Numero registrazione: 37, Conto: K1 Cassa');
  });

  it('nothing for no change; a long change cut at 240 characters', () => {
    expect(changesSummary(null, 'de')).toBe('');
    const long = changesSummary(
      { note: 'x'.repeat(39), other: 'y'.repeat(39), third: 'z'.repeat(39), fourth: 'w'.repeat(39), fifth: 'v'.repeat(39), sixth: 'u'.repeat(39) },
      'de',
    );
    expect(long).toHaveLength(240);
    expect(long.endsWith('…')).toBe(true);
  });
});
