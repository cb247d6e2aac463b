import { type Db, execRows, toBool, toInt } from '@app/db';
import {
  type ChapterDigest,
  type ChapterDigestQuery,
  type ChapterDigestRow,
  type ChaptersList,
  type ChaptersListQuery,
  type DigestFigure,
  type DigestKind,
} from '@app/domain';
import { type SQL, sql } from 'drizzle-orm';
import { fail } from '../../errors.ts';
import { chapterFigureSql, type FigureFilter, type FigureRawRow, toBudgetChapter, toFigureRow } from '../ledger/chapterFigures.ts';
import { carriedInstalment, carriedLine, paidBy, reservationRemainingSql } from '../ledger/counting.ts';
import { returnedCarriedFrom } from '../ledger/movementFigures.ts';
import {
  cents,
  type DigestScope,
  kindOrNull,
  notesSql,
  numOrNull,
  pageCondition,
  pageFields,
  receiptsSql,
  type RowsPaging,
  supplierNameSql,
  typeOrNull,
} from './common.ts';

/**
 * The chapter register (Digests/Chapters, DOMAIN decision 9) and its print (Digests/Chapters/List),
 * one statement each: the figure box is the one chapter-figures select (chapterFigures.ts
 * `chapterFigureSql`, the figures of Budget/Chapter) and the rows are, per line of the box, every
 * record that moves one of its figures, computed as the figure sources compute them:
 * - budgetChanges: each change or adjustment (record -1) position, dated by its approval;
 * - payments: a revenue position (per movement), the paid instalment shares of an expense (per
 *   movement), a transfer position on either side;
 * - openPayments: the unpaid shares of an expense (per movement); "paid" means paid by 31.12 of the
 *   movement's year, and on a residue line the instalments carried over from earlier years count
 *   (paid when paid by 31.12 of the line's year), as the figure sources count them;
 * - reservations: an open reservation's remaining amount (booked − typed used − what positions
 *   consume, at least 0); a closed one is listed with 0.
 * So the rows of each figure sum to the box's figure. The running balance (window sum per line)
 * starts at the initial budget, adds changes and takes off the rest: after the last row it is the
 * line's availability after planned expenses.
 */

const lines = sql`(select b.line_id from box b where b.line_id is not null)`;

/**
 * The expense shares of `from` (positions `p` joined to movements `m`, shares `s`, instalments `pay`)
 * on the line `line`, one row per movement and paid state; paid means paid by 31.12 of `paidYear`
 * (ledger/counting.ts paidBy, as the expense and carried-instalment sources count).
 */
function expenseRows(line: SQL, paidYear: SQL, from: SQL, where: SQL): SQL {
  const paid = paidBy(paidYear);
  return sql`select ${line}, case when m.type = 2 then 'paymentOpen' else 'paymentDone' end,
           case when ${paid} then 'payments' else 'openPayments' end, case when ${paid} then 3 else 4 end,
           m.id, null, m.id, null, m.record_date, m.record_number, ${notesSql}, sum(s.amount), ${paid}, false, null, m.year, false
      ${from}
      join movements m on m.id = p.movement_id
      join movement_payment_shares s on s.position_id = p.id
      join movement_payments pay on pay.id = s.payment_id
      where m.kind = 'expenses' and not m.cancelled and ${where}
      group by ${line}, m.id, ${paid}
      having sum(s.amount) <> 0`;
}

/**
 * Every row of the box's lines: `line_id, kind, figure, ord, src_id, change_id, movement_id,
 * reservation_id, rdate, record_number, description, amount, is_paid, closed, counter_line_id,
 * record_year, cancelled` (record_year: the year of the record, a carried instalment's movement is of
 * an earlier year). A cancelled record (DOMAIN decisions 1 and 27) is a row of 0: a reservation on its
 * line, a movement on each line of its kept positions (at 0) and transfer positions.
 */
