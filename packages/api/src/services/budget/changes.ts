import { type Db, schema } from '@app/db';
import {
  type AdjustmentCreateInput,
  type AdjustmentInput,
  type BudgetAdjustment,
  type BudgetChange,
  type BudgetChangeBrief,
  type BudgetChangeCreateInput,
  type BudgetChangeInput,
  type BudgetChangePosition,
  type BudgetChangePositionInput,
  type BudgetChangeRecordInput,
  changeDateError,
  changeTotals,
  chapterChangeError,
  readsOnly,
} from '@app/domain';
import { and, asc, eq, gte, inArray, sql } from 'drizzle-orm';
import { fail } from '../../errors.ts';
import { resolveChapters } from './chapters.ts';
import { type BudgetHead, lockOpenHead, readHead } from '../ledger/head.ts';
import { chapterFigureRows } from '../ledger/chapterFigures.ts';
import { deleteOrCancel, nextRecordNumber, type RecordKind } from '../ledger/recordCounters.ts';
import { budgetLineUsedSql } from '../ledger/references.ts';
import type { BookingScope } from '../ledger/bookingScope.ts';
import { assertLinesWithinBounds } from '../ledger/chapterBounds.ts';
import { writeAndAnswer } from '../ledger/transaction.ts';

const { budgetChangePositions, budgetChanges, chapterBudgets } = schema;

/** The adjustment's record number (one per scope). */
export const ADJUSTMENT_RECORD = -1;
/** The record counter of budget change numbers. */
export const CHANGE_COUNTER: RecordKind = 'budgetChange';

type ChangeRow = typeof budgetChanges.$inferSelect;

/** Closed: BudgetClosed; forecast not approved: BudgetNotApproved. */
function assertChangeable(head: BudgetHead): void {
  if (head.finalApproved) fail('BudgetClosed');
  if (!head.forecastApproved) fail('BudgetNotApproved');
}

function assertChangeDate(date: string, scope: BookingScope): void {
  const error = changeDateError(date, scope.year, scope.today);
  if (error) fail(error, { field: 'approved' });
}

async function findChange(db: Db, scope: Pick<BookingScope, 'departmentId' | 'year'>, recordNumber: number, forUpdate = false): Promise<ChangeRow | undefined> {
  const query = db
    .select()
    .from(budgetChanges)
    .where(and(eq(budgetChanges.departmentId, scope.departmentId), eq(budgetChanges.year, scope.year), eq(budgetChanges.recordNumber, recordNumber)))
    .limit(1);
  const [row] = forUpdate ? await query.for('update') : await query;
  return row;
}

/** The positions of a change with the chapter figures before it (two queries). */
async function changePositions(db: Db, scope: BookingScope, changeId: number): Promise<BudgetChangePosition[]> {
  const saved = await db
    .select({
      chapterId: chapterBudgets.chapterId,
      amount: budgetChangePositions.amount,
      descriptionDeu: budgetChangePositions.descriptionDeu,
      descriptionIta: budgetChangePositions.descriptionIta,
    })
    .from(budgetChangePositions)
    .innerJoin(chapterBudgets, eq(chapterBudgets.id, budgetChangePositions.chapterBudgetId))
    .where(eq(budgetChangePositions.changeId, changeId));
  if (saved.length === 0) return [];
  const { rows } = await chapterFigureRows(db, {
    departmentId: scope.departmentId,
    year: scope.year,
    area: scope.area,
    chapterIds: saved.map((s) => s.chapterId),
    excludeChangeIds: [changeId],
  });
  return rows.flatMap((r) => {
    const p = saved.find((s) => s.chapterId === r.chapterId);
    if (!p) return [];
    return [
      {
        chapterId: r.chapterId,
        chapter: r.chapter,
        part: r.part,
        title: r.title,
        descriptionDeu: r.isEditable && p.descriptionDeu ? p.descriptionDeu : r.descriptionDeu,
        descriptionIta: r.isEditable && p.descriptionIta ? p.descriptionIta : r.descriptionIta,
        isEditable: r.isEditable,
        budgetBeforeChange: r.budgetFinal,
        changeAmount: p.amount,
        budget: r.budgetFinal + p.amount,
      },
    ];
  });
}

