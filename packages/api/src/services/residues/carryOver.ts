import { type Db, execRows, moneyParam, schema, toBool, toCents } from '@app/db';
import { type CarryOverBlock, type CarryOverReport, type CarryOverResult, type CarryOverState, chapterFigures } from '@app/domain';
import { sql } from 'drizzle-orm';
import { fail } from '../../errors.ts';
import { lockHead, lockOpenHead, readHead } from '../ledger/head.ts';
import { budgetLineUsedSql } from '../ledger/references.ts';
import { sqlList } from '../ledger/sql.ts';
import { takeRecordNumbers } from '../ledger/recordCounters.ts';
import { paidBy } from '../ledger/counting.ts';
import { type ResidueLine, residueLines } from './lines.ts';
import {
  carriedLinesInUse,
  compareLines,
  copyClosedAfter,
  type LineComparison,
  lineDifferences,
  lineKey,
  type OpenReservation,
  reservationDifferences,
  reservationDiffers,
  reservationsToCarry,
} from './carryOverCompare.ts';
import type { BookingScope } from '../ledger/bookingScope.ts';

const { chapterBudgets, reservations } = schema;

/**
 * Carry-over (spec 3 §2, §4; DOMAIN.md "Year end", decision 13), run in the target year Y+1 = the
 * scope year, reading Y:
 * - every line of Y must be determined (UndeterminedResidues);
 * - per line of Y that has a final residue, open payments or remaining reservations, the residue line
 *   (Y+1, chapter, chapterYear) is created, or updated, with budgetInitial = the final residue;
 * - the unpaid instalments then count on those lines (ledger/movementFigures.ts carriedInstalments: the
 *   instalment, its movement and its payment order stay as they are, so order membership is kept and a
 *   registration in Y+1 pays the residue line);
 * - each open reservation of Y with a remaining amount continues as a reservation of Y+1 on the residue
 *   line (reservations.carried_from_id, one per source), booked = the remaining amount;
 * - the accounts' final balances of Y are Y+1's initial balances by derivation (services/ledger/cashBalances.ts:
 *   initial of Y+1 = typed first-year balance + every flow before Y+1; a carried instalment paid in Y+1
 *   is a flow of Y+1), so nothing is copied and they stay current.
 * Idempotent: a re-run writes only what differs (carryOverCompare.ts, the comparison the screen lists
 * when Y changed after the carry-over); lowering a line (or a carried reservation) below what Y+1
 * already used is SmallerThanExistingResidue; a carried line whose source carries nothing any more is
 * removed while nothing stands on it (else kept at 0).
 */

function previousScope(scope: BookingScope): BookingScope {
  return { ...scope, year: scope.year - 1 };
}

/**
 * Budget/Residues/CarryOver GET: possible when the scope budget is open, Y has lines and all of them
 * are determined; once carried, the lines and reservations of Y+1 that no longer match Y (outOfDate).
 */
export async function carryOverPossible(db: Db, scope: BookingScope): Promise<CarryOverState> {
  const [head, previous, current] = await Promise.all([readHead(db, scope), residueLines(db, previousScope(scope)), residueLines(db, scope, { source: 2 })]);
  const undetermined = previous.filter((l) => l.finalResidue === null).length;
  const previousKeys = new Set(previous.map((l) => lineKey(l.chapterId, l.chapterYear)));
  let reason: CarryOverBlock | null = null;
  if (head.finalApproved) reason = 'BudgetClosed';
  else if (previous.length === 0) reason = 'NoPreviousYear';
  else if (undetermined > 0) reason = 'UndeterminedResidues';
  const carriedBefore = current.some((l) => previousKeys.has(lineKey(l.chapterId, l.chapterYear)));
  const state = {
    possible: reason === null,
    previousYear: scope.year - 1,
    year: scope.year,
    isBudgetClosed: head.finalApproved !== null,
    reason,
    carriedBefore,
    undetermined,
  };
  if (!carriedBefore) return { ...state, outOfDate: false, lines: [], reservations: [] };
  const [inUse, carried] = await Promise.all([carriedLinesInUse(db, scope), reservationsToCarry(db, scope, false)]);
  const lines = lineDifferences(compareLines(previous, new Map(current.map((l) => [lineKey(l.chapterId, l.chapterYear), l])), inUse));
  const reservationList = reservationDifferences(carried, previous);
  return { ...state, outOfDate: lines.some((l) => l.action !== 'keep') || reservationList.length > 0, lines, reservations: reservationList };
}

