import { type Db, execRows, likeEscape, pagedRows, toBool, toCents } from '@app/db';
import {
  chapterLineName,
  pageWindow,
  parseDateInput,
  type Reservation,
  type ReservationBrief,
  type ReservationContext,
  type ReservationKey,
  type ReservationListInput,
  type ReservationListItem,
  type ReservationListPage,
  type ReservationPrintInput,
  type ReservationPrintList,
  type ReservationsForLineInput,
  type ReservationStatus,
  toPage,
} from '@app/domain';
import { type SQL, sql } from 'drizzle-orm';
import { fail } from '../../errors.ts';
import { chapterFigureRows, toBudgetChapter } from '../ledger/chapterFigures.ts';
import { resolveLines } from '../ledger/lines.ts';
import { bookable } from '../scope.ts';
import type { BookingScope } from '../ledger/bookingScope.ts';
import { usedByPositionsSql } from '../ledger/counting.ts';

export const RESERVATION_COUNTER = 'reservation' as const;

interface RawReservation {
  id: number | string;
  record_number: number | string;
  record_date: string;
  note: string;
  chapter_budget_id: number | string;
  amount_booked: string | number;
  amount_used_typed: string | number;
  cancelled_amount: string | number | null;
  used_by_positions: string | number;
  closed: boolean | string;
  cancelled: boolean | string;
  is_latest: boolean | string;
  chapter_id: number | string;
  chapter: string;
  chapter_year: number | string;
  empty_chapter: boolean | string;
  description_deu: string;
  description_ita: string;
  line_deu: string;
  line_ita: string;
}

function toItem(r: RawReservation): ReservationListItem {
  const usedByPositions = toCents(r.used_by_positions);
  const amountBooked = toCents(r.amount_booked);
  const amountUsed = toCents(r.amount_used_typed) + usedByPositions;
  const empty = toBool(r.empty_chapter);
  const cancelled = toBool(r.cancelled);
  return {
    id: Number(r.id),
    recordNumber: Number(r.record_number),
    recordDate: r.record_date,
    note: r.note,
    chapter: {
      chapterId: Number(r.chapter_id),
      chapter: r.chapter,
      chapterYear: Number(r.chapter_year),
      descriptionDeu: chapterLineName(empty, r.description_deu, r.line_deu),
      descriptionIta: chapterLineName(empty, r.description_ita, r.line_ita),
      lineId: Number(r.chapter_budget_id),
    },
    amountBooked,
    amountUsed,
    amountUnused: Math.max(0, amountBooked - amountUsed),
    usedByPositions,
    closed: toBool(r.closed),
    cancelled,
    // a live reservation was booked at what it counts; a cancelled one at its kept amount (null: not known)
    originalAmount: cancelled ? (r.cancelled_amount === null ? null : toCents(r.cancelled_amount)) : amountBooked,
    isLatest: toBool(r.is_latest),
  };
}

/**
 * The reservations of the scope (alias `r`) with their line `l` and chapter `c`, what positions use of
 * each (without `excludeMovementIds`), `where` narrowing them; `tail` orders and pages.
 */
export function reservationsSql(scope: Pick<BookingScope, 'departmentId' | 'year'>, where: SQL, tail: SQL = sql``, excludeMovementIds?: number[]): SQL {
  return sql`select r.id, r.record_number, r.record_date::text as record_date, r.note, r.chapter_budget_id, r.amount_booked, r.amount_used_typed, r.cancelled_amount,
      ${usedByPositionsSql(excludeMovementIds)} as used_by_positions, r.closed, r.cancelled,
      r.record_number = coalesce((select k.last from record_counters k
        where k.department_id = r.department_id and k.year = r.year and k.kind = ${RESERVATION_COUNTER}), 0) as is_latest,
      c.id as chapter_id, c.chapter, l.chapter_year, c.empty_chapter, c.description_deu, c.description_ita,
      l.description_deu as line_deu, l.description_ita as line_ita
    from reservations r
    join chapter_budgets l on l.id = r.chapter_budget_id
    join chapters c on c.id = l.chapter_id
    where r.department_id = ${scope.departmentId} and r.year = ${scope.year} and ${where}
    ${tail}`;
}