function rowsSql(): SQL {
  return sql`
    select p.chapter_budget_id as line_id, 'budgetChange' as kind, 'budgetChanges' as figure, 0 as ord, p.id as src_id, h.id as change_id,
           null::int as movement_id, null::int as reservation_id, coalesce(h.approved, h.created_at::date) as rdate, h.record_number,
           h.notes as description, p.amount, null::boolean as is_paid, false as closed, null::int as counter_line_id, h.year as record_year,
           false as cancelled
      from budget_change_positions p join budget_changes h on h.id = p.change_id
      where p.chapter_budget_id in ${lines}
    union all
    select r.chapter_budget_id, 'reservation', 'reservations', 1, r.id, null, null, r.id, r.record_date, r.record_number, r.note,
           case when r.closed then 0::numeric else ${reservationRemainingSql()} end,
           null, r.closed, null, r.year, r.cancelled
      from reservations r
      where r.chapter_budget_id in ${lines}
    union all
    select p.chapter_budget_id, 'revenue', 'payments', 2, m.id, null, m.id, null, m.record_date, m.record_number,
           ${notesSql}, sum(p.amount), null, false, null, m.year, m.cancelled
      from movement_positions p join movements m on m.id = p.movement_id
      where p.chapter_budget_id in ${lines} and m.kind = 'revenues'
      group by p.chapter_budget_id, m.id
    union all
    select p.chapter_budget_id, case when m.type = 2 then 'paymentOpen' else 'paymentDone' end, 'payments', 3, m.id, null, m.id, null, m.record_date,
           m.record_number, ${notesSql}, 0::numeric, null, false, null, m.year, true
      from movement_positions p join movements m on m.id = p.movement_id
      where p.chapter_budget_id in ${lines} and m.kind = 'expenses' and m.cancelled
      group by p.chapter_budget_id, m.id
    union all
    ${expenseRows(sql`p.chapter_budget_id`, sql`m.year`, sql`from movement_positions p`, sql`p.chapter_budget_id in ${lines}`)}
    union all
    ${expenseRows(
      sql`dst.id`,
      sql`dst.year`,
      sql`from chapter_budgets dst
      join chapter_budgets src on ${carriedLine(sql`src`, sql`dst`)}
      join movement_positions p on p.chapter_budget_id = src.id`,
      sql`dst.id in ${lines} and ${carriedInstalment(sql`dst`)}`,
    )}
    union all
    select dst.id, 'paymentReturn', 'payments', 3, m.id, null, m.id, null, ri.returned_on, m.record_number, ${notesSql}, -sum(s.amount), null, false, null, m.year, false
      ${returnedCarriedFrom(null, sql`dst.id in ${lines}`)}
      group by dst.id, m.id, ri.returned_on
    union all
    select t.from_chapter_budget_id, 'transfer', 'payments', 5, t.id, null, m.id, null, m.record_date, m.record_number, t.note, t.amount,
           null, false, t.to_chapter_budget_id, m.year, m.cancelled
      from movement_transfer_positions t join movements m on m.id = t.movement_id
      where t.from_chapter_budget_id in ${lines}
    union all
    select t.to_chapter_budget_id, 'transfer', 'payments', 5, t.id, null, m.id, null, m.record_date, m.record_number, t.note, t.amount,
           null, false, t.from_chapter_budget_id, m.year, m.cancelled
      from movement_transfer_positions t join movements m on m.id = t.movement_id
      where t.to_chapter_budget_id in ${lines}`;
}

/**
 * The box rows of the filter, each with its line's row totals and (with `withRows`) its rows of the
 * page (`paging`: per line), ordered by chapter and journal order; a chapter without rows (or past
 * the last page) comes once with null row columns.
 */
