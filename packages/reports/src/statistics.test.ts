import { describe, expect, it } from 'vitest';
import { BOM } from './csv.ts';
import { csvAmount, statisticsCsv } from './statistics.ts';

const row = {
  departmentCode: '101',
  departmentName: 'Freiwillige Feuerwehr Leifers',
  year: 2025,
  area: 3 as const,
  chapter: '2-1-003',
  description: 'Ausrüstung; Geräte',
  revenuesInitial: 0,
  revenuesChanges: 0,
  revenuesFinal: 0,
  revenuesPayments: 0,
  expensesInitial: 123_456,
  expensesChanges: -5,
  expensesFinal: 123_451,
  expensesPayments: 0,
};

describe('statistics CSV', () => {
  it('formats amounts with comma decimals', () => {
    expect([csvAmount(123_456), csvAmount(-5), csvAmount(0), csvAmount(100)]).toEqual(['1234,56', '-0,05', '0,00', '1,00']);
  });

  it('has German or Italian headings and the chapter columns only when detailed', () => {
    const de = statisticsCsv({ language: 'de', withChapters: false, rows: [row] });
    expect(de.startsWith(BOM)).toBe(true);
    const [head, line] = de.slice(1).split('\r\n');
    expect(head).toBe(
      'Code;Feuerwehr;Jahr;Bereich;Einnahmen Voranschlag;Einnahmen Änderungen;Einnahmen endgültig;Einnahmen Zahlungen;Ausgaben Voranschlag;Ausgaben Änderungen;Ausgaben endgültig;Ausgaben Zahlungen',
    );
    expect(line).toBe('101;Freiwillige Feuerwehr Leifers;2025;3;0,00;0,00;0,00;0,00;1234,56;-0,05;1234,51;0,00');
    const it = statisticsCsv({ language: 'it', withChapters: true, rows: [row] });
    const [headIt, lineIt] = it.slice(1).split('\r\n');
    expect(headIt?.startsWith('Codice;Corpo;Anno;Ambito;Capitolo;Descrizione;Entrate previsione')).toBe(true);
    expect(lineIt).toContain(';2-1-003;"Ausrüstung; Geräte";0,00;');
  });
});
