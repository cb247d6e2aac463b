import { type Db, execRows, toCents } from '@app/db';
import {
  bookingAvailability,
  type ChapterErrorRow,
  criteriaFlags,
  failedCriteria,
  type FinalBalance,
  type FinalBalanceCriterion,
  type FinalBalanceErrors,
  finalApprovalWindow,
  isExceededLine,
  isLateFinalApproval,
  isResidueLineFailing,
  isUnpaidLine,
  Part,
  type ReservationErrorRow,
  residueBounds,
  title3Totals,
  type UnapprovedChangeRow,
  type UnpaidBillRow,
  readsOnly,
} from '@app/domain';
import { sql } from 'drizzle-orm';
import { readHead } from '../ledger/head.ts';
import { carriedInstalment, carriedLine, paidBy, reservationRemainingSql } from '../ledger/counting.ts';
import { scopeStatus } from '../scope.ts';
import { type YearLine, yearLines } from './lines.ts';
import { reopenAnswer, reopenFacts } from './reopen.ts';
import type { BookingScope } from '../ledger/bookingScope.ts';
import { sqlList } from '../ledger/sql.ts';

/**
 * The final-account criteria (DOMAIN decision 16), in the wire order unpaid bills, budget changes,
 * reservations, exceeded availabilities, residues, title 3:
 * - unpaid bills: a line whose final residue (undetermined: 0) is below its open payments;
 * - budget changes: a change (or the adjustment) without approval date;
 * - reservations: an open reservation whose remaining amount exceeds its line's final residue;
 * - exceeded availabilities: an expense line with availableAfterPlannedExpenses < 0;
 * - residues: a line whose final residue is not determined, or determined outside its current bounds
 *   (open payments + reservations .. availability; DOMAIN decision 24);
 * - title 3: title-3 revenues (collected + final residues) ≠ title-3 expenses (paid + final residues).
 * Each set comes from one query (the year's lines, the unapproved changes, the reservations, the bills).
 */

interface RawChange {
  record_number: number | string;
  notes: string;
}

/** The scope's budget changes (and adjustment) without approval date. */
async function unapprovedChanges(db: Db, scope: { departmentId: number; year: number }): Promise<UnapprovedChangeRow[]> {
  const rows = await execRows<RawChange>(
    db,
    sql`select record_number, notes from budget_changes
        where department_id = ${scope.departmentId} and year = ${scope.year} and approved is null
        order by record_number`,
  );
  return rows.map((r) => ({ recordNumber: Number(r.record_number), notes: r.notes }));
}

interface RawReservation {
  record_date: string;
  record_number: number | string;
  chapter_year: number | string;
  chapter: string;
  remaining: string;
  final_residue: string | null;
  note: string;
}

/** Open reservations of the scope whose remaining amount exceeds their line's final residue (undetermined: 0). */
async function reservationsWithoutResidue(db: Db, scope: { departmentId: number; year: number }): Promise<ReservationErrorRow[]> {
  const rows = await execRows<RawReservation>(
    db,
    sql`select * from (
          select r.record_date::text as record_date, r.record_number, l.chapter_year, c.chapter, l.final_residue::text as final_residue, r.note,
                 ${reservationRemainingSql()}::text as remaining,
                 l.final_residue as residue_value
          from reservations r
          join chapter_budgets l on l.id = r.chapter_budget_id
          join chapters c on c.id = l.chapter_id
          where r.department_id = ${scope.departmentId} and r.year = ${scope.year} and not r.closed and not r.cancelled
        ) x
        where x.remaining::numeric > 0 and x.remaining::numeric > coalesce(x.residue_value, 0)
        order by x.record_number`,
  );
  return rows.map((r) => ({
    recordDate: r.record_date,
    recordNumber: Number(r.record_number),
    chapterYear: Number(r.chapter_year),
    chapter: r.chapter,
    remainingAmount: toCents(r.remaining),
    finalResidue: r.final_residue === null ? null : toCents(r.final_residue),
    note: r.note,
  }));
}

interface RawBill {
  movement_id: number | string;
  record_date: string;
  record_number: number | string;
  document_date: string | null;
  document_number: string;
  account_code: string | null;
  supplier_code: string | null;
  supplier_deu: string | null;
  chapter_year: number | string;
  chapter: string;
  amount: string;
}

/**
 * The unpaid bills (open instalment shares per movement) on the given lines, as the figure sources count
 * them (ledger/counting.ts): the shares of the line's own positions not paid by 31.12. of their
 * movement's year, and on a residue line the instalments carried onto it (positions on the same chapter
 * line of earlier years) not paid by 31.12. of the line's year. One query.
 */
