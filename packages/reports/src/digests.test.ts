import {
  type Availabilities,
  type BudgetChapter,
  type CashJournal,
  type CashJournalRow,
  type ChapterDigest,
  type ChapterDigestRow,
  chapterFigures,
  type ChaptersList,
  type ChapterAmounts,
  type SupplierDigest,
  type SupplierDigestRow,
  type SuppliersList,
} from '@app/domain';
import { describe, expect, it } from 'vitest';
import { availabilitiesPdf } from './availabilities.ts';
import { cashJournalPdf } from './cashJournal.ts';
import { chapterDigestsPdf } from './chapterDigest.ts';
import { pdfReader } from './pdfText.testkit.ts';
import { supplierDigestsPdf } from './supplierDigest.ts';

const pdfPages = pdfReader('reports-digests-');
const ctx = { username: 'kassier', now: new Date('2026-11-22T09:05:00Z') };
const de = { ...ctx, language: 'de' as const };
const itCtx = { ...ctx, language: 'it' as const };
const department = '102 FF Eppan';

/** The text line that matches `start` ('' when none). */
const lineOf = (text: string, start: RegExp) => text.split('\n').find((l) => start.test(l)) ?? '';
const page = { page: 1, pageSize: 0, totalPages: 1, total: 0 };
const source = { movementId: null, movementKind: null, type: null, changeId: null, reservationId: null, accountTransferId: null };
const fields = {
  documentDate: null,
  documentNumber: '',
  supplierId: null,
  supplierCode: null,
  supplierName: '',
  description: '',
  cancelled: false,
  receipts: 0,
};

// ---- cash journal: K1 in March, hand-checked ----------------------------------------------------
const cashRow = (
  patch: Partial<CashJournalRow> & Pick<CashJournalRow, 'kind' | 'recordDate' | 'recordNumber' | 'amount' | 'finalBalance'>,
): CashJournalRow => ({
  ...source,
  ...fields,
  recordYear: null,
  paymentId: null,
  orderNumber: null,
  orderYear: null,
  counterAccountCode: null,
  isPaid: null,
  ...patch,
});
// 1.500,00 + 800,00 - 123,45 - 500,00 - 76,55 = 1.600,00
const journalRows: CashJournalRow[] = [
  cashRow({
    kind: 'revenue',
    recordDate: '2026-03-02',
    recordNumber: 12,
    documentNumber: 'Q-7',
    description: 'Gemeinde 1. Rate',
    amount: 80_000,
    finalBalance: 230_000,
  }),
  cashRow({
    kind: 'paymentDone',
    recordDate: '2026-03-05',
    recordNumber: 31,
    documentNumber: 'R-100',
    supplierCode: 1001,
    supplierName: 'Autohaus Meier',
    description: 'Diesel',
    amount: -12_345,
    finalBalance: 217_655,
  }),
  cashRow({
    kind: 'accountTransfer',
    recordDate: '2026-03-10',
    recordNumber: 4,
    counterAccountCode: 'B1',
    description: 'Einzahlung',
    amount: -50_000,
    finalBalance: 167_655,
  }),
  cashRow({
    kind: 'paymentOpen',
    recordDate: '2026-03-20',
    recordNumber: 28,
    documentNumber: 'R-7',
    supplierCode: 1002,
    supplierName: 'Elektro Pichler',
    description: '1. Rate',
    amount: -7_655,
    finalBalance: 160_000,
    isPaid: true,
  }),
];
const journal: CashJournal = {
  year: 2026,
  accountId: 5,
  accountCode: 'K1',
  accountType: 1,
  descriptionDeu: 'Kassa',
  descriptionIta: 'Cassa',
  dateFrom: '2026-03-01',
  dateTo: '2026-03-31',
  dateFromBalance: 150_000,
  totalProfit: 80_000,
  totalLoss: 70_000,
  movementsBalance: 10_000,
  finalBalance: 160_000,
  openPayments: 23_000,
  movements: journalRows,
  ...page,
};

