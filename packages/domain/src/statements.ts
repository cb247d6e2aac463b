import { z } from 'zod';
import { Id, Int, text, trimmedText } from './primitives.ts';
import { IsoDate } from './dates.ts';
import { Cents } from './money.ts';
import { NullNum, NullText, Num, Text } from './outputs.ts';
import { ScopeInput } from './scope.ts';
import { MovementKindSchema, MovementTypeSchema } from './movementTypes.ts';
import { MovementSaveInput } from './movements.ts';

// Bank statements (issue 28): an ISO 20022 camt.053.001.02 statement (or a camt.054.001.02 notification) of
// an account of the department, read on the server (services/statements/camt.ts), each of its lines proposed
// against the books (an order's registration, a bank return, an open instalment, a new revenue or expense) and
// applied only as the cashier confirms (statements.confirm, one transaction). Amounts are integer cents
// (`Cents`, euros on the REST wire), dates `YYYY-MM-DD`.

export const STATEMENT_LIMITS = { content: 50 * 1024 * 1024, fileName: 1000, decisions: 5000, ruleText: 100, remittance: 500 } as const;

/** The messages read: the end-of-day statement (camt.053) and the debit/credit notification (camt.054). */
export const StatementMessageSchema = z.enum(['camt.053', 'camt.054']);
export type StatementMessage = z.infer<typeof StatementMessageSchema>;

export const CreditDebitSchema = z.enum(['CRDT', 'DBIT']);
export type CreditDebit = z.infer<typeof CreditDebitSchema>;

/** A booked balance (OPBD, CLBD): signed cents (a debit balance below 0) and its date. */
export const StatementBalance = z.strictObject({ amount: Cents, date: Text });
export type StatementBalance = z.infer<typeof StatementBalance>;

/**
 * One line of a statement: an entry (Ntry), or one transaction (TxDtls) of a batch entry — each transaction
 * of a batch is its own line with its own amount (`entryAmount` the entry's total). `amount` is positive, its
 * direction `creditDebit`; `reversal` (RvslInd): the bank booked back an earlier entry (a returned transfer).
 * `key`: a digest of the account, the entry's references, dates, amount and the line's place in its entry:
 * the same line in a later statement (or the same file again) has the same key.
 */
export const StatementLine = z.strictObject({
  index: Num,
  key: Text,
  entryNumber: Num,
  entryRef: NullText,
  bookingDate: Text,
  valueDate: NullText,
  amount: Cents,
  entryAmount: Cents,
  creditDebit: CreditDebitSchema,
  status: Text,
  reversal: z.boolean(),
  batch: z.boolean(),
  endToEndId: NullText,
  msgId: NullText,
  instrId: NullText,
  acctSvcrRef: NullText,
  counterpartyName: Text,
  counterpartyIban: Text,
  remittance: Text,
});
export type StatementLine = z.infer<typeof StatementLine>;

/** The statement's head as read from the file. */
export const StatementHead = z.strictObject({
  message: StatementMessageSchema,
  messageId: Text,
  statementId: Text,
  sequenceNumber: NullNum,
  createdOn: Text,
  iban: Text,
  currency: Text,
  fromDate: NullText,
  toDate: NullText,
  opening: StatementBalance.nullable(),
  closing: StatementBalance.nullable(),
});
export type StatementHead = z.infer<typeof StatementHead>;

/** A statement as read: its head and its lines. */
export interface ParsedStatement {
  head: StatementHead;
  lines: StatementLine[];
}

// ---- proposals ------------------------------------------------------------------------------------

/** An instalment a proposal pays, returns or settles. */
export const ProposedInstalment = z.strictObject({
  paymentId: Num,
  movementId: Num,
  movementYear: Num,
  recordNumber: Num,
  documentNumber: Text,
  supplierName: Text,
  amount: Cents,
  dateDue: Text,
});
export type ProposedInstalment = z.infer<typeof ProposedInstalment>;

/** A position of a drafted movement; `chapter` '' while neither the supplier nor a rule names one. */
export const DraftPosition = z.strictObject({ chapter: Text, amount: Cents, note: Text });

/**
 * A new revenue or expense drafted from a line, in the shape `movements.save` takes (sent back in the
 * confirmation, possibly edited): a revenue (type 0) or an expense paid (type 1) on the statement's account
 * on the booking date, the counterparty's remittance as the position's note.
 */
export const MovementDraft = z.strictObject({
  kind: MovementKindSchema,
  type: MovementTypeSchema,
  recordDate: Text,
  documentDate: NullText,
  documentNumber: Text,
  supplierId: NullNum,
  accountId: Num,
  positions: z.array(DraftPosition),
});
export type MovementDraft = z.infer<typeof MovementDraft>;

/** Where a draft's chapter comes from: the supplier's proposal, a saved rule, or nowhere (to be chosen). */
export const DraftChapterSourceSchema = z.enum(['supplier', 'rule', 'none']);

