import type { CarryOverReport, ResidueExport, ResiduePosition } from '@app/domain';
import { describe, expect, it } from 'vitest';
import { pdfReader } from './pdfText.testkit.ts';
import { carryOverPdf, residuesPdf } from './residues.ts';

const pdfPages = pdfReader('reports-residues-');
const ctx = { username: 'kassier', now: new Date('2027-01-12T09:05:00Z') };

function position(
  chapter: string,
  chapterYear: number,
  figures: Partial<ResiduePosition['budget']> & { amount: number; determined?: boolean },
): ResiduePosition {
  const part = chapter.startsWith('1') ? 1 : 2;
  const budget = { budgetId: 1, allocated: 0, payments: 0, available: 0, finalResidue: null, reservations: 0, openPayments: 0, flag: 0, ...figures };
  return {
    chapter: {
      chapterId: 1,
      chapter,
      chapterYear,
      part,
      title: Number(chapter[1]),
      descriptionDeu: part === 1 ? 'Beiträge der Gemeinde' : 'Persönliche Schutzausrüstung',
      descriptionIta: part === 1 ? 'Contributi del comune' : 'Dispositivi di protezione individuale',
      searchKeyDeu: '',
      searchKeyIta: '',
      isEditable: false,
    },
    budget: { ...budget, finalResidue: figures.determined === false ? null : figures.amount },
    isEditable: true,
    amount: figures.amount,
    isDetermined: figures.determined !== false,
    minimum: 0,
    maximum: budget.available,
    proposal: 0,
    isOverspent: false,
    isChanged: false,
    isOutOfBounds: false,
  };
}

// the year of the API test (services/residues): 11001 to receive 1.200,00; 21003 1.200,00 paid 300,00 (open 200,00, reserved 300,00);
// 21006 3.000,00 paid 500,00, open 350,00, not determined yet; a residue line of the previous year
const revenues = position('11001', 2026, { allocated: 520_000, payments: 400_000, available: 120_000, amount: 120_000 });
const helmets = position('21003', 2026, {
  allocated: 120_000,
  payments: 30_000,
  available: 90_000,
  openPayments: 20_000,
  reservations: 30_000,
  flag: 3,
  amount: 50_000,
});
const hoses = position('21006', 2026, {
  allocated: 300_000,
  payments: 50_000,
  available: 250_000,
  openPayments: 35_000,
  flag: 2,
  amount: 35_000,
  determined: false,
});
const old = position('21003', 2025, { allocated: 80_000, payments: 80_000, available: 0, amount: 0 });
const total = (positions: ResiduePosition[]) => ({
  allocated: positions.reduce((s, p) => s + p.budget.allocated, 0),
  payments: positions.reduce((s, p) => s + p.budget.payments, 0),
  available: positions.reduce((s, p) => s + p.budget.available, 0),
  reservations: positions.reduce((s, p) => s + p.budget.reservations, 0),
  openPayments: positions.reduce((s, p) => s + p.budget.openPayments, 0),
  finalResidue: positions.reduce((s, p) => s + p.amount, 0),
});
function exportOf(detailed: boolean): ResidueExport {
  const groups = [
    { source: 1 as const, part: 1 as const, positions: [revenues], totals: total([revenues]) },
    { source: 1 as const, part: 2 as const, positions: [helmets, hoses], totals: total([helmets, hoses]) },
    { source: 2 as const, part: 2 as const, positions: [old], totals: total([old]) },
  ];
  return { source: 0, isDetailed: detailed, includeWithResidue: true, includeWithoutResidue: true, groups, positions: groups.flatMap((g) => g.positions) };
}
const head = { year: 2026, department: '102 FF Eppan' };
const lineOf = (text: string, start: RegExp) => text.split('\n').find((l) => start.test(l)) ?? '';

