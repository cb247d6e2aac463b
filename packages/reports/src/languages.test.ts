import { type ChartExport, type Department, type ForecastExport, newDepartment, newSupplier, type PrintDepartment, type ProtocolSession } from '@app/domain';
import type { jsPDF } from 'jspdf';
import { describe, expect, it } from 'vitest';
import { accountsPrintPdf } from './accountsPrint.ts';
import { adjustmentProtocolPdf } from './adjustmentProtocol.ts';
import { budgetDraftPdf } from './budgetDraft.ts';
import { changesByChapterPdf } from './changesByChapter.ts';
import { changesProtocolPdf } from './changesProtocol.ts';
import { chartOfAccountsPdf } from './chartOfAccounts.ts';
import { departmentListPdf } from './departmentList.ts';
import { departmentMasterSheetPdf } from './departmentMasterSheet.ts';
import { forecastPdf } from './forecast.ts';
import type { ReportLanguage } from './labels/index.ts';
import { pdfReader } from './pdfText.testkit.ts';
import { supplierListPdf } from './supplierList.ts';
import { supplierMasterSheetPdf } from './supplierMasterSheet.ts';

/**
 * Every printed list prints its title and column labels in the language asked for, and none of the
 * other language: literal texts here, so a label moved to the wrong catalog or hard-coded fails.
 */

const pdfPages = pdfReader('reports-languages-');
const ctx = { username: 'kassier', now: new Date('2026-11-22T09:05:00Z') };

