/**
 * The draft of a movement kept across the head form and the positions form (one draft for the pair
 * of routes): head fields, positions, transfer positions and instalments, and how it becomes the
 * save input. The rules are the domain's (movementHeadFieldRules, normalizeMovementHead,
 * paymentsForSave, dropZeroPositions, defaultDueDate, availabilityExceeded); nothing here decides a rule
 * of its own.
 * No React here (unit-tested).
 */
import {
  availabilityExceeded,
  bookingAvailability,
  type ChapterBefore,
  checkMovementDates,
  defaultDueDate,
  dropZeroPositions,
  isTransferType,
  type Movement,
  type MovementContext,
  type MovementDateError,
  type MovementHeadField,
  type MovementKind,
  type MovementSaveInput,
  MovementType,
  missingHeadFields,
  normalizeMovementHead,
  offeredRecordDate,
  paidAndOpen,
  type Part,
  paymentsForSave,
  paymentsTotal,
  reservationParts,
  type SupplierBrief,
} from '@app/domain';
import type { PositionRow } from '../../ui/PositionsTable/positionRows.ts';

/** A chapter line as a position names it (the chapter of `chapterYear`'s chart). */
export interface ChapterLine {
  chapterId: number;
  chapter: string;
  chapterYear: number;
  part: Part;
  descriptionDeu: string;
  descriptionIta: string;
}

/** The reservation a position uses (its record number is the row's marker). */
export interface PositionReservation {
  id: number;
  recordNumber: number;
  /**
   * What the position can take from it: its unused amount without this movement (the picker's
   * figure), for a saved position the part it took at save. The part taken is no new spending on
   * the line (DOMAIN decision 7), so the availability preview leaves it out.
   */
  unused: number;
}

/** A position row of the positions table. */
export interface PositionDraft extends PositionRow, ChapterLine {
  note: string;
  /** The open reservation of the chapter line the position uses (null: none). */
  reservation: PositionReservation | null;
  /** A saved position's amount as booked (a cancelled record's before the cancel; null: not known). */
  originalAmount?: number | null;
}

/** A transfer position row: chapter from, chapter to, amount, note. */
export interface TransferDraft {
  key: string;
  from: ChapterLine | null;
  to: ChapterLine | null;
  amount: number | null;
  note: string;
  /** As on PositionDraft. */
  originalAmount?: number | null;
}

/** An instalment as the payments dialog edits it (amount in cents, dates `YYYY-MM-DD`). */
export interface PaymentDraft {
  amount: number;
  dateDue: string;
  datePaid: string | null;
}

/** The supplier as the head form holds it: the picker's brief plus the booking's payment term and chapter proposal. */
export interface SupplierDraft extends SupplierBrief {
  paymentTerm: number;
  chapterProposal: string;
}

export interface MovementValues extends Record<string, unknown> {
  /** The saved record being edited (null: a new record). */
  recordNumber: number | null;
  /** Copy into a new record (`typedNumber`: the number it gets, the next one). */
  asNew: boolean;
  typedNumber: number | null;
  type: MovementType;
  recordDate: string | null;
  documentDate: string | null;
  documentNumber: string;
  supplier: SupplierDraft | null;
  accountId: number | null;
  templateCode: number | null;
  rows: PositionDraft[];
  transfers: TransferDraft[];
  /** The instalments of an open payment (empty: never split: one payment for the total at the default due date). */
  payments: PaymentDraft[];
  /** Supervisor's inter-part transfer mode on a non-transfer expense. */
  interPart: boolean;
}

/** What the form is loaded from: a new record (context) or a saved one. */
export type MovementSource =
  | { kind: 'new'; key: string; context: MovementContext; today: string }
  /** `supplier`: the supplier's brief for the picker (search key, place), when it could be read. */
  | { kind: 'saved'; key: string; movement: Movement; supplier?: SupplierBrief | null };

let keySeq = 0;
/** A fresh row key. */
export function rowKey(prefix = 'n'): string {
  keySeq += 1;
  return `${prefix}${keySeq}`;
}

/** The first type a new record of the kind offers. */
export function defaultType(kind: MovementKind, context: MovementContext): MovementType {
  return context.typeOptions[0] ?? (kind === 'revenues' ? MovementType.Revenue : MovementType.PaymentDone);
}

/** An empty new record: today as record date (clamped to the scope year), the default account. */
export function newValues(kind: MovementKind, context: MovementContext, today: string, year: number): MovementValues {
  const recordDate = offeredRecordDate(year, today);
  return {
    recordNumber: null,
    asNew: false,
    typedNumber: null,
    type: defaultType(kind, context),
    recordDate,
    documentDate: null,
    documentNumber: '',
    supplier: null,
    accountId: context.defaultAccount?.id ?? null,
    templateCode: null,
    rows: [],
    transfers: [],
    payments: [],
    interPart: false,
  };
}