describe('cash journal print', () => {
  it('shows the box, every row with revenues and expenses apart, the running balance and the totals (German, landscape)', () => {
    const doc = cashJournalPdf(journal, department, de);
    expect(doc.internal.pageSize.getWidth()).toBeGreaterThan(290);
    const [text = '', ...more] = pdfPages(doc, 'cash-de');
    expect(more).toHaveLength(0);
    expect(text).toContain('Kassajournal 2026');
    expect(text).toContain('102 FF Eppan');
    expect(text).toContain('Konto K1 – Kassa · 01.03.2026 – 31.03.2026');
    for (const label of ['Anfangsbestand', 'Saldo der Bewegungen', 'Endbestand', 'Noch nicht bezahlte Raten', 'Einnahmen', 'Ausgaben', 'Saldo'])
      expect(text).toContain(label);
    expect(text).toMatch(/1\.500,00 €\s+800,00 €\s+700,00 €\s+100,00 €\s+1\.600,00 €\s+230,00 €/);
    expect(lineOf(text, /^\s*Anfangsbestand\s+1\.500,00 €\s*$/)).not.toBe('');
    expect(lineOf(text, /^\s*02\.03\.2026/)).toMatch(/12\s+Einnahme\s+Q-7\s+Gemeinde 1\. Rate\s+800,00 €\s+2\.300,00 €/);
    expect(lineOf(text, /^\s*05\.03\.2026/)).toMatch(/31\s+Bezahlte Ausgabe\s+R-100\s+1001 Autohaus Meier\s+Diesel\s+123,45 €\s+2\.176,55 €/);
    expect(lineOf(text, /^\s*10\.03\.2026/)).toMatch(/4\s+Kontoübertrag\s+an B1 · Einzahlung\s+500,00 €\s+1\.676,55 €/);
    // an instalment of an open payment, paid: a paid instalment, not "Offene Zahlung" (README › Decisions)
    expect(lineOf(text, /^\s*20\.03\.2026/)).toMatch(/28\s+Bezahlte Rate\s+R-7\s+1002 Elektro Pichler\s+1\. Rate\s+76,55 €\s+1\.600,00 €/);
    expect(text).not.toContain('Offene Zahlung');
    expect(lineOf(text, /Summe \(4\)/)).toMatch(/800,00 €\s+700,00 €\s+1\.600,00 €/);
    expect(text).toMatch(/Angemeldet als kassier\s+Seite 1 von 1/);
  });

  it('prints in Italian; the whole year when no dates; an empty period says so; long journals number their pages', () => {
    const [text = ''] = pdfPages(cashJournalPdf(journal, department, itCtx), 'cash-it');
    expect(text).toContain('Giornale di cassa 2026');
    expect(text).toContain('Conto K1 – Cassa · 01.03.2026 – 31.03.2026');
    expect(lineOf(text, /^\s*10\.03\.2026/)).toMatch(/Trasferimento tra conti\s+a B1 · Einzahlung\s+500,00 €/);
    expect(lineOf(text, /^\s*05\.03\.2026/)).toMatch(/Pagamento effettuato/);
    expect(lineOf(text, /^\s*20\.03\.2026/)).toMatch(/28\s+Rata pagata\s+R-7/);
    expect(lineOf(text, /Totale \(4\)/)).toMatch(/800,00 €\s+700,00 €\s+1\.600,00 €/);
    expect(text).toMatch(/Accesso come kassier\s+Pagina 1 di 1/);
    expect(text).not.toMatch(/Kassajournal|Summe|Einnahme\b/);

    const empty = { ...journal, dateFrom: null, dateTo: null, movements: [], totalProfit: 0, totalLoss: 0, movementsBalance: 0, finalBalance: 150_000 };
    const [none = ''] = pdfPages(cashJournalPdf(empty, department, de), 'cash-empty');
    expect(none).toContain('Konto K1 – Kassa · ganzes Jahr');
    expect(none).toContain('Keine Bewegungen in diesem Zeitraum.');

    const many = Array.from({ length: 90 }, (_, i) =>
      cashRow({ kind: 'revenue', recordDate: '2026-03-02', recordNumber: i + 1, amount: 100, finalBalance: 150_000 + 100 * (i + 1) }),
    );
    const pages = pdfPages(
      cashJournalPdf({ ...journal, movements: many, totalProfit: 9_000, totalLoss: 0, finalBalance: 159_000 }, department, de),
      'cash-long',
    );
    expect(pages.length).toBeGreaterThan(1);
    pages.forEach((p, i) => expect(p).toContain(`Seite ${i + 1} von ${pages.length}`));
    expect(lineOf(pages.at(-1) ?? '', /Summe \(90\)/)).toMatch(/90,00 €\s+0,00 €\s+1\.590,00 €/);
  });
});

