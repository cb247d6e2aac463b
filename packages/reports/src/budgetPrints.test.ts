import type { AdjustmentProtocol, ChangesByChapter, ChangesProtocol, ForecastExport, PrintDepartment } from '@app/domain';
import { describe, expect, it } from 'vitest';
import { pdfReader } from './pdfText.testkit.ts';
import { adjustmentProtocolPdf } from './adjustmentProtocol.ts';
import { changesByChapterPdf } from './changesByChapter.ts';
import { changesProtocolPdf } from './changesProtocol.ts';
import { forecastPdf } from './forecast.ts';

const now = new Date('2026-11-22T09:05:00Z');

const pdfText = pdfReader('budget-reports-');

/** The text column where `amount` ends on the line holding `key` (right alignment check). */
function rightEdge(text: string, key: string, amount: string): number {
  const line = text.split('\n').find((l) => l.includes(key) && l.includes(amount));
  if (!line) throw new Error(`no line with ${key} and ${amount}`);
  return line.lastIndexOf(amount) + amount.length;
}

const leifers: PrintDepartment = {
  id: 4,
  code: '101',
  nameDeu: 'Freiwillige Feuerwehr Leifers',
  nameIta: 'Corpo dei Vigili del Fuoco Volontari Laives',
  area: 3,
  cashierRole: 'cashier',
  cashierName: 'Karl Kassier',
  commanderRole: 'commander',
  commanderName: 'Martin Kommandant',
};
const union: PrintDepartment = {
  ...leifers,
  id: 1,
  code: '000',
  nameDeu: 'Landesfeuerwehrverband Südtirol',
  nameIta: 'Unione provinciale dei Corpi VV.F. Alto Adige',
  area: 1,
  cashierRole: 'accountant',
  cashierName: 'Rita Rechnung',
  commanderRole: 'president',
  commanderName: 'Paul Präsident',
};

const forecast: ForecastExport = {
  financialYear: 2026,
  withoutValues: false,
  area: 3,
  approval: '2026-01-20',
  date: '2026-11-22',
  department: leifers,
  details: [
    {
      part: 1,
      totalCurrYear: 2_400_050,
      totalPrevYear: 2_331_000,
      titles: [
        {
          part: 1,
          title: 1,
          descriptionDeu: 'Laufende Einnahmen',
          descriptionIta: 'Entrate correnti',
          totalCurrYear: 2_300_050,
          totalPrevYear: 2_205_000,
          chapters: [
            {
              chapter: '11001',
              descriptionDeu: 'Ordentlicher Beitrag der Gemeinde',
              descriptionIta: 'Contributo ordinario del Comune',
              amountCurrYear: 2_000_050,
              amountPrevYear: 1_890_000,
            },
            { chapter: '11006', descriptionDeu: 'Spenden', descriptionIta: 'Donazioni', amountCurrYear: 300_000, amountPrevYear: 315_000 },
          ],
        },
        {
          part: 1,
          title: 3,
          descriptionDeu: 'Durchlaufende Posten',
          descriptionIta: 'Partite di giro',
          totalCurrYear: 100_000,
          totalPrevYear: 126_000,
          chapters: [
            {
              chapter: '13001',
              descriptionDeu: 'Einbehaltene Quellensteuern',
              descriptionIta: "Ritenute d'acconto trattenute",
              amountCurrYear: 100_000,
              amountPrevYear: 126_000,
            },
          ],
        },
      ],
    },
    {
      part: 2,
      totalCurrYear: 2_700_050,
      totalPrevYear: 6_447_000,
      titles: [
        {
          part: 2,
          title: 1,
          descriptionDeu: 'Laufende Ausgaben',
          descriptionIta: 'Spese correnti',
          totalCurrYear: 1_700_000,
          totalPrevYear: 861_000,
          chapters: [
            {
              chapter: '21003',
              descriptionDeu: 'Persönliche Schutzausrüstung',
              descriptionIta: 'Dispositivi di protezione individuale',
              amountCurrYear: 1_500_000,
              amountPrevYear: 630_000,
            },
            { chapter: '21006', descriptionDeu: 'Treibstoffe', descriptionIta: 'Carburanti', amountCurrYear: 200_000, amountPrevYear: 231_000 },
          ],
        },
        {
          part: 2,
          title: 2,
          descriptionDeu: 'Investitionsausgaben',
          descriptionIta: 'Spese in conto capitale',
          totalCurrYear: 900_050,
          totalPrevYear: 5_460_000,
          chapters: [
            {
              chapter: '22002',
              descriptionDeu: 'Ankauf von Geräten und Ausrüstung',
              descriptionIta: 'Acquisto di attrezzature ed equipaggiamento',
              amountCurrYear: 900_050,
              amountPrevYear: 5_460_000,
            },
          ],
        },
        {
          part: 2,
          title: 3,
          descriptionDeu: 'Durchlaufende Posten',
          descriptionIta: 'Partite di giro',
          totalCurrYear: 100_000,
          totalPrevYear: 126_000,
          chapters: [
            {
              chapter: '23001',
              descriptionDeu: 'Abfuhr einbehaltener Quellensteuern',
              descriptionIta: "Versamento ritenute d'acconto",
              amountCurrYear: 100_000,
              amountPrevYear: 126_000,
            },
          ],
        },
      ],
    },
  ],
  summary: {
    titles: [
      {
        title: 1,
        descriptionDeu: 'Laufende Einnahmen',
        descriptionIta: 'Entrate correnti',
        revenues: 2_300_050,
        expenses: 1_700_000,
        revenuesPrevYear: 2_205_000,
        expensesPrevYear: 861_000,
      },
      {
        title: 2,
        descriptionDeu: 'Einnahmen aus Kapitalbewegungen',
        descriptionIta: 'Entrate in conto capitale',
        revenues: 0,
        expenses: 900_050,
        revenuesPrevYear: 0,
        expensesPrevYear: 5_460_000,
      },
      {
        title: 3,
        descriptionDeu: 'Durchlaufende Posten',
        descriptionIta: 'Partite di giro',
        revenues: 100_000,
        expenses: 100_000,
        revenuesPrevYear: 126_000,
        expensesPrevYear: 126_000,
      },
    ],
    surplusUsed: 300_000,
    surplusUsedPrevYear: 4_116_000,
    revenues: 2_400_050,
    expenses: 2_700_050,
  },
};

