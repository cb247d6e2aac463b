import { describe, expect, it } from 'vitest';
import type { AuditName, AuditRef } from './audit.ts';
import { auditChangeView } from './auditChanges.ts';
import { auditChangeLine, auditInputRefText, auditRecordChanges, auditRefIds } from './auditRecords.ts';

const refs: AuditRef[] = [
  { of: 'line', id: 168, chapter: '21006', chapterYear: 2026, descriptionDeu: 'Treibstoff', descriptionIta: 'Carburante' },
  { of: 'line', id: 167, chapter: '21003', chapterYear: 2026, descriptionDeu: 'Ausrüstung', descriptionIta: 'Attrezzatura' },
  { of: 'line', id: 90, chapter: '21003', chapterYear: 2025, descriptionDeu: 'Ausrüstung', descriptionIta: 'Attrezzatura' },
  { of: 'chapter', id: 12, chapter: '11001', chapterYear: 2026, descriptionDeu: 'Beiträge', descriptionIta: 'Contributi' },
];
const scope = { refs, year: 2026, departmentId: 4 };
const noNames = { account: [], supplier: [], reservation: [], bank: [], department: [], user: [] };

/** A movement's correction as the capture writes it (movements.save: positions, instalments and shares deleted and inserted again). */
const correction = {
  input: {
    kind: 'expenses',
    positions: [
      { chapterId: 12, chapterYear: 2026, amount: 12_000 },
      { chapter: '21003', amount: 5_000 },
    ],
  },
  rows: [
    {
      op: 'D',
      key: '727',
      table: 'movement_positions',
      fields: {
        id: { before: 727 },
        note: { before: 'a' },
        sort: { before: 0 },
        amount: { before: 10_000 },
        movement_id: { before: 760 },
        chapter_budget_id: { before: 168 },
        reservation_amount: { before: 0 },
      },
    },
    {
      op: 'D',
      key: '728',
      table: 'movement_positions',
      fields: {
        id: { before: 728 },
        note: { before: '' },
        sort: { before: 1 },
        amount: { before: 5_000 },
        movement_id: { before: 760 },
        chapter_budget_id: { before: 167 },
        reservation_amount: { before: 0 },
      },
    },
    {
      op: 'D',
      key: '529',
      table: 'movement_payment_shares',
      fields: { id: { before: 529 }, amount: { before: 10_000 }, payment_id: { before: 496 }, position_id: { before: 727 } },
    },
    {
      op: 'D',
      key: '496',
      table: 'movement_payments',
      fields: {
        id: { before: 496 },
        note: { before: '' },
        sort: { before: 0 },
        amount: { before: 15_000 },
        date_due: { before: '2026-03-05' },
        movement_id: { before: 760 },
      },
    },
    {
      op: 'I',
      key: '729',
      table: 'movement_positions',
      fields: {
        id: { after: 729 },
        note: { after: 'a' },
        sort: { after: 0 },
        amount: { after: 12_000 },
        movement_id: { after: 760 },
        chapter_budget_id: { after: 168 },
        reservation_amount: { after: 0 },
      },
    },
    {
      op: 'I',
      key: '730',
      table: 'movement_positions',
      fields: {
        id: { after: 730 },
        note: { after: '' },
        sort: { after: 1 },
        amount: { after: 5_000 },
        movement_id: { after: 760 },
        chapter_budget_id: { after: 167 },
        reservation_amount: { after: 0 },
      },
    },
    {
      op: 'I',
      key: '731',
      table: 'movement_positions',
      fields: {
        id: { after: 731 },
        note: { after: 'neu' },
        sort: { after: 2 },
        amount: { after: 700 },
        movement_id: { after: 760 },
        chapter_budget_id: { after: 90 },
        reservation_amount: { after: 0 },
      },
    },
    {
      op: 'I',
      key: '497',
      table: 'movement_payments',
      fields: {
        id: { after: 497 },
        note: { after: '' },
        sort: { after: 0 },
        amount: { after: 17_700 },
        date_due: { after: '2026-03-05' },
        movement_id: { after: 760 },
      },
    },
    {
      op: 'I',
      key: '531',
      table: 'movement_payment_shares',
      fields: { id: { after: 531 }, amount: { after: 12_000 }, payment_id: { after: 497 }, position_id: { after: 729 } },
    },
  ],
};

