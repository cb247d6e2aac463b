import { addDays, defaultDueDate, MovementType, type PaymentRow, splitInstalments } from '@app/domain';
import { and, eq, inArray, isNotNull, sql } from 'drizzle-orm';
import type { Tx } from '../client.ts';
import {
  accounts,
  budgetHeads,
  chapterBudgets,
  chapters,
  departments,
  movementPayments,
  movementPaymentShares,
  movementPositions,
  movements,
  movementTransferPositions,
  recordCounters,
  suppliers,
} from '../schema/index.ts';
import { areaOf } from './budget.ts';

/**
 * The demo bookings: for every demo department and every year whose forecast is approved, a year of
 * revenues and expenses planned from its forecast lines, so the figures stay consistent with the
 * budget whatever the scale of the department's forecast:
 * - each stream below books a fixed fraction of a forecast line, spread over its dates with weights
 *   from a PRNG seeded by department and year (deterministic; the same data every time);
 * - expense chapters stay below their budget (at most 98 % used), revenues land at 90–100 % of it;
 * - fees with withholding tax are booked net (PaymentDone) plus a TransferExpense (type 3) of the tax
 *   from the expense chapter to a title-3 revenue chapter, and the union's wages (type 4) net plus a
 *   transfer of wage tax and social contributions; what was withheld in a month is paid to the tax
 *   office on the 16th of the next (in December still in December), so title-3 revenues equal
 *   title-3 expenses;
 * - 102 (open payments allowed) books its suppliers' invoices as PaymentOpen: one instalment due after
 *   the supplier's payment term, some in two or three instalments; what falls due after 31.12 is open.
 * Dates are working days of the year; nothing is booked or paid after `today`. Record numbers run
 * gap-free by record date per (department, year, kind) and the counters stand at the last number.
 */

type AccountCode = 'K1' | 'B1';

/** [chapter, fraction of its forecast line this stream books over the year, position note (default: the stream's text)] */
type StreamLine = [string, number, string?];

interface Stream {
  kind: 'revenue' | 'expense' | 'wages';
  lines: StreamLine[];
  /** `day.month` of each booking, space-separated (moved to the nearest working day of the year). */
  dates: string;
  /** Relative size of each booking (default equal); a random ±jitter is applied on top. */
  weights?: number[];
  /** Random spread of the weights (default 0.3: ±30 %). */
  jitter?: number;
  /** Amounts in multiples of this many cents (default 1). */
  unit?: number;
  account?: AccountCode;
  supplier?: number;
  /** Position note; `{m}` month, `{i}` booking number, `{q}` quarter; `texts` cycles instead. */
  text: string;
  texts?: readonly string[] | ((code: string) => readonly string[]);
  /** Document number pattern: `{n}` running number, `{y}` year, `{yy}`, `{mm}` month of the document. */
  doc?: string;
  /** Days between the document date and the record date (revenues without it have no document date). */
  docLag?: number;
  templateCode?: number;
  /** The gross bears withholding: weight of the tax (relative to the gross) per title-3 revenue chapter. */
  withholding?: { '13001'?: number; '13002'?: number };
  /** Departments with open payments: the instalments as shares of the total and days after the document date. */
  instalments?: { share: number; days: number }[];
}

const months = ['Jänner', 'Februar', 'März', 'April', 'Mai', 'Juni', 'Juli', 'August', 'September', 'Oktober', 'November', 'Dezember'];
/** The given day of every month from `from` to `to`. */
const monthly = (day: number, from = 1, to = 12): string => Array.from({ length: to - from + 1 }, (_, i) => `${day}.${from + i}`).join(' ');
const quarterEnds = '31.3 30.6 30.9 31.12';

/** Withheld tax remitted with the F24 form (title-3 expense chapter of each title-3 revenue chapter). */
const remittanceChapter = { '13001': '23001', '13002': '23002' } as const;
/** The share of each title-3 revenue forecast that the withholdings of the year add up to. */
const withholdingTarget = { '13001': 0.9, '13002': 0.96 } as const;

