import { type Db, execRows, schema, toBool } from '@app/db';
import { type ManualResidue, type ManualResidueDeleteResult, type ManualResidueList, type ManualResidueSave, storedLineName, readsOnly } from '@app/domain';
import { and, eq, inArray, ne, type SQL, sql } from 'drizzle-orm';
import { fail } from '../../errors.ts';
import { lockOpenHead, readHead } from '../ledger/head.ts';
import { isFirstYear } from '../ledger/firstYear.ts';
import { budgetLineUsedSql } from '../ledger/references.ts';
import { type ResidueLine, lineUsed, residueLines } from './lines.ts';
import type { BookingScope } from '../ledger/bookingScope.ts';
import { writeAndAnswer } from '../ledger/transaction.ts';

const { chapterBudgets, chapters } = schema;

/**
 * Manual residues (spec 3 §2, §5, §6; DOMAIN.md "Year end", decision 15): in the department's first
 * year in the system (ledger/firstYear.ts, DOMAIN decision 25), the residues from before the system are typed in as residue lines of
 * the scope (chapterYear < year, budgetInitial = amount, notes) that movements and reservations book
 * on like carried lines. A line stays deletable while nothing is booked, reserved or changed on it.
 */

/** Is anything (movement or transfer position, reservation, change position) on the line `lineId` (an SQL id expression)? */
function referencedSql(lineId: SQL): SQL {
  return budgetLineUsedSql(lineId);
}

async function isReferenced(tx: Db, lineId: number): Promise<boolean> {
  const [ref] = await execRows<{ used: boolean | string }>(tx, sql`select ${referencedSql(sql`${lineId}::int`)} as used`);
  return toBool(ref?.used);
}

function toManual(line: ResidueLine, referenced: boolean): ManualResidue {
  const used = lineUsed(line);
  return {
    id: line.lineId,
    year: line.chapterYear,
    chapterYear: line.chapterYear,
    chapterId: line.chapterId,
    chapter: line.chapter,
    part: line.part,
    descriptionDeu: line.descriptionDeu,
    descriptionIta: line.descriptionIta,
    isEditable: line.emptyChapter,
    amount: line.budgetInitial,
    note: line.notes,
    used,
    isDeletable: !referenced && used === 0,
  };
}

/** The residue lines of the scope with whether anything references them (one query for the flags). */
async function manualRows(db: Db, scope: BookingScope, lineIds?: number[]): Promise<ManualResidue[]> {
  const lines = await residueLines(db, scope, lineIds ? { lineIds } : { source: 2 });
  if (lines.length === 0) return [];
  const referenced = await execRows<{ id: number | string }>(
    db,
    sql`select l.id from chapter_budgets l where l.id in (${sql.join(
      lines.map((l) => sql`${l.lineId}`),
      sql`, `,
    )}) and ${referencedSql(sql`l.id`)}`,
  );
  const ids = new Set(referenced.map((r) => Number(r.id)));
  return lines.map((l) => toManual(l, ids.has(l.lineId)));
}

function matches(row: ManualResidue, search: string): boolean {
  if (!search) return true;
  const needle = search.toLowerCase().replace(/-/g, '');
  return [String(row.year), row.chapter, row.descriptionDeu, row.descriptionIta].some((v) => v.toLowerCase().includes(needle));
}

/** Budget/Residues GET: the manual residues of the first year (none in a later year), filtered by year, chapter or names. */
export async function listManualResidues(db: Db, scope: BookingScope, search: string): Promise<ManualResidueList> {
  const [head, first] = await Promise.all([readHead(db, scope), isFirstYear(db, scope)]);
  const rows = first ? (await manualRows(db, scope)).filter((r) => matches(r, search)) : [];
  return { rows, isFirstYear: first, isBudgetClosed: head.finalApproved !== null, editable: first && head.finalApproved === null && !readsOnly(scope) };
}

type ChapterRow = Pick<typeof chapters.$inferSelect, 'id' | 'chapter' | 'emptyChapter'>;

/**
 * The chapter of a manual residue: the chapter (by id or code) of the chart of the residue's year. A
 * year before the system usually has no chart: then the chapter of the scope year's chart with that
 * code is copied into the chart of the residue's year (same area, code, names, flags; no title or
 * category links), once per area and year, so the residue line is an ordinary line of its chapter
 * year that movements and reservations resolve like a carried one. ChapterNotFound when neither chart has it.
 */
async function residueChapterOf(tx: Db, scope: BookingScope, input: ManualResidueSave): Promise<ChapterRow> {
  const picked = { id: chapters.id, chapter: chapters.chapter, emptyChapter: chapters.emptyChapter, year: chapters.year };
  let code = input.chapter ?? '';
  if (input.chapterId !== undefined) {
    const [byId] = await tx
      .select(picked)
      .from(chapters)
      .where(and(eq(chapters.id, input.chapterId), eq(chapters.area, scope.area)))
      .limit(1);
    if (byId?.year === input.chapterYear) return byId;
    code = byId?.chapter ?? '';
  }
  const found = await tx
    .select(picked)
    .from(chapters)
    .where(and(eq(chapters.area, scope.area), eq(chapters.chapter, code), inArray(chapters.year, [input.chapterYear, scope.year])));
  const own = found.find((c) => c.year === input.chapterYear);
  if (own) return own;
  const template = found.find((c) => c.year === scope.year);
  if (!template) fail('ChapterNotFound', { field: 'chapter', params: { chapter: code || String(input.chapterId), chapterYear: input.chapterYear } });
  const [source] = await tx.select().from(chapters).where(eq(chapters.id, template.id));
  if (!source) throw new Error('chapter vanished');
  const { id: _id, categoryId: _c, titleId: _t, ...copy } = source;
  await tx
    .insert(chapters)
    .values({ ...copy, year: input.chapterYear })
    .onConflictDoNothing();
  const [created] = await tx
    .select(picked)
    .from(chapters)
    .where(and(eq(chapters.area, scope.area), eq(chapters.year, input.chapterYear), eq(chapters.chapter, code)));
  if (!created) throw new Error('chapter not copied');
  return created;
}