describe('forecast print', () => {
  it('never prints the signatures alone on a page (Italian): the last rows move with them', () => {
    const title = forecast.details![1]!.titles[0]!;
    for (let chapters = 1; chapters <= 14; chapters++) {
      const many = Array.from({ length: chapters }, (_, i) => ({ ...title.chapters[0]!, chapter: `21${String(i + 1).padStart(3, '0')}` }));
      const data: ForecastExport = { ...forecast, details: [{ ...forecast.details![1]!, titles: [{ ...title, chapters: many }] }] };
      const pages = pdfText(forecastPdf(data, { username: 'kassier', now, language: 'it' }), `forecast-signatures-${chapters}`);
      const last = pages.at(-1)!;
      expect(last, `${chapters} chapters`).toMatch(/Cassiere\s+Comandante/);
      expect(last, `${chapters} chapters`).toMatch(/Totale|\d-\d-\d{3}/);
    }
  });

  it('prints details and summary with the area header, amounts right-aligned, landscape', () => {
    const doc = forecastPdf(forecast, { username: 'kassier', now, language: 'de' });
    expect(doc.internal.pageSize.getWidth()).toBeGreaterThan(doc.internal.pageSize.getHeight());
    const text = pdfText(doc, 'forecast-de').join('\n');
    expect(text).toContain('Haushaltsvoranschlag 2026');
    expect(text).toMatch(/Freiwillige Feuerwehr Leifers \(101\)\n/);
    expect(text).toContain('Kassier: Karl Kassier · Kommandant: Martin Kommandant');
    expect(text).toContain('Genehmigung: 20.01.2026');
    expect(text).toMatch(/Kapitel\s+Bezeichnung\s+Voranschlag 2025\s+Voranschlag 2026/);
    expect(text).toContain('Titel 1 – Laufende Einnahmen');
    expect(text).toMatch(/1-1-001\s+Ordentlicher Beitrag der Gemeinde\s+18\.900,00 €\s+20\.000,50 €/);
    expect(text).toMatch(/Summe Titel 1\s+22\.050,00 €\s+23\.000,50 €/);
    expect(text).toMatch(/Summe Einnahmen\s+23\.310,00 €\s+24\.000,50 €/);
    expect(text).toMatch(/2-1-003\s+Persönliche Schutzausrüstung\s+6\.300,00 €\s+15\.000,00 €/);
    expect(text).toMatch(/Summe Ausgaben\s+64\.470,00 €\s+27\.000,50 €/);
    // right-aligned: the amounts of one column end in the same text column
    expect(rightEdge(text, '2-1-006', '2.000,00 €')).toBe(rightEdge(text, '2-1-003', '15.000,00 €'));
    expect(text).toContain('Zusammenfassung');
    expect(text).toMatch(/Einnahmen 2025\s+Einnahmen 2026\s+Ausgaben 2025\s+Ausgaben 2026/);
    expect(text).toMatch(/Titel 1\s+Laufende Einnahmen\s+22\.050,00 €\s+23\.000,50 €\s+8\.610,00 €\s+17\.000,00 €/);
    expect(text).toMatch(/Verwendeter Überschuss\s+41\.160,00 €\s+3\.000,00 €/);
    // totals: revenues + surplus used = 22.050 + 0 + 1.260 + 41.160 = 64.470,00 and 23.000,50 + 1.000 + 3.000 = 27.000,50
    expect(text).toMatch(/Summe\s+64\.470,00 €\s+27\.000,50 €\s+64\.470,00 €\s+27\.000,50 €/);
    expect(text).toMatch(/22\.11\.2026 10:05\s+Angemeldet als kassier\s+Seite 1 von \d/);
  });

  it('prints the union header (accountant, president) in Italian', () => {
    const doc = forecastPdf({ ...forecast, area: 1, department: union, details: null }, { username: 'admin', now, language: 'it' });
    const text = pdfText(doc, 'forecast-it').join('\n');
    expect(text).toContain('Bilancio di previsione 2026');
    expect(text).toMatch(/Unione provinciale dei Corpi VV\.F\. Alto Adige \(000\)\n/);
    expect(text).toContain('Contabile: Rita Rechnung · Presidente: Paul Präsident');
    expect(text).toContain('Approvazione: 20.01.2026');
    expect(text).toContain('Riepilogo');
    expect(text).toMatch(/Titolo 1\s+Entrate correnti\s+22\.050,00 €\s+23\.000,50 €/);
    expect(text).toMatch(/Avanzo applicato\s+41\.160,00 €\s+3\.000,00 €/);
    expect(text).toMatch(/Totale\s+64\.470,00 €\s+27\.000,50 €/);
    expect(text).not.toContain('Kassier');
    expect(text).not.toContain('1-1-001');
  });

  it('prints the form without amounts', () => {
    const doc = forecastPdf({ ...forecast, withoutValues: true, approval: null }, { username: 'kassier', now, language: 'de' });
    const text = pdfText(doc, 'forecast-form').join('\n');
    expect(text).toContain('Formular ohne Beträge');
    expect(text).toMatch(/1-1-001\s+Ordentlicher Beitrag der Gemeinde\s*\n/);
    expect(text).not.toMatch(/\d,\d\d €/);
  });
});

