import { type EtsAmount, type EtsReport, type EtsReportSection, type FinalReport, reportAmounts, type ReportLine, sumAmounts } from '@app/domain';
import { describe, expect, it } from 'vitest';
import { etsReportPdf } from './etsReport.ts';
import { finalReportPdf } from './finalReport.ts';
import { pdfReader } from './pdfText.testkit.ts';

const pdfPages = pdfReader('reports-final-');
const ctx = { username: 'kassier', now: new Date('2027-02-15T09:05:00Z') };
const department = {
  id: 9,
  code: '203',
  nameDeu: 'FF Testdorf',
  nameIta: 'VVF Testdorf',
  area: 3 as const,
  cashierRole: 'cashier' as const,
  cashierName: 'Anna Kassa',
  commanderRole: 'commander' as const,
  commanderName: 'Karl Kommando',
};

function line(chapter: string, chapterYear: number, title: number, deu: string, a: Parameters<typeof reportAmounts>[0]): ReportLine {
  const part = chapter.startsWith('1') ? 1 : 2;
  const [titleNameDeu, titleNameIta] = part === 1 ? ['Laufende Einnahmen', 'Entrate correnti'] : ['Laufende Ausgaben', 'Spese correnti'];
  return { chapter, chapterYear, part, title, titleNameDeu, titleNameIta, descriptionDeu: deu, descriptionIta: `${deu} (it)`, ...reportAmounts(a) };
}

// the hand-computed year of the API test (services/finalBalance), a part of it
const l11007 = line('11007', 2026, 1, 'Feste', {
  initialForecast: 200_000,
  forecastIncreased: 50_000,
  forecastDecreased: 0,
  movements: 230_000,
  finalResidue: 20_000,
});
const l21006 = line('21006', 2026, 1, 'Treibstoffe', {
  initialForecast: 300_000,
  forecastIncreased: 0,
  forecastDecreased: -20_000,
  movements: 250_000,
  finalResidue: 0,
});
const r11009 = line('11009', 2025, 1, 'Kostenersatz', {
  initialForecast: 40_000,
  forecastIncreased: 0,
  forecastDecreased: 0,
  movements: 15_000,
  finalResidue: 0,
});
const surplus = reportAmounts({ initialForecast: 50_000, forecastIncreased: 0, forecastDecreased: 0, movements: 0, finalResidue: 0 });

const report: FinalReport = {
  financialYear: 2026,
  department,
  area: 3,
  date: '2027-02-10',
  currentManagement: [
    {
      part: 1,
      titlesDetails: [{ title: 1, titleNameDeu: 'Laufende Einnahmen', titleNameIta: 'Entrate correnti', chapters: [l11007], totals: sumAmounts([l11007]) }],
      initialSurplus: surplus,
      total: sumAmounts([l11007, surplus]),
    },
    {
      part: 2,
      titlesDetails: [{ title: 1, titleNameDeu: 'Laufende Ausgaben', titleNameIta: 'Spese correnti', chapters: [l21006], totals: sumAmounts([l21006]) }],
      initialSurplus: reportAmounts({ initialForecast: 0, forecastIncreased: 0, forecastDecreased: 0, movements: 0, finalResidue: 0 }),
      total: sumAmounts([l21006]),
    },
  ],
  residuesManagement: [
    { part: 1, chapters: [r11009], total: sumAmounts([r11009]) },
    { part: 2, chapters: [], total: sumAmounts([]) },
  ],
  summary: {
    profits: [{ chapter: '11001', chapterYear: 2025, part: 1, descriptionDeu: 'Gemeindebeitrag', descriptionIta: 'Contributo comune', amount: 20_000 }],
    profitsTotals: 20_000,
    losses: [{ chapter: '11009', chapterYear: 2025, part: 1, descriptionDeu: 'Kostenersatz', descriptionIta: 'Rimborsi', amount: 25_000 }],
    lossesTotals: 25_000,
    finalCashBalance: 865_000,
    finalSurplus: 745_000,
  },
  // jscpd:ignore-start -- the results of the API test's hand-computed year (services/finalBalance), printed here
  results: {
    initialCashBalance: 600_000,
    activeResidues: 140_000,
    revenues: 980_000,
    profits: 40_000,
    totalActive: 1_760_000,
    passiveResidues: 80_000,
    expenses: 910_000,
    losses: 25_000,
    finalCashBalance: 865_000,
    finalActiveResidues: 20_000,
    finalPassiveResidues: 140_000,
    finalSurplus: 745_000,
    nextYearSurplusForecast: null,
  },
  // jscpd:ignore-end
  cashBalanceDetails: {
    accounts: [
      { accountCode: 'K1', descriptionDeu: 'Kassa', descriptionIta: 'Cassa', finalBalance: 90_000 },
      { accountCode: 'B1', descriptionDeu: 'Bank', descriptionIta: 'Banca', finalBalance: 775_000 },
    ],
    finalBalance: 865_000,
  },
};

const lineOf = (text: string, start: RegExp) => text.split('\n').find((l) => start.test(l)) ?? '';