describe('cash journal print: cancelled records (DOMAIN decision 27)', () => {
  // a cancelled expense and a cancelled account transfer between the rows: 0,00, the totals unchanged
  const withCancelled: CashJournal = {
    ...journal,
    movements: [
      ...journalRows.slice(0, 2),
      cashRow({ kind: 'paymentDone', recordDate: '2026-03-06', recordNumber: 32, description: 'Reifen', amount: 0, finalBalance: 217_655, cancelled: true }),
      cashRow({
        kind: 'accountTransfer',
        recordDate: '2026-03-07',
        recordNumber: 3,
        counterAccountCode: 'B1',
        amount: 0,
        finalBalance: 217_655,
        cancelled: true,
      }),
      cashRow({ kind: 'revenue', recordDate: '2026-03-08', recordNumber: 13, amount: 0, finalBalance: 217_655, cancelled: true }),
      ...journalRows.slice(2),
    ],
  };

  it('prints each with its number, date, "storniert" and 0,00 on its side; the totals stay (German)', () => {
    const [text = ''] = pdfPages(cashJournalPdf(withCancelled, department, de), 'cash-cancelled-de');
    expect(lineOf(text, /^\s*06\.03\.2026/)).toMatch(/32\s+Bezahlte Ausgabe\s+Reifen · \(storniert\)\s+0,00 €\s+2\.176,55 €/);
    expect(lineOf(text, /^\s*07\.03\.2026/)).toMatch(/3\s+Kontoübertrag\s+B1 · \(storniert\)\s+0,00 €\s+2\.176,55 €/);
    expect(lineOf(text, /^\s*08\.03\.2026/)).toMatch(/13\s+Einnahme\s+\(storniert\)\s+0,00 €\s+2\.176,55 €/);
    expect(lineOf(text, /Summe \(7\)/)).toMatch(/800,00 €\s+700,00 €\s+1\.600,00 €/);
  });

  it('in Italian "annullato"', () => {
    const [text = ''] = pdfPages(cashJournalPdf(withCancelled, department, itCtx), 'cash-cancelled-it');
    expect(lineOf(text, /^\s*06\.03\.2026/)).toMatch(/32\s+Pagamento effettuato\s+Reifen · \(annullato\)\s+0,00 €/);
    expect(lineOf(text, /Totale \(7\)/)).toMatch(/800,00 €\s+700,00 €\s+1\.600,00 €/);
  });
});

describe('cash journal print: bank returns (DOMAIN decision 22)', () => {
  // the bank returned the 76,55 of record 28 (order 3/2026) and a 40,00 of record 9/2025 (order 12/2025) on 25.03.: money back on the account
  const withReturns: CashJournal = {
    ...journal,
    movements: [
      ...journalRows,
      cashRow({
        kind: 'paymentReturn',
        recordDate: '2026-03-25',
        recordNumber: 28,
        documentNumber: 'R-7',
        supplierCode: 1002,
        supplierName: 'Elektro Pichler',
        description: '1. Rate',
        amount: 7_655,
        finalBalance: 167_655,
        isPaid: false,
        orderNumber: 3,
        orderYear: 2026,
      }),
      cashRow({
        kind: 'paymentReturn',
        recordDate: '2026-03-26',
        recordNumber: 9,
        recordYear: 2025,
        amount: 4_000,
        finalBalance: 171_655,
        isPaid: false,
        orderNumber: 12,
        orderYear: 2025,
      }),
    ],
    totalProfit: 91_655,
    movementsBalance: 21_655,
    finalBalance: 171_655,
  };

  it('prints each as "Von der Bank zurückgewiesen" on the revenue side with its payment order and record (German)', () => {
    const [text = ''] = pdfPages(cashJournalPdf(withReturns, department, de), 'cash-returns-de');
    // the kind wraps in its column ("Von der Bank / zurückgewiesen"), the order and record too; the amount stands among the revenues
    expect(lineOf(text, /^\s*25\.03\.2026/)).toMatch(
      /28\s+Von der Bank\s+R-7\s+1002 Elektro Pichler\s+Zahlungsauftrag 3\/2026 · 1\. Rate\s+76,55 €\s{10,}1\.676,55 €$/,
    );
    expect(lineOf(text, /^\s*26\.03\.2026/)).toMatch(/9\s+Von der Bank\s+Zahlungsauftrag 12\/2025 · Buchung\s+40,00 €\s{10,}1\.716,55 €$/);
    expect(lineOf(text, /^\s*zurückgewiesen\s+9\/2025\s*$/)).not.toBe('');
    expect(text).not.toContain('Offene Zahlung');
    expect(lineOf(text, /Summe \(6\)/)).toMatch(/916,55 €\s+700,00 €\s+1\.716,55 €/);
  });

  it('in Italian "Respinto dalla banca" with the "Ordine di pagamento"', () => {
    const [text = ''] = pdfPages(cashJournalPdf(withReturns, department, itCtx), 'cash-returns-it');
    expect(lineOf(text, /^\s*25\.03\.2026/)).toMatch(
      /28\s+Respinto dalla banca\s+R-7\s+1002 Elektro Pichler\s+Ordine di pagamento 3\/2026 · 1\. Rate\s+76,55 €/,
    );
    expect(lineOf(text, /^\s*26\.03\.2026/)).toMatch(/9\s+Respinto dalla banca\s+Ordine di pagamento 12\/2025 ·\s+40,00 €/);
    expect(text).toContain('Registrazione 9/2025');
    expect(text).not.toContain('Pagamento aperto');
  });
});