const byChapter: ChangesByChapter = {
  year: 2026,
  department: leifers,
  hasDetails: true,
  items: [
    {
      chapterId: 1,
      chapter: '11006',
      part: 1,
      title: 1,
      descriptionDeu: 'Spenden',
      descriptionIta: 'Donazioni',
      budgetInitial: 300_000,
      budgetChanges: 50_000,
      budgetFinal: 350_000,
      changes: [{ recordNumber: 1, approved: '2026-03-01', notes: 'Ausschuss März', amount: 50_000 }],
    },
    {
      chapterId: 2,
      chapter: '21003',
      part: 2,
      title: 1,
      descriptionDeu: 'Persönliche Schutzausrüstung',
      descriptionIta: 'Dispositivi di protezione individuale',
      budgetInitial: 1_500_000,
      budgetChanges: -100_000,
      budgetFinal: 1_400_000,
      changes: [
        { recordNumber: 2, approved: '2026-04-01', notes: 'Atemschutz', amount: -200_000 },
        { recordNumber: 3, approved: '2026-05-01', notes: '', amount: 100_000 },
      ],
    },
    {
      chapterId: 3,
      chapter: '21006',
      part: 2,
      title: 1,
      descriptionDeu: 'Treibstoffe',
      descriptionIta: 'Carburanti',
      budgetInitial: 200_000,
      budgetChanges: -80_000,
      budgetFinal: 120_000,
      changes: [
        { recordNumber: -1, approved: '2026-05-10', notes: 'Vollversammlung', amount: -30_000 },
        { recordNumber: 1, approved: '2026-03-01', notes: 'Ausschuss März', amount: 50_000 },
        { recordNumber: 3, approved: '2026-05-01', notes: '', amount: -100_000 },
      ],
    },
  ],
};