async function unpaidBills(db: Db, lineIds: number[]): Promise<UnpaidBillRow[]> {
  if (lineIds.length === 0) return [];
  const rows = await execRows<RawBill>(
    db,
    sql`with target as (
          select l.id, l.department_id, l.year, l.chapter_id, l.chapter_year from chapter_budgets l
          where l.id in (${sqlList(lineIds)})
        ),
        shares as (
          select t.id as line_id, p.movement_id, s.amount
          from target t
          join movement_positions p on p.chapter_budget_id = t.id
          join movements m on m.id = p.movement_id
          join movement_payment_shares s on s.position_id = p.id
          join movement_payments pay on pay.id = s.payment_id
          where m.kind = 'expenses' and not m.cancelled and not ${paidBy(sql`m.year`)}
          union all
          select t.id, p.movement_id, s.amount
          from target t
          join chapter_budgets src on ${carriedLine(sql`src`, sql`t`)}
          join movement_positions p on p.chapter_budget_id = src.id
          join movements m on m.id = p.movement_id
          join movement_payment_shares s on s.position_id = p.id
          join movement_payments pay on pay.id = s.payment_id
          where m.kind = 'expenses' and not m.cancelled and ${carriedInstalment(sql`t`)} and not ${paidBy(sql`t.year`)}
        )
        select m.id as movement_id, m.record_date::text as record_date, m.record_number, m.document_date::text as document_date, m.document_number,
               a.code as account_code, su.code::text as supplier_code, su.name1 as supplier_deu, t.chapter_year, c.chapter, sum(sh.amount)::text as amount
        from shares sh
        join movements m on m.id = sh.movement_id
        join target t on t.id = sh.line_id
        join chapters c on c.id = t.chapter_id
        left join accounts a on a.id = m.account_id
        left join suppliers su on su.id = m.supplier_id
        group by m.id, m.record_date, m.record_number, m.document_date, m.document_number, a.code, su.code, su.name1, t.chapter_year, c.chapter
        having sum(sh.amount) > 0
        order by m.record_date, m.record_number, t.chapter_year, c.chapter`,
  );
  return rows.map((r) => ({
    movementId: Number(r.movement_id),
    recordDate: r.record_date,
    recordNumber: Number(r.record_number),
    documentDate: r.document_date,
    documentNumber: r.document_number,
    accountCode: r.account_code ?? '',
    supplierCode: r.supplier_code ?? '',
    supplierDescription: r.supplier_deu ?? '',
    chapterYear: Number(r.chapter_year),
    chapter: r.chapter,
    amount: toCents(r.amount),
  }));
}

const pick = ({ minimum, maximum }: { minimum: number; maximum: number }) => ({ minimum, maximum });

function chapterRow(l: YearLine): ChapterErrorRow {
  return {
    chapterYear: l.chapterYear,
    chapter: l.chapter,
    part: l.part,
    descriptionDeu: l.descriptionDeu,
    descriptionIta: l.descriptionIta,
    budgetFinal: l.budgetFinal,
    payments: l.payments,
    openPayments: l.openPayments,
    reservations: l.reservations,
    finalResidue: l.finalResidue,
    availability: bookingAvailability(l.part, l),
    ...pick(residueBounds(l)),
  };
}

/** The failed criteria of the scope (three queries: the lines, the unapproved changes, the reservations). */
export async function evaluateCriteria(
  db: Db,
  scope: { departmentId: number; year: number },
): Promise<{ failed: Record<FinalBalanceCriterion, boolean>; lines: YearLine[]; changes: UnapprovedChangeRow[]; reservations: ReservationErrorRow[] }> {
  const [lines, changes, reservations] = await Promise.all([yearLines(db, scope), unapprovedChanges(db, scope), reservationsWithoutResidue(db, scope)]);
  const failed = failedCriteria(lines, { unapprovedChanges: changes.length, reservationsWithoutResidue: reservations.length });
  return { failed, lines, changes, reservations };
}

/** GET FinalBalance: the criteria, the approval and what the screen may do. */
export async function getFinalBalance(db: Db, scope: BookingScope): Promise<FinalBalance> {
  const [{ failed }, head, status, reopen] = await Promise.all([
    evaluateCriteria(db, scope),
    readHead(db, scope),
    scopeStatus(db, scope, scope.today),
    reopenFacts(db, scope),
  ]);
  const criteria = criteriaFlags(failed);
  const window = finalApprovalWindow(scope.year);
  const approval = head.finalApproved;
  return {
    year: scope.year,
    approval,
    criteria,
    allPassed: criteria.every((c) => c === 1),
    isBudgetClosed: approval !== null,
    isLateApproval: isLateFinalApproval(approval, scope.year),
    approvalFrom: window.from,
    approvalTo: window.to,
    lateAfter: window.lateAfter,
    isEditable: Boolean(head.forecastApproved) && !status.isYearLocked && !readsOnly(scope),
    ...reopenAnswer(scope, { approved: approval !== null, yearLocked: Boolean(status.isYearLocked), ...reopen }),
  };
}

/** GET FinalBalance/Errors: the rows behind every failed criterion (the error protocol). */
export async function finalBalanceErrors(db: Db, scope: BookingScope): Promise<FinalBalanceErrors> {
  const { failed, lines, changes, reservations } = await evaluateCriteria(db, scope);
  const bills = await unpaidBills(
    db,
    lines.filter(isUnpaidLine).map((l) => l.lineId),
  );
  const t3 = title3Totals(lines);
  const title3 = failed.title3 ? lines.filter((l) => l.title === 3) : [];
  return {
    year: scope.year,
    criteria: criteriaFlags(failed),
    unpaidBills: bills,
    budgetChanges: changes,
    reservations,
    exceededAvailabilities: lines.filter(isExceededLine).map(chapterRow),
    residues: lines.filter(isResidueLineFailing).map(chapterRow),
    title3Revenues: title3.filter((l) => l.part === Part.Revenues).map(chapterRow),
    title3Expenses: title3.filter((l) => l.part === Part.Expenses).map(chapterRow),
    title3RevenuesTotal: t3.revenues,
    title3ExpensesTotal: t3.expenses,
  };
}