// ---- chapter digest: the DOMAIN worked example (2-1-003) and a revenue chapter -----------------
const line = (chapter: string, title: number, names: [string, string], amounts: Omit<ChapterAmounts, 'part'>): BudgetChapter => {
  const part = chapter.startsWith('1') ? 1 : 2;
  return {
    ...chapterFigures({ part, ...amounts }),
    chapterId: Number(chapter),
    chapter,
    chapterYear: 2025,
    part,
    title,
    descriptionDeu: names[0],
    descriptionIta: names[1],
    searchKeyDeu: '',
    searchKeyIta: '',
    isEditable: false,
    lineId: Number(chapter),
  };
};
// initial 1.000,00, change +200,00, paid 300,00, open 200,00, reserved 300,00 -> available 400,00; residue 500,00
const equipment = line('21003', 1, ['Ausrüstung', 'Attrezzatura'], {
  budgetInitial: 100_000,
  budgetChanges: 20_000,
  payments: 30_000,
  openPayments: 20_000,
  reservations: 30_000,
  finalResidue: 50_000,
});
const fuel = line('21006', 1, ['Treibstoff', 'Carburante'], {
  budgetInitial: 30_000,
  budgetChanges: 0,
  payments: 0,
  openPayments: 0,
  reservations: 0,
  finalResidue: null,
});
// 5.000,00 budgeted, 1.234,56 collected -> 3.765,44 to receive
const municipality = line('11001', 1, ['Beitrag Gemeinde', 'Contributo comune'], {
  budgetInitial: 500_000,
  budgetChanges: 0,
  payments: 123_456,
  openPayments: 0,
  reservations: 0,
  finalResidue: null,
});
const digestRow = (
  patch: Partial<ChapterDigestRow> & Pick<ChapterDigestRow, 'kind' | 'figure' | 'recordDate' | 'recordNumber' | 'amount' | 'finalBalance'>,
) => ({
  ...source,
  ...fields,
  isPaid: null,
  closed: false,
  counterChapter: null,
  counterChapterYear: null,
  recordYear: 2025,
  ...patch,
});
const digest = (b: BudgetChapter, movements: ChapterDigestRow[], totals: ChapterDigest['totals']): ChapterDigest => ({
  year: 2025,
  chapterYear: 2025,
  chapterId: b.chapterId,
  chapter: b.chapter,
  part: b.part,
  title: b.title,
  descriptionDeu: b.descriptionDeu,
  descriptionIta: b.descriptionIta,
  balance: b,
  totals,
  movements,
  ...page,
});
const equipmentRows: ChapterDigestRow[] = [
  digestRow({
    kind: 'budgetChange',
    figure: 'budgetChanges',
    recordDate: '2025-02-10',
    recordNumber: 1,
    description: 'Gerätekauf',
    amount: 20_000,
    finalBalance: 120_000,
  }),
  digestRow({
    kind: 'paymentDone',
    figure: 'payments',
    recordDate: '2025-03-05',
    recordNumber: 5,
    documentNumber: 'R-100',
    supplierCode: 1001,
    supplierName: 'Autohaus Meier',
    description: 'Helme',
    amount: 30_000,
    isPaid: true,
    finalBalance: 90_000,
  }),
  digestRow({
    kind: 'paymentOpen',
    figure: 'openPayments',
    // a bill of the year before, still open
    recordDate: '2024-11-20',
    recordYear: 2024,
    recordNumber: 7,
    documentNumber: 'R-101',
    supplierCode: 1002,
    supplierName: 'Elektro Pichler',
    description: 'Lampen',
    amount: 20_000,
    isPaid: false,
    finalBalance: 70_000,
  }),
  digestRow({
    kind: 'reservation',
    figure: 'reservations',
    recordDate: '2025-05-02',
    recordNumber: 2,
    description: 'Atemschutz',
    amount: 30_000,
    finalBalance: 40_000,
  }),
];
const chapters: ChaptersList = {
  year: 2025,
  chapterYear: 2025,
  withMovements: true,
  chapters: [
    digest(
      municipality,
      [
        digestRow({
          kind: 'revenue',
          figure: 'payments',
          recordDate: '2025-03-10',
          recordNumber: 3,
          description: '1. Rate',
          amount: 123_456,
          finalBalance: 376_544,
        }),
      ],
      { budgetChanges: 0, payments: 123_456, openPayments: 0, reservations: 0 },
    ),
    digest(equipment, equipmentRows, { budgetChanges: 20_000, payments: 30_000, openPayments: 20_000, reservations: 30_000 }),
    digest(fuel, [], { budgetChanges: 0, payments: 0, openPayments: 0, reservations: 0 }),
  ],
};