async function toChange(db: Db, scope: BookingScope, head: BudgetHead, row: ChangeRow, surplusDelta = 0): Promise<BudgetChange> {
  const positions = await changePositions(db, scope, row.id);
  return {
    id: row.id,
    recordNumber: row.recordNumber,
    approved: row.approved,
    notes: row.notes,
    isEditable: Boolean(head.forecastApproved) && !head.finalApproved && !readsOnly(scope),
    positions,
    totals: changeTotals(
      positions.map((p) => ({ part: p.part, amount: p.changeAmount })),
      surplusDelta,
    ),
  };
}

// ---- budget changes ---------------------------------------------------------------------------

/** GET Budget/Changes: the changes of the scope by record number (the adjustment is not listed). */
export async function listChanges(db: Db, scope: BookingScope): Promise<BudgetChangeBrief[]> {
  return db
    .select({ id: budgetChanges.id, recordNumber: budgetChanges.recordNumber, approved: budgetChanges.approved, notes: budgetChanges.notes })
    .from(budgetChanges)
    .where(and(eq(budgetChanges.departmentId, scope.departmentId), eq(budgetChanges.year, scope.year), gte(budgetChanges.recordNumber, 1)))
    .orderBy(asc(budgetChanges.recordNumber));
}

/** GET Budget/Changes?recordNumber=: one change with its positions. */
export async function getChange(db: Db, scope: BookingScope, input: Pick<BudgetChangeRecordInput, 'recordNumber'>): Promise<BudgetChange> {
  const [head, row] = await Promise.all([readHead(db, scope), findChange(db, scope, input.recordNumber)]);
  if (!row) fail('NotFound', { field: 'recordNumber', params: { recordNumber: input.recordNumber } });
  return toChange(db, scope, head, row);
}

/** POST Budget/Changes: a new change head with the next record number; the approval date is required. */
export async function createChange(db: Db, scope: BookingScope, input: BudgetChangeCreateInput): Promise<BudgetChange> {
  return writeAndAnswer(
    db,
    async (tx) => {
      const head = await lockOpenHead(tx, scope);
      assertChangeable(head);
      assertChangeDate(input.approved, scope);
      const recordNumber = await nextRecordNumber(tx, scope, CHANGE_COUNTER);
      const [created] = await tx
        .insert(budgetChanges)
        .values({ departmentId: scope.departmentId, year: scope.year, recordNumber, approved: input.approved, notes: input.notes })
        .returning();
      if (!created) throw new Error('change insert failed');
      return created;
    },
    async (tx, row) => toChange(tx, scope, await readHead(tx, scope), row),
  );
}

/**
 * Replaces the positions of a change or the adjustment after every rule (inside the caller's
 * transaction, behind the budget head lock): balance (revenues + surplusDelta == expenses,
 * BudgetNotBalanced), per chapter no determined residue (ChapterHasResidue), final budget not below 0
 * nor below the payments (BudgetFinalNegative), availability after planned expenses not negative
 * unless confirmed (AvailableExceeded). Zero amounts are dropped; a chapter without a current line
 * gets one (budgetInitial 0).
 */
