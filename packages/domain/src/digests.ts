import { z } from 'zod';
import { Id, Int, safeString } from './primitives.ts';
import { IsoDate } from './dates.ts';
import { Cents } from './money.ts';
import { PartSchema, TypedChapterCode } from './chapterCode.ts';
import { ChapterRef, hasChapter } from './budgetFields.ts';
import { BudgetChapterSchema, ChapterNameFields } from './budgetFigures.ts';
import { MAX_PAGE_SIZE } from './paging.ts';
import { ScopeInput, Year } from './scope.ts';
import { AccountTypeSchema } from './accounts.ts';
import { MovementKindSchema, MovementTypeSchema } from './movementTypes.ts';
import { NullNum, NullText, Num, PageFields, Text } from './outputs.ts';

// Digests (spec 3 §2 "Printed and online lists", §3 "Supplier digest", "Cash journal response",
// "Chapter digest response", "Movement fields in lists", §7 Digests/*; spec 1 §7 Digests/Chapters,
// Digests/CashJournal; spec 2 supplier digest; DOMAIN.md "Decisions for part 3" 9): the inputs and
// answers of the `digests` procedures. Amounts are integer cents (`Cents`, euros on the REST wire),
// dates `YYYY-MM-DD`. The sums come from the server's one SQL per digest (services/digests).

const OptionalId = Id.nullish().transform((v) => v ?? undefined);
const OptionalDate = IsoDate.nullish().transform((v) => v ?? undefined);
const OptionalCode = TypedChapterCode.nullish().transform((v) => (v ? v : undefined));

/**
 * Paging of a digest's movement rows: without `page` every row (the prints); with it `pageSize` rows
 * (default 30). The box and the totals always cover every row.
 */
export const DigestPaging = {
  page: Int.min(1)
    .nullish()
    .transform((v) => v ?? undefined),
  pageSize: Int.min(1)
    .max(MAX_PAGE_SIZE)
    .nullish()
    .transform((v) => v ?? undefined),
};

/**
 * Digests/CashJournal: the journal of one account of the department (by id or code) in the scope
 * year. `dateFrom`/`dateTo` (the print) narrow the rows to those dates within the year; the balance at
 * the start is then the balance before `dateFrom` (DOMAIN decision 9).
 */
export const CashJournalInput = ScopeInput.extend({
  accountId: OptionalId,
  accountCode: safeString()
    .trim()
    .max(6)
    .nullish()
    .transform((v) => (v ? v : undefined)),
  dateFrom: OptionalDate,
  dateTo: OptionalDate,
  ...DigestPaging,
}).refine((v) => v.accountId !== undefined || v.accountCode !== undefined, { message: 'Required', path: ['accountId'] });
export type CashJournalInput = z.input<typeof CashJournalInput>;
export type CashJournalQuery = z.infer<typeof CashJournalInput>;

/** Digests/Chapters: the register of one chapter line — the chapter by code or id, `chapterYear` default the year. */
export const ChapterDigestInput = ScopeInput.extend({
  chapterYear: Year.nullish().transform((v) => v ?? undefined),
  ...ChapterRef,
  ...DigestPaging,
}).refine(hasChapter, { message: 'Required', path: ['chapter'] });
export type ChapterDigestInput = z.input<typeof ChapterDigestInput>;
export type ChapterDigestQuery = z.infer<typeof ChapterDigestInput>;

/** Digests/Suppliers: one supplier of the department (by id or code) in the scope year. */
export const SupplierDigestInput = ScopeInput.extend({
  supplierId: OptionalId,
  supplierCode: Int.min(1)
    .nullish()
    .transform((v) => v ?? undefined),
  ...DigestPaging,
}).refine((v) => v.supplierId !== undefined || v.supplierCode !== undefined, { message: 'Required', path: ['supplierId'] });
export type SupplierDigestInput = z.input<typeof SupplierDigestInput>;
export type SupplierDigestQuery = z.infer<typeof SupplierDigestInput>;

/**
 * Digests/Availabilities (print): every chapter's full figure set per title, with title and part
 * totals. `chapterYear` the lines' year (default the scope year; earlier: residue lines); `part` one
 * part or both; title and chapter ranges; `withBudgetOnly` (default true) leaves out chapters without
 * a budget line.
 */