describe('chapter digest print', () => {
  it('with movements: per chapter its box, every row under the figure it moves, the running availability and the totals', () => {
    const text = pdfPages(chapterDigestsPdf(chapters, { department, chapterFrom: '11001', chapterTo: '21006' }, de), 'chapters-de').join('\n');
    expect(text).toContain('Kapitelauszug 2025');
    expect(text).toContain('Kapitel 1-1-001 – 2-1-006 · mit Bewegungen');
    expect(text).toContain('2-1-003 Ausrüstung');
    // the box: initial, changes, final, payments, open, reserved, available
    expect(text).toMatch(/1\.000,00 €\s+200,00 €\s+1\.200,00 €\s+300,00 €\s+200,00 €\s+300,00 €\s+400,00 €/);
    expect(lineOf(text, /^\s*10\.02\.2025/)).toMatch(/1\s+Haushaltsänderung\s+Gerätekauf\s+200,00 €\s+1\.200,00 €/);
    expect(lineOf(text, /^\s*05\.03\.2025/)).toMatch(/5\s+Bezahlte Ausgabe\s+R-100\s+1001 Autohaus Meier\s+Helme\s+300,00 €\s+900,00 €/);
    expect(lineOf(text, /^\s*20\.11\.2024/)).toMatch(/7\/2024\s+Offene Zahlung\s+R-101\s+1002 Elektro Pichler\s+Lampen\s+200,00 €\s+700,00 €/);
    expect(lineOf(text, /^\s*02\.05\.2025/)).toMatch(/2\s+Vormerkung\s+Atemschutz\s+300,00 €\s+400,00 €/);
    expect(lineOf(text, /Summe \(4\)/)).toMatch(/200,00 €\s+300,00 €\s+200,00 €\s+300,00 €\s+400,00 €/);
    // the revenue chapter: collected 1.234,56 of 5.000,00
    expect(lineOf(text, /^\s*10\.03\.2025/)).toMatch(/3\s+Einnahme\s+1\. Rate\s+1\.234,56 €\s+3\.765,44 €/);
    expect(lineOf(text, /Summe \(1\)/)).toMatch(/0,00 €\s+1\.234,56 €\s+0,00 €\s+0,00 €\s+3\.765,44 €/);
    expect(lineOf(text, /Summe \(0\)/)).toMatch(/0,00 €\s+0,00 €\s+0,00 €\s+0,00 €\s+300,00 €/);
  });

  it('without movements: the boxes per part with the part totals; Italian; empty', () => {
    const [text = ''] = pdfPages(
      chapterDigestsPdf({ ...chapters, withMovements: false, chapters: chapters.chapters.map((c) => ({ ...c, movements: [] })) }, { department }, itCtx),
      'chapters-it',
    );
    expect(text).toContain('Estratto capitolo 2025');
    expect(text).toContain('tutti i capitoli · senza movimenti');
    expect(lineOf(text, /^\s*2-1-003/)).toMatch(/Attrezzatura\s+1\.000,00 €\s+200,00 €\s+1\.200,00 €\s+300,00 €\s+200,00 €\s+300,00 €\s+400,00 €/);
    // expenses: 1.000 + 300 initial, 1.500 final, available 400 + 300
    expect(lineOf(text, /Totale Uscite/)).toMatch(/1\.300,00 €\s+200,00 €\s+1\.500,00 €\s+300,00 €\s+200,00 €\s+300,00 €\s+700,00 €/);
    expect(lineOf(text, /Totale Entrate/)).toMatch(/5\.000,00 €\s+0,00 €\s+5\.000,00 €\s+1\.234,56 €\s+0,00 €\s+0,00 €\s+3\.765,44 €/);
    const [none = ''] = pdfPages(chapterDigestsPdf({ ...chapters, chapters: [] }, { department, chapterFrom: '21050' }, de), 'chapters-empty');
    expect(none).toContain('Kapitel ab 2-1-050');
    const [one = ''] = pdfPages(chapterDigestsPdf({ ...chapters, chapters: [] }, { department, chapterFrom: '21003', chapterTo: '21003' }, de), 'chapters-one');
    expect(one).toContain('Kapitel 2-1-003 · mit Bewegungen');
    expect(none).toContain('Keine Kapitel für diese Auswahl.');
  });
});