/**
 * The unpaid instalments (at the end of Y) per line of Y, of Y's movements and of earlier ones carried
 * onto Y's lines: line of Y -> instalment ids (an instalment spread over several lines is on each).
 */
async function unpaidInstalmentsPerLine(tx: Db, scope: BookingScope): Promise<Map<number, number[]>> {
  const year = scope.year - 1;
  const rows = await execRows<{ line_id: number | string; payment_id: number | string }>(
    tx,
    sql`select distinct l.id as line_id, pay.id as payment_id
        from chapter_budgets l
        join chapter_budgets src on src.department_id = l.department_id and src.chapter_id = l.chapter_id
          and src.chapter_year = l.chapter_year and src.year <= l.year
        join movement_positions p on p.chapter_budget_id = src.id
        join movements m on m.id = p.movement_id and m.kind = 'expenses' and not m.cancelled
        join movement_payment_shares s on s.position_id = p.id
        join movement_payments pay on pay.id = s.payment_id
        where l.department_id = ${scope.departmentId} and l.year = ${year}
          and not ${paidBy(sql`${year}`)}`,
  );
  const perLine = new Map<number, number[]>();
  for (const r of rows) {
    const ids = perLine.get(Number(r.line_id)) ?? [];
    ids.push(Number(r.payment_id));
    perLine.set(Number(r.line_id), ids);
  }
  return perLine;
}

/** What the carry-over writes on the residue lines of Y+1, decided before anything is written. */
interface LinePlan {
  /** New lines and lines whose budgetInitial changes, one upsert. */
  rows: (typeof chapterBudgets.$inferInsert)[];
  /** line of Y -> line of Y+1, for the lines that exist already and stay. */
  target: Map<number, number>;
  /** line of Y -> its key, for the lines the upsert creates. */
  created: Map<number, string>;
  /** Carried lines of Y+1 to delete (nothing stands on them). */
  removed: number[];
}

function lineRow(scope: BookingScope, line: ResidueLine): typeof chapterBudgets.$inferInsert {
  return {
    departmentId: scope.departmentId,
    year: scope.year,
    chapterId: line.chapterId,
    chapterYear: line.chapterYear,
    budgetInitial: line.finalResidue ?? 0,
    descriptionDeu: line.lineDescriptionDeu,
    descriptionIta: line.lineDescriptionIta,
  };
}

/**
 * The residue lines of Y+1 per comparison (carryOverCompare.ts): a new one created, an existing one
 * updated to the final residue (refused below what Y+1 already uses: SmallerThanExistingResidue), one
 * whose source is gone removed, or kept (counted) when something stands on it.
 */
function planLines(
  scope: BookingScope,
  comparisons: readonly LineComparison[],
  result: CarryOverResult,
  unpaid: ReadonlyMap<number, readonly number[]>,
): LinePlan {
  const moved = new Set<number>();
  const plan: LinePlan = { rows: [], target: new Map(), created: new Map(), removed: [] };
  for (const { source, carried: found, action, kept } of comparisons) {
    if (action === 'remove' && found) {
      plan.removed.push(found.lineId);
      result.linesRemoved += 1;
      continue;
    }
    if (kept) result.linesKept += 1;
    if (!source) continue;
    if (found) {
      plan.target.set(source.lineId, found.lineId);
      if (action !== 'update') continue;
      const residue = source.finalResidue ?? 0;
      const figures = chapterFigures(found);
      const used = figures.payments + figures.openPayments + figures.reservations;
      if (residue < found.budgetInitial && residue + found.budgetChanges < used)
        fail('SmallerThanExistingResidue', { params: { chapter: source.chapter, chapterYear: source.chapterYear, used, residue } });
      plan.rows.push(lineRow(scope, source));
      result.linesUpdated += 1;
    } else if (action === 'create') {
      plan.rows.push(lineRow(scope, source));
      plan.created.set(source.lineId, lineKey(source.chapterId, source.chapterYear));
      result.linesCreated += 1;
      for (const id of unpaid.get(source.lineId) ?? []) moved.add(id);
    }
  }
  // an instalment shared by several new lines moves once
  result.instalmentsMoved = moved.size;
  return plan;
}