/** One reservation of the scope as the picker lists it (undefined: none). */
export async function findReservationItem(db: Db, scope: BookingScope, where: SQL): Promise<ReservationListItem | undefined> {
  const [row] = await execRows<RawReservation>(db, reservationsSql(scope, where));
  return row ? toItem(row) : undefined;
}

/** The key of a reservation as one condition on `r`. */
export function keyCondition(key: { id?: number | null | undefined; recordNumber?: number | null | undefined }): SQL {
  return key.id ? sql`r.id = ${key.id}` : sql`r.record_number = ${key.recordNumber ?? 0}`;
}

/** Reservations GET: one reservation by id or record number (RecordNotFound), with its line's budget figures. */
export async function getReservation(db: Db, scope: BookingScope, key: ReservationKey): Promise<Reservation> {
  const [item, state] = await Promise.all([findReservationItem(db, scope, keyCondition(key)), bookable(db, scope)]);
  if (!item) fail('RecordNotFound', { field: key.id ? 'id' : 'recordNumber', params: { recordNumber: key.recordNumber ?? 0 } });
  const { rows } = await chapterFigureRows(db, {
    departmentId: scope.departmentId,
    year: scope.year,
    area: scope.area,
    chapterYear: item.chapter.chapterYear,
    chapterIds: [item.chapter.chapterId],
    withBudgetOnly: true,
  });
  const line = rows.find((r) => r.lineId === item.chapter.lineId);
  if (!line) throw new Error('reservation line missing');
  return { ...item, budget: toBudgetChapter(line), isEditable: state.editable && !item.cancelled };
}

/** The picker's search as one condition on `r` and `c` (null: no search). */
function searchCondition(search: string): SQL | null {
  const text = search.trim();
  if (!text) return null;
  const like = `%${likeEscape(text)}%`;
  const parts: SQL[] = [sql`r.note ilike ${like}`];
  const code = text.replace(/-/g, '');
  if (/^\d{2,5}$/.test(code)) parts.push(sql`c.chapter like ${`${code}%`}`);
  if (/^\d{1,9}$/.test(text)) parts.push(sql`r.record_number = ${Number(text)}`);
  const date = /^\d{4}-\d{2}-\d{2}$/.test(text) ? text : parseDateInput(text);
  if (date) parts.push(sql`r.record_date = ${date}::date`);
  return sql`(${sql.join(parts, sql` or `)})`;
}

/** Reservations/List GET: the picker, newest first, paged; of one chapter line and only open ones when asked. */
export async function listReservations(db: Db, scope: BookingScope, input: ReservationListInput): Promise<ReservationListPage> {
  const conditions: SQL[] = [sql`true`];
  if (input.chapterId !== undefined) conditions.push(sql`c.id = ${input.chapterId}`);
  if (input.chapterYear !== undefined) conditions.push(sql`l.chapter_year = ${input.chapterYear}`);
  if (input.lineId !== undefined) conditions.push(sql`r.chapter_budget_id = ${input.lineId}`);
  if (input.openOnly) conditions.push(sql`not r.closed and not r.cancelled`);
  const search = searchCondition(input.search);
  if (search) conditions.push(search);
  const where = sql.join(conditions, sql` and `);
  const { rows, total } = await pagedRows<RawReservation>(db, reservationsSql(scope, where), sql`record_number desc`, pageWindow(input));
  return toPage(rows.map(toItem), total, input);
}

function statusCondition(status: ReservationStatus): SQL {
  if (status === 'open') return sql`not r.closed and not r.cancelled`;
  if (status === 'closed') return sql`r.closed and not r.cancelled`;
  return sql`true`;
}

