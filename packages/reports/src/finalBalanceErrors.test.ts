import type { FinalBalanceErrors } from '@app/domain';
import { describe, expect, it } from 'vitest';
import { finalBalanceErrorsPdf } from './finalBalanceErrors.ts';
import { pdfReader } from './pdfText.testkit.ts';

const pdfPages = pdfReader('reports-final-errors-');
const ctx = { username: 'zwei', now: new Date('2026-03-10T09:00:00Z') };

const line = {
  chapterYear: 2025,
  part: 2 as const,
  budgetFinal: 66_000,
  payments: 37_400,
  openPayments: 0,
  reservations: 19_800,
  availability: 8_800,
  minimum: 19_800,
  maximum: 28_600,
};
/** Fails reservations (a reservation above its line's residue), residues (a line undetermined) and title 3 (13,20 apart). */
const errors: FinalBalanceErrors = {
  year: 2025,
  criteria: [1, 1, 0, 1, 0, 0],
  unpaidBills: [],
  budgetChanges: [],
  reservations: [
    { recordDate: '2025-10-04', recordNumber: 7, chapterYear: 2025, chapter: '22002', remainingAmount: 19_800, finalResidue: null, note: 'Atemschutzgeräte' },
  ],
  exceededAvailabilities: [],
  residues: [
    { ...line, chapter: '22002', descriptionDeu: 'Ankauf von Geräten', descriptionIta: 'Acquisto attrezzature', finalResidue: null },
    // determined before a reservation grew: 150,00 is below its bounds 198,00 .. 286,00
    { ...line, chapter: '22003', descriptionDeu: 'Fahrzeuge', descriptionIta: 'Veicoli', finalResidue: 15_000 },
  ],
  title3Revenues: [
    {
      ...line,
      part: 1,
      chapter: '13001',
      descriptionDeu: 'Einbehaltene Quellensteuern',
      descriptionIta: 'Ritenute trattenute',
      budgetFinal: 132_000,
      payments: 118_800,
      reservations: 0,
      finalResidue: 13_200,
      availability: 0,
    },
  ],
  title3Expenses: [
    {
      ...line,
      chapter: '23001',
      descriptionDeu: 'Abfuhr Quellensteuern',
      descriptionIta: 'Versamento ritenute',
      budgetFinal: 132_000,
      payments: 118_800,
      reservations: 0,
      finalResidue: 0,
      availability: 13_200,
    },
  ],
  title3RevenuesTotal: 132_000,
  title3ExpensesTotal: 118_800,
};

describe('final balance error protocol (PDF text)', () => {
  it('prints each failed criterion with its rows, in German', () => {
    const text = pdfPages(finalBalanceErrorsPdf(errors, '201 FF Lana', { ...ctx, language: 'de' }), 'errors-de').join('\n');
    expect(text).toContain('Fehlerprotokoll zum Rechnungsabschluss 2025');
    expect(text).toContain('201 FF Lana');
    expect(text).toContain('Offene Vormerkungen ohne ausreichenden Rückstand');
    expect(text).toMatch(/04\.10\.2025\s+7\s+2025\s+2-2-002\s+198,00 €\s+nicht festgestellt\s+Atemschutzgeräte/);
    expect(text).toContain('Nicht festgestellte Rückstände');
    expect(text).toContain('Nicht festgestellte Rückstände oder Rückstände außerhalb ihrer Grenzen');
    // each line with its residue and both bounds
    expect(text).toMatch(/Endrückstand\s+Mindestens\s+Höchstens/);
    expect(text).toMatch(/2025\s+2-2-002\s+Ankauf von Geräten\s+660,00 €\s+374,00 €\s+0,00 €\s+198,00 €\s+nicht festgestellt\s+198,00 €\s+286,00 €/);
    expect(text).toMatch(/2025\s+2-2-003\s+Fahrzeuge\s+660,00 €\s+374,00 €\s+0,00 €\s+198,00 €\s+150,00 €\s+198,00 €\s+286,00 €/);
    expect(text).toMatch(/Einnahmen Titel 3 \(eingenommen \+ aktive Rückstände\)\s+1\.320,00 €/);
    expect(text).toMatch(/Ausgaben Titel 3 \(bezahlt \+ passive Rückstände\)\s+1\.188,00 €/);
    // passed criteria have no section
    expect(text).not.toContain('Offene Rechnungen ohne');
    expect(text).not.toContain('Überschrittene Verfügbarkeiten');
  });

  it('prints in Italian, and a note when every criterion passes', () => {
    const text = pdfPages(finalBalanceErrorsPdf(errors, '201 VVF Lana', { ...ctx, language: 'it' }), 'errors-it').join('\n');
    expect(text).toContain('Protocollo errori del rendiconto 2025');
    expect(text).toContain('Residui non accertati');
    expect(text).toMatch(/2025\s+2-2-002\s+Acquisto attrezzature/);
    expect(text).toMatch(/Residuo finale\s+Minimo\s+Massimo/);
    expect(text).toMatch(/Entrate titolo 3 \(riscosso \+ residui attivi\)\s+1\.320,00 €/);
    const clean = pdfPages(finalBalanceErrorsPdf({ ...errors, criteria: [1, 1, 1, 1, 1, 1] }, '201', { ...ctx, language: 'it' }), 'errors-none').join('\n');
    expect(clean).toContain('Tutti i criteri sono soddisfatti.');
  });
});