export function chapterDigestSql(f: FigureFilter, withRows: boolean, paging: RowsPaging): SQL {
  const order = sql`r.rdate, r.ord, r.record_number, r.src_id`;
  const rows = withRows
    ? rowsSql()
    : sql`select null::int as line_id, null as kind, null as figure, 0 as ord, 0 as src_id, null::int as change_id,
      null::int as movement_id, null::int as reservation_id, null::date as rdate, 0 as record_number, '' as description, 0::numeric as amount,
      null::boolean as is_paid, false as closed, null::int as counter_line_id, null::int as record_year, false as cancelled where false`;
  return sql`
    with box as (${chapterFigureSql(f)}),
    rows as (${rows}),
    numbered as (
      select r.*, row_number() over (partition by r.line_id order by ${order}) as seq,
             sum(case when r.figure = 'budgetChanges' then r.amount else -r.amount end)
               over (partition by r.line_id order by ${order} rows between unbounded preceding and current row) as running
      from rows r
    ),
    tot as (
      select r.line_id, count(*) as n,
             coalesce(sum(r.amount) filter (where r.figure = 'budgetChanges'), 0) as t_changes,
             coalesce(sum(r.amount) filter (where r.figure = 'payments'), 0) as t_payments,
             coalesce(sum(r.amount) filter (where r.figure = 'openPayments'), 0) as t_open,
             coalesce(sum(r.amount) filter (where r.figure = 'reservations'), 0) as t_reservations
      from rows r group by r.line_id
    )
    select box.*, coalesce(tot.n, 0) as row_count, tot.t_changes::text as t_changes, tot.t_payments::text as t_payments,
           tot.t_open::text as t_open, tot.t_reservations::text as t_reservations,
           r.kind as r_kind, r.figure as r_figure, r.change_id as r_change_id, r.movement_id as r_movement_id,
           r.reservation_id as r_reservation_id, r.rdate::text as r_date, r.record_number as r_record_number,
           r.description as r_description, r.amount::text as r_amount, r.is_paid as r_is_paid, r.closed as r_closed,
           r.running::text as r_running, r.seq as r_seq, r.record_year as r_record_year, r.cancelled as r_cancelled, m.kind as m_kind, m.type as m_type,
           m.document_date::text as m_document_date, m.document_number as m_document_number, m.supplier_id as m_supplier_id,
           s.code as s_code, ${supplierNameSql('s')} as s_name, cc.chapter as cc_chapter, cl.chapter_year as cc_chapter_year,
           case when r.seq is null then 0 else ${receiptsSql(sql`r.movement_id`, sql`r.reservation_id`, sql`null::int`)} end as r_receipts
    from box
    left join tot on tot.line_id = box.line_id
    left join numbered r on r.line_id = box.line_id and ${pageCondition(sql`r.seq`, paging)}
    left join movements m on m.id = r.movement_id
    left join suppliers s on s.id = m.supplier_id
    left join chapter_budgets cl on cl.id = r.counter_line_id
    left join chapters cc on cc.id = cl.chapter_id
    order by box.chapter, r.seq`;
}

interface RawDigest extends FigureRawRow {
  row_count: number | string;
  t_changes: string | null;
  t_payments: string | null;
  t_open: string | null;
  t_reservations: string | null;
  r_kind: string | null;
  r_figure: string | null;
  r_change_id: number | string | null;
  r_movement_id: number | string | null;
  r_reservation_id: number | string | null;
  r_date: string | null;
  r_record_number: number | string | null;
  r_description: string | null;
  r_amount: string | null;
  r_is_paid: boolean | string | null;
  r_closed: boolean | string | null;
  r_running: string | null;
  r_record_year: number | string | null;
  r_cancelled: boolean | string | null;
  r_receipts: number | string | null;
  m_kind: string | null;
  m_type: number | string | null;
  m_document_date: string | null;
  m_document_number: string | null;
  m_supplier_id: number | string | null;
  s_code: number | string | null;
  s_name: string | null;
  cc_chapter: string | null;
  cc_chapter_year: number | string | null;
}