async function replacePositions(
  tx: Db,
  scope: BookingScope,
  change: ChangeRow,
  input: { positions: BudgetChangePositionInput[]; confirmAvailableExceeded: boolean },
  options: { surplusDelta: number; descriptionsRequired: boolean },
): Promise<void> {
  const resolved = await resolveChapters(tx, scope, input.positions);
  const wanted = input.positions.flatMap((p, i) => {
    const chapter = resolved[i];
    if (!chapter) return [];
    if (options.descriptionsRequired && chapter.emptyChapter && p.amount !== 0) {
      if (!p.descriptionDeu) fail('InvalidValue', { field: `positions.${i}.descriptionDeu`, params: { chapter: chapter.chapter } });
      if (!p.descriptionIta) fail('InvalidValue', { field: `positions.${i}.descriptionIta`, params: { chapter: chapter.chapter } });
    }
    return p.amount === 0
      ? []
      : [
          {
            chapter,
            amount: p.amount,
            descriptionDeu: chapter.emptyChapter ? p.descriptionDeu : '',
            descriptionIta: chapter.emptyChapter ? p.descriptionIta : '',
          },
        ];
  });
  const totals = changeTotals(
    wanted.map((w) => ({ part: w.chapter.part, amount: w.amount })),
    options.surplusDelta,
  );
  if (totals.balance !== 0) fail('BudgetNotBalanced');

  const old = await tx
    .select({ chapterId: chapterBudgets.chapterId, amount: budgetChangePositions.amount })
    .from(budgetChangePositions)
    .innerJoin(chapterBudgets, eq(chapterBudgets.id, budgetChangePositions.chapterBudgetId))
    .where(eq(budgetChangePositions.changeId, change.id));
  const affected = [...new Set([...old.map((o) => o.chapterId), ...wanted.map((w) => w.chapter.id)])];
  const { rows } = await chapterFigureRows(tx, { departmentId: scope.departmentId, year: scope.year, area: scope.area, chapterIds: affected });
  const exceeded: string[] = [];
  const excess: number[] = [];
  for (const figures of rows) {
    const before = old.find((o) => o.chapterId === figures.chapterId)?.amount ?? 0;
    const after = wanted.find((w) => w.chapter.id === figures.chapterId)?.amount ?? 0;
    const error = chapterChangeError(figures, after - before);
    if (error === 'AvailableExceeded') {
      exceeded.push(figures.chapter);
      excess.push(-(figures.availableAfterPlannedExpenses + after - before));
    }
    // a determined line names itself: PUT Budget/Residues/Final with `amount: null` for that budgetId clears it (decision 23)
    else if (error) fail(error, { params: { chapter: figures.chapter, ...(error === 'ChapterHasResidue' ? { budgetId: figures.lineId ?? 0 } : {}) } });
  }
  if (exceeded.length > 0 && !input.confirmAvailableExceeded) fail('AvailableExceeded', { params: { chapter: exceeded.join(','), excess: excess.join(',') } });

  const missing = wanted.filter((w) => rows.find((r) => r.chapterId === w.chapter.id)?.lineId == null);
  if (missing.length) {
    await tx
      .insert(chapterBudgets)
      .values(missing.map((m) => ({ departmentId: scope.departmentId, year: scope.year, chapterId: m.chapter.id, chapterYear: scope.year, budgetInitial: 0 })))
      .onConflictDoNothing();
  }
  const lines = wanted.length
    ? await tx
        .select({ id: chapterBudgets.id, chapterId: chapterBudgets.chapterId })
        .from(chapterBudgets)
        .where(
          and(
            eq(chapterBudgets.departmentId, scope.departmentId),
            eq(chapterBudgets.year, scope.year),
            eq(chapterBudgets.chapterYear, scope.year),
            inArray(
              chapterBudgets.chapterId,
              wanted.map((w) => w.chapter.id),
            ),
          ),
        )
    : [];
  await tx.delete(budgetChangePositions).where(eq(budgetChangePositions.changeId, change.id));
  if (wanted.length) {
    await tx.insert(budgetChangePositions).values(
      wanted.map((w) => ({
        changeId: change.id,
        chapterBudgetId: lines.find((l) => l.chapterId === w.chapter.id)?.id ?? 0,
        amount: w.amount,
        descriptionDeu: w.descriptionDeu,
        descriptionIta: w.descriptionIta,
      })),
    );
  }
  // a budget summed over several changes must still hold in Cents (issue 26)
  await assertLinesWithinBounds(
    tx,
    scope,
    affected.map((chapterId) => ({ chapterId, chapterYear: scope.year })),
    'positions',
  );
}