/**
 * What a line is proposed as:
 * - `registerOrder`: a debit with the EndToEndId or MsgId of a stored, unregistered homebanking order — its
 *   instalments registered as paid on the booking date (payments.register);
 * - `returnPayment`: a reversal (RvslInd) or a credit naming a registered order's transfer — the instalments
 *   open again as a bank return on the booking date (payments.returned);
 * - `settleInstalment`: an open instalment of the same amount (and the supplier's IBAN, or its document number
 *   in the remittance) paid by hand on the booking date from the statement's account (payments.settle);
 * - `movement`: a new revenue (credit) or expense paid (debit), the draft as movements.save takes it;
 * - `alreadyBooked`: the line was confirmed from an earlier import (its outcome named);
 * - `none`: nothing to propose (a line not booked by the bank, `reason`).
 */
export const StatementProposal = z.discriminatedUnion('kind', [
  z.strictObject({
    kind: z.literal('registerOrder'),
    orderId: Num,
    orderNumber: Num,
    msgId: Text,
    datePaid: Text,
    matchedBy: z.enum(['endToEndId', 'msgId']),
    instalments: z.array(ProposedInstalment),
  }),
  z.strictObject({
    kind: z.literal('returnPayment'),
    orderId: Num,
    orderNumber: Num,
    returnedOn: Text,
    instalments: z.array(ProposedInstalment),
  }),
  z.strictObject({
    kind: z.literal('settleInstalment'),
    datePaid: Text,
    accountId: Num,
    matchedBy: z.array(z.enum(['amount', 'iban', 'reference'])),
    instalment: ProposedInstalment,
  }),
  z.strictObject({ kind: z.literal('movement'), chapterFrom: DraftChapterSourceSchema, ruleId: NullNum, draft: MovementDraft }),
  z.strictObject({ kind: z.literal('alreadyBooked'), statementId: Num, outcome: Text }),
  z.strictObject({ kind: z.literal('none'), reason: Text }),
]);
export type StatementProposal = z.infer<typeof StatementProposal>;

/** A line with its proposal and the other proposals the cashier may choose instead. */
export const StatementEntry = StatementLine.extend({ proposal: StatementProposal, alternatives: z.array(StatementProposal) });
export type StatementEntry = z.infer<typeof StatementEntry>;

// ---- import and confirm -------------------------------------------------------------------------

/**
 * Statements.import: the statement file (its text; over REST the multipart part `file`). Writes nothing; answers
 * the statement with each line's proposal. The account is the department's account with the statement's IBAN.
 */
export const StatementImportInput = ScopeInput.extend({
  fileName: text(STATEMENT_LIMITS.fileName).default(''),
  content: z.string().max(STATEMENT_LIMITS.content, 'TooLong'),
});
export type StatementImportInput = z.input<typeof StatementImportInput>;

/** A statement stored before (the same file or the same statement of the account): recognised, not booked twice. */
export const StatementDuplicate = z.strictObject({ statementId: Num, importedAt: Text, fileName: Text });

export const StatementImportResult = z.strictObject({
  head: StatementHead,
  accountId: Num,
  accountCode: Text,
  sha256: Text,
  duplicateOf: StatementDuplicate.nullable(),
  entries: z.array(StatementEntry),
  creditTotal: Cents,
  debitTotal: Cents,
});
export type StatementImportResult = z.infer<typeof StatementImportResult>;

/**
 * The cashier's choice for one line (by `index`): `accept` its proposal, `skip` it, or take `alternative`
 * number n of its alternatives. A movement proposal may come back edited as `draft` (what movements.save takes;
 * the scope and the account are the statement's). A line not named is skipped.
 */
export const StatementDecision = z.object({
  index: Int.min(0, 'InvalidValue'),
  action: z.enum(['accept', 'skip', 'alternative']),
  alternative: Int.min(0, 'InvalidValue').nullable().default(null),
  draft: MovementSaveInput.nullish().transform((v) => v ?? null),
});
export type StatementDecision = z.infer<typeof StatementDecision>;

/** Statements.confirm: the same file again with the decisions; applied in one transaction, the statement stored. */
export const StatementConfirmInput = StatementImportInput.extend({
  decisions: z.array(StatementDecision).max(STATEMENT_LIMITS.decisions).default([]),
});
export type StatementConfirmInput = z.input<typeof StatementConfirmInput>;
export type StatementConfirm = z.infer<typeof StatementConfirmInput>;

export const StatementOutcomeSchema = z.enum(['registered', 'returned', 'settled', 'booked', 'skipped']);
export type StatementOutcome = z.infer<typeof StatementOutcomeSchema>;

export const StatementConfirmResult = z.strictObject({
  statementId: Num,
  booked: Num,
  skipped: Num,
  entries: z.array(
    z.strictObject({
      index: Num,
      outcome: StatementOutcomeSchema,
      movementId: NullNum,
      orderId: NullNum,
      paymentIds: z.array(Num),
    }),
  ),
});
export type StatementConfirmResult = z.infer<typeof StatementConfirmResult>;

// ---- stored statements and reconciliation ---------------------------------------------------------