describe('changes by chapter print', () => {
  it('lists initial, changes and final per chapter with the changes below, landscape', () => {
    const doc = changesByChapterPdf(byChapter, { username: 'kassier', now, language: 'de' });
    expect(doc.internal.pageSize.getWidth()).toBeGreaterThan(doc.internal.pageSize.getHeight());
    const text = pdfText(doc, 'by-chapter-de').join('\n');
    expect(text).toContain('Haushaltsänderungen nach Kapiteln 2026');
    expect(text).toMatch(/Kapitel\s+Bezeichnung\s+Anfangsansatz\s+Änderungen\s+Endansatz/);
    expect(text).toMatch(/2-1-003\s+Persönliche Schutzausrüstung\s+15\.000,00 €\s+-1\.000,00 €\s+14\.000,00 €/);
    expect(text).toMatch(/Nr\. 2 genehmigt am 01\.04\.2026 – Atemschutz\s+-2\.000,00 €/);
    expect(text).toMatch(/-1 Haushaltsangleichung genehmigt am 10\.05\.2026 – Vollversammlung\s+-300,00 €/);
    // part 2: 15.000 + 2.000 = 17.000,00; -1.000 - 800 = -1.800,00; 14.000 + 1.200 = 15.200,00
    expect(text).toMatch(/Summe Ausgaben\s+17\.000,00 €\s+-1\.800,00 €\s+15\.200,00 €/);
    expect(text).toMatch(/Summe Einnahmen\s+3\.000,00 €\s+500,00 €\s+3\.500,00 €/);
  });

  it('without details in Italian', () => {
    const doc = changesByChapterPdf({ ...byChapter, hasDetails: false }, { username: 'kassier', now, language: 'it' });
    const text = pdfText(doc, 'by-chapter-it').join('\n');
    expect(text).toContain('Variazioni di bilancio per capitolo 2026');
    expect(text).toContain('Cassiere: Karl Kassier · Comandante: Martin Kommandant');
    expect(text).toMatch(/2-1-006\s+Carburanti\s+2\.000,00 €\s+-800,00 €\s+1\.200,00 €/);
    expect(text).not.toContain('Atemschutz');
    expect(text).toMatch(/Totale Uscite\s+17\.000,00 €\s+-1\.800,00 €\s+15\.200,00 €/);
  });
});

const adjustment: AdjustmentProtocol = {
  year: 2026,
  department: leifers,
  titels: [],
  adjustment: {
    recordNumber: -1,
    approved: '2026-05-10',
    notes: 'Vollversammlung',
    surplusActual: 280_000,
    surplusPlanned: 300_000,
    // jscpd:ignore-start -- test data: the adjustment positions exactly as packages/api's budget.test.ts expects the API to print them (mirrored on purpose)
    positions: [
      {
        chapter: '21006',
        part: 2,
        title: 1,
        descriptionDeu: 'Treibstoffe',
        descriptionIta: 'Carburanti',
        budgetBefore: 150_000,
        amount: -30_000,
        budgetAfter: 120_000,
      },
      {
        chapter: '21016',
        part: 2,
        title: 1,
        descriptionDeu: 'Aus- und Weiterbildung, Schulungen',
        descriptionIta: 'Formazione e corsi',
        budgetBefore: 0,
        amount: 10_000,
        budgetAfter: 10_000,
      },
    ],
    // jscpd:ignore-end
    totals: { revenues: 0, expenses: -20_000, balance: 0 },
  },
};

describe('adjustment protocol print', () => {
  it('prints the head, the surplus and the positions, portrait', () => {
    const doc = adjustmentProtocolPdf(adjustment, { username: 'kassier', now, language: 'de' });
    expect(doc.internal.pageSize.getWidth()).toBeLessThan(doc.internal.pageSize.getHeight());
    const text = pdfText(doc, 'adjustment-de').join('\n');
    expect(text).toContain('Protokoll der Haushaltsangleichung 2026');
    expect(text).toContain('Nr. -1 · Haushaltsangleichung – genehmigt am 10.05.2026');
    expect(text).toContain('Anmerkungen: Vollversammlung');
    expect(text).toMatch(/Kapitel\s+Bezeichnung\s+Ansatz vorher\s+Änderung\s+Ansatz nachher/);
    expect(text).toMatch(/2-1-006\s+Treibstoffe\s+1\.500,00 €\s+-300,00 €\s+1\.200,00 €/);
    expect(text).toMatch(/Ausgaben\s+-200,00 €/);
    expect(text).toMatch(/Voraussichtlicher Verwaltungsüberschuss\s+3\.000,00 €/);
    expect(text).toMatch(/Tatsächlicher Verwaltungsüberschuss\s+2\.800,00 €/);
    expect(text).toMatch(/Differenz Überschuss\s+-200,00 €/);
    expect(text).toMatch(/Saldo\s+0,00 €/);
    expect(text).toContain('Kassier');
    expect(text).toContain('Karl Kassier');
  });

  it('says so when there is no adjustment (Italian)', () => {
    const text = pdfText(adjustmentProtocolPdf({ ...adjustment, adjustment: null }, { username: 'kassier', now, language: 'it' }), 'adjustment-none').join(
      '\n',
    );
    expect(text).toContain("Verbale dell'assestamento di bilancio 2026");
    expect(text).toContain('Nessun assestamento registrato.');
  });
});