describe('final report print', () => {
  it('prints every section with the eight amounts per line, the results and the protocol (German, landscape)', () => {
    const doc = finalReportPdf(report, { coverPage: false }, { ...ctx, language: 'de' });
    const pages = pdfPages(doc, 'final-de');
    const text = pages.join('\n');
    expect(text).toContain('Rechnungsabschluss 2026');
    expect(text).toContain('FF Testdorf (203)');
    expect(text).toContain('Kompetenzgebarung – Einnahmen');
    // year, chapter, description, initial, increased, decreased, final, collected, residue, result, difference
    expect(lineOf(text, /1-1-007/)).toMatch(
      /2026\s+1-1-007\s+Feste\s+2\.000,00 €\s+500,00 €\s+0,00 €\s+2\.500,00 €\s+2\.300,00 €\s+200,00 €\s+2\.500,00 €\s+0,00 €/,
    );
    expect(lineOf(text, /2-1-006/)).toMatch(
      /2-1-006\s+Treibstoffe\s+3\.000,00 €\s+0,00 €\s+-200,00 €\s+2\.800,00 €\s+2\.500,00 €\s+0,00 €\s+2\.500,00 €\s+300,00 €/,
    );
    expect(lineOf(text, /Verwendeter Verwaltungsüberschuss/)).toMatch(/500,00 €\s+0,00 €\s+0,00 €\s+500,00 €\s+0,00 €\s+0,00 €\s+0,00 €\s+500,00 €/);
    expect(lineOf(text, /Summe Einnahmen/)).toMatch(/2\.500,00 €\s+500,00 €\s+0,00 €\s+3\.000,00 €\s+2\.300,00 €\s+200,00 €\s+2\.500,00 €\s+500,00 €/);
    expect(text).toContain('Rückständegebarung – Aktive Rückstände');
    expect(lineOf(text, /1-1-009/)).toMatch(/2025\s+1-1-009\s+Kostenersatz\s+400,00 €/);
    expect(text).toContain('Rückständegebarung – Passive Rückstände');
    expect(text).toMatch(/2025\s+1-1-009\s+Kostenersatz\s+250,00 €/);
    expect(text).toMatch(/2025\s+1-1-001\s+Gemeindebeitrag\s+200,00 €/);
    expect(lineOf(text, /Kassenbestand am 1\.1\./)).toMatch(/6\.000,00 €/);
    expect(lineOf(text, /Summe Aktiva/)).toMatch(/17\.600,00 €/);
    expect(lineOf(text, /^\s*Verwaltungsüberschuss/)).toMatch(/7\.450,00 €/);
    expect(lineOf(text, /Passive Rückstände am 31\.12\./)).toMatch(/1\.400,00 €/);
    expect(text).not.toContain('Folgejahres');
    expect(lineOf(text, /^\s*B1\s+Bank/)).toMatch(/7\.750,00 €/);
    expect(lineOf(text, /^\s*Kassenbestand\s+\d/)).toMatch(/8\.650,00 €/);
    expect(text).toContain('Genehmigt am 10.02.2027');
    expect(text).toContain('Kommandant');
    const size = doc.internal.pageSize;
    expect(size.getWidth()).toBeGreaterThan(size.getHeight());
  });

  it('prints in Italian with a cover page in front', () => {
    const doc = finalReportPdf(report, { coverPage: true }, { ...ctx, language: 'it' });
    const [cover = '', first = '', ...rest] = pdfPages(doc, 'final-it');
    expect(cover).toContain('Rendiconto 2026');
    expect(cover).toContain('VVF Testdorf (203)');
    expect(cover).toContain('Approvato il 10.02.2027');
    expect(cover).not.toContain('Gestione di competenza');
    expect(first).toContain('Gestione di competenza – Entrate');
    expect(lineOf(first, /1-1-007/)).toMatch(/Feste \(it\)\s+2\.000,00 €/);
    expect([first, ...rest].join('\n')).toContain('Avanzo di amministrazione applicato');
    expect([first, ...rest].join('\n')).toMatch(/Fondo di cassa al 31\.12\.\s+8\.650,00 €/);
  });

  it('leaves out the sections not asked for; the results stay', () => {
    const only = { ...report, currentManagement: null, residuesManagement: null, summary: null, cashBalanceDetails: null };
    const text = pdfPages(finalReportPdf(only, { coverPage: false }, { ...ctx, language: 'de' }), 'final-results').join('\n');
    expect(text).not.toContain('Kompetenzgebarung');
    expect(text).not.toContain('Rückständegebarung');
    expect(text).not.toContain('Protokoll');
    expect(text).toMatch(/Verwaltungsüberschuss\s+7\.450,00 €/);
  });
});

const amount = (currYear: number, prevYear: number | null = null): EtsAmount => ({ currYear, prevYear });
function section(sectionLetter: string, deu: string, categories: [string, string, number][]): EtsReportSection {
  const cats = categories.map(([code, name, cents], i) => ({ id: i + 1, code, descriptionDeu: name, descriptionIta: `${name} (it)`, amount: amount(cents) }));
  return {
    section: sectionLetter,
    descriptionDeu: deu,
    descriptionIta: `${deu} (it)`,
    categories: cats,
    total: amount(cats.reduce((s, c) => s + c.amount.currYear, 0)),
  };
}

