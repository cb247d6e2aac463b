import { type UnionDepartment, unionTotals } from '@app/domain';
import { describe, expect, it } from 'vitest';
import { unionDashboardCsv } from './unionDashboard.ts';

const row: UnionDepartment = {
  departmentId: 3,
  code: '101',
  nameDeu: 'Freiwillige Feuerwehr Leifers',
  nameIta: 'Corpo dei Vigili del Fuoco Volontari Laives',
  district: '100',
  forecast: 'approved',
  forecastApproval: '2024-12-15',
  finalAccount: 'late',
  finalApproval: null,
  cashMonthEnds: Array.from({ length: 12 }, (_, m) => 100_000 + m),
  openPaymentsCount: 2,
  openPayments: 123_456,
  activeResidues: 50,
  passiveResidues: 7_000,
  exceededChapters: 1,
};

describe('unionDashboardCsv (issue 30)', () => {
  it('a line per department shown, then the total row; amounts 1234,56, dates DD.MM.YYYY, states in words', () => {
    for (const [language, head, state] of [
      ['de', 'Code;Name;Bezirk;Voranschlag', 'Genehmigt;15.12.2024;Verspätet;'],
      ['it', 'Codice;Nome;Distretto;Bilancio di previsione', 'Approvato;15.12.2024;In ritardo;'],
    ] as const) {
      const lines = unionDashboardCsv({ language, departments: [row], totals: unionTotals('100', [row]) })
        .replace(/^\uFEFF/, '')
        .split('\r\n');
      expect(lines).toHaveLength(3);
      expect(lines[0]!.startsWith(head)).toBe(true);
      expect(lines[0]!.split(';')).toHaveLength(7 + 12 + 5);
      const cells = lines[1]!.split(';');
      expect(cells.slice(0, 3)).toEqual(['101', language === 'it' ? row.nameIta : row.nameDeu, '100']);
      expect(lines[1]).toContain(state);
      expect(cells.slice(7 + 11)).toEqual(['1000,11', '2', '1234,56', '0,50', '70,00', '1']);
      expect(lines[2]!.split(';').slice(2, 3)).toEqual(['100']);
      expect(lines[2]!.split(';').slice(7 + 11)).toEqual(['1000,11', '2', '1234,56', '0,50', '70,00', '1']);
    }
  });
});