function toRow(r: RawDigest, budgetInitial: number): ChapterDigestRow {
  const isMovement = r.r_movement_id !== null;
  return {
    kind: r.r_kind as DigestKind,
    movementId: numOrNull(r.r_movement_id),
    movementKind: kindOrNull(r.m_kind),
    type: typeOrNull(r.m_type),
    changeId: numOrNull(r.r_change_id),
    reservationId: numOrNull(r.r_reservation_id),
    accountTransferId: null,
    recordDate: r.r_date ?? '',
    recordNumber: Number(r.r_record_number),
    recordYear: numOrNull(r.r_record_year),
    documentDate: isMovement ? r.m_document_date : null,
    documentNumber: (isMovement ? r.m_document_number : null) ?? '',
    supplierId: numOrNull(r.m_supplier_id),
    supplierCode: numOrNull(r.s_code),
    supplierName: r.s_name ?? '',
    description: r.r_description ?? '',
    cancelled: toBool(r.r_cancelled),
    receipts: Number(r.r_receipts ?? 0),
    figure: r.r_figure as DigestFigure,
    amount: cents(r.r_amount),
    isPaid: r.r_is_paid === null ? null : toBool(r.r_is_paid),
    closed: toBool(r.r_closed),
    counterChapter: r.cc_chapter,
    counterChapterYear: numOrNull(r.cc_chapter_year),
    finalBalance: budgetInitial + cents(r.r_running),
  };
}

/** The raw rows grouped per chapter (box row first), in order. */
function digestsOf(raw: RawDigest[], year: number, chapterYear: number, paging: RowsPaging): ChapterDigest[] {
  const byChapter = new Map<string, RawDigest[]>();
  for (const r of raw) {
    const list = byChapter.get(r.chapter);
    if (list) list.push(r);
    else byChapter.set(r.chapter, [r]);
  }
  return [...byChapter.values()].map((rows) => {
    const head = rows[0] as RawDigest;
    const box = toBudgetChapter(toFigureRow(head, chapterYear));
    return {
      year,
      chapterYear,
      chapterId: box.chapterId,
      chapter: box.chapter,
      part: box.part,
      title: box.title,
      descriptionDeu: box.descriptionDeu,
      descriptionIta: box.descriptionIta,
      balance: box,
      totals: {
        budgetChanges: cents(head.t_changes),
        payments: cents(head.t_payments),
        openPayments: cents(head.t_open),
        reservations: cents(head.t_reservations),
      },
      movements: rows.filter((r) => r.r_kind !== null).map((r) => toRow(r, box.budgetInitial)),
      ...pageFields(toInt(head.row_count), paging),
    };
  });
}

function baseFilter(scope: DigestScope, chapterYear: number | undefined): FigureFilter {
  return { departmentId: scope.departmentId, year: scope.year, area: scope.area, chapterYear: chapterYear ?? scope.year };
}

/** Digests/Chapters: one chapter's box and rows (ChapterNotFound when the chart of the chapter year has no such chapter). */
export async function chapterDigest(db: Db, scope: DigestScope, input: ChapterDigestQuery): Promise<ChapterDigest> {
  const chapterYear = input.chapterYear ?? scope.year;
  const f: FigureFilter = {
    ...baseFilter(scope, chapterYear),
    ...(input.chapterId !== undefined ? { chapterIds: [input.chapterId] } : { codes: [input.chapter ?? ''] }),
  };
  const [digest] = digestsOf(await execRows<RawDigest>(db, chapterDigestSql(f, true, input)), scope.year, chapterYear, input);
  if (!digest) fail('ChapterNotFound', { field: 'chapter', params: { chapter: input.chapter ?? String(input.chapterId) } });
  return digest;
}

/** Digests/Chapters/List: the digests of the chapters with a budget line in the range, every row. */
export async function chaptersList(db: Db, scope: DigestScope, input: ChaptersListQuery): Promise<ChaptersList> {
  const chapterYear = input.chapterYear ?? scope.year;
  const f: FigureFilter = { ...baseFilter(scope, chapterYear), chapterFrom: input.chapterFrom, chapterTo: input.chapterTo, withBudgetOnly: true };
  const raw = await execRows<RawDigest>(db, chapterDigestSql(f, input.withMovements, {}));
  return { year: scope.year, chapterYear, withMovements: input.withMovements, chapters: digestsOf(raw, scope.year, chapterYear, {}) };
}
