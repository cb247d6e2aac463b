import { type Db, likeEscape, pagedRows, schema, toBool, toCents } from '@app/db';
import {
  AccessLevel,
  type ChapterBefore,
  type ChaptersBeforeInput,
  type MovementAccountBrief,
  type MovementContext,
  type MovementContextInput,
  type MovementListInput,
  type MovementListItem,
  type MovementListPage,
  type MovementType,
  movementHeadFieldRules,
  movementTypeOptions,
  pageWindow,
  parseDateInput,
  toPage,
} from '@app/domain';
import { and, asc, eq, type SQL, sql } from 'drizzle-orm';
import { fail } from '../../errors.ts';
import { chapterFigureRows, type FigureRow } from '../ledger/chapterFigures.ts';
import { bookable } from '../scope.ts';
import type { BookingScope } from '../ledger/bookingScope.ts';

const { accounts, movements, recordCounters } = schema;

// ---- list -------------------------------------------------------------------------------------

interface RawListRow {
  id: number;
  record_number: number;
  type: number;
  record_date: string;
  document_date: string | null;
  document_number: string;
  supplier_id: number | null;
  supplier_code: number | null;
  supplier_name: string | null;
  amount: string | null;
  original_amount: string | null;
  unpaid: boolean | string;
  cancelled: boolean | string;
  receipts: number | string;
}

/** The search of the record picker as one SQL condition on `m` and the supplier `s` (null: no search). */
function searchCondition(search: string): SQL | null {
  const text = search.trim();
  if (!text) return null;
  const parts: SQL[] = [];
  const like = `%${likeEscape(text)}%`;
  parts.push(sql`m.document_number ilike ${like}`, sql`s.name1 ilike ${like}`, sql`s.name2 ilike ${like}`, sql`s.search_key ilike ${like}`);
  if (/^\d{1,9}$/.test(text)) parts.push(sql`m.record_number = ${Number(text)}`, sql`s.code = ${Number(text)}`);
  const date = /^\d{4}-\d{2}-\d{2}$/.test(text) ? text : parseDateInput(text);
  if (date) parts.push(sql`m.record_date = ${date}::date`, sql`m.document_date = ${date}::date`);
  return sql`(${sql.join(parts, sql` or `)})`;
}

/** Movements.list: the records of a kind, newest first, paged, searchable (one query). */
export async function listMovements(db: Db, scope: BookingScope, input: MovementListInput): Promise<MovementListPage> {
  const search = searchCondition(input.search);
  const { rows, total } = await pagedRows<RawListRow>(
    db,
    sql`select m.id, m.record_number, m.type, m.record_date::text as record_date, m.document_date::text as document_date, m.document_number,
               s.id as supplier_id, s.code as supplier_code, s.name1 as supplier_name,
               (coalesce((select sum(p.amount) from movement_positions p where p.movement_id = m.id), 0)
                + coalesce((select sum(t.amount) from movement_transfer_positions t where t.movement_id = m.id), 0))::text as amount,
               case when m.cancelled then (coalesce((select sum(p.cancelled_amount) from movement_positions p where p.movement_id = m.id), 0)
                 + coalesce((select sum(t.cancelled_amount) from movement_transfer_positions t where t.movement_id = m.id), 0)
                 + case when exists (select 1 from movement_positions p where p.movement_id = m.id and p.cancelled_amount is null)
                          or exists (select 1 from movement_transfer_positions t where t.movement_id = m.id and t.cancelled_amount is null) then null else 0 end)
               end::text as original_amount,
               not m.cancelled and exists (select 1 from movement_payments pay where pay.movement_id = m.id and pay.date_paid is null) as unpaid,
               m.cancelled, (select count(*) from documents d where d.movement_id = m.id) as receipts
        from movements m left join suppliers s on s.id = m.supplier_id
        where m.department_id = ${scope.departmentId} and m.year = ${scope.year} and m.kind = ${input.kind} ${search ? sql`and ${search}` : sql``}`,
    sql`record_number desc`,
    pageWindow(input),
  );
  const entities = rows.map((r): MovementListItem => ({
    id: Number(r.id),
    kind: input.kind,
    recordNumber: Number(r.record_number),
    type: Number(r.type) as MovementType,
    recordDate: r.record_date,
    documentDate: r.document_date,
    documentNumber: r.document_number,
    supplierId: r.supplier_id === null ? null : Number(r.supplier_id),
    supplierCode: r.supplier_code === null ? null : Number(r.supplier_code),
    supplierName: r.supplier_name ?? '',
    amount: toCents(r.amount),
    // a live record was booked at what it counts; a cancelled one at its kept amounts
    originalAmount: toBool(r.cancelled) ? (r.original_amount === null ? null : toCents(r.original_amount)) : toCents(r.amount),
    isPaid: !toBool(r.unpaid),
    cancelled: toBool(r.cancelled),
    receipts: Number(r.receipts),
  }));
  return toPage(entities, total, input);
}

// ---- one movement: getMovement.ts (re-exported here, where the router imports the movement reads) ----

export { getMovement } from './getMovement.ts';