/** PUT Budget/Changes: head and positions of a change (the positions replace the saved ones). */
export async function saveChange(db: Db, scope: BookingScope, input: BudgetChangeInput): Promise<BudgetChange> {
  return writeAndAnswer(
    db,
    async (tx) => {
      const head = await lockOpenHead(tx, scope);
      assertChangeable(head);
      const change = await findChange(tx, scope, input.recordNumber, true);
      if (!change) fail('NotFound', { field: 'recordNumber', params: { recordNumber: input.recordNumber } });
      assertChangeDate(input.approved, scope);
      await replacePositions(tx, scope, change, input, { surplusDelta: 0, descriptionsRequired: false });
      await tx.update(budgetChanges).set({ approved: input.approved, notes: input.notes }).where(eq(budgetChanges.id, change.id));
    },
    (tx) => getChange(tx, scope, input),
  );
}

/**
 * Deletes a budget change made by mistake: only the latest change of the scope (its record number is
 * then given back to the counter, so numbers stay gap-free) and only while nothing depends on the
 * budget it moved (a chapter with a determined residue, or whose final budget or availability would
 * turn negative without it). Otherwise InUse (`usedBy`: laterChanges, residues, bookings). Lines the
 * change opened (initial 0, nothing else on them) go with it.
 */
export async function deleteChange(db: Db, scope: BookingScope, input: Pick<BudgetChangeRecordInput, 'recordNumber'>): Promise<true> {
  return db.transaction(async (tx): Promise<true> => {
    const head = await lockOpenHead(tx, scope);
    assertChangeable(head);
    const change = await findChange(tx, scope, input.recordNumber, true);
    if (!change || change.recordNumber < 1) fail('NotFound', { field: 'recordNumber', params: { recordNumber: input.recordNumber } });
    // only the latest change may go (DOMAIN decision 1 without the cancel: an earlier one is InUse by the later ones)
    await deleteOrCancel(tx, scope, CHANGE_COUNTER, change.recordNumber, {
      cancel: async () => fail('InUse', { params: { usedBy: 'laterChanges', recordNumber: change.recordNumber } }),
      remove: async () => {
        const old = await tx
          .select({ lineId: budgetChangePositions.chapterBudgetId, chapterId: chapterBudgets.chapterId, amount: budgetChangePositions.amount })
          .from(budgetChangePositions)
          .innerJoin(chapterBudgets, eq(chapterBudgets.id, budgetChangePositions.chapterBudgetId))
          .where(eq(budgetChangePositions.changeId, change.id));
        if (old.length) {
          const { rows } = await chapterFigureRows(tx, {
            departmentId: scope.departmentId,
            year: scope.year,
            area: scope.area,
            chapterIds: old.map((o) => o.chapterId),
          });
          for (const figures of rows) {
            const amount = old.find((o) => o.chapterId === figures.chapterId)?.amount ?? 0;
            const error = chapterChangeError(figures, -amount);
            if (error) fail('InUse', { params: { usedBy: error === 'ChapterHasResidue' ? 'residues' : 'bookings', chapter: figures.chapter } });
          }
        }
        await tx.delete(budgetChanges).where(eq(budgetChanges.id, change.id));
        if (old.length) {
          const ids = old.map((o) => o.lineId);
          await tx.execute(sql`
            delete from chapter_budgets l
            where l.id in (${sql.join(ids, sql`, `)}) and l.budget_initial = 0 and l.final_residue is null
              and not ${budgetLineUsedSql(sql`l.id`)}`);
        }
      },
    });
    return true;
  });
}

// ---- adjustment -------------------------------------------------------------------------------

/**
 * The final surplus of the approved final account of the year before the scope's (DOMAIN decision 18, what
 * pre-fills the adjustment's actual surplus; null while that year is not approved). The finalBalance area
 * computes it (`approvedFinalSurplus`); the budget router hands it in, as areas never import each other.
 */
export type PreviousFinalSurplusOf = (db: Db, scope: { departmentId: number; year: number }) => Promise<number | null>;

async function toAdjustment(db: Db, scope: BookingScope, head: BudgetHead, row: ChangeRow, finalSurplusOf: PreviousFinalSurplusOf): Promise<BudgetAdjustment> {
  const surplusActual = row.surplusActual ?? 0;
  const [change, surplusFinalAccount] = await Promise.all([toChange(db, scope, head, row, surplusActual - head.surplusUsed), finalSurplusOf(db, scope)]);
  return { ...change, surplusActual, surplusPlanned: head.surplusUsed, surplusFinalAccount };
}