const protocol: ChangesProtocol = {
  year: 2026,
  department: union,
  titels: [],
  sessions: [
    {
      recordNumber: 1,
      approved: '2026-03-01',
      notes: 'Ausschuss März',
      positions: [
        {
          chapter: '11006',
          part: 1,
          title: 1,
          descriptionDeu: 'Spenden',
          descriptionIta: 'Donazioni',
          budgetBefore: 300_000,
          amount: 50_000,
          budgetAfter: 350_000,
        },
        {
          chapter: '21006',
          part: 2,
          title: 1,
          descriptionDeu: 'Treibstoffe',
          descriptionIta: 'Carburanti',
          budgetBefore: 70_000,
          amount: 50_000,
          budgetAfter: 120_000,
        },
      ],
      totals: { revenues: 50_000, expenses: 50_000, balance: 0 },
    },
    { ...adjustment.adjustment!, totals: { revenues: 0, expenses: -20_000, balance: 0 } },
  ],
};

describe('changes protocol print', () => {
  it('prints every session with positions and totals, the adjustment as -1, portrait', () => {
    const doc = changesProtocolPdf(protocol, { username: 'admin', now, language: 'it' });
    expect(doc.internal.pageSize.getWidth()).toBeLessThan(doc.internal.pageSize.getHeight());
    const text = pdfText(doc, 'protocol-it').join('\n');
    expect(text).toContain('Verbale delle variazioni di bilancio 2026');
    expect(text).toContain('Contabile: Rita Rechnung · Presidente: Paul Präsident');
    expect(text).toContain('Variazione di bilancio N. 1 – approvata il 01.03.2026');
    expect(text).toMatch(/1-1-006\s+Donazioni\s+3\.000,00 €\s+500,00 €\s+3\.500,00 €/);
    expect(text).toMatch(/Entrate\s+500,00 €/);
    expect(text).toContain('N. -1 · Assestamento di bilancio – approvata il 10.05.2026');
    expect(text).toMatch(/2-1-016\s+Formazione e corsi\s+0,00 €\s+100,00 €\s+100,00 €/);
    expect(text.indexOf('N. 1')).toBeLessThan(text.indexOf('N. -1'));
    expect(text).toMatch(/Accesso come admin\s+Pagina 1 di \d/);
  });

  it('leaves out empty signers and their separators (no dashes, no stray area)', () => {
    const noSigners = { ...leifers, cashierName: '', commanderName: '' };
    const text = pdfText(changesProtocolPdf({ ...protocol, department: noSigners }, { username: 'kassier', now, language: 'de' }), 'protocol-no-signers').join(
      '\n',
    );
    const head = text.slice(0, text.indexOf('Haushaltsänderung Nr. 1'));
    expect(head).toMatch(/Protokoll der Haushaltsänderungen 2026\s+Freiwillige Feuerwehr Leifers \(101\)\s*$/);
    expect(head).not.toContain('–');
    expect(head).not.toContain('·');
    expect(head).not.toContain('Kassier');
    const commanderOnly = { ...leifers, cashierName: ' ', commanderName: 'Martin Kommandant' };
    const text2 = pdfText(
      changesProtocolPdf({ ...protocol, department: commanderOnly }, { username: 'kassier', now, language: 'it' }),
      'protocol-commander-only',
    ).join('\n');
    expect(text2).toMatch(/Corpo dei Vigili del Fuoco Volontari Laives \(101\)\s+Comandante: Martin Kommandant\n/);
    expect(text2).not.toContain('Cassiere:');
  });

  it('says so when the selection is empty', () => {
    const text = pdfText(changesProtocolPdf({ ...protocol, sessions: [] }, { username: 'admin', now, language: 'de' }), 'protocol-empty').join('\n');
    expect(text).toContain('Protokoll der Haushaltsänderungen 2026');
    expect(text).toContain('Keine Haushaltsänderungen für diese Auswahl.');
    expect(text).toContain('Rechnungsführer: Rita Rechnung · Präsident: Paul Präsident');
  });
});