describe('audit records as business data (issue 27)', () => {
  it('a movement correction: a re-inserted position is one changed line (chapter, amount before → after), an unchanged one left out, ids, sort, shares and an unused reservation part hidden', () => {
    expect(auditRecordChanges(correction, scope)).toEqual([
      {
        table: 'movement_positions',
        key: '729',
        op: 'U',
        position: 1,
        chapter: '2-1-006 Treibstoff',
        fields: [{ key: 'amount', before: '100,00 €', after: '120,00 €', money: true }],
      },
      {
        table: 'movement_positions',
        key: '731',
        op: 'I',
        position: 3,
        chapter: '2-1-003 (2025) Ausrüstung',
        fields: [
          { key: 'note', before: '', after: 'neu', money: false },
          { key: 'amount', before: '', after: '7,00 €', money: true },
        ],
      },
      {
        table: 'movement_payments',
        key: '497',
        op: 'U',
        position: 1,
        chapter: null,
        fields: [{ key: 'amount', before: '150,00 €', after: '177,00 €', money: true }],
      },
    ]);
  });

  it('chapter names in the UI language; a changed chapter line reads before → after', () => {
    const reservation = {
      rows: [
        {
          op: 'U',
          key: '34',
          table: 'reservations',
          fields: { amount_booked: { after: 30_000, before: 40_000 }, chapter_budget_id: { after: 167, before: 168 } },
        },
      ],
    };
    expect(auditRecordChanges(reservation, { ...scope, language: 'it' })).toEqual([
      {
        table: 'reservations',
        key: '34',
        op: 'U',
        position: null,
        chapter: '2-1-003 Attrezzatura',
        fields: [
          { key: 'amount_booked', before: '400,00 €', after: '300,00 €', money: true },
          { key: 'chapter_budget_id', before: '2-1-006 Carburante', after: '2-1-003 Attrezzatura', money: false },
        ],
      },
    ]);
  });

  it('a budget change re-inserted by chapter line: only the changed line, matched on the line (no sort)', () => {
    const change = {
      rows: [
        {
          op: 'D',
          key: '2',
          table: 'budget_change_positions',
          fields: {
            id: { before: 2 },
            amount: { before: 20_000 },
            change_id: { before: 1 },
            description_deu: { before: '' },
            chapter_budget_id: { before: 167 },
          },
        },
        {
          op: 'D',
          key: '1',
          table: 'budget_change_positions',
          fields: {
            id: { before: 1 },
            amount: { before: 20_000 },
            change_id: { before: 1 },
            description_deu: { before: '' },
            chapter_budget_id: { before: 168 },
          },
        },
        {
          op: 'I',
          key: '3',
          table: 'budget_change_positions',
          fields: { id: { after: 3 }, amount: { after: 20_000 }, change_id: { after: 1 }, description_deu: { after: '' }, chapter_budget_id: { after: 168 } },
        },
        {
          op: 'I',
          key: '4',
          table: 'budget_change_positions',
          fields: { id: { after: 4 }, amount: { after: 25_000 }, change_id: { after: 1 }, description_deu: { after: '' }, chapter_budget_id: { after: 167 } },
        },
      ],
    };
    expect(auditRecordChanges(change, scope)).toEqual([
      {
        table: 'budget_change_positions',
        key: '4',
        op: 'U',
        position: null,
        chapter: '2-1-003 Ausrüstung',
        fields: [{ key: 'amount', before: '200,00 €', after: '250,00 €', money: true }],
      },
    ]);
  });

  it('a residue determined on a chapter line: the line named by its key; the scope columns of a new row left out, other departments kept', () => {
    const residue = { rows: [{ op: 'U', key: '90', table: 'chapter_budgets', fields: { final_residue: { before: null, after: 50_000 } } }] };
    expect(auditRecordChanges(residue, scope)).toEqual([
      {
        table: 'chapter_budgets',
        key: '90',
        op: 'U',
        position: null,
        chapter: '2-1-003 (2025) Ausrüstung',
        fields: [{ key: 'final_residue', before: '', after: '500,00 €', money: true }],
      },
    ]);
    const link = { rows: [{ op: 'I', key: '5', table: 'user_departments', fields: { id: { after: 5 }, user_id: { after: 3 }, department_id: { after: 7 } } }] };
    expect(auditRecordChanges(link, scope)[0]?.fields.map((f) => [f.key, f.after])).toEqual([
      ['user_id', '3'],
      ['department_id', '7'],
    ]);
    const reservation = {
      rows: [
        {
          op: 'I',
          key: '9',
          table: 'reservations',
          fields: { id: { after: 9 }, year: { after: 2026 }, department_id: { after: 4 }, chapter_budget_id: { after: 999 } },
        },
      ],
    };
    // a line not resolved (deleted since) keeps its id
    expect(auditRecordChanges(reservation, scope)).toEqual([
      {
        table: 'reservations',
        key: '9',
        op: 'I',
        position: null,
        chapter: null,
        fields: [{ key: 'chapter_budget_id', before: '', after: '999', money: false }],
      },
    ]);
  });

  it('collects the ids to resolve from the input and the rows, and shows the input’s chapters by code', () => {
    expect(auditRefIds(correction)).toEqual({ ...noNames, line: [168, 167, 90], chapter: [12] });
    expect(auditRefIds({ input: { positions: [{ budgetId: 90, amount: 1 }] }, rows: [{ op: 'U', key: '91', table: 'chapter_budgets', fields: {} }] })).toEqual({
      ...noNames,
      line: [90, 91],
      chapter: [],
    });
    const view = auditChangeView(correction, { refText: auditInputRefText(scope) });
    expect(view.fields[1]).toEqual({
      key: 'positions',
      table: {
        columns: [
          { key: 'chapterId', money: false },
          { key: 'chapterYear', money: false },
          { key: 'amount', money: true },
          { key: 'chapter', money: false },
        ],
        rows: [
          ['1-1-001 Beiträge', '2026', '120,00 €', ''],
          ['', '', '50,00 €', '2-1-003'],
        ],
      },
    });
  });

  it('other records named by id read as their name or number (AuditRow.names), in the UI language; an unresolved one as its id', () => {
    const booking = {
      input: { accountId: 5, supplierId: 7, positions: [{ chapter: '21006', amount: 100, reservationId: 3 }] },
      rows: [
        { op: 'U', key: '760', table: 'movements', fields: { account_id: { before: 5, after: 6 } } },
        {
          op: 'I',
          key: '730',
          table: 'movement_positions',
          fields: {
            sort: { after: 0 },
            amount: { after: 100 },
            reservation_id: { after: 3 },
            reservation_amount: { after: 100 },
            chapter_budget_id: { after: 168 },
          },
        },
        { op: 'U', key: '9', table: 'user_departments', fields: { user_id: { before: 11, after: 12 }, department_id: { before: 4, after: 8 } } },
      ],
    };
    expect(auditRefIds(booking)).toEqual({
      ...noNames,
      line: [168],
      chapter: [],
      account: [5, 6],
      supplier: [7],
      reservation: [3],
      user: [11, 12],
      department: [4, 8],
    });
    const names: AuditName[] = [
      { of: 'account', id: 5, textDeu: 'K1 Kassa', textIta: 'K1 Cassa' },
      { of: 'account', id: 6, textDeu: 'K2 Raika', textIta: 'K2 Raika' },
      { of: 'supplier', id: 7, textDeu: '12 Huber GmbH', textIta: '12 Huber GmbH' },
      { of: 'reservation', id: 3, textDeu: 'Nr. 4', textIta: 'n. 4' },
      { of: 'user', id: 11, textDeu: 'kassier', textIta: 'kassier' },
      { of: 'department', id: 8, textDeu: '102', textIta: '102' },
    ];
    const records = (language: 'de' | 'it') =>
      auditRecordChanges(booking, { ...scope, names, language }).map((r) => [r.table, r.fields.map((f) => [f.key, f.before, f.after])]);
    expect(records('it')).toEqual([
      ['movements', [['account_id', 'K1 Cassa', 'K2 Raika']]],
      [
        'movement_positions',
        [
          ['amount', '', '1,00 €'],
          ['reservation_id', '', 'n. 4'],
          ['reservation_amount', '', '1,00 €'],
        ],
      ],
      [
        'user_departments',
        [
          // user 12 is not known to the list (deleted since): its id
          ['user_id', 'kassier', '12'],
          ['department_id', '4', '102'],
        ],
      ],
    ]);
    expect(records('de')[0]).toEqual(['movements', [['account_id', 'K1 Kassa', 'K2 Raika']]]);
    const input = auditInputRefText({ ...scope, names, language: 'de' });
    expect([input('accountId', 5), input('supplierId', 7), input('reservationId', 3), input('supplierId', 99), input('note', 5)]).toEqual([
      'K1 Kassa',
      '12 Huber GmbH',
      'Nr. 4',
      null,
      null,
    ]);
  });

  it('the change as one line (the CSV cell): the input, then each changed record with its words', () => {
    const words = {
      field: (k: string) => ({ amount: 'Betrag', note: 'Anmerkung' })[k] ?? k,
      table: (t: string) => ({ movement_positions: 'Position', movement_payments: 'Rate' })[t] ?? t,
    };
    expect(auditChangeLine(correction, { ...scope, ...words })).toBe(
      // the input with the same words: chapters by code (an id resolved from the refs), the fields translated
      'kind: expenses; positions: [chapterId: 1-1-001 Beiträge; chapterYear: 2026; Betrag: 120,00 €], [chapter: 2-1-003; Betrag: 50,00 €]' +
        ' | Position 1 2-1-006 Treibstoff: Betrag 100,00 € → 120,00 €' +
        ' | Position 3 2-1-003 (2025) Ausrüstung: Anmerkung  → neu; Betrag  → 7,00 €' +
        ' | Rate 1: Betrag 150,00 € → 177,00 €',
    );
  });
});