export const AvailabilitiesInput = ScopeInput.extend({
  chapterYear: Year.nullish().transform((v) => v ?? undefined),
  part: PartSchema.nullish().transform((v) => v ?? undefined),
  titleFrom: Int.min(1)
    .max(9)
    .nullish()
    .transform((v) => v ?? undefined),
  titleTo: Int.min(1)
    .max(9)
    .nullish()
    .transform((v) => v ?? undefined),
  chapterFrom: OptionalCode,
  chapterTo: OptionalCode,
  withBudgetOnly: z.boolean().default(true),
});
export type AvailabilitiesInput = z.input<typeof AvailabilitiesInput>;
export type AvailabilitiesQuery = z.infer<typeof AvailabilitiesInput>;

/**
 * Digests/Chapters/List (print): the chapter digests of a chapter range (codes, both ends included;
 * none: every chapter with a budget line) of the chapter year (default the scope year), with or
 * without their movement rows.
 */
export const ChaptersListInput = ScopeInput.extend({
  chapterYear: Year.nullish().transform((v) => v ?? undefined),
  chapterFrom: OptionalCode,
  chapterTo: OptionalCode,
  withMovements: z.boolean().default(true),
});
export type ChaptersListInput = z.input<typeof ChaptersListInput>;
export type ChaptersListQuery = z.infer<typeof ChaptersListInput>;

/**
 * Digests/Suppliers/List (print): the supplier digests of a supplier code range (both ends included;
 * none: all) in the scope year; only suppliers with a movement in the year, unless `withEmpty`.
 */
export const SuppliersListInput = ScopeInput.extend({
  supplierFrom: Int.min(1)
    .nullish()
    .transform((v) => v ?? undefined),
  supplierTo: Int.min(1)
    .nullish()
    .transform((v) => v ?? undefined),
  withMovements: z.boolean().default(true),
  withEmpty: z.boolean().default(false),
});
export type SuppliersListInput = z.input<typeof SuppliersListInput>;
export type SuppliersListQuery = z.infer<typeof SuppliersListInput>;

// ---- answers ---------------------------------------------------------------------------------

/**
 * The kinds of rows in digests (spec 3 §3 "Movement kinds in digests", DOMAIN decision 9):
 * budget change (the adjustment as record -1), revenue, payment done (types 1 and 4), payment open
 * (type 2, paid or open), reservation, transfer (a transfer position: types 3, 5 or the inter-part
 * mode) and, in the cash journal only, account transfer and bank return (`paymentReturn`: the bank returned an
 * order's transfer and the money came back on the order's account, DOMAIN decision 22).
 */
export const DigestKindSchema = z.enum([
  'budgetChange',
  'revenue',
  'paymentDone',
  'paymentOpen',
  'reservation',
  'transfer',
  'accountTransfer',
  'paymentReturn',
]);
export type DigestKind = z.infer<typeof DigestKindSchema>;

/**
 * What a register row's "kind" column says (online panels and prints): its kind, except the
 * adjustment (a budget change with record -1) and the paid share of an open payment — a paid
 * instalment ("Bezahlte Rate"), never "Offene Zahlung" beside "bezahlt" (README › Decisions); the
 * unpaid share stays an open payment.
 */
export type DigestRowLabel = DigestKind | 'adjustment' | 'instalmentPaid';

export function digestRowLabel(row: { kind: DigestKind; recordNumber: number; isPaid: boolean | null }): DigestRowLabel {
  if (row.kind === 'budgetChange' && row.recordNumber === -1) return 'adjustment';
  if (row.kind === 'paymentOpen' && row.isPaid === true) return 'instalmentPaid';
  return row.kind;
}

/** The source record of a row, to open it: a movement (`movementId`, `movementKind`), a change, a reservation, an account transfer. */
const RowSource = {
  kind: DigestKindSchema,
  movementId: NullNum,
  movementKind: MovementKindSchema.nullable(),
  type: MovementTypeSchema.nullable(),
  changeId: NullNum,
  reservationId: NullNum,
  accountTransferId: NullNum,
};

/** The spec's movement fields in lists (record, document, supplier, description). */
const RowFields = {
  recordDate: Text,
  recordNumber: Num,
  documentDate: NullText,
  documentNumber: Text,
  supplierId: NullNum,
  supplierCode: NullNum,
  supplierName: Text,
  /** The notes of the record (positions' notes joined, a transfer's or reservation's note, a change's notes). */
  description: Text,
  /**
   * A cancelled record (DOMAIN decisions 1 and 27): listed with its number, date and 0 so no number is
   * missing ("storniert" / "annullato"); it moves no figure and no balance.
   */
  cancelled: z.boolean(),
  /** The receipts attached to the row's record (issue 28: the paperclip): a movement's, reservation's or account transfer's documents. */
  receipts: Num,
};