/** The union (area 1). */
const unionStreams: Stream[] = [
  {
    kind: 'revenue',
    lines: [['11001', 1]],
    dates: '10.1 11.4 10.7 10.10',
    jitter: 0,
    text: 'Ordentlicher Landesbeitrag, {i}. Rate',
    doc: 'Dekret {n}/{y}',
    docLag: 12,
  },
  {
    kind: 'revenue',
    lines: [['11002', 0.98]],
    dates: '14.2 21.2 28.2 7.3 14.3 21.3 28.3 11.4 25.4',
    unit: 100,
    text: 'Mitgliedsbeitrag',
    texts: ['Bozen', 'Meran', 'Brixen', 'Bruneck', 'Unterland', 'Oberpustertal', 'Obervinschgau', 'Untervinschgau', 'Sterzing'].map(
      (d) => `Mitgliedsbeitrag BFV ${d}`,
    ),
  },
  {
    kind: 'revenue',
    lines: [['11003', 0.95]],
    dates: `${monthly(10, 1, 7)} ${monthly(10, 9, 12)}`,
    unit: 100,
    text: 'Kursgebühren Landesfeuerwehrschule {m}',
  },
  { kind: 'revenue', lines: [['11011', 0.9]], dates: quarterEnds, text: 'Zinsgutschrift {q}. Quartal' },
  {
    kind: 'revenue',
    lines: [['12002', 1]],
    dates: '20.3 24.10',
    weights: [0.6, 0.4],
    jitter: 0,
    text: 'Investitionsbeitrag des Landes, {i}. Rate',
    doc: 'Dekret {n}/{y}',
    docLag: 20,
  },
  { kind: 'expense', lines: [['21001', 0.55]], dates: monthly(8), text: 'Büromaterial, Porto und Software {m}', doc: 'Sammelbeleg {mm}/{y}', docLag: 2 },
  {
    kind: 'expense',
    lines: [['21001', 0.3]],
    dates: '12.3 11.6 10.9 3.12',
    supplier: 1004,
    text: 'Druck Feuerwehrzeitung Nr. {i}',
    doc: 'FT {n}/{y}',
    docLag: 14,
  },
  {
    kind: 'expense',
    lines: [['21015', 0.98]],
    dates: '30.1 30.7',
    jitter: 0,
    text: 'Unfallversicherung der Feuerwehrleute, {i}. Halbjahr',
    doc: 'Polizze 88412/{i}',
    docLag: 10,
  },
  {
    kind: 'expense',
    lines: [['21016', 0.88]],
    dates: monthly(20),
    text: 'Lehrgänge Landesfeuerwehrschule {m}: Verpflegung und Unterkunft',
    doc: 'Abrechnung {mm}/{y}',
    docLag: 5,
  },
  {
    kind: 'expense',
    lines: [['21020', 0.85]],
    dates: '19.3 14.5 17.9 19.11',
    supplier: 1005,
    text: 'Ehrenzeichen',
    texts: ['Ehrenzeichen und Urkunden', 'Landesfeuerwehrtag: Ehrungen', 'Verdienstkreuze', 'Jubiläumsgeschenke'],
    doc: '{y}-{n}',
    docLag: 10,
  },
  {
    kind: 'expense',
    lines: [['21022', 0.9]],
    dates: '12.2 26.3 7.5 18.6 23.7 24.9 22.10 26.11',
    text: 'Honorar',
    texts: ['Honorar Rechtsberatung', 'Honorar Wirtschaftsprüfer', 'Honorar Arbeitssicherheit', 'Honorar Datenschutz', 'Honorar Referent Landesfeuerwehrtag'],
    doc: 'Honorarnote {n}/{y}',
    docLag: 14,
    withholding: { '13001': 0.2 },
  },
  { kind: 'expense', lines: [['21023', 0.9]], dates: quarterEnds, text: 'Kontoführungsspesen {q}. Quartal', doc: 'Kontoauszug {q}/{y}', docLag: 0 },
  {
    kind: 'wages',
    lines: [['21029', 0.95]],
    dates: `${monthly(27)} 15.12`,
    jitter: 0.02,
    text: 'Gehälter {m}',
    texts: [...months.map((m) => `Gehälter ${m}`), '13. Monatsgehalt'],
    withholding: { '13001': 0.05, '13002': 0.2 },
  },
  {
    kind: 'expense',
    lines: [['21030', 0.93]],
    dates: monthly(16),
    jitter: 0.05,
    text: 'Sozialbeiträge zu Lasten des Verbandes, F24 {m}',
    doc: 'F24 {mm}/{y}',
    docLag: 0,
  },
  { kind: 'expense', lines: [['22001', 0.93]], dates: '20.11', supplier: 1003, text: 'Kommandofahrzeug Landesfeuerwehrverband', doc: 'R-{n}', docLag: 21 },
  {
    kind: 'expense',
    lines: [['22004', 0.9]],
    dates: '20.2 22.5 9.10',
    supplier: 1002,
    text: 'EDV',
    texts: ['Server und Netzwerk', 'Notebooks für den Schulungsraum', 'Beamer und Medientechnik'],
    doc: '{n}/{yy}',
    docLag: 18,
  },
];