describe('chapter digest print: cancelled records (DOMAIN decision 27)', () => {
  it('prints a cancelled movement and a cancelled reservation with number, date, "storniert" and 0,00; the totals stay', () => {
    const rows = [
      ...equipmentRows.slice(0, 2),
      digestRow({
        kind: 'paymentDone',
        figure: 'payments',
        recordDate: '2025-03-06',
        recordNumber: 6,
        description: 'Reifen',
        amount: 0,
        finalBalance: 90_000,
        cancelled: true,
      }),
      digestRow({
        kind: 'reservation',
        figure: 'reservations',
        recordDate: '2025-03-07',
        recordNumber: 1,
        amount: 0,
        finalBalance: 90_000,
        closed: true,
        cancelled: true,
      }),
      ...equipmentRows.slice(2),
    ];
    const list = { ...chapters, chapters: [digest(equipment, rows, { budgetChanges: 20_000, payments: 30_000, openPayments: 20_000, reservations: 30_000 })] };
    const text = pdfPages(chapterDigestsPdf(list, { department }, de), 'chapters-cancelled-de').join('\n');
    expect(lineOf(text, /^\s*06\.03\.2025/)).toMatch(/6\s+Bezahlte Ausgabe\s+Reifen \(storniert\)\s+0,00 €\s+900,00 €/);
    expect(lineOf(text, /^\s*07\.03\.2025/)).toMatch(/1\s+Vormerkung\s+\(storniert\)\s+0,00 €\s+900,00 €/);
    expect(lineOf(text, /Summe \(6\)/)).toMatch(/200,00 €\s+300,00 €\s+200,00 €\s+300,00 €\s+400,00 €/);
    const it = pdfPages(chapterDigestsPdf(list, { department }, itCtx), 'chapters-cancelled-it').join('\n');
    expect(lineOf(it, /^\s*06\.03\.2025/)).toMatch(/6\s+Pagamento\s+Reifen \(annullato\)\s+0,00 €/);
  });
});

// ---- supplier digest ---------------------------------------------------------------------------
const supplierRow = (patch: Partial<SupplierDigestRow> & Pick<SupplierDigestRow, 'recordNumber' | 'amount' | 'paid' | 'notPaid'>): SupplierDigestRow => ({
  movementId: patch.recordNumber,
  movementKind: 'expenses',
  type: 2,
  recordDate: '2025-03-05',
  documentDate: '2025-03-01',
  documentNumber: '',
  accountCode: 'B1',
  description: '',
  chapters: '21003',
  isPaid: patch.notPaid === 0,
  cancelled: false,
  ...patch,
});
const address = { street: '', postalCode: '', location: '', province: '', country: '' };
const supplier = (code: number, name: string, rows: SupplierDigestRow[], extra: Partial<SupplierDigest> = {}): SupplierDigest => {
  const counted = rows.filter((r) => !r.cancelled);
  const totalPaid = counted.reduce((s, r) => s + r.paid, 0);
  const totalNotPaid = counted.reduce((s, r) => s + r.notPaid, 0);
  return {
    year: 2025,
    supplierId: code,
    supplierCode: code,
    description: name,
    name1: name,
    name2: '',
    address,
    documentCount: counted.length,
    totalPaid,
    totalNotPaid,
    totalSum: totalPaid + totalNotPaid,
    movements: rows,
    ...page,
    ...extra,
  };
};
const suppliers: SuppliersList = {
  year: 2025,
  withMovements: true,
  suppliers: [
    supplier(
      1001,
      'Autohaus Meier',
      [
        supplierRow({ recordNumber: 5, documentNumber: 'R-100', description: 'Helme', amount: 30_000, paid: 30_000, notPaid: 0 }),
        supplierRow({
          recordNumber: 7,
          recordDate: '2025-04-01',
          documentNumber: 'R-101',
          description: 'Lampen',
          chapters: '21003, 21006',
          amount: 40_000,
          paid: 20_000,
          notPaid: 20_000,
        }),
        supplierRow({
          recordNumber: 9,
          recordDate: '2025-04-15',
          documentNumber: 'R-102',
          description: 'Reifen',
          amount: 0,
          paid: 0,
          notPaid: 0,
          cancelled: true,
        }),
      ],
      { address: { street: 'Bozner Straße 5', postalCode: '39100', location: 'Bozen', province: 'BZ', country: 'IT' } },
    ),
    supplier(1002, 'Elektro Pichler', [supplierRow({ recordNumber: 11, documentNumber: 'E-1', amount: 5_000, paid: 5_000, notPaid: 0 })]),
  ],
  // 3 documents: paid 300 + 200 + 50, not paid 200
  totals: { documentCount: 3, totalPaid: 55_000, totalNotPaid: 20_000, totalSum: 75_000 },
};