/** The start of a manual-residue write: open year, the head locked, budget open, the first year (Forbidden otherwise). */
async function lockManualScope(tx: Db, scope: BookingScope): Promise<void> {
  const head = await lockOpenHead(tx, scope);
  if (head.finalApproved) fail('BudgetClosed');
  if (!(await isFirstYear(tx, scope))) fail('Forbidden', { params: { reason: 'notFirstYear' } });
}

async function lockLine(tx: Db, scope: BookingScope, id: number) {
  const [line] = await tx
    .select()
    .from(chapterBudgets)
    .where(and(eq(chapterBudgets.id, id), eq(chapterBudgets.departmentId, scope.departmentId), eq(chapterBudgets.year, scope.year)))
    .for('update');
  if (!line || line.chapterYear >= scope.year) fail('ResiduelNotFound', { field: 'id', params: { id } });
  return line;
}

/**
 * Budget/Residues POST: a manual residue created or changed, in one transaction. The chapter comes from
 * the chart of the residue's year (residueChapterOf; ChapterNotFound); an empty chapter needs both names
 * (ChapterDescriptionNeeded); one line per (year, chapter) (InvalidValue); a line in use keeps its
 * chapter and year (InvalidValue) and its amount (+ changes) can't go below what is used
 * (SmallerThanExistingResidue).
 */
export async function saveManualResidue(db: Db, scope: BookingScope, input: ManualResidueSave): Promise<ManualResidue> {
  return writeAndAnswer(
    db,
    async (tx): Promise<number> => {
      await lockManualScope(tx, scope);
      const saved = input.id === null ? null : await lockLine(tx, scope, input.id);
      if (input.chapterYear >= scope.year) fail('InvalidValue', { field: 'year', params: { year: input.chapterYear } });
      const chapter = await residueChapterOf(tx, scope, input);
      if (chapter.emptyChapter && (!input.descriptionDeu || !input.descriptionIta))
        fail('ChapterDescriptionNeeded', { field: !input.descriptionDeu ? 'descriptionDeu' : 'descriptionIta' });
      const [other] = await tx
        .select({ id: chapterBudgets.id })
        .from(chapterBudgets)
        .where(
          and(
            eq(chapterBudgets.departmentId, scope.departmentId),
            eq(chapterBudgets.year, scope.year),
            eq(chapterBudgets.chapterId, chapter.id),
            eq(chapterBudgets.chapterYear, input.chapterYear),
            input.id !== null ? ne(chapterBudgets.id, input.id) : sql`true`,
          ),
        )
        .limit(1);
      if (other) fail('InvalidValue', { field: 'chapter', params: { reason: 'exists', chapter: chapter.chapter, year: input.chapterYear } });
      const values = {
        chapterId: chapter.id,
        chapterYear: input.chapterYear,
        budgetInitial: input.amount,
        notes: input.note,
        descriptionDeu: storedLineName(chapter.emptyChapter, input.descriptionDeu),
        descriptionIta: storedLineName(chapter.emptyChapter, input.descriptionIta),
      };
      if (saved === null) {
        const [created] = await tx
          .insert(chapterBudgets)
          .values({ departmentId: scope.departmentId, year: scope.year, ...values })
          .returning({ id: chapterBudgets.id });
        if (!created) throw new Error('manual residue not created');
        return created.id;
      }
      const [line] = await residueLines(tx, scope, { lineIds: [saved.id] });
      if (!line) fail('ResiduelNotFound', { field: 'id', params: { id: saved.id } });
      const inUse = await isReferenced(tx, saved.id);
      if (inUse && (saved.chapterId !== chapter.id || saved.chapterYear !== input.chapterYear))
        fail('InvalidValue', { field: 'chapter', params: { reason: 'inUse' } });
      const used = lineUsed(line);
      if (input.amount < saved.budgetInitial && input.amount + line.budgetChanges < used)
        fail('SmallerThanExistingResidue', { field: 'amount', params: { used, amount: input.amount } });
      await tx.update(chapterBudgets).set(values).where(eq(chapterBudgets.id, saved.id));
      return saved.id;
    },
    async (tx, id) => {
      const [row] = await manualRows(tx, scope, [id]);
      if (!row) throw new Error('manual residue not read back');
      return row;
    },
  );
}

/** Budget/Residues DELETE: the manual residue (ResiduelNotFound), only while nothing is booked, reserved or changed on it (CannotDeleteUsed). */
export async function deleteManualResidue(db: Db, scope: BookingScope, id: number): Promise<ManualResidueDeleteResult> {
  await db.transaction(async (tx) => {
    await lockManualScope(tx, scope);
    await lockLine(tx, scope, id);
    if (await isReferenced(tx, id)) fail('CannotDeleteUsed', { field: 'id', params: { id } });
    await tx.delete(chapterBudgets).where(eq(chapterBudgets.id, id));
  });
  return { deleted: true, id };
}