/**
 * The record date when "as new" is ticked or unticked: a copy is a new record and is dated like one (today in
 * the year, 31.12. of a year that is over: offeredRecordDate), not with the copied record's date; unticked, the
 * saved record's own date comes back.
 */
export function withRecordDate(asNew: boolean, saved: Pick<Movement, 'recordDate'> | null, today: string, year: number): Pick<MovementValues, 'recordDate'> {
  if (!asNew) return { recordDate: saved?.recordDate ?? offeredRecordDate(year, today) };
  return { recordDate: offeredRecordDate(year, today) ?? saved?.recordDate ?? null };
}

const lineOf = (side: ChapterLine): ChapterLine => ({
  chapterId: side.chapterId,
  chapter: side.chapter,
  chapterYear: side.chapterYear,
  part: side.part,
  descriptionDeu: side.descriptionDeu,
  descriptionIta: side.descriptionIta,
});

/** A saved movement as form values. */
export function savedValues(movement: Movement, brief?: SupplierBrief | null): MovementValues {
  const known = brief && movement.supplier && brief.id === movement.supplier.id ? brief : null;
  const supplier = movement.supplier
    ? {
        ...movement.supplier,
        searchKey: known?.searchKey ?? '',
        location: known?.location ?? '',
        province: known?.province ?? '',
        country: known?.country ?? '',
        isInactive: known?.isInactive ?? false,
      }
    : null;
  return {
    recordNumber: movement.recordNumber,
    asNew: false,
    typedNumber: null,
    type: movement.type,
    recordDate: movement.recordDate,
    documentDate: movement.documentDate,
    documentNumber: movement.documentNumber,
    supplier,
    accountId: movement.account?.id ?? null,
    templateCode: movement.templateCode,
    rows: movement.positions.map((p) => ({
      key: `p${p.id}`,
      ...lineOf(p),
      amount: p.amount,
      originalAmount: p.originalAmount,
      note: p.note,
      reservation:
        p.reservationId !== null && p.reservationRecordNumber !== null
          ? { id: p.reservationId, recordNumber: p.reservationRecordNumber, unused: p.reservationAmount }
          : null,
      isNew: false,
    })),
    transfers: movement.transferPositions.map((tp) => ({
      key: `t${tp.id}`,
      from: lineOf(tp.from),
      to: lineOf(tp.to),
      amount: tp.amount,
      originalAmount: tp.originalAmount,
      note: tp.note,
    })),
    payments: movement.type === MovementType.PaymentOpen ? movement.payments.map((p) => ({ amount: p.amount, dateDue: p.dateDue, datePaid: p.datePaid })) : [],
    interPart: !isTransferType(movement.type) && movement.transferPositions.length > 0,
  };
}

export function sourceValues(source: MovementSource, kind: MovementKind, year: number): MovementValues {
  return source.kind === 'new' ? newValues(kind, source.context, source.today, year) : savedValues(source.movement, source.supplier);
}

/** The comparable content of the values (dirty check): empty amounts as 0, trimmed texts, no row keys. */
export function compareValues(v: MovementValues): unknown {
  return [
    v.recordNumber,
    v.asNew,
    v.typedNumber,
    v.type,
    v.recordDate,
    v.documentDate,
    v.documentNumber.trim(),
    v.supplier?.id ?? null,
    v.accountId,
    v.templateCode,
    v.rows.map((r) => [r.chapterId, r.chapterYear, r.amount ?? 0, r.note.trim(), r.reservation?.id ?? null]),
    v.transfers.map((tp) => [tp.from?.chapterId ?? null, tp.from?.chapterYear, tp.to?.chapterId ?? null, tp.to?.chapterYear, tp.amount ?? 0, tp.note.trim()]),
    v.payments,
    v.interPart,
  ];
}

/** Does the type book transfer positions (types 3 and 5, or the inter-part mode)? */
export function hasTransfers(v: Pick<MovementValues, 'type' | 'interPart'>): boolean {
  return isTransferType(v.type) || v.interPart;
}

/** Does the type book cash positions (everything but 3 and 5)? */
export function hasPositions(v: Pick<MovementValues, 'type'>): boolean {
  return !isTransferType(v.type);
}

/** Sum of the cash positions (empty amounts as 0). */
export function positionsTotal(v: Pick<MovementValues, 'rows' | 'type'>): number {
  return hasPositions(v) ? v.rows.reduce((sum, r) => sum + (r.amount ?? 0), 0) : 0;
}

/** A cancelled record's rows as booked (the sum of their originalAmount); null when one is not known. */
export function originalTotal(rows: readonly { originalAmount?: number | null | undefined }[]): number | null {
  if (rows.some((r) => r.originalAmount === null || r.originalAmount === undefined)) return null;
  return rows.reduce((sum, r) => sum + (r.originalAmount ?? 0), 0);
}