describe('supplier digest print', () => {
  it('with movements: per supplier name, address, movements and totals, then the grand total', () => {
    const text = pdfPages(supplierDigestsPdf(suppliers, { department, supplierFrom: 1001, supplierTo: 1002 }, de), 'suppliers-de').join('\n');
    expect(text).toContain('Lieferantenauszug 2025');
    expect(text).toContain('Lieferanten 1001 – 1002 · mit Bewegungen');
    expect(text).toContain('1001 Autohaus Meier · Bozner Straße 5, 39100 Bozen (BZ)');
    expect(lineOf(text, /^\s*05\.03\.2025\s+5\s/)).toMatch(/R-100\s+01\.03\.2025\s+2-1-003\s+Helme\s+300,00 €\s+300,00 €\s+0,00 €/);
    expect(lineOf(text, /^\s*01\.04\.2025\s+7\s/)).toMatch(/R-101\s+01\.03\.2025\s+2-1-003, 2-1-006\s+Lampen\s+400,00 €\s+200,00 €\s+200,00 €/);
    expect(lineOf(text, /^\s*15\.04\.2025\s+9\s/)).toMatch(/Reifen \(storniert\)\s+0,00 €/);
    expect(lineOf(text, /Summe \(2 Belege\)/)).toMatch(/700,00 €\s+500,00 €\s+200,00 €/);
    expect(lineOf(text, /Summe \(1 Beleg\)/)).toMatch(/50,00 €\s+50,00 €\s+0,00 €/);
    expect(lineOf(text, /Gesamtsumme \(3 Belege\)/)).toMatch(/750,00 €\s+550,00 €\s+200,00 €/);
  });

  it('without movements one line per supplier; Italian; empty', () => {
    const [text = ''] = pdfPages(supplierDigestsPdf({ ...suppliers, withMovements: false }, { department, supplierFrom: 1001 }, itCtx), 'suppliers-it');
    expect(text).toContain('Estratto fornitore 2025');
    expect(text).toContain('Fornitori dal 1001 · senza movimenti');
    expect(lineOf(text, /^\s*1001\s+Autohaus Meier/)).toMatch(/Bozner Straße 5, 39100 Bozen \(BZ\)\s+2\s+500,00 €\s+200,00 €\s+700,00 €/);
    expect(lineOf(text, /^\s*1002\s+Elektro Pichler/)).toMatch(/1\s+50,00 €\s+0,00 €\s+50,00 €/);
    expect(lineOf(text, /Totale generale \(3 documenti\)/)).toMatch(/550,00 €\s+200,00 €\s+750,00 €/);
    const [none = ''] = pdfPages(
      supplierDigestsPdf({ ...suppliers, suppliers: [], totals: { documentCount: 0, totalPaid: 0, totalNotPaid: 0, totalSum: 0 } }, { department }, de),
      'suppliers-empty',
    );
    expect(none).toContain('alle Lieferanten · mit Bewegungen');
    expect(none).toContain('Keine Lieferanten mit Bewegungen für diese Auswahl.');
  });
});