/** Reservations/List POST: the print list (chapter year, chapter or range, status) by line and number, with totals. */
export async function printReservations(db: Db, scope: BookingScope, input: ReservationPrintInput): Promise<ReservationPrintList> {
  const conditions: SQL[] = [statusCondition(input.status)];
  if (input.chapterYear !== undefined) conditions.push(sql`l.chapter_year = ${input.chapterYear}`);
  if (input.chapter) conditions.push(sql`c.chapter = ${input.chapter}`);
  if (input.chapterFrom) conditions.push(sql`c.chapter >= ${input.chapterFrom}`);
  if (input.chapterTo) conditions.push(sql`c.chapter <= ${input.chapterTo}`);
  const raw = await execRows<RawReservation>(
    db,
    reservationsSql(scope, sql.join(conditions, sql` and `), sql`order by l.chapter_year desc, c.chapter, r.record_number`),
  );
  const rows = raw.map(toItem);
  const sum = (pick: (r: ReservationListItem) => number) => rows.reduce((total, r) => total + pick(r), 0);
  return { rows, totals: { amountBooked: sum((r) => r.amountBooked), amountUsed: sum((r) => r.amountUsed), amountUnused: sum((r) => r.amountUnused) } };
}

/**
 * The reservations a position on a chapter line may use: open ones with an unused amount, their
 * amounts without the movement `movementId` (a movement of another scope: RecordNotFound); one the
 * movement already uses is listed even when closed or used up since.
 */
export async function reservationsForLine(db: Db, scope: BookingScope, input: ReservationsForLineInput): Promise<ReservationBrief[]> {
  const [line] = await resolveLines(db, scope, [{ ref: input, field: 'chapter' }]);
  if (!line) return [];
  const movementId = input.movementId ?? null;
  if (movementId !== null) {
    const own = await execRows<{ id: number }>(
      db,
      sql`select id from movements where id = ${movementId} and department_id = ${scope.departmentId} and year = ${scope.year}`,
    );
    if (own.length === 0) fail('RecordNotFound', { field: 'movementId' });
  }
  const [rows, linked] = await Promise.all([
    execRows<RawReservation>(
      db,
      reservationsSql(
        scope,
        sql`r.chapter_budget_id = ${line.lineId} and not r.cancelled`,
        sql`order by r.record_number desc`,
        movementId === null ? undefined : [movementId],
      ),
    ),
    movementId === null
      ? Promise.resolve([])
      : execRows<{ id: number | string }>(
          db,
          sql`select distinct reservation_id as id from movement_positions where movement_id = ${movementId} and reservation_id is not null`,
        ),
  ]);
  const linkedIds = new Set(linked.map((r) => Number(r.id)));
  return rows
    .map(toItem)
    .filter((r) => linkedIds.has(r.id) || (!r.closed && r.amountUnused > 0))
    .map((r) => ({
      id: r.id,
      recordNumber: r.recordNumber,
      recordDate: r.recordDate,
      note: r.note,
      lineId: r.chapter.lineId,
      amountBooked: r.amountBooked,
      amountUsed: r.amountUsed,
      amountUnused: r.amountUnused,
      closed: r.closed,
    }));
}

/** The reservations form: budget state, editable, the next record number. */
export async function reservationContext(db: Db, scope: BookingScope): Promise<ReservationContext> {
  const [state, last] = await Promise.all([
    bookable(db, scope),
    execRows<{ last: number | string }>(
      db,
      sql`select last from record_counters where department_id = ${scope.departmentId} and year = ${scope.year} and kind = ${RESERVATION_COUNTER}`,
    ),
  ]);
  return {
    isBudgetApproved: state.approved,
    isBudgetClosed: state.closed,
    isYearLocked: state.yearLocked,
    isEditable: state.editable,
    nextRecordNumber: Number(last[0]?.last ?? 0) + 1,
  };
}