/** The rows a record books: its positions and (transfer types, the inter-part mode) its transfer positions. */
export function bookedRows(v: Pick<MovementValues, 'rows' | 'transfers' | 'type' | 'interPart'>): (PositionDraft | TransferDraft)[] {
  return [...(hasPositions(v) ? v.rows : []), ...(hasTransfers(v) ? v.transfers : [])];
}

/** Sum of the transfer positions. */
export function transfersTotal(v: Pick<MovementValues, 'transfers' | 'type' | 'interPart'>): number {
  return hasTransfers(v) ? v.transfers.reduce((sum, r) => sum + (r.amount ?? 0), 0) : 0;
}

/** The default due date of the instalments: document date (else record date) plus the supplier's payment term. */
export function defaultDue(v: Pick<MovementValues, 'documentDate' | 'recordDate' | 'supplier'>): string | null {
  const from = v.documentDate ?? v.recordDate;
  return from ? defaultDueDate(from, v.supplier?.paymentTerm ?? 0) : null;
}

/** Why the values can't be sent (checked by the screen before the save), or the save input. */
export type SaveBuild =
  { ok: true; input: MovementSaveInput; dropped: number } | { ok: false; reason: 'noPositions' | 'WrongPaymentTotal' | 'transferChapters' };

/** The save input of the values (head normalised for the type, zero positions dropped, payments per type). */
export function buildSaveInput(scope: { departmentId: number; year: number }, kind: MovementKind, v: MovementValues): SaveBuild {
  const recordDate = v.recordDate ?? '';
  const rows = hasPositions(v) ? v.rows : [];
  const positions = dropZeroPositions(rows.map((r) => ({ ...r, amount: r.amount ?? 0 })));
  const transferRows = hasTransfers(v) ? v.transfers : [];
  const transfers = dropZeroPositions(transferRows.map((r) => ({ ...r, amount: r.amount ?? 0 })));
  if (transfers.some((tp) => !tp.from || !tp.to)) return { ok: false, reason: 'transferChapters' };
  if (positions.length === 0 && transfers.length === 0) return { ok: false, reason: 'noPositions' };
  const total = positions.reduce((sum, r) => sum + r.amount, 0);
  let payments: MovementSaveInput['payments'] = [];
  if (v.type === MovementType.PaymentOpen && v.payments.length > 0) {
    const due = defaultDue(v) ?? recordDate;
    const checked = paymentsForSave({ type: v.type, total, rows: v.payments, recordDate, defaultDue: due });
    if (checked === 'WrongPaymentTotal') return { ok: false, reason: 'WrongPaymentTotal' };
    payments = checked;
  }
  const head = normalizeMovementHead(v.type, {
    recordDate,
    documentNumber: v.documentNumber.trim(),
    documentDate: v.documentDate,
    supplierId: v.supplier?.id ?? null,
    accountId: v.accountId,
    templateCode: v.templateCode,
  });
  const isNew = v.recordNumber === null || v.asNew;
  const input: MovementSaveInput = {
    ...scope,
    kind,
    recordNumber: isNew ? (v.asNew ? v.typedNumber : null) : v.recordNumber,
    asNew: isNew && v.asNew,
    type: v.type,
    recordDate: head.recordDate,
    documentDate: head.documentDate ?? null,
    documentNumber: head.documentNumber ?? '',
    supplierId: head.supplierId ?? null,
    accountId: head.accountId ?? null,
    templateCode: typeof head.templateCode === 'number' ? head.templateCode : null,
    positions: positions.map((r) => ({
      chapterId: r.chapterId,
      chapterYear: r.chapterYear,
      amount: r.amount,
      note: r.note.trim(),
      reservationId: r.reservation?.id ?? null,
    })),
    transferPositions: transfers.map((tp) => ({
      chapterFromId: tp.from?.chapterId,
      chapterYearFrom: tp.from?.chapterYear,
      chapterToId: tp.to?.chapterId,
      chapterYearTo: tp.to?.chapterYear,
      amount: tp.amount,
      note: tp.note.trim(),
    })),
    payments,
  };
  return { ok: true, input, dropped: rows.length - positions.length + (transferRows.length - transfers.length) };
}

/** A chapter line's key in the figures (chapter id and year). */
export const lineKey = (line: Pick<ChapterLine, 'chapterId' | 'chapterYear'>) => `${line.chapterId}/${line.chapterYear}`;

/** Every chapter line the movement books (positions and both sides of the transfers), once each. */
export function bookedLines(v: MovementValues): ChapterLine[] {
  const lines = new Map<string, ChapterLine>();
  if (hasPositions(v)) for (const r of v.rows) lines.set(lineKey(r), lineOf(r));
  if (hasTransfers(v))
    for (const tp of v.transfers)
      for (const side of [tp.from, tp.to]) {
        if (side) lines.set(lineKey(side), lineOf(side));
      }
  return [...lines.values()];
}

