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
  revenuesResidues: 100,
  revenuesResiduesPayments: 50,
  revenuesFinalResidues: 25,
  expensesOpenPayments: 35_000,
  expensesResidues: 50_000,
  expensesResiduesPayments: 20_000,
  expensesFinalResidues: 65_001,
};

describe('statistics CSV', () => {
  it('formats amounts with comma decimals', () => {
    expect([csvAmount(123_456), csvAmount(-5), csvAmount(0), csvAmount(100)]).toEqual(['1234,56', '-0,05', '0,00', '1,00']);
  });

  it('has German or Italian headings, the chapter columns only when detailed, the actual figures after the budget', () => {
    const de = statisticsCsv({ language: 'de', withChapters: false, rows: [row] });
    expect(de.startsWith(BOM)).toBe(true);
    const [head, line] = de.slice(1).split('\r\n');
    expect(head).toBe(
      'Code;Feuerwehr;Jahr;Bereich;Einnahmen Voranschlag;Einnahmen Änderungen;Einnahmen endgültig;Einnahmen Zahlungen;Ausgaben Voranschlag;Ausgaben Änderungen;Ausgaben endgültig;Ausgaben Zahlungen' +
        ';Einnahmen Rückstände Vorjahre;Einnahmen Rückstände eingehoben;Einnahmen Rückstände Jahresende;Ausgaben offene Zahlungen;Ausgaben Rückstände Vorjahre;Ausgaben Rückstände bezahlt;Ausgaben Rückstände Jahresende',
    );
    expect(line).toBe('101;Freiwillige Feuerwehr Leifers;2025;3;0,00;0,00;0,00;0,00;1234,56;-0,05;1234,51;0,00;1,00;0,50;0,25;350,00;500,00;200,00;650,01');
    const it = statisticsCsv({ language: 'it', withChapters: true, rows: [row] });
    const [headIt, lineIt] = it.slice(1).split('\r\n');
    expect(headIt?.startsWith('Codice;Corpo;Anno;Ambito;Capitolo;Descrizione;Entrate previsione')).toBe(true);
    expect(lineIt).toContain(';2-1-003;"Ausrüstung; Geräte";0,00;');
    expect(
      headIt?.endsWith(
        ';Uscite pagamenti;Entrate residui anni precedenti;Entrate residui riscossi;Entrate residui fine esercizio;Uscite pagamenti aperti;Uscite residui anni precedenti;Uscite residui pagati;Uscite residui fine esercizio',
      ),
    ).toBe(true);
    expect(lineIt?.endsWith(';0,00;1,00;0,50;0,25;350,00;500,00;200,00;650,01')).toBe(true);
  });
});