/** The districts (area 2). */
const districtStreams: Stream[] = [
  {
    kind: 'revenue',
    lines: [['11001', 1]],
    dates: '20.1 10.7',
    jitter: 0,
    text: 'Beitrag des Landesfeuerwehrverbandes, {i}. Rate',
    doc: 'Mitteilung {n}/{y}',
    docLag: 10,
  },
  {
    kind: 'revenue',
    lines: [['11002', 0.97]],
    dates: '10.2 17.2 24.2 3.3 10.3 17.3 24.3 31.3 7.4 14.4',
    unit: 100,
    text: 'Beitrag',
    texts: (code) =>
      (code === '200'
        ? ['Lana', 'Algund', 'Schenna', 'Dorf Tirol', 'Partschins', 'Naturns', 'Marling', 'Tscherms', 'Burgstall', 'St. Leonhard']
        : ['Leifers', 'Eppan', 'Kaltern', 'Terlan', 'Jenesien', 'Ritten', 'Sarntal', 'Deutschnofen', 'Karneid', 'Mölten']
      ).map((b) => `Beitrag FF ${b}`),
  },
  {
    kind: 'revenue',
    lines: [['11006', 0.9]],
    dates: '9.1 22.4 19.8 9.12',
    unit: 1000,
    account: 'K1',
    text: 'Spende',
    texts: ['Spende Raiffeisenkasse', 'Spende Gemeinde', 'Spende anlässlich Jubiläum', 'Spende Adventfeier'],
  },
  {
    kind: 'revenue',
    lines: [['11007', 0.96]],
    dates: '26.5 9.6 23.6 15.9',
    unit: 500,
    text: 'Nenngelder Bezirksbewerb',
    doc: 'Liste {i}/{y}',
    docLag: 3,
  },
  { kind: 'revenue', lines: [['11011', 0.9]], dates: quarterEnds, text: 'Zinsgutschrift {q}. Quartal' },
  {
    kind: 'expense',
    lines: [['21001', 0.5]],
    dates: `${monthly(12, 1, 7)} ${monthly(12, 9, 12)}`,
    text: 'Büromaterial und Porto {m}',
    doc: 'Sammelbeleg {mm}/{y}',
    docLag: 2,
  },
  {
    kind: 'expense',
    lines: [['21001', 0.35]],
    dates: '26.2 28.5 5.11',
    supplier: 1004,
    text: 'Druck',
    texts: ['Druck Einladungen Bezirksversammlung', 'Druck Bewerbsunterlagen', 'Druck Jahresbericht'],
    doc: 'FT {n}/{y}',
    docLag: 12,
  },
  {
    kind: 'expense',
    lines: [['21006', 0.88]],
    dates: `${monthly(6, 1, 5)} ${monthly(6, 7, 11)}`,
    text: 'Treibstoff laut Tankkarte',
    doc: 'Tankkarte {mm}/{y}',
    docLag: 5,
    templateCode: 1,
  },
  {
    kind: 'expense',
    lines: [['21016', 0.6]],
    dates: '14.3 6.6 17.10',
    text: 'Bezirkslehrgang',
    texts: ['Verpflegung Bezirkslehrgang', 'Schulungsunterlagen', 'Miete Schulungsraum'],
    doc: '{n}/{y}',
    docLag: 10,
  },
  {
    kind: 'expense',
    lines: [['21016', 0.25]],
    dates: '21.3 13.6 24.10',
    text: 'Honorar Referent',
    texts: ['Honorar Referent Atemschutzlehrgang', 'Honorar Referent Maschinistenlehrgang', 'Honorar Referent Gruppenkommandantenlehrgang'],
    doc: 'Honorarnote {n}/{y}',
    docLag: 7,
    withholding: { '13001': 0.2 },
  },
  {
    kind: 'expense',
    lines: [['21017', 0.85]],
    dates: '16.5 12.6 27.6 19.9',
    text: 'Bezirksbewerb',
    texts: ['Pokale und Medaillen', 'Verpflegung der Bewerbsgruppen', 'Zeitnehmung und Bewerter', 'Bewerbsgeräte'],
    doc: '{n}/{y}',
    docLag: 8,
  },
  {
    kind: 'expense',
    lines: [['21018', 0.88]],
    dates: '11.4 25.7 8.8',
    text: 'Jugendfeuerwehr',
    texts: ['Wissenstest: Abzeichen', 'Jugendzeltlager: Busfahrt', 'Jugendzeltlager: Verpflegung'],
    doc: '{n}/{y}',
    docLag: 6,
  },
  {
    kind: 'expense',
    lines: [['21020', 0.85]],
    dates: '28.3 9.5 21.11',
    supplier: 1005,
    text: 'Ehrungen',
    texts: ['Ehrenzeichen 25 Jahre', 'Ehrenzeichen 40 Jahre', 'Geschenke für die Jubilare'],
    doc: '{y}-{n}',
    docLag: 10,
  },
  {
    kind: 'expense',
    lines: [['21022', 0.9]],
    dates: '11.7 12.12',
    jitter: 0.1,
    text: 'Honorar Buchhaltung, {i}. Halbjahr',
    doc: 'Honorarnote {n}/{y}',
    docLag: 10,
    withholding: { '13001': 0.2 },
  },
  { kind: 'expense', lines: [['21023', 0.9]], dates: quarterEnds, text: 'Kontoführungsspesen {q}. Quartal', doc: 'Kontoauszug {q}/{y}', docLag: 0 },
  { kind: 'expense', lines: [['22002', 0.7]], dates: '24.4', supplier: 1001, text: 'Wärmebildkamera für den Bezirk', doc: 'RE-{n}/{y}', docLag: 15 },
  { kind: 'expense', lines: [['22002', 0.25]], dates: '25.9', supplier: 1002, text: 'Funkgeräte für die Bewerbsleitung', doc: '{n}/{yy}', docLag: 15 },
];