/**
 * A cash journal row (DOMAIN decision 9): a revenue on its record date (+), a paid instalment on its
 * date paid (−; `recordDate` is that date, `paymentId` the instalment), an account transfer on both
 * accounts (− on the account it leaves, + on the one it reaches; `counterAccountCode` the other
 * account). `finalBalance` is the running balance of the account after the row. Newest last (date,
 * then revenues, instalments, transfers, record number). A cancelled movement of the account (on its
 * record date, kind by its type) or cancelled account transfer (both accounts) is a row of 0. A bank
 * return (kind `paymentReturn`, DOMAIN decision 22) is the money coming back on the order's account on
 * the date of the return (+, the receipt side), with the order (`orderNumber`/`orderYear`) and the
 * bill's record number (`recordNumber`, of `recordYear`).
 */
export const CashJournalRow = z.strictObject({
  ...RowSource,
  ...RowFields,
  /** The year of the movement when it is not the journal's (an instalment of an earlier year's bill paid or returned in this one), else null. */
  recordYear: NullNum,
  paymentId: NullNum,
  /** A bank return's payment order (its number and year), else null. */
  orderNumber: NullNum,
  orderYear: NullNum,
  counterAccountCode: NullText,
  amount: Cents,
  isPaid: z.boolean().nullable(),
  finalBalance: Cents,
});
export type CashJournalRow = z.infer<typeof CashJournalRow>;

/**
 * Digests/CashJournal (spec 3 §3 "Cash journal response"): `dateFromBalance` the balance at the start
 * (the year's initial balance, or before `dateFrom`), `totalProfit` what came in and `totalLoss` what
 * went out (positive) within the dates, `movementsBalance` = profit − loss, `finalBalance` =
 * dateFromBalance + movementsBalance (for the whole year: the account's final balance of
 * Accounts/Balance). The account's descriptions; the rows paged when asked (the box covers all).
 */
export const CashJournal = z.strictObject({
  year: Num,
  accountId: Num,
  accountCode: Text,
  accountType: AccountTypeSchema,
  descriptionDeu: Text,
  descriptionIta: Text,
  dateFrom: NullText,
  dateTo: NullText,
  dateFromBalance: Cents,
  totalProfit: Cents,
  totalLoss: Cents,
  movementsBalance: Cents,
  finalBalance: Cents,
  /**
   * Not rows (DOMAIN decision 9): the instalments of bills on this account of the year or earlier that
   * were not paid by 31.12 of the year (still open, or paid in a later year), their sum.
   */
  openPayments: Cents,
  movements: z.array(CashJournalRow),
  ...PageFields,
});
export type CashJournal = z.infer<typeof CashJournal>;

/** Which figure of the chapter box a row moves. */
export const DigestFigureSchema = z.enum(['budgetChanges', 'payments', 'openPayments', 'reservations']);
export type DigestFigure = z.infer<typeof DigestFigureSchema>;

/**
 * A chapter register row: what one record adds to one figure of the line (DOMAIN decision 9).
 * budgetChanges: a change position (signed; the adjustment is record -1, dated by its approval);
 * payments: a revenue position, the paid share of an expense (per movement), a transfer position;
 * openPayments: the unpaid share of an expense (per movement); reservations: an open reservation's
 * remaining amount (booked − used; a closed one 0, `closed`). `isPaid` for expenses (paid/open
 * share), null otherwise. `finalBalance` the running availability: the initial budget plus the changes
 * so far minus payments, open payments and reservations so far (after the last row:
 * availableAfterPlannedExpenses of the box). `counterChapter` the other side of a transfer position.
 * A cancelled movement is a row of 0 (figure payments) on each line its kept positions name, a
 * cancelled reservation a row of 0 on its line (closed).
 */
export const ChapterDigestRow = z.strictObject({
  ...RowSource,
  ...RowFields,
  figure: DigestFigureSchema,
  /** The year of the record: the scope year, or for an instalment carried onto a residue line its movement's earlier year. */
  recordYear: NullNum,
  amount: Cents,
  isPaid: z.boolean().nullable(),
  closed: z.boolean(),
  counterChapter: NullText,
  counterChapterYear: NullNum,
  finalBalance: Cents,
});
export type ChapterDigestRow = z.infer<typeof ChapterDigestRow>;

/** The rows summed per figure (over every row, not only the page): equal to the box's figures. */
export const ChapterDigestTotals = z.strictObject({ budgetChanges: Cents, payments: Cents, openPayments: Cents, reservations: Cents });
export type ChapterDigestTotals = z.infer<typeof ChapterDigestTotals>;