const ets: EtsReport = {
  financialYear: 2026,
  department,
  hasPreviousYear: false,
  management: {
    profits: [
      section('A', 'Einnahmen aus Tätigkeiten von allgemeinem Interesse', [
        ['A7', 'Leistungen an Dritte', 15_000],
        ['A8', 'Beiträge öffentlicher Körperschaften', 720_000],
      ]),
      section('C', 'Einnahmen aus Spendensammlungen', [['C2', 'Gelegentliche Sammlungen', 230_000]]),
    ],
    losses: [
      section('A', 'Ausgaben für Tätigkeiten von allgemeinem Interesse', [
        ['A1', 'Waren', 300_000],
        ['A2', 'Dienstleistungen', 200_000],
        ['A5', 'Sonstige Ausgaben', 30_000],
      ]),
      section('C', 'Ausgaben für Spendensammlungen', [['C2', 'Gelegentliche Sammlungen', 0]]),
    ],
  },
  assets: {
    profits: [section('I', 'Desinvestitionen', [['I1', 'Veräußerung', 100_000]])],
    losses: [section('I', 'Investitionen', [['I1', 'Anlagegüter', 300_000]])],
  },
  managementTotalProfit: amount(995_000),
  managementTotalLoss: amount(530_000),
  managementBalance: amount(465_000),
  assetsTotalProfit: amount(100_000),
  assetsTotalLoss: amount(300_000),
  assetsBalance: amount(-200_000),
  totalBalance: amount(265_000),
  cash: amount(90_000),
  bankDeposits: amount(775_000),
  unassigned: [
    { part: 1, chapterYear: 2026, chapter: '13001', descriptionDeu: 'Quellensteuern', descriptionIta: "Ritenute d'acconto", amount: amount(30_000) },
  ],
};

describe('ETS report print', () => {
  it('model D: payments left, receipts right, the balances, cash and bank; not assigned with a warning; no previous year (German)', () => {
    const doc = etsReportPdf(ets, { coverPage: false }, { ...ctx, language: 'de' });
    const text = pdfPages(doc, 'ets-de').join('\n');
    expect(text).toContain('Rechnungsabschluss ETS 2026');
    expect(text).toContain('Das Vorjahr ist nicht im System');
    expect(lineOf(text, /Ausgaben\s+2026\s+2025\s+Einnahmen\s+2026\s+2025/)).not.toBe('');
    expect(lineOf(text, /1\) Waren/)).toMatch(/1\) Waren\s+3\.000,00 €\s+7\) Leistungen an Dritte\s+150,00 €/);
    expect(lineOf(text, /2\) Dienstleistungen/)).toMatch(/2\.000,00 €\s+8\) Beiträge öffentlicher Körperschaften\s+7\.200,00 €/);
    expect(text).toContain('Achtung: Kapitel ohne ETS-Kategorie');
    expect(lineOf(text, /1-3-001/)).toMatch(/1-3-001 \(2026\) Quellensteuern\s+300,00 €/);
    expect(lineOf(text, /Summe Ausgaben der Gebarung/)).toMatch(/5\.300,00 €\s+Summe Einnahmen der Gebarung\s+9\.950,00 €/);
    expect(lineOf(text, /Überschuss\/Fehlbetrag der Gebarung/)).toMatch(/4\.650,00 €/);
    expect(lineOf(text, /aus Investitionen und Desinvestitionen/)).toMatch(/-2\.000,00 €/);
    expect(lineOf(text, /Gesamtüberschuss/)).toMatch(/2\.650,00 €/);
    expect(lineOf(text, /Bank- und Postguthaben/)).toMatch(/7\.750,00 €/);
    const size = doc.internal.pageSize;
    expect(size.getWidth()).toBeGreaterThan(size.getHeight());
  });

  it('prints the previous year when it is in the system, in Italian with a cover page', () => {
    const withPrev: EtsReport = { ...ets, hasPreviousYear: true, cash: amount(90_000, 100_000), bankDeposits: amount(775_000, 500_000) };
    const [cover = '', ...pages] = pdfPages(etsReportPdf(withPrev, { coverPage: true }, { ...ctx, language: 'it' }), 'ets-it');
    expect(cover).toContain('Rendiconto ETS 2026');
    expect(cover).toContain('Rendiconto per cassa (modello D, Terzo settore)');
    const text = pages.join('\n');
    expect(text).not.toContain("L'anno precedente non è nel sistema");
    expect(lineOf(text, /Uscite\s+2026\s+2025\s+Entrate\s+2026\s+2025/)).not.toBe('');
    expect(lineOf(text, /^\s*Cassa\s+\d/)).toMatch(/900,00 €\s+1\.000,00 €/);
    expect(lineOf(text, /Depositi bancari e postali/)).toMatch(/7\.750,00 €\s+5\.000,00 €/);
    expect(text).toContain('Attenzione: capitoli senza categoria ETS');
  });
});