/** The fire brigades (area 3). */
const departmentStreams: Stream[] = [
  {
    kind: 'revenue',
    lines: [['11001', 1]],
    dates: '15.1 16.6',
    jitter: 0,
    text: 'Ordentlicher Beitrag der Gemeinde, {i}. Rate',
    doc: 'Beschluss {n}/{y}',
    docLag: 20,
  },
  { kind: 'revenue', lines: [['11002', 1]], dates: '22.5', text: 'Landesbeitrag über den Landesfeuerwehrverband', doc: 'Mitteilung {n}/{y}', docLag: 10 },
  {
    kind: 'revenue',
    lines: [['11005', 0.96]],
    dates: monthly(20),
    weights: [3, 2.5, 2, 1.5, 1, 1, 0.5, 0.5, 0.5, 0.5, 0.5, 0.5],
    unit: 500,
    text: 'Beiträge der unterstützenden Mitglieder {m}',
  },
  {
    kind: 'revenue',
    lines: [['11006', 0.95]],
    dates: '7.2 21.3 30.4 27.6 29.8 10.10 28.11 19.12',
    unit: 1000,
    text: 'Spende',
    texts: [
      'Spende Raiffeisenkasse',
      'Spende Familie Mair',
      'Spende anlässlich einer Beerdigung',
      'Spende Tourismusverein',
      'Spende Elektro Gruber',
      'Spende Schützenkompanie',
      'Spende Bäckerei Huber',
      'Spende Adventmarkt',
    ],
  },
  {
    kind: 'revenue',
    lines: [['11007', 0.97]],
    dates: '21.7 22.7 18.8 19.8',
    unit: 100,
    account: 'K1',
    text: 'Fest',
    texts: ['Sommerfest: Getränke', 'Sommerfest: Küche', 'Kirchtag: Ausschank', 'Kirchtag: Glückstopf'],
  },
  {
    kind: 'revenue',
    lines: [['11008', 0.98]],
    dates: '12.1 26.1 6.12 20.12',
    weights: [1.5, 0.5, 1, 1],
    unit: 500,
    account: 'K1',
    text: 'Haussammlung',
    texts: ['Haussammlung: Dorf', 'Haussammlung: Fraktionen', 'Haussammlung: Dorf', 'Haussammlung: Fraktionen'],
  },
  { kind: 'revenue', lines: [['11011', 0.92]], dates: quarterEnds, text: 'Zinsgutschrift {q}. Quartal' },
  {
    kind: 'revenue',
    lines: [['12001', 1]],
    dates: '11.4 5.9',
    weights: [0.6, 0.4],
    jitter: 0,
    text: 'Investitionsbeitrag der Gemeinde, {i}. Rate',
    doc: 'Beschluss {n}/{y}',
    docLag: 25,
  },
  {
    kind: 'expense',
    lines: [['21001', 0.3]],
    dates: '19.2 9.4 12.11',
    supplier: 1004,
    text: 'Druck',
    texts: ['Druck Jahresbericht', 'Briefpapier und Kuverts', 'Einladungen zur Vollversammlung'],
    doc: 'FT {n}/{y}',
    docLag: 12,
  },
  {
    kind: 'expense',
    lines: [['21001', 0.25]],
    dates: '29.1 14.5 27.8 10.12',
    account: 'K1',
    text: 'Büromaterial',
    doc: 'Kassabeleg {n}',
    docLag: 1,
  },
  {
    kind: 'expense',
    lines: [['21001', 0.35]],
    dates: '23.4',
    text: 'Honorar Steuerberater: Steuererklärung',
    doc: 'Honorarnote {n}/{y}',
    docLag: 14,
    withholding: { '13001': 0.2 },
  },
  {
    kind: 'expense',
    lines: [['21002', 0.92]],
    dates: monthly(18),
    jitter: 0.1,
    text: 'Telefon und Internet {m}',
    doc: 'Telefonrechnung {mm}/{yy}',
    docLag: 12,
  },
  {
    kind: 'expense',
    lines: [['21003', 0.88]],
    dates: '6.3 8.5 16.10',
    supplier: 1001,
    text: 'Schutzausrüstung',
    texts: ['Atemschutzmasken', 'Einsatzhandschuhe und Helmlampen', 'Hitzeschutzhauben'],
    doc: 'RE-{n}/{y}',
    docLag: 14,
    instalments: [
      { share: 0.5, days: 30 },
      { share: 0.5, days: 60 },
    ],
  },
  {
    kind: 'expense',
    lines: [
      ['21004', 0.85, 'Dienstkleidung'],
      ['21003', 0.05, 'Warnwesten'],
    ],
    dates: '3.4 4.9',
    supplier: 1005,
    text: 'Dienstkleidung',
    doc: '{y}-{n}',
    docLag: 10,
  },
  { kind: 'expense', lines: [['21006', 0.9]], dates: monthly(7), text: 'Treibstoff laut Tankkarte', doc: 'Tankkarte {mm}/{y}', docLag: 5, templateCode: 1 },
  {
    kind: 'expense',
    lines: [['21007', 0.85]],
    dates: '13.3 10.7 20.11',
    supplier: 1003,
    text: 'Fahrzeugwartung',
    texts: ['Jahresservice Tanklöschfahrzeug', 'Reifenwechsel Mannschaftstransporter', 'Reparatur Pumpe Kleinlöschfahrzeug'],
    doc: 'W{n}',
    docLag: 14,
    instalments: [
      { share: 0.5, days: 30 },
      { share: 0.5, days: 60 },
    ],
  },
  { kind: 'expense', lines: [['21008', 0.97]], dates: '31.1', text: 'Kfz-Versicherung des Fuhrparks', doc: 'Polizze 40713/{y}', docLag: 10 },
  {
    kind: 'expense',
    lines: [['21011', 0.92]],
    dates: '22.1 25.3 27.5 22.7 23.9 25.11',
    text: 'Strom und Heizung Gerätehaus {m}',
    doc: 'Rechnung {n}',
    docLag: 15,
  },
  { kind: 'expense', lines: [['21015', 0.98]], dates: '14.2', text: 'Haftpflicht- und Unfallversicherung', doc: 'Polizze 51209/{y}', docLag: 14 },
  {
    kind: 'expense',
    lines: [['21016', 0.38]],
    dates: '26.2 4.6 8.10',
    text: 'Kursgebühr Landesfeuerwehrschule',
    doc: 'Kurs {n}/{y}',
    docLag: 10,
  },
  {
    kind: 'expense',
    lines: [['21016', 0.5]],
    dates: '10.4 30.10',
    text: 'Honorar Referent',
    texts: ['Honorar Referent Erste Hilfe', 'Honorar Referent Motorsäge'],
    doc: 'Honorarnote {n}/{y}',
    docLag: 7,
    withholding: { '13001': 0.2 },
  },
  {
    kind: 'expense',
    lines: [['21019', 0.4]],
    dates: '15.7 24.7 12.8 21.8',
    account: 'K1',
    text: 'Fest',
    texts: ['Sommerfest: Getränke', 'Sommerfest: Lebensmittel', 'Kirchtag: Getränke', 'Kirchtag: Preise Glückstopf'],
    doc: 'Kassabeleg {n}',
    docLag: 2,
  },
  {
    kind: 'expense',
    lines: [['21019', 0.5]],
    dates: '23.7 20.8',
    text: 'Honorar Musikkapelle',
    texts: ['Honorar Musikkapelle Sommerfest', 'Honorar Musikgruppe Kirchtag'],
    doc: 'Honorarnote {n}/{y}',
    docLag: 2,
    withholding: { '13001': 0.2 },
  },
  { kind: 'expense', lines: [['21023', 0.9]], dates: quarterEnds, text: 'Kontoführungsspesen {q}. Quartal', doc: 'Kontoauszug {q}/{y}', docLag: 0 },
  {
    kind: 'expense',
    lines: [['22002', 0.62]],
    dates: '12.9',
    supplier: 1001,
    text: 'Hydraulisches Rettungsgerät',
    doc: 'RE-{n}/{y}',
    docLag: 3,
    instalments: [
      { share: 0.4, days: 30 },
      { share: 0.3, days: 75 },
      { share: 0.3, days: 140 },
    ],
  },
  { kind: 'expense', lines: [['22002', 0.33]], dates: '16.4', supplier: 1002, text: 'Lichtmast und Stromerzeuger', doc: '{n}/{yy}', docLag: 15 },
  // Only where the supplier exists (102, demoSuppliersOf): year-end bills still open in the next year,
  // one of a foreign supplier (a foreign homebanking order) and one of a supplier without an IBAN (not payable).
  {
    kind: 'expense',
    lines: [['21004', 0.1, 'Einsatzjacken für die Atemschutzträger']],
    dates: '31.12',
    jitter: 0,
    supplier: 1006,
    text: 'Einsatzjacken',
    doc: 'RB-{n}/{y}',
    docLag: 12,
    instalments: [
      { share: 0.5, days: 30 },
      { share: 0.5, days: 60 },
    ],
  },
  {
    kind: 'expense',
    lines: [['21007', 0.08, 'Reparatur Anhängerkupplung Tanklöschfahrzeug']],
    dates: '31.12',
    jitter: 0,
    supplier: 1007,
    text: 'Reparatur Anhängerkupplung',
    doc: '{n}/{y}',
    docLag: 8,
    instalments: [{ share: 1, days: 30 }],
  },
];