/**
 * Digests/Chapters (spec 3 §3 "Chapter digest response"): the chapter (year, chapterYear, code,
 * names), `balance` its full figure box (Budget/Chapter's figures), the movement rows (paged when
 * asked) and their totals.
 */
export const ChapterDigest = z.strictObject({
  year: Num,
  chapterYear: Num,
  ...ChapterNameFields,
  balance: BudgetChapterSchema,
  totals: ChapterDigestTotals,
  movements: z.array(ChapterDigestRow),
  ...PageFields,
});
export type ChapterDigest = z.infer<typeof ChapterDigest>;

/**
 * A supplier digest row: one movement of the supplier (an expense) with its total, paid and not paid
 * part; the chapters it books (codes, `chapters`); a cancelled movement is listed with 0 and
 * `cancelled` (not counted).
 */
export const SupplierDigestRow = z.strictObject({
  movementId: Num,
  movementKind: MovementKindSchema,
  type: MovementTypeSchema,
  recordDate: Text,
  recordNumber: Num,
  documentDate: NullText,
  documentNumber: Text,
  accountCode: NullText,
  description: Text,
  chapters: Text,
  amount: Cents,
  paid: Cents,
  notPaid: Cents,
  isPaid: z.boolean(),
  cancelled: z.boolean(),
});
export type SupplierDigestRow = z.infer<typeof SupplierDigestRow>;

export const SupplierAddress = z.strictObject({ street: Text, postalCode: Text, location: Text, province: Text, country: Text });
export type SupplierAddress = z.infer<typeof SupplierAddress>;

/**
 * Digests/Suppliers (spec 3 §3 "Supplier digest"): the supplier (code, `description` its name, name1,
 * name2, address), `documentCount` its movements of the year (not cancelled), `totalPaid`,
 * `totalNotPaid` and their sum `totalSum`, the movement rows (paged when asked).
 */
export const SupplierDigest = z.strictObject({
  year: Num,
  supplierId: Num,
  supplierCode: Num,
  description: Text,
  name1: Text,
  name2: Text,
  address: SupplierAddress,
  documentCount: Num,
  totalPaid: Cents,
  totalNotPaid: Cents,
  /** totalPaid + totalNotPaid (`total` is the number of rows, as in every page). */
  totalSum: Cents,
  movements: z.array(SupplierDigestRow),
  ...PageFields,
});
export type SupplierDigest = z.infer<typeof SupplierDigest>;

/** Sums of the figures of a title or part (finalResidue: the determined residues). */
export const FigureTotals = z.strictObject({
  budgetInitial: Cents,
  budgetChanges: Cents,
  budgetFinal: Cents,
  payments: Cents,
  openPayments: Cents,
  reservations: Cents,
  availableAfterDonePayments: Cents,
  availableAfterPlannedExpenses: Cents,
  finalResidue: Cents,
  availableFinal: Cents,
  toReceive: Cents,
});
export type FigureTotals = z.infer<typeof FigureTotals>;

export const AvailabilitiesTitle = z.strictObject({
  title: Num,
  descriptionDeu: Text,
  descriptionIta: Text,
  chapters: z.array(BudgetChapterSchema),
  totals: FigureTotals,
});
export type AvailabilitiesTitle = z.infer<typeof AvailabilitiesTitle>;

export const AvailabilitiesPart = z.strictObject({ part: PartSchema, titles: z.array(AvailabilitiesTitle), totals: FigureTotals });
export type AvailabilitiesPart = z.infer<typeof AvailabilitiesPart>;

/** Digests/Availabilities: per part (revenues 1, expenses 2) its titles with their chapters and totals. */
export const Availabilities = z.strictObject({ year: Num, chapterYear: Num, parts: z.array(AvailabilitiesPart) });
export type Availabilities = z.infer<typeof Availabilities>;

/** Digests/Chapters/List: the chapter digests of the range (all rows, `movements` empty without movements). */
export const ChaptersList = z.strictObject({ year: Num, chapterYear: Num, withMovements: z.boolean(), chapters: z.array(ChapterDigest) });
export type ChaptersList = z.infer<typeof ChaptersList>;

/** Digests/Suppliers/List: the supplier digests of the range (all rows) and the grand totals. */
export const SuppliersList = z.strictObject({
  year: Num,
  withMovements: z.boolean(),
  suppliers: z.array(SupplierDigest),
  totals: z.strictObject({ documentCount: Num, totalPaid: Cents, totalNotPaid: Cents, totalSum: Cents }),
});
export type SuppliersList = z.infer<typeof SuppliersList>;
