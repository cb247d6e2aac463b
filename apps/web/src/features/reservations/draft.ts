/**
 * The reservations form's values and how they become the save input (spec 3 §2/§3/§5, DOMAIN
 * decision 7). The server decides every rule again; this only says what the form shows before
 * sending. No React here (unit-tested).
 */
import { offeredRecordDate, Part, type ReservationAmountProblem, reservationAmountProblem, type ReservationListItem, reservationRemaining } from '@app/domain';
import type { ChapterChoice } from '../../ui/chapterCode.ts';

/** A reservation as the form reads it (the server's answer; `usedByPositions`: what linked movement positions use). */
export type ReservationData = Pick<
  ReservationListItem,
  'id' | 'recordNumber' | 'recordDate' | 'note' | 'chapter' | 'amountBooked' | 'amountUsed' | 'usedByPositions' | 'closed'
>;

export interface ReservationValues extends Record<string, unknown> {
  recordDate: string | null;
  note: string;
  /** The year of the chapter line: the scope year or a residue year. */
  chapterYear: number;
  chapter: ChapterChoice | null;
  amountBooked: number | null;
  /** The amount used in total (at least what the positions use). */
  amountUsed: number | null;
  closed: boolean;
}

/** What the form is loaded from: a new record or a saved one. */
export type ReservationSource = { kind: 'new'; key: string; today: string } | { kind: 'saved'; key: string; reservation: ReservationData };

/** An empty new reservation: today as record date (clamped to the scope year), the scope year's chapters, used 0. */
export function newReservationValues(today: string, year: number): ReservationValues {
  const recordDate = offeredRecordDate(year, today);
  return { recordDate, note: '', chapterYear: year, chapter: null, amountBooked: null, amountUsed: 0, closed: false };
}

/** A saved reservation as form values. */
export function savedReservationValues(r: ReservationData): ReservationValues {
  return {
    recordDate: r.recordDate,
    note: r.note,
    chapterYear: r.chapter.chapterYear,
    chapter: {
      id: r.chapter.chapterId,
      chapter: r.chapter.chapter,
      // reservations are on expense chapters with a budget line (never an empty heading chapter)
      part: Part.Expenses,
      descriptionDeu: r.chapter.descriptionDeu,
      descriptionIta: r.chapter.descriptionIta,
      emptyChapter: false,
    },
    amountBooked: r.amountBooked,
    amountUsed: r.amountUsed,
    closed: r.closed,
  };
}

export function reservationSourceValues(source: ReservationSource, year: number): ReservationValues {
  return source.kind === 'new' ? newReservationValues(source.today, year) : savedReservationValues(source.reservation);
}

/** The comparable content of the values (dirty check). */
export function compareReservation(v: ReservationValues): unknown {
  return [v.recordDate, v.note.trim(), v.chapterYear, v.chapter?.id ?? null, v.amountBooked ?? 0, v.amountUsed ?? 0, v.closed];
}

/** booked − used, live (empty amounts as 0). */
export function unusedAmount(v: Pick<ReservationValues, 'amountBooked' | 'amountUsed'>): number {
  return (v.amountBooked ?? 0) - (v.amountUsed ?? 0);
}

/** A field the form names when it refuses to send (the same names the server uses). */
export type ReservationField = 'recordDate' | 'chapter' | 'amountBooked' | 'amountUsed';

/**
 * What keeps the values from being sent: a required field left empty (`missing`), or the amounts
 * (the domain's reservationAmountProblem, the rule the server refuses with).
 */
export function reservationProblems(v: ReservationValues, usedByPositions: number): { missing: ReservationField[]; amount: ReservationAmountProblem | null } {
  const missing: ReservationField[] = [];
  if (!v.recordDate) missing.push('recordDate');
  if (!v.chapter) missing.push('chapter');
  if (v.amountBooked === null) missing.push('amountBooked');
  if (v.amountUsed === null) missing.push('amountUsed');
  return { missing, amount: reservationAmountProblem({ amountBooked: v.amountBooked, amountUsed: v.amountUsed, usedByPositions }) };
}

/**
 * How much more the form's values reserve on their chapter line than the saved reservation does
 * (the budget box's "available after saving"): a new line takes the whole open part.
 */
export function reservingMore(v: ReservationValues, saved: (ReservationData & { amountUnused: number }) | null): number {
  if (!v.chapter) return 0;
  const now = reservationRemaining({ closed: v.closed, unused: unusedAmount(v) });
  const sameLine = saved !== null && saved.chapter.chapterId === v.chapter.id && saved.chapter.chapterYear === v.chapterYear;
  return now - (sameLine ? reservationRemaining({ closed: saved.closed, unused: saved.amountUnused }) : 0);
}