/** Deletes the carried lines to remove, each only while still nothing stands on it (checked in the delete itself). */
async function removeLines(tx: Db, ids: readonly number[]): Promise<void> {
  if (ids.length === 0) return;
  await execRows(tx, sql`delete from chapter_budgets l where l.id in (${sqlList(ids)}) and not ${budgetLineUsedSql(sql`l.id`)}`);
}

/** Writes the planned lines in one upsert (on the key department, year, chapter, chapter year) and completes the target map with the new lines. */
async function writeLines(tx: Db, plan: LinePlan): Promise<Map<number, number>> {
  if (plan.rows.length === 0) return plan.target;
  const written = await tx
    .insert(chapterBudgets)
    .values(plan.rows)
    .onConflictDoUpdate({
      target: [chapterBudgets.departmentId, chapterBudgets.year, chapterBudgets.chapterId, chapterBudgets.chapterYear],
      set: { budgetInitial: sql`excluded.budget_initial` },
    })
    .returning({ id: chapterBudgets.id, chapterId: chapterBudgets.chapterId, chapterYear: chapterBudgets.chapterYear });
  const ids = new Map(written.map((w) => [lineKey(w.chapterId, w.chapterYear), w.id]));
  const target = new Map(plan.target);
  for (const [previousLine, key] of plan.created) {
    const id = ids.get(key);
    if (id === undefined) throw new Error('residue line not created');
    target.set(previousLine, id);
  }
  return target;
}

interface ReservationUpdate {
  id: number;
  booked: number;
  closed: boolean;
}

/**
 * The reservations of Y: an open one without a copy continues in Y+1 (`toCreate`); a copy whose booked
 * amount or closed state differs is updated (refused below what Y+1 used of it: SmallerThanExistingResidue).
 */
function planReservations(list: readonly OpenReservation[], result: CarryOverResult): { toCreate: OpenReservation[]; toUpdate: ReservationUpdate[] } {
  const toCreate: OpenReservation[] = [];
  const toUpdate: ReservationUpdate[] = [];
  for (const r of list) {
    if (r.copyId === null) {
      toCreate.push(r);
      result.reservationsCarried += 1;
      continue;
    }
    const closed = copyClosedAfter(r);
    if (!reservationDiffers(r)) continue;
    if (r.remaining < r.copyUsed)
      fail('SmallerThanExistingResidue', { field: 'reservation', params: { recordNumber: r.recordNumber, used: r.copyUsed, remaining: r.remaining } });
    toUpdate.push({ id: r.copyId, booked: r.remaining, closed });
    result.reservationsUpdated += 1;
  }
  return { toCreate, toUpdate };
}

/** The new copies in one insert, numbered gap-free in Y+1 (one counter upsert takes all their numbers) in the order of their sources' numbers. */
async function insertReservations(tx: Db, scope: BookingScope, toCreate: readonly OpenReservation[], target: ReadonlyMap<number, number>): Promise<void> {
  if (toCreate.length === 0) return;
  const first = await takeRecordNumbers(tx, scope, 'reservation', toCreate.length);
  await tx.insert(reservations).values(
    toCreate.map((r, i) => {
      const lineId = target.get(r.lineId);
      if (lineId === undefined) throw new Error('reservation line not carried');
      return {
        departmentId: scope.departmentId,
        year: scope.year,
        recordNumber: first + i,
        recordDate: `${scope.year}-01-01`,
        note: r.note,
        chapterBudgetId: lineId,
        amountBooked: r.remaining,
        carriedFromId: r.id,
      };
    }),
  );
}