// ---- figures before a movement ----------------------------------------------------------------

function toChapterBefore(r: FigureRow): ChapterBefore {
  return {
    chapterId: r.chapterId,
    chapter: r.chapter,
    chapterYear: r.chapterYear,
    part: r.part,
    descriptionDeu: r.descriptionDeu,
    descriptionIta: r.descriptionIta,
    lineId: r.lineId,
    budgetInitial: r.budgetInitial,
    budgetChanges: r.budgetChanges,
    budgetFinal: r.budgetFinal,
    payments: r.payments,
    openPayments: r.openPayments,
    reservations: r.reservations,
    availableAfterDonePayments: r.availableAfterDonePayments,
    availableAfterPlannedExpenses: r.availableAfterPlannedExpenses,
    toReceive: r.toReceive,
  };
}

/**
 * Movements.chaptersBefore: per named chapter line, in the order asked, the budget-per-chapter
 * figures without the movement `movementId` (a movement of another scope: RecordNotFound). One query
 * per chapter year asked for (the current year and each residue year). A chapter the chart of that
 * year lacks is ChapterNotFound; one without a line answers lineId null with zero figures.
 */
export async function chaptersBefore(db: Db, scope: BookingScope, input: ChaptersBeforeInput): Promise<ChapterBefore[]> {
  if (input.movementId !== undefined) {
    const [own] = await db
      .select({ id: movements.id })
      .from(movements)
      .where(and(eq(movements.id, input.movementId), eq(movements.departmentId, scope.departmentId), eq(movements.year, scope.year)));
    if (!own) fail('RecordNotFound', { field: 'movementId' });
  }
  const refs = input.chapters.map((c, i) => ({ ...c, chapterYear: c.chapterYear ?? scope.year, index: i }));
  refs.forEach((r) => {
    if (r.chapterYear > scope.year) fail('InvalidValue', { field: `chapters.${r.index}.chapterYear` });
  });
  const found: FigureRow[] = [];
  for (const chapterYear of [...new Set(refs.map((r) => r.chapterYear))]) {
    const ofYear = refs.filter((r) => r.chapterYear === chapterYear);
    const ids = ofYear.flatMap((r) => (r.chapterId !== undefined ? [r.chapterId] : []));
    const codes = ofYear.flatMap((r) => (r.chapterId === undefined && r.chapter ? [r.chapter] : []));
    const base = {
      departmentId: scope.departmentId,
      year: scope.year,
      area: scope.area,
      chapterYear,
      excludeMovementIds: input.movementId === undefined ? undefined : [input.movementId],
    };
    if (ids.length) found.push(...(await chapterFigureRows(db, { ...base, chapterIds: ids })).rows);
    if (codes.length) found.push(...(await chapterFigureRows(db, { ...base, codes })).rows);
  }
  return refs.map((r) => {
    const row = found.find((f) => f.chapterYear === r.chapterYear && (r.chapterId !== undefined ? f.chapterId === r.chapterId : f.chapter === r.chapter));
    if (!row)
      fail('ChapterNotFound', { field: `chapters.${r.index}.chapter`, params: { chapter: r.chapter ?? String(r.chapterId), chapterYear: r.chapterYear } });
    return toChapterBefore(row);
  });
}

// ---- head form context ------------------------------------------------------------------------

/** Movements.context: type options and field rules of the kind, budget state, default account, next number. */
export async function movementContext(db: Db, scope: BookingScope, input: MovementContextInput): Promise<MovementContext> {
  const [state, defaultAccounts, counter] = await Promise.all([
    bookable(db, scope),
    db
      .select({ id: accounts.id, code: accounts.code, type: accounts.type, descriptionDeu: accounts.descriptionDeu, descriptionIta: accounts.descriptionIta })
      .from(accounts)
      .where(and(eq(accounts.departmentId, scope.departmentId), eq(accounts.inactive, false)))
      .orderBy(asc(accounts.code))
      .limit(1),
    db
      .select({ last: recordCounters.last })
      .from(recordCounters)
      .where(
        and(
          eq(recordCounters.departmentId, scope.departmentId),
          eq(recordCounters.year, scope.year),
          eq(recordCounters.kind, input.kind === 'revenues' ? 'revenue' : 'expense'),
        ),
      ),
  ]);
  const typeOptions = movementTypeOptions(input.kind, { openPaymentsAllowed: state.openPaymentsAllowed, isUnion: scope.area === 1 });
  const account = defaultAccounts[0];
  return {
    kind: input.kind,
    typeOptions,
    fieldRules: typeOptions.map((type) => ({ type, ...movementHeadFieldRules(type) })),
    isBudgetApproved: state.approved,
    isBudgetClosed: state.closed,
    isYearLocked: state.yearLocked,
    isEditable: state.editable,
    canInterPartTransfer: input.kind === 'expenses' && scope.accessLevel === AccessLevel.Supervisor,
    openPaymentsAllowed: state.openPaymentsAllowed,
    defaultAccount: account ? { ...account, type: account.type as MovementAccountBrief['type'] } : null,
    nextRecordNumber: (counter[0]?.last ?? 0) + 1,
  };
}