describe('residues print', () => {
  it('simple (portrait, German): per source and part the lines with allocation, payments, available, final residue and totals', () => {
    const doc = residuesPdf(exportOf(false), head, { ...ctx, language: 'de' });
    expect(doc.internal.pageSize.getWidth()).toBeLessThan(220);
    const [text = '', ...more] = pdfPages(doc, 'residues-simple-de');
    expect(more).toHaveLength(0);
    expect(text).toContain('Rückstände 2026');
    expect(text).toContain('Kompetenz und Rückstände · alle · einfach');
    for (const label of ['Kompetenz – Einnahmen', 'Kompetenz – Ausgaben', 'Rückstände – Ausgaben', 'Verfügbar', 'Endrückstand']) expect(text).toContain(label);
    expect(lineOf(text, /^\s*2026\s+1-1-001/)).toMatch(/Beiträge der Gemeinde\s+5\.200,00 €\s+4\.000,00 €\s+1\.200,00 €\s+1\.200,00 €/);
    expect(lineOf(text, /^\s*2026\s+2-1-003/)).toMatch(/Persönliche Schutzausrüstung\s+1\.200,00 €\s+300,00 €\s+900,00 €\s+500,00 €/);
    // an undetermined line shows the proposal and says so
    expect(lineOf(text, /^\s*2026\s+2-1-006/)).toMatch(/Persönliche Schutzausrüstung \(nicht\s+3\.000,00 €\s+500,00 €\s+2\.500,00 €\s+350,00 €/);
    expect(text).toMatch(/^\s+festgestellt\)$/m);
    expect(lineOf(text, /^\s*2025\s+2-1-003/)).toMatch(/800,00 €\s+800,00 €\s+0,00 €\s+0,00 €/);
    // the expenses of the current management: 1.200,00 + 3.000,00; 300,00 + 500,00; 900,00 + 2.500,00; 500,00 + 350,00
    expect(lineOf(text, /Summe \(2\)/)).toMatch(/4\.200,00 €\s+800,00 €\s+3\.400,00 €\s+850,00 €/);
    expect(text).not.toMatch(/Vormerkungen|Kennzeichen/);
  });

  it('detailed (landscape, Italian): open payments, reservations and the flags with their legend', () => {
    const doc = residuesPdf(exportOf(true), head, { ...ctx, language: 'it' });
    expect(doc.internal.pageSize.getWidth()).toBeGreaterThan(290);
    const [text = ''] = pdfPages(doc, 'residues-detailed-it');
    expect(text).toContain('Residui 2026');
    expect(text).toContain('Competenza e residui · tutti · dettagliato');
    expect(text).toContain('Segnalazioni: P = prenotazione, A = pagamento aperto');
    for (const label of ['Competenza – Uscite', 'Residui – Uscite', 'Pag. aperti', 'Prenotazioni', 'Residuo finale']) expect(text).toContain(label);
    expect(lineOf(text, /^\s*2026\s+2-1-003/)).toMatch(
      /Dispositivi di protezione individuale\s+1\.200,00 €\s+300,00 €\s+900,00 €\s+200,00 €\s+300,00 €\s+500,00 €\s+P A/,
    );
    expect(lineOf(text, /Totale \(2\)/)).toMatch(/4\.200,00 €\s+800,00 €\s+3\.400,00 €\s+550,00 €\s+300,00 €\s+850,00 €/);
    expect(text).toMatch(/\(non\s+riaccertato\)/);
    expect(text).not.toMatch(/Rückstände|Summe/);
  });

  it('says so when nothing matches', () => {
    const [text = ''] = pdfPages(residuesPdf({ ...exportOf(false), groups: [], positions: [] }, head, { ...ctx, language: 'de' }), 'residues-empty');
    expect(text).toContain('Keine Rückstände für diese Auswahl.');
  });
});

describe('carry-over report', () => {
  const report: CarryOverReport = {
    previousYear: 2026,
    year: 2027,
    rows: [
      {
        year: 2026,
        chapter: '11001',
        part: 1,
        descriptionDeu: 'Beiträge der Gemeinde',
        descriptionIta: 'Contributi del comune',
        previousYear: 120_000,
        currentYear: 120_000,
      },
      {
        year: 2026,
        chapter: '21003',
        part: 2,
        descriptionDeu: 'Persönliche Schutzausrüstung',
        descriptionIta: 'Dispositivi di protezione individuale',
        previousYear: 50_000,
        currentYear: 50_000,
      },
      { year: 2025, chapter: '21006', part: 2, descriptionDeu: 'Schläuche', descriptionIta: 'Tubi', previousYear: 12_345, currentYear: 10_000 },
    ],
    totals: { previousYear: 182_345, currentYear: 180_000 },
  };

  it('lists every carried line with both descriptions, previous and current year, and the totals (portrait, de and it)', () => {
    const de = carryOverPdf(report, '102 FF Eppan', { ...ctx, language: 'de' });
    expect(de.internal.pageSize.getWidth()).toBeLessThan(220);
    const [text = ''] = pdfPages(de, 'carryover-de');
    expect(text).toContain('Übertragung der Rückstände 2026 – 2027');
    for (const label of ['Bezeichnung (deutsch)', 'Bezeichnung (italienisch)', 'Vorjahr', 'Laufendes Jahr']) expect(text).toContain(label);
    expect(lineOf(text, /^\s*2025\s+2-1-006/)).toMatch(/Schläuche\s+Tubi\s+123,45 €\s+100,00 €/);
    expect(lineOf(text, /Summe \(3\)/)).toMatch(/1\.823,45 €\s+1\.800,00 €/);
    const [textIt = ''] = pdfPages(carryOverPdf(report, '102 VVF Appiano', { ...ctx, language: 'it' }), 'carryover-it');
    expect(textIt).toContain('Riporto dei residui 2026 – 2027');
    expect(lineOf(textIt, /^\s*2026\s+2-1-003/)).toMatch(/Persönliche Schutzausrüstung\s+Dispositivi di protezione\s+500,00 €\s+500,00 €/);
    expect(lineOf(textIt, /Totale \(3\)/)).toMatch(/1\.823,45 €\s+1\.800,00 €/);
    const [empty = ''] = pdfPages(
      carryOverPdf({ ...report, rows: [], totals: { previousYear: 0, currentYear: 0 } }, '102', { ...ctx, language: 'it' }),
      'carryover-empty',
    );
    expect(empty).toContain('Nessun residuo riportato.');
  });
});