/** The changed copies of Y+1 in one update. */
async function updateReservations(tx: Db, scope: BookingScope, toUpdate: readonly ReservationUpdate[]): Promise<void> {
  if (toUpdate.length === 0) return;
  const rows = sql.join(
    toUpdate.map((u) => sql`(${u.id}::int, ${moneyParam(u.booked)}::numeric, ${u.closed}::boolean)`),
    sql`, `,
  );
  await execRows(
    tx,
    sql`update reservations set amount_booked = v.booked, closed = v.closed from (values ${rows}) v (id, booked, closed)
        where reservations.id = v.id and reservations.year = ${scope.year}`,
  );
}

/**
 * Budget/Residues/CarryOver PUT: carries Y's residues into the scope year Y+1 in one transaction, in a
 * constant number of statements whatever the number of lines and reservations: the reads, then every
 * rule checked, then at most one upsert of the residue lines, one counter upsert, one insert and one
 * update of the carried reservations.
 */
export async function carryOver(db: Db, scope: BookingScope): Promise<CarryOverResult> {
  return db.transaction(async (tx) => {
    const head = await lockOpenHead(tx, scope);
    if (head.finalApproved) fail('BudgetClosed');
    // Y's determination and bookings wait (FOR SHARE excludes their FOR UPDATE writes of the head)
    await lockHead(tx, previousScope(scope), 'share');
    const previous = await residueLines(tx, previousScope(scope));
    if (previous.length === 0) fail('NotFound', { params: { year: scope.year - 1 } });
    const undetermined = previous.filter((l) => l.finalResidue === null);
    if (undetermined.length > 0) fail('UndeterminedResidues', { params: { count: undetermined.length, year: scope.year - 1 } });

    const existing = new Map((await residueLines(tx, scope, { source: 2 })).map((l) => [lineKey(l.chapterId, l.chapterYear), l]));
    const result: CarryOverResult = {
      linesCreated: 0,
      linesUpdated: 0,
      linesRemoved: 0,
      linesKept: 0,
      reservationsCarried: 0,
      reservationsUpdated: 0,
      instalmentsMoved: 0,
    };
    const comparisons = compareLines(previous, existing, await carriedLinesInUse(tx, scope));
    const lines = planLines(scope, comparisons, result, await unpaidInstalmentsPerLine(tx, scope));
    const carried = planReservations(await reservationsToCarry(tx, scope, true), result);
    await removeLines(tx, lines.removed);
    const target = await writeLines(tx, lines);
    await insertReservations(tx, scope, carried.toCreate, target);
    await updateReservations(tx, scope, carried.toUpdate);
    return result;
  });
}

/** Budget/Residues/CarryOver/Report GET: the residue lines of the scope year carried from Y, with Y's final residue and the line's residue. */
export async function carryOverReport(db: Db, scope: BookingScope): Promise<CarryOverReport> {
  const rows = await execRows<Record<string, string | number | boolean | null>>(
    db,
    sql`select l.chapter_year, c.chapter, c.part, c.empty_chapter, c.description_deu, c.description_ita, l.description_deu as line_deu,
               l.description_ita as line_ita, prev.final_residue::text as previous_year, l.budget_initial::text as current_year
        from chapter_budgets l
        join chapters c on c.id = l.chapter_id
        join chapter_budgets prev on prev.department_id = l.department_id and prev.year = l.year - 1
          and prev.chapter_id = l.chapter_id and prev.chapter_year = l.chapter_year
        where l.department_id = ${scope.departmentId} and l.year = ${scope.year} and l.chapter_year < l.year
        order by c.part, l.chapter_year, c.chapter`,
  );
  const named = (empty: unknown, chapterName: unknown, lineName: unknown) => (toBool(empty) && lineName ? String(lineName) : String(chapterName));
  const list = rows.map((r) => ({
    year: Number(r.chapter_year),
    chapter: String(r.chapter),
    part: Number(r.part) as 1 | 2,
    descriptionDeu: named(r.empty_chapter, r.description_deu, r.line_deu),
    descriptionIta: named(r.empty_chapter, r.description_ita, r.line_ita),
    previousYear: toCents(r.previous_year),
    currentYear: toCents(r.current_year),
  }));
  return {
    previousYear: scope.year - 1,
    year: scope.year,
    rows: list,
    totals: {
      previousYear: list.reduce((t, r) => t + r.previousYear, 0),
      currentYear: list.reduce((t, r) => t + r.currentYear, 0),
    },
  };
}