// ---- availabilities ----------------------------------------------------------------------------
const sum = (rows: BudgetChapter[]) => {
  const keys = [
    'budgetInitial',
    'budgetChanges',
    'budgetFinal',
    'payments',
    'openPayments',
    'reservations',
    'availableAfterDonePayments',
    'availableAfterPlannedExpenses',
    'availableFinal',
    'toReceive',
  ] as const;
  return {
    ...(Object.fromEntries(keys.map((k) => [k, rows.reduce((s, r) => s + r[k], 0)])) as Record<(typeof keys)[number], number>),
    finalResidue: rows.reduce((s, r) => s + (r.finalResidue ?? 0), 0),
  };
};
const availabilities: Availabilities = {
  year: 2025,
  chapterYear: 2025,
  parts: [
    {
      part: 1,
      titles: [{ title: 1, descriptionDeu: 'Laufende Einnahmen', descriptionIta: 'Entrate correnti', chapters: [municipality], totals: sum([municipality]) }],
      totals: sum([municipality]),
    },
    {
      part: 2,
      titles: [
        { title: 1, descriptionDeu: 'Laufende Ausgaben', descriptionIta: 'Spese correnti', chapters: [equipment, fuel], totals: sum([equipment, fuel]) },
      ],
      totals: sum([equipment, fuel]),
    },
  ],
};

describe('availabilities print', () => {
  it('every chapter with its full figure set per title, the title and part totals (German)', () => {
    const [text = '', ...more] = pdfPages(availabilitiesPdf(availabilities, { department }, de), 'availabilities-de');
    expect(more).toHaveLength(0);
    expect(text).toContain('Verfügbarkeiten 2025');
    expect(text).toContain('Titel 1 – Laufende Ausgaben');
    for (const label of ['Eingehoben', 'Noch einzuheben', 'Rückstand', 'Anfangs-', 'Vormer-', 'Verfügbar']) expect(text).toContain(label);
    // revenues: initial, changes, final, collected, to receive; residue not determined (empty)
    expect(lineOf(text, /^\s*1-1-001/)).toMatch(/Beitrag Gemeinde\s+5\.000,00 €\s+0,00 €\s+5\.000,00 €\s+1\.234,56 €\s+3\.765,44 €\s*$/);
    expect(lineOf(text, /Summe Einnahmen/)).toMatch(/5\.000,00 €\s+0,00 €\s+5\.000,00 €\s+1\.234,56 €\s+3\.765,44 €\s+0,00 €/);
    // the DOMAIN example: afterDone 900, afterPlanned 400, residue 500, final availability 400
    expect(lineOf(text, /^\s*2-1-003/)).toMatch(
      /Ausrüstung\s+1\.000,00 €\s+200,00 €\s+1\.200,00 €\s+300,00 €\s+200,00 €\s+300,00 €\s+900,00 €\s+400,00 €\s+500,00 €\s+400,00 €/,
    );
    expect(lineOf(text, /^\s*2-1-006/)).toMatch(/Treibstoff\s+300,00 €\s+0,00 €\s+300,00 €\s+0,00 €\s+0,00 €\s+0,00 €\s+300,00 €\s+300,00 €\s+300,00 €/);
    expect(lineOf(text, /Summe Titel 1/g)).not.toBe('');
    expect(lineOf(text, /Summe Ausgaben/)).toMatch(
      /1\.300,00 €\s+200,00 €\s+1\.500,00 €\s+300,00 €\s+200,00 €\s+300,00 €\s+1\.200,00 €\s+700,00 €\s+500,00 €\s+700,00 €/,
    );
  });

  it('in Italian, with the filter line of a residue year; empty', () => {
    const residues = { ...availabilities, chapterYear: 2024 };
    const [text = ''] = pdfPages(availabilitiesPdf(residues, { department, titleFrom: 1, titleTo: 2, chapterTo: '29999' }, itCtx), 'availabilities-it');
    expect(text).toContain('Disponibilità 2025');
    expect(text).toContain('Residui del 2024 · Titoli 1 – 2 · Capitoli al 2-9-999');
    expect(text).toContain('Titolo 1 – Spese correnti');
    expect(lineOf(text, /Totale Uscite/)).toMatch(/1\.300,00 €/);
    expect(lineOf(text, /Totale titolo 1/)).not.toBe('');
    const [none = ''] = pdfPages(availabilitiesPdf({ ...availabilities, parts: [] }, { department }, de), 'availabilities-empty');
    expect(none).toContain('Keine Kapitel für diese Auswahl.');
  });
});