const department: PrintDepartment = {
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
const chart: ChartExport = {
  area: 3,
  year: 2026,
  part: null,
  withCategories: true,
  titles: [
    {
      part: 1,
      title: 1,
      descriptionDeu: 'Laufende Einnahmen',
      descriptionIta: 'Entrate correnti',
      chapters: [{ chapter: '11006', descriptionDeu: 'Spenden', descriptionIta: 'Donazioni', emptyChapter: false, category: null, etsCode: 'A4' }],
    },
  ],
};
const forecast: ForecastExport = {
  financialYear: 2026,
  withoutValues: false,
  area: 3,
  approval: null,
  date: '2026-11-22',
  department,
  details: [
    {
      part: 1,
      totalCurrYear: 100,
      totalPrevYear: 100,
      titles: [
        {
          part: 1,
          title: 1,
          descriptionDeu: 'Laufende Einnahmen',
          descriptionIta: 'Entrate correnti',
          totalCurrYear: 100,
          totalPrevYear: 100,
          chapters: [{ chapter: '11006', descriptionDeu: 'Spenden', descriptionIta: 'Donazioni', amountCurrYear: 100, amountPrevYear: 100 }],
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
        revenues: 100,
        expenses: 0,
        revenuesPrevYear: 100,
        expensesPrevYear: 0,
      },
    ],
    surplusUsed: 0,
    surplusUsedPrevYear: 0,
    revenues: 100,
    expenses: 0,
  },
};
const session: ProtocolSession = {
  recordNumber: 1,
  approved: '2026-03-01',
  notes: '',
  positions: [{ chapter: '11006', part: 1, title: 1, descriptionDeu: 'Spenden', descriptionIta: 'Donazioni', budgetBefore: 100, amount: 50, budgetAfter: 150 }],
  totals: { revenues: 50, expenses: 0, balance: 50 },
};

interface Case {
  name: string;
  print: (language: ReportLanguage) => jsPDF;
  /** Per language: the title and the column labels (in order, as the header row prints them). */
  de: { title: string; head: string[] };
  it: { title: string; head: string[] };
}

const cases: Case[] = [
  {
    name: 'department list',
    print: (language) =>
      departmentListPdf(
        {
          language,
          codeFrom: null,
          codeTo: null,
          rows: [{ code: '101', name: 'FF Leifers', location: 'Leifers', commander: 'M. K.', cashier: '', phone: '', email: '' }],
        },
        ctx,
      ),
    de: { title: 'Verzeichnis der Feuerwehren', head: ['Code', 'Bezeichnung', 'Ort', 'Kommandant'] },
    it: { title: 'Elenco dei corpi', head: ['Codice', 'Denominazione', 'Località', 'Comandante'] },
  },
  {
    name: 'department master sheet',
    print: (language) =>
      departmentMasterSheetPdf(
        { language, departments: [{ ...newDepartment(), id: 4, area: 3, code: '101', taxCode: '00123', siaNumber: 'S1' } as Department] },
        ctx,
      ),
    de: { title: 'Stammblatt der Feuerwehren', head: ['Name 1 (deutsch)', 'Steuernummer', 'SIA-Nummer'] },
    it: { title: 'Scheda anagrafica dei corpi', head: ['Nome 1 (tedesco)', 'Codice fiscale', 'Codice SIA'] },
  },
  {
    name: 'supplier list',
    print: (language) =>
      supplierListPdf(
        {
          language,
          departmentCode: '101',
          departmentName: 'FF Leifers',
          rows: [
            { code: 1, searchKey: 'PICHLER', name: 'Pichler KG', address: '', vatCode: '', taxCode: '', phone: '', email: '', iban: '', isInactive: false },
          ],
        },
        ctx,
      ),
    de: { title: 'Lieferantenverzeichnis', head: ['Nummer', 'Suchbegriff', 'Name und Anschrift', 'IBAN'] },
    it: { title: 'Elenco fornitori', head: ['Numero', 'Chiave di ricerca', 'Nome e indirizzo', 'IBAN'] },
  },
  {
    name: 'supplier master sheet',
    print: (language) =>
      supplierMasterSheetPdf(
        { language, departmentCode: '101', departmentName: 'FF Leifers', suppliers: [{ ...newSupplier(1, 1), id: 1, name1: 'Pichler KG' }] },
        ctx,
      ),
    de: { title: 'Stammblatt der Lieferanten', head: ['Nummer', 'Zahlungsziel', 'Kontonummer'] },
    it: { title: 'Scheda anagrafica dei fornitori', head: ['Numero', 'Termine di pagamento', 'Numero di conto'] },
  },
  {
    name: 'accounts',
    print: (language) =>
      accountsPrintPdf(
        {
          language,
          departmentCode: '101',
          departmentName: 'FF Leifers',
          type: 2,
          year: 2026,
          totals: { initialBalance: 0, movementsBalance: 0, finalBalance: 0 },
          rows: [
            {
              id: 1,
              code: 'B1',
              type: 2,
              descriptionDeu: 'Konto',
              descriptionIta: 'Conto',
              notes: '',
              inactive: false,
              bankInfo: { iban: '', bankName: '', swift: '' },
              initialBalance: 0,
              movementsBalance: 0,
              finalBalance: 0,
            },
          ],
        },
        ctx,
      ),
    de: { title: 'Konten: Bank', head: ['Code', 'Beschreibung', 'IBAN', 'Bank', 'BIC', 'Anmerkungen', 'Anfangssaldo', 'Bewegungen', 'Endsaldo'] },
    it: { title: 'Conti: Banca', head: ['Codice', 'Descrizione', 'IBAN', 'Banca', 'BIC', 'Note', 'Saldo iniziale', 'Movimenti', 'Saldo finale'] },
  },
  {
    name: 'chart of accounts',
    print: (language) => chartOfAccountsPdf(chart, { ...ctx, language }),
    de: { title: 'Kontenplan 2026', head: ['Kapitel', 'Bezeichnung deutsch', 'Bezeichnung italienisch', 'Kategorie', 'ETS'] },
    it: { title: 'Piano dei conti 2026', head: ['Capitolo', 'Descrizione tedesca', 'Descrizione italiana', 'Categoria', 'ETS'] },
  },
  {
    name: 'empty forecast draft',
    print: (language) => budgetDraftPdf(chart, { ...ctx, language }),
    de: { title: 'Haushaltsvoranschlag 2026 – Entwurf', head: ['Kapitel', 'Bezeichnung', 'Voranschlag 2025', 'Voranschlag 2026', 'Anmerkungen'] },
    it: { title: 'Bilancio di previsione 2026 – bozza', head: ['Capitolo', 'Descrizione', 'Previsione 2025', 'Previsione 2026', 'Note'] },
  },
  {
    name: 'forecast',
    print: (language) => forecastPdf(forecast, { ...ctx, language }),
    de: { title: 'Haushaltsvoranschlag 2026', head: ['Kapitel', 'Bezeichnung', 'Voranschlag 2025', 'Voranschlag 2026'] },
    it: { title: 'Bilancio di previsione 2026', head: ['Capitolo', 'Descrizione', 'Previsione 2025', 'Previsione 2026'] },
  },
  {
    name: 'forecast summary',
    print: (language) => forecastPdf({ ...forecast, details: null }, { ...ctx, language }),
    de: { title: 'Zusammenfassung', head: ['Titel', 'Bezeichnung', 'Einnahmen 2025', 'Einnahmen 2026', 'Ausgaben 2025', 'Ausgaben 2026'] },
    it: { title: 'Riepilogo', head: ['Titolo', 'Descrizione', 'Entrate 2025', 'Entrate 2026', 'Uscite 2025', 'Uscite 2026'] },
  },
  {
    name: 'changes by chapter',
    print: (language) =>
      changesByChapterPdf(
        {
          year: 2026,
          department,
          hasDetails: false,
          items: [
            {
              chapterId: 1,
              chapter: '11006',
              part: 1,
              title: 1,
              descriptionDeu: 'Spenden',
              descriptionIta: 'Donazioni',
              budgetInitial: 100,
              budgetChanges: 50,
              budgetFinal: 150,
              changes: [],
            },
          ],
        },
        { ...ctx, language },
      ),
    de: { title: 'Haushaltsänderungen nach Kapiteln 2026', head: ['Kapitel', 'Bezeichnung', 'Anfangsansatz', 'Änderungen', 'Endansatz'] },
    it: { title: 'Variazioni di bilancio per capitolo 2026', head: ['Capitolo', 'Descrizione', 'Stanziamento iniziale', 'Variazioni', 'Stanziamento finale'] },
  },
  {
    name: 'adjustment protocol',
    print: (language) =>
      adjustmentProtocolPdf(
        { year: 2026, department, titels: [], adjustment: { ...session, recordNumber: -1, surplusActual: 0, surplusPlanned: 0 } },
        { ...ctx, language },
      ),
    de: { title: 'Protokoll der Haushaltsangleichung 2026', head: ['Kapitel', 'Bezeichnung', 'Ansatz vorher', 'Änderung', 'Ansatz nachher'] },
    it: { title: "Verbale dell'assestamento di bilancio 2026", head: ['Capitolo', 'Descrizione', 'Stanziamento prima', 'Variazione', 'Stanziamento dopo'] },
  },
  {
    name: 'changes protocol',
    print: (language) => changesProtocolPdf({ year: 2026, department, titels: [], sessions: [session] }, { ...ctx, language }),
    de: { title: 'Protokoll der Haushaltsänderungen 2026', head: ['Kapitel', 'Bezeichnung', 'Ansatz vorher', 'Änderung', 'Ansatz nachher'] },
    it: { title: 'Verbale delle variazioni di bilancio 2026', head: ['Capitolo', 'Descrizione', 'Stanziamento prima', 'Variazione', 'Stanziamento dopo'] },
  },
];

const escape = (s: string) => s.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
/** The labels in this order on one line, with only blanks between them. */
const inOneRow = (labels: string[]) => new RegExp(labels.map(escape).join('\\s+'));

describe.each(cases)('$name', (c) => {
  it.each(['de', 'it'] as const)('prints title and column labels in %s only', (language) => {
    const other = language === 'de' ? c.it : c.de;
    const text = pdfPages(c.print(language), `${c.name.replaceAll(' ', '-')}-${language}`).join('\n');
    expect(text).toContain(c[language].title);
    expect(text).not.toContain(other.title);
    if (c.name.endsWith('master sheet')) {
      // field labels down the rows (two field columns), not a header row
      for (const label of c[language].head) expect(text).toMatch(new RegExp(`(^|\\s)${escape(label)}\\s`, 'm'));
      for (const label of other.head.slice(1)) expect(text).not.toContain(label);
    } else {
      expect(text).toMatch(inOneRow(c[language].head));
      expect(text).not.toMatch(inOneRow(other.head));
    }
    expect(text).toContain(language === 'de' ? 'Angemeldet als kassier' : 'Accesso come kassier');
  });
});