export const StatementBrief = z.strictObject({
  id: Num,
  accountId: Num,
  accountCode: Text,
  iban: Text,
  message: Text,
  statementId: Text,
  createdOn: Text,
  fromDate: NullText,
  toDate: NullText,
  openingBalance: Cents.nullable(),
  closingBalance: Cents.nullable(),
  closingDate: NullText,
  fileName: Text,
  sha256: Text,
  importedAt: Text,
  entryCount: Num,
  bookedCount: Num,
});
export type StatementBrief = z.infer<typeof StatementBrief>;

export const StatementListInput = ScopeInput.extend({ accountId: Id.nullish().transform((v) => v ?? null) });
export type StatementListInput = z.infer<typeof StatementListInput>;

/** Statements/Reconciliation: one account on one day (default: the closing day of its latest statement up to today). */
export const ReconciliationInput = ScopeInput.extend({ accountId: Id, date: IsoDate.nullish().transform((v) => v ?? null) });
export type ReconciliationInput = z.input<typeof ReconciliationInput>;

/** A statement line the books don't have (skipped, or its booking deleted since). */
export const UnbookedLine = z.strictObject({
  statementId: Num,
  index: Num,
  bookingDate: Text,
  amount: Cents,
  creditDebit: CreditDebitSchema,
  counterpartyName: Text,
  remittance: Text,
  outcome: Text,
});

/** A cash booking of the account no statement line booked or named (`amount` signed as it moves the account). */
export const BookingNotOnStatement = z.strictObject({
  source: Text,
  bookedOn: Text,
  amount: Cents,
  movementId: NullNum,
  paymentId: NullNum,
  transferId: NullNum,
  recordNumber: NullNum,
});

/**
 * The bank's closing balance (the latest stored statement of the account closing up to `date`) beside the
 * book balance of the account at the end of that day; `difference` bank − books; the lines and bookings that
 * explain it from `periodFrom` (the first day of the account's first stored statement of the year) on:
 * `unbooked` (+ credits, − debits) minus `notOnStatement` is the difference unless the books and the bank
 * differed already before (`unexplained`).
 */
export const Reconciliation = z.strictObject({
  accountId: Num,
  accountCode: Text,
  iban: Text,
  date: Text,
  statementId: NullNum,
  bankBalance: Cents.nullable(),
  bookBalance: Cents,
  difference: Cents.nullable(),
  periodFrom: NullText,
  unbooked: z.array(UnbookedLine),
  notOnStatement: z.array(BookingNotOnStatement),
  unexplained: Cents.nullable(),
});
export type Reconciliation = z.infer<typeof Reconciliation>;

// ---- matching rules -------------------------------------------------------------------------------

/**
 * A matching rule of the department (the cashier saves them): a line whose counterparty or remittance
 * contains `text` (case not counted) gets `chapter` in its drafted movement — revenues for credits, expenses
 * for debits (`kind`).
 */
export const StatementRule = z.strictObject({ id: Num, kind: MovementKindSchema, text: Text, chapter: Text });
export type StatementRule = z.infer<typeof StatementRule>;

export const StatementRuleSaveInput = ScopeInput.extend({
  id: Id.nullish().transform((v) => v ?? null),
  kind: MovementKindSchema,
  text: trimmedText(STATEMENT_LIMITS.ruleText).min(1, 'Required'),
  chapter: z
    .string()
    .trim()
    .regex(/^\d{5}$/, 'InvalidValue'),
});
export type StatementRuleSaveInput = z.input<typeof StatementRuleSaveInput>;
export type StatementRuleSave = z.infer<typeof StatementRuleSaveInput>;

export const StatementRuleKey = ScopeInput.extend({ id: Id });
export type StatementRuleKey = z.infer<typeof StatementRuleKey>;

/** The first rule of `kind` whose text the line's counterparty or remittance contains (rules in id order). */
export function matchingRule<R extends Pick<StatementRule, 'kind' | 'text'>>(
  rules: readonly R[],
  kind: StatementRule['kind'],
  line: Pick<StatementLine, 'counterpartyName' | 'remittance'>,
): R | null {
  const haystack = `${line.counterpartyName}\n${line.remittance}`.toLocaleLowerCase('de');
  return rules.find((r) => r.kind === kind && r.text.trim() !== '' && haystack.includes(r.text.trim().toLocaleLowerCase('de'))) ?? null;
}

/** Whether a remittance names a document number (a whole word of it, case not counted; numbers under 2 characters never). */
export function remittanceNames(remittance: string, documentNumber: string): boolean {
  const wanted = documentNumber.trim().toLocaleLowerCase('de');
  if (wanted.length < 2) return false;
  const text = remittance.toLocaleLowerCase('de');
  let at = text.indexOf(wanted);
  while (at >= 0) {
    const before = at === 0 ? ' ' : text[at - 1]!;
    const after = text[at + wanted.length] ?? ' ';
    if (!/[\p{L}\p{N}]/u.test(before) && !/[\p{L}\p{N}]/u.test(after)) return true;
    at = text.indexOf(wanted, at + 1);
  }
  return false;
}