/** What this movement books on each chapter line (its positions, less what they take from their reservations, and transfer sides on it). */
export function bookedAmounts(v: MovementValues): Map<string, number> {
  const amounts = new Map<string, number>();
  const add = (line: ChapterLine | null, amount: number | null) => {
    if (!line || !amount) return;
    amounts.set(lineKey(line), (amounts.get(lineKey(line)) ?? 0) + amount);
  };
  // the part a position takes from its reservation (the domain's reservationParts: positions in order,
  // sharing what is unused) was already counted as reserved on the line
  if (hasPositions(v)) {
    const unused = new Map<number, number>();
    for (const r of v.rows) if (r.reservation) unused.set(r.reservation.id, Math.max(unused.get(r.reservation.id) ?? 0, r.reservation.unused));
    const parts = reservationParts(
      v.rows.map((r) => ({ amount: r.amount ?? 0, reservationId: r.reservation?.id ?? null })),
      unused,
    );
    v.rows.forEach((r, i) => add(r, r.amount === null ? null : r.amount - (parts[i] ?? 0)));
  }
  if (hasTransfers(v))
    for (const tp of v.transfers) {
      add(tp.from, tp.amount);
      add(tp.to, tp.amount);
    }
  return amounts;
}

/**
 * What the saved movement takes from each chapter line (the server's "before" of the availability
 * check): its positions less what they took from their reservations, and both sides of its transfer
 * positions.
 */
export function savedBookedAmounts(movement: Pick<Movement, 'positions' | 'transferPositions'>): Map<string, number> {
  const amounts = new Map<string, number>();
  const add = (line: Pick<ChapterLine, 'chapterId' | 'chapterYear'>, amount: number) => amounts.set(lineKey(line), (amounts.get(lineKey(line)) ?? 0) + amount);
  for (const p of movement.positions) add(p, p.amount - p.reservationAmount);
  for (const tp of movement.transferPositions) {
    add(tp.from, tp.amount);
    add(tp.to, tp.amount);
  }
  return amounts;
}

/**
 * The figure the positions form shows per chapter line: for an expense chapter what stays available
 * after the planned expenses, for a revenue chapter what is still to receive; before (without this
 * movement) and after (minus what this movement books on the line). `exceeded`: the domain's
 * availabilityExceeded, the server's AvailableExceeded condition — `bookedBefore` is what the saved
 * version took from the line (savedBookedAmounts; 0 for a new record).
 */
export function lineFigure(
  before: ChapterBefore | undefined,
  booked: number,
  part: Part,
  bookedBefore = 0,
): { before: number; after: number; exceeded: boolean } | null {
  // no budget line (chapterNotAvailable when booked): no figure to show
  if (!before || before.lineId === null) return null;
  const base = bookingAvailability(part, before);
  const after = base - booked;
  return { before: base, after, exceeded: availabilityExceeded({ part, after, bookedBefore, bookedAfter: booked }) };
}

/** Is the record the latest of its kind (deleting gives its number back)? A record saved just now is, even before the context refetched. */
export function isLatest(movement: Movement, context: MovementContext): boolean {
  return movement.recordNumber >= context.nextRecordNumber - 1;
}

/** The head's problems the form shows before sending (the domain's rules): required fields left empty and the first date error. */
export function headProblems(v: MovementValues, year: number, today: string): { missing: MovementHeadField[]; date: MovementDateError | null } {
  const missing = missingHeadFields(v.type, { ...v, recordDate: v.recordDate ?? '', supplierId: v.supplier?.id ?? null });
  const date = v.recordDate
    ? checkMovementDates({
        year,
        today,
        recordDate: v.recordDate,
        documentDate: v.documentDate,
        datePaid: v.type === MovementType.PaymentOpen ? v.payments.map((p) => p.datePaid) : [],
      })
    : null;
  return { missing, date };
}

/**
 * The open part of an open payment (the budget preview's open payments): per position the domain's
 * paidAndOpen split, summed; never split: everything is open; instalments that don't sum to the
 * positions yet (the save refuses them): the unpaid instalments.
 */
export function openPart(v: MovementValues): number {
  const amounts = v.rows.map((r) => r.amount ?? 0).filter((a) => a > 0);
  const total = amounts.reduce((sum, a) => sum + a, 0);
  if (v.payments.length === 0) return total;
  if (paymentsTotal(v.payments) !== total || v.payments.some((p) => p.amount < 0)) return paymentsTotal(v.payments.filter((p) => p.datePaid === null));
  return paidAndOpen(amounts, v.payments).open.reduce((sum, a) => sum + a, 0);
}