export const demoStreams: Record<1 | 2 | 3, Stream[]> = { 1: unionStreams, 2: districtStreams, 3: departmentStreams };

/** mulberry32 on an FNV-1a hash of the seed text: a small deterministic PRNG in [0, 1). */
function prng(seed: string): () => number {
  let h = 2166136261;
  for (const c of seed) h = Math.imul(h ^ c.charCodeAt(0), 16777619);
  return () => {
    h = (h + 0x6d2b79f5) | 0;
    let t = Math.imul(h ^ (h >>> 15), 1 | h);
    t = (t + Math.imul(t ^ (t >>> 7), 61 | t)) ^ t;
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

/** `amount` split by `weights` into whole cents (largest remainder, ties to the earlier), each a multiple of `unit`. */
function spread(amount: number, weights: readonly number[], unit = 1): number[] {
  const units = Math.floor(amount / unit);
  const total = weights.reduce((a, b) => a + b, 0);
  const exact = weights.map((w) => (units * w) / total);
  const parts = exact.map(Math.floor);
  let missing = units - parts.reduce((a, b) => a + b, 0);
  const order = exact.map((x, i) => ({ i, r: x - Math.floor(x) })).sort((a, b) => b.r - a.r || a.i - b.i);
  for (const { i } of order) {
    if (missing <= 0) break;
    parts[i] = (parts[i] ?? 0) + 1;
    missing -= 1;
  }
  return parts.map((p) => p * unit);
}

const pad2 = (n: number) => String(n).padStart(2, '0');

/** Public holidays on fixed dates in South Tyrol (`day.month`). */
const holidays = new Set(['1.1', '6.1', '25.4', '1.5', '2.6', '15.8', '1.11', '8.12', '25.12', '26.12']);

function isWorkday(iso: string): boolean {
  const weekday = new Date(`${iso}T00:00:00Z`).getUTCDay();
  return weekday !== 0 && weekday !== 6 && !holidays.has(`${Number(iso.slice(8, 10))}.${Number(iso.slice(5, 7))}`);
}

/** The first working day from `iso` in direction `step` (+1 later, -1 earlier). */
function shiftToWorkday(iso: string, step: 1 | -1): string {
  let date = iso;
  while (!isWorkday(date)) date = addDays(date, step);
  return date;
}

/** The date, moved to the next working day, or to the one before when that is in the next year. */
function workday(year: number, month: number, day: number): string {
  const later = shiftToWorkday(`${year}-${pad2(month)}-${pad2(day)}`, 1);
  return later.startsWith(`${year}-`) ? later : shiftToWorkday(`${year}-${pad2(month)}-${pad2(day)}`, -1);
}

/** What one department-year books on: its forecast lines, accounts and suppliers. */
export interface BookingScope {
  departmentId: number;
  code: string;
  year: number;
  openPaymentsAllowed: boolean;
  /** chapter code -> the scope's current line (chapter year = year) and its budget in cents (the demo has no changes yet) */
  lines: ReadonlyMap<string, { id: number; budget: number }>;
  accounts: Readonly<Record<AccountCode, number>>;
  /** supplier code -> id and payment term in days */
  suppliers: ReadonlyMap<number, { id: number; paymentTerm: number }>;
}

export interface PlannedMovement {
  departmentId: number;
  year: number;
  kind: 'revenues' | 'expenses';
  recordNumber: number;
  type: MovementType;
  recordDate: string;
  documentDate: string | null;
  documentNumber: string;
  supplierId: number | null;
  accountId: number | null;
  templateCode: number | null;
  positions: { lineId: number; amount: number; note: string }[];
  transfers: { fromLineId: number; toLineId: number; amount: number; note: string }[];
  payments: PaymentRow[];
}

interface Draft extends Omit<PlannedMovement, 'recordNumber'> {
  order: number;
  /** PaymentOpen: the instalment plan (none: one instalment due after the payment term). */
  plan?: { share: number; days: number }[] | undefined;
  paymentTerm?: number;
}

interface Withheld {
  date: string;
  fromLineId: number;
  gross: number;
  weights: { '13001'?: number; '13002'?: number };
  /** The net movement (its single position is reduced by the tax) and the transfer that books the tax. */
  net: Draft;
  transfer: Draft;
  note: string;
}

function fill(pattern: string, values: Record<string, string | number>): string {
  return pattern.replace(/\{(\w+)\}/g, (all, key: string) => (key in values ? String(values[key]) : all));
}

/**
 * The year of bookings of one department (pure; `today` cuts what has not happened yet: nothing is
 * booked after it and an instalment due after it stays open). Record numbers gap-free by record date.
 */
export function planBookings(scope: BookingScope, today: string): PlannedMovement[] {
  const area = areaOf(scope.code);
  const random = prng(`${scope.code}/${scope.year}`);
  const { year } = scope;
  const yearEnd = `${year}-12-31`;
  const drafts: Draft[] = [];
  const withheld: Withheld[] = [];
  let order = 0;

  for (const stream of demoStreams[area]) {
    // a supplier of only some departments (demoSuppliersOf): the others don't book this stream
    if (stream.supplier !== undefined && !scope.suppliers.has(stream.supplier)) continue;
    const lines = stream.lines.filter(([chapter]) => scope.lines.has(chapter));
    if (lines.length === 0) continue;
    const jitter = stream.jitter ?? 0.3;
    const dates = stream.dates.split(' ').map((d) => d.split('.').map(Number) as [number, number]);
    const weights = dates.map((_, i) => (stream.weights?.[i] ?? 1) * (1 - jitter + 2 * jitter * random()));
    const amounts = lines.map(([chapter, fraction]) => spread(Math.floor((scope.lines.get(chapter)?.budget ?? 0) * fraction), weights, stream.unit));
    const texts = typeof stream.texts === 'function' ? stream.texts(scope.code) : stream.texts;
    const supplier = stream.supplier === undefined ? undefined : scope.suppliers.get(stream.supplier);
    let number = 100 + Math.floor(random() * 800);
    for (const [i, [day, month]] of dates.entries()) {
      const recordDate = workday(year, month, day);
      const documentDate = stream.docLag === undefined ? null : shiftToWorkday(addDays(recordDate, -stream.docLag), -1);
      number += 1 + Math.floor(random() * 40);
      const docMonth = Number((documentDate ?? recordDate).slice(5, 7));
      const values = { m: months[month - 1] ?? '', i: i + 1, q: Math.ceil(month / 3), n: number, y: year, yy: pad2(year % 100), mm: pad2(docMonth) };
      const note = fill(texts?.[i % texts.length] ?? stream.text, values);
      const positions = lines.flatMap(([chapter, , lineNote], j) => {
        const amount = amounts[j]?.[i] ?? 0;
        const line = scope.lines.get(chapter);
        return amount > 0 && line ? [{ lineId: line.id, amount, note: lineNote ?? note }] : [];
      });
      if (positions.length === 0) continue;
      const head = {
        departmentId: scope.departmentId,
        year,
        recordDate,
        documentNumber: stream.doc ? fill(stream.doc, values) : '',
        order: order++,
        transfers: [],
      };
      if (stream.kind === 'revenue') {
        drafts.push({
          ...head,
          kind: 'revenues',
          type: MovementType.Revenue,
          documentDate,
          supplierId: null,
          accountId: scope.accounts[stream.account ?? 'B1'],
          templateCode: null,
          positions,
          payments: [],
        });
        continue;
      }
      const open = scope.openPaymentsAllowed && supplier !== undefined;
      const type = stream.kind === 'wages' ? MovementType.Wages : open ? MovementType.PaymentOpen : MovementType.PaymentDone;
      const net: Draft = {
        ...head,
        kind: 'expenses',
        type,
        documentDate: documentDate ?? recordDate,
        documentNumber: type === MovementType.Wages ? '' : head.documentNumber,
        supplierId: supplier?.id ?? null,
        accountId: scope.accounts[stream.account ?? 'B1'],
        templateCode: stream.templateCode ?? null,
        positions,
        payments: [],
      };
      if (open && supplier) Object.assign(net, { plan: stream.instalments, paymentTerm: supplier.paymentTerm });
      drafts.push(net);
      const first = positions[0];
      if (stream.withholding && first && positions.length === 1) {
        const transfer: Draft = {
          departmentId: scope.departmentId,
          year,
          kind: 'expenses',
          type: MovementType.TransferExpense,
          recordDate,
          documentDate: recordDate,
          documentNumber: '',
          supplierId: null,
          accountId: null,
          templateCode: null,
          positions: [],
          transfers: [],
          payments: [],
          order: order++,
        };
        drafts.push(transfer);
        withheld.push({ date: recordDate, fromLineId: first.lineId, gross: first.amount, weights: stream.withholding, net, transfer, note });
      }
    }
  }

  // The tax withheld: each title-3 revenue line gets its target share of the forecast, spread over the
  // fees and wages in proportion to gross x weight; the net movement pays the rest.
  const remitted = new Map<number, Map<string, number>>(); // month -> remittance chapter -> cents
  for (const chapter of ['13001', '13002'] as const) {
    const target = scope.lines.get(chapter);
    const remitLine = scope.lines.get(remittanceChapter[chapter]);
    const events = withheld.filter((w) => (w.weights[chapter] ?? 0) > 0);
    if (!target || !remitLine || events.length === 0) continue;
    const taxes = spread(
      Math.floor(target.budget * withholdingTarget[chapter]),
      events.map((w) => w.gross * (w.weights[chapter] ?? 0)),
    );
    for (const [k, w] of events.entries()) {
      const tax = taxes[k] ?? 0;
      if (tax <= 0) continue;
      w.transfer.transfers.push({
        fromLineId: w.fromLineId,
        toLineId: target.id,
        amount: tax,
        note: `${chapter === '13001' ? 'Quellensteuer' : 'Sozialbeiträge'}: ${w.note}`,
      });
      const month = Number(w.date.slice(5, 7));
      const perChapter = remitted.get(month) ?? new Map<string, number>();
      perChapter.set(remittanceChapter[chapter], (perChapter.get(remittanceChapter[chapter]) ?? 0) + tax);
      remitted.set(month, perChapter);
    }
  }
  for (const w of withheld) {
    const position = w.net.positions[0];
    const tax = w.transfer.transfers.reduce((s, t) => s + t.amount, 0);
    if (!position || tax * 2 >= w.gross) throw new Error(`demo withholding ${tax} too large for ${w.gross} (${scope.code} ${w.note})`);
    position.amount = w.gross - tax;
  }
  for (const [month, perChapter] of [...remitted.entries()].sort((a, b) => a[0] - b[0])) {
    const recordDate = month === 12 ? workday(year, 12, 30) : workday(year, month + 1, 16);
    const positions = [...perChapter.entries()]
      .sort((a, b) => a[0].localeCompare(b[0]))
      .flatMap(([chapter, amount]) => {
        const line = scope.lines.get(chapter);
        const what = chapter === '23001' ? 'Quellensteuern' : 'Sozialbeiträge';
        return line ? [{ lineId: line.id, amount, note: `Abfuhr einbehaltene ${what} ${months[month - 1]}` }] : [];
      });
    drafts.push({
      departmentId: scope.departmentId,
      year,
      kind: 'expenses',
      type: MovementType.PaymentDone,
      recordDate,
      documentDate: recordDate,
      documentNumber: `F24 ${pad2(month)}/${year}`,
      supplierId: null,
      accountId: scope.accounts.B1,
      templateCode: null,
      positions,
      transfers: [],
      payments: [],
      order: order++,
    });
  }

  // PaymentDone and Wages: one instalment paid on the record date (DOMAIN decision 3); PaymentOpen its plan.
  for (const d of drafts) {
    const total = d.positions.reduce((s, p) => s + p.amount, 0);
    if (d.type === MovementType.PaymentDone || d.type === MovementType.Wages) d.payments = [{ amount: total, dateDue: d.recordDate, datePaid: d.recordDate }];
    if (d.type === MovementType.PaymentOpen) d.payments = instalments(d, total);
  }

  const cut = drafts
    .filter((d) => d.recordDate <= today && d.recordDate <= yearEnd)
    .map((d) => ({ ...d, payments: d.payments.map((p) => (p.datePaid !== null && p.datePaid > today ? { ...p, datePaid: null } : p)) }));
  cut.sort((a, b) => a.recordDate.localeCompare(b.recordDate) || a.order - b.order);
  const counters = { revenues: 0, expenses: 0 };
  return cut.map(({ order: _order, plan: _plan, paymentTerm: _term, ...d }) => ({ ...d, recordNumber: ++counters[d.kind] }));

  /**
   * The instalments of a PaymentOpen: its plan (none: one due at the default due date) counted from the
   * document date; each paid on its due date (a working day, not before the record date) inside the year.
   */
  function instalments(movement: Draft, total: number): PaymentRow[] {
    const plan = movement.plan ?? [{ share: 1, days: -1 }];
    const documentDate = movement.documentDate ?? movement.recordDate;
    const amounts = spread(
      total,
      plan.map((p) => p.share),
    );
    return plan.flatMap((p, k) => {
      const amount = amounts[k] ?? 0;
      if (amount <= 0) return [];
      const dateDue = p.days < 0 ? defaultDueDate(documentDate, movement.paymentTerm) : addDays(documentDate, p.days);
      const paidOn = shiftToWorkday(dateDue < movement.recordDate ? movement.recordDate : dateDue, 1);
      return [{ amount, dateDue, datePaid: paidOn <= yearEnd ? paidOn : null }];
    });
  }
}

/**
 * Seeds the demo bookings of every department and every year with an approved forecast (only `years` when given; one read per
 * table, then one statement that inserts into each table once for all of them) and sets the revenue and
 * expense counters to the last record numbers. Years without an approved forecast get nothing (booking there is BudgetNotApproved).
 */
export async function seedBookings(tx: Tx, today: string, years?: readonly number[]): Promise<{ movements: number }> {
  const approved = await tx
    .select({ departmentId: budgetHeads.departmentId, year: budgetHeads.year, code: departments.code, openPaymentsAllowed: departments.openPaymentsAllowed })
    .from(budgetHeads)
    .innerJoin(departments, eq(departments.id, budgetHeads.departmentId))
    .where(isNotNull(budgetHeads.forecastApproved));
  const heads = years ? approved.filter((h) => years.includes(h.year)) : approved;
  if (heads.length === 0) return { movements: 0 };
  const departmentIds = [...new Set(heads.map((h) => h.departmentId))];
  const [lineRows, accountRows, supplierRows] = await Promise.all([
    tx
      .select({
        id: chapterBudgets.id,
        departmentId: chapterBudgets.departmentId,
        year: chapterBudgets.year,
        chapter: chapters.chapter,
        budget: chapterBudgets.budgetInitial,
      })
      .from(chapterBudgets)
      .innerJoin(chapters, eq(chapters.id, chapterBudgets.chapterId))
      .where(and(inArray(chapterBudgets.departmentId, departmentIds), eq(chapterBudgets.chapterYear, chapterBudgets.year))),
    tx
      .select({ id: accounts.id, departmentId: accounts.departmentId, code: accounts.code })
      .from(accounts)
      .where(inArray(accounts.departmentId, departmentIds)),
    tx
      .select({ id: suppliers.id, departmentId: suppliers.departmentId, code: suppliers.code, paymentTerm: suppliers.paymentTerm })
      .from(suppliers)
      .where(inArray(suppliers.departmentId, departmentIds)),
  ]);

  const planned: PlannedMovement[] = [];
  for (const head of heads) {
    const cash = accountRows.find((a) => a.departmentId === head.departmentId && a.code === 'K1');
    const bank = accountRows.find((a) => a.departmentId === head.departmentId && a.code === 'B1');
    if (!cash || !bank) continue;
    const lines = new Map(
      lineRows.filter((l) => l.departmentId === head.departmentId && l.year === head.year).map((l) => [l.chapter, { id: l.id, budget: l.budget }]),
    );
    const supplierMap = new Map(
      supplierRows.filter((s) => s.departmentId === head.departmentId).map((s) => [s.code, { id: s.id, paymentTerm: s.paymentTerm }]),
    );
    planned.push(...planBookings({ ...head, lines, accounts: { K1: cash.id, B1: bank.id }, suppliers: supplierMap }, today));
  }
  if (planned.length === 0) return { movements: 0 };

  // One statement writes everything (data-modifying CTEs, JSON parameters): heads, their positions,
  // transfer positions, instalments, the instalments' shares and the counters. Money goes in as cents.
  const headRows: unknown[] = [];
  const positions: unknown[] = [];
  const transfers: unknown[] = [];
  const payments: unknown[] = [];
  const shares: unknown[] = [];
  const last = new Map<string, { department_id: number; year: number; kind: string; last: number }>();
  for (const [i, m] of planned.entries()) {
    headRows.push({
      i,
      department_id: m.departmentId,
      year: m.year,
      kind: m.kind,
      record_number: m.recordNumber,
      type: m.type,
      record_date: m.recordDate,
      document_date: m.documentDate,
      document_number: m.documentNumber,
      supplier_id: m.supplierId,
      account_id: m.accountId,
      template_code: m.templateCode,
    });
    for (const [sort, p] of m.positions.entries()) positions.push({ i, sort, line: p.lineId, amount: p.amount, note: p.note });
    for (const [sort, t] of m.transfers.entries()) transfers.push({ i, sort, line_from: t.fromLineId, line_to: t.toLineId, amount: t.amount, note: t.note });
    for (const [sort, p] of m.payments.entries()) payments.push({ i, sort, amount: p.amount, date_due: p.dateDue, date_paid: p.datePaid });
    // The share of each instalment on each position, exactly as splitInstalments spreads them (DOMAIN decision 4).
    if (m.payments.length > 0) {
      const split = splitInstalments(
        m.positions.map((p) => p.amount),
        m.payments.map((p) => p.amount),
      );
      for (const [payment, row] of split.entries()) for (const [position, amount] of row.entries()) shares.push({ i, payment, position, amount });
    }
    const kind = m.kind === 'revenues' ? 'revenue' : 'expense';
    const k = `${m.departmentId}/${m.year}/${kind}`;
    last.set(k, { department_id: m.departmentId, year: m.year, kind, last: Math.max(last.get(k)?.last ?? 0, m.recordNumber) });
  }
  const json = (rows: unknown[]) => sql`${JSON.stringify(rows)}::jsonb`;
  const money = sql.raw('(x.amount::numeric / 100)');
  // The JSON rows have no statistics: without this the planner nests loops over the CTEs (the shares took ~10x longer).
  await tx.execute(sql`set local enable_nestloop = off`);
  await tx.execute(sql`
    with m as (
      insert into ${movements} (department_id, year, kind, record_number, type, record_date, document_date, document_number, supplier_id, account_id, template_code)
      select department_id, year, kind, record_number, type, record_date, document_date, document_number, supplier_id, account_id, template_code
      from jsonb_to_recordset(${json(headRows)}) as x(i int, department_id int, year int, kind varchar, record_number int, type smallint, record_date date,
        document_date date, document_number varchar, supplier_id int, account_id int, template_code int)
      order by i
      returning id, department_id, year, kind, record_number
    ),
    ids as (
      select x.i, m.id from m
      join jsonb_to_recordset(${json(headRows)}) as x(i int, department_id int, year int, kind varchar, record_number int) using (department_id, year, kind, record_number)
    ),
    p as (
      insert into ${movementPositions} (movement_id, sort, chapter_budget_id, amount, note)
      select ids.id, x.sort, x.line, ${money}, x.note from jsonb_to_recordset(${json(positions)}) as x(i int, sort int, line int, amount bigint, note varchar) join ids using (i)
      returning id, movement_id, sort
    ),
    t as (
      insert into ${movementTransferPositions} (movement_id, sort, from_chapter_budget_id, to_chapter_budget_id, amount, note)
      select ids.id, x.sort, x.line_from, x.line_to, ${money}, x.note
      from jsonb_to_recordset(${json(transfers)}) as x(i int, sort int, line_from int, line_to int, amount bigint, note varchar) join ids using (i)
    ),
    pay as (
      insert into ${movementPayments} (movement_id, sort, amount, date_due, date_paid)
      select ids.id, x.sort, ${money}, x.date_due, x.date_paid from jsonb_to_recordset(${json(payments)}) as x(i int, sort int, amount bigint, date_due date, date_paid date) join ids using (i)
      returning id, movement_id, sort
    ),
    s as (
      insert into ${movementPaymentShares} (payment_id, position_id, amount)
      select pay.id, p.id, ${money} from jsonb_to_recordset(${json(shares)}) as x(i int, payment int, position int, amount bigint)
      join ids using (i) join pay on pay.movement_id = ids.id and pay.sort = x.payment join p on p.movement_id = ids.id and p.sort = x.position
    )
    insert into ${recordCounters} (department_id, year, kind, last)
    select department_id, year, kind, last from jsonb_to_recordset(${json([...last.values()])}) as x(department_id int, year int, kind varchar, last int)`);
  await tx.execute(sql`reset enable_nestloop`);
  return { movements: planned.length };
}