/**
 * GET Budget/Adjust: the adjustment of the scope with its positions, or null; with `orEmpty` an
 * empty head instead (id 0, no positions, surplusActual 0, the default date: today, kept inside the year).
 */
export async function getAdjustment(
  db: Db,
  scope: BookingScope,
  input: { orEmpty?: boolean },
  finalSurplusOf: PreviousFinalSurplusOf,
): Promise<BudgetAdjustment | null> {
  const [head, row] = await Promise.all([readHead(db, scope), findChange(db, scope, ADJUSTMENT_RECORD)]);
  if (row) return toAdjustment(db, scope, head, row, finalSurplusOf);
  if (!input.orEmpty) return null;
  const surplusFinalAccount = await finalSurplusOf(db, scope);
  const first = `${scope.year}-01-01`;
  const last = `${scope.year}-12-31`;
  const approved = scope.today > last ? last : scope.today < first ? first : scope.today;
  return {
    id: 0,
    recordNumber: ADJUSTMENT_RECORD,
    approved,
    notes: '',
    isEditable: Boolean(head.forecastApproved) && !head.finalApproved && !readsOnly(scope),
    positions: [],
    totals: changeTotals([], 0),
    // DOMAIN decision 18: the approved final account of the previous year pre-fills the actual surplus
    surplusActual: surplusFinalAccount ?? 0,
    surplusPlanned: head.surplusUsed,
    surplusFinalAccount,
  };
}

/** POST Budget/Adjust: creates the adjustment head (one per scope: AdjustmentExists). */
export async function createAdjustment(
  db: Db,
  scope: BookingScope,
  input: AdjustmentCreateInput,
  finalSurplusOf: PreviousFinalSurplusOf,
): Promise<BudgetAdjustment> {
  return writeAndAnswer(
    db,
    async (tx) => {
      const head = await lockOpenHead(tx, scope);
      assertChangeable(head);
      if (await findChange(tx, scope, ADJUSTMENT_RECORD)) fail('AdjustmentExists');
      assertChangeDate(input.approved, scope);
      await tx.insert(budgetChanges).values({
        departmentId: scope.departmentId,
        year: scope.year,
        recordNumber: ADJUSTMENT_RECORD,
        approved: input.approved,
        notes: input.notes,
        surplusActual: input.surplusActual,
      });
    },
    (tx) => readAdjustment(tx, scope, finalSurplusOf),
  );
}

/**
 * PUT Budget/Adjust: head and positions; balanced when revenue deltas + (surplusActual - surplusUsed)
 * == expense deltas; an editable chapter needs both descriptions.
 */
export async function saveAdjustment(db: Db, scope: BookingScope, input: AdjustmentInput, finalSurplusOf: PreviousFinalSurplusOf): Promise<BudgetAdjustment> {
  return writeAndAnswer(
    db,
    async (tx) => {
      const head = await lockOpenHead(tx, scope);
      assertChangeable(head);
      const change = await findChange(tx, scope, ADJUSTMENT_RECORD, true);
      if (!change) fail('BudgetNotFound');
      assertChangeDate(input.approved, scope);
      await replacePositions(tx, scope, change, input, { surplusDelta: input.surplusActual - head.surplusUsed, descriptionsRequired: true });
      await tx
        .update(budgetChanges)
        .set({ approved: input.approved, notes: input.notes, surplusActual: input.surplusActual })
        .where(eq(budgetChanges.id, change.id));
    },
    (tx) => readAdjustment(tx, scope, finalSurplusOf),
  );
}

/** The adjustment just written, read in the transaction that wrote it. */
async function readAdjustment(tx: Db, scope: BookingScope, finalSurplusOf: PreviousFinalSurplusOf): Promise<BudgetAdjustment> {
  const adjustment = await getAdjustment(tx, scope, {}, finalSurplusOf);
  if (!adjustment) throw new Error('adjustment vanished');
  return adjustment;
}
