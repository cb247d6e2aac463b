import { type Db, likeEscape, schema } from '@app/db';
import {
  type MovementTemplate,
  type Page,
  pageWindow,
  type TemplateBrief,
  type TemplateCodeInput,
  type TemplateCreateInput,
  type TemplateListInput,
  type TemplatePositionInput,
  TemplatePositionType,
  type TemplateSaveInput,
  templateSlotPart,
  type TemplateTransferInput,
  toPage,
  readsOnly,
} from '@app/domain';
import { and, asc, count, eq, ilike, inArray, max, or, sql } from 'drizzle-orm';
import { fail } from '../errors.ts';
import type { BookingScope } from './ledger/bookingScope.ts';
import { writeAndAnswer } from './ledger/transaction.ts';

const { budgetHeads, chapters, departments, movementTemplatePositions, movementTemplates } = schema;

/** The scope of a template call, as the scoped procedure resolved it. */
/** The scope of a template call and the caller's access level (nothing is editable for the auditor). */
export type TemplateScope = Pick<BookingScope, 'departmentId' | 'year' | 'area' | 'accessLevel'>;

async function isBudgetClosed(db: Db, scope: TemplateScope): Promise<boolean> {
  const [head] = await db
    .select({ finalApproved: budgetHeads.finalApproved })
    .from(budgetHeads)
    .where(and(eq(budgetHeads.departmentId, scope.departmentId), eq(budgetHeads.year, scope.year)))
    .limit(1);
  return Boolean(head?.finalApproved);
}

async function assertEditable(db: Db, scope: TemplateScope): Promise<void> {
  if (await isBudgetClosed(db, scope)) fail('BudgetClosed');
}

/** GET MovementTemplates: the department's templates by code, paged. */
export async function listTemplates(db: Db, scope: TemplateScope, input: TemplateListInput): Promise<Page<TemplateBrief> & { isEditable: boolean }> {
  const pattern = input.description ? `%${likeEscape(input.description)}%` : null;
  const where = and(
    eq(movementTemplates.departmentId, scope.departmentId),
    pattern ? or(ilike(movementTemplates.descriptionDeu, pattern), ilike(movementTemplates.descriptionIta, pattern)) : undefined,
  );
  const { limit, offset } = pageWindow(input);
  const [rows, [total], closed] = await Promise.all([
    db
      .select({
        id: movementTemplates.id,
        code: movementTemplates.code,
        descriptionDeu: movementTemplates.descriptionDeu,
        descriptionIta: movementTemplates.descriptionIta,
        positionCount: sql<number>`(select count(*) from movement_template_positions p where p.template_id = movement_templates.id)`.mapWith(Number),
      })
      .from(movementTemplates)
      .where(where)
      .orderBy(asc(movementTemplates.code))
      .limit(limit)
      .offset(offset),
    db.select({ n: count() }).from(movementTemplates).where(where),
    isBudgetClosed(db, scope),
  ]);
  return { ...toPage(rows, total?.n ?? 0, input), isEditable: !closed && !readsOnly(scope) };
}

/** One template with its positions and the chapter descriptions of the scope year's chart (three queries). */
export async function getTemplate(db: Db, scope: TemplateScope, input: Pick<TemplateCodeInput, 'code'>): Promise<MovementTemplate> {
  const [head] = await db
    .select({
      id: movementTemplates.id,
      code: movementTemplates.code,
      descriptionDeu: movementTemplates.descriptionDeu,
      descriptionIta: movementTemplates.descriptionIta,
    })
    .from(movementTemplates)
    .where(and(eq(movementTemplates.departmentId, scope.departmentId), eq(movementTemplates.code, input.code)))
    .limit(1);
  if (!head) fail('NotFound', { field: 'code' });
  const positions = await db
    .select({ kind: movementTemplatePositions.kind, chapter: movementTemplatePositions.chapter, chapterTo: movementTemplatePositions.chapterTo })
    .from(movementTemplatePositions)
    .where(eq(movementTemplatePositions.templateId, head.id))
    .orderBy(asc(movementTemplatePositions.sort), asc(movementTemplatePositions.id));
  const codes = [...new Set(positions.flatMap((p) => [p.chapter, ...(p.chapterTo ? [p.chapterTo] : [])]))];
  const names = new Map<string, { de: string; it: string }>();
  if (codes.length > 0) {
    const rows = await db
      .select({ chapter: chapters.chapter, de: chapters.descriptionDeu, it: chapters.descriptionIta })
      .from(chapters)
      .where(and(eq(chapters.area, scope.area), eq(chapters.year, scope.year), inArray(chapters.chapter, codes)));
    for (const r of rows) names.set(r.chapter, { de: r.de, it: r.it });
  }
  const de = (code: string) => names.get(code)?.de ?? '';
  const it = (code: string) => names.get(code)?.it ?? '';
  return {
    ...head,
    positions: positions
      .filter((p) => p.kind === 'expense')
      .map((p) => ({ chapter: p.chapter, type: TemplatePositionType.Expense, chapterDescriptionDe: de(p.chapter), chapterDescriptionIt: it(p.chapter) })),
    transferPositions: positions
      .filter((p) => p.kind === 'transfer')
      .map((p) => ({
        chapterFrom: p.chapter,
        chapterFromDescriptionDe: de(p.chapter),
        chapterFromDescriptionIt: it(p.chapter),
        chapterTo: p.chapterTo ?? '',
        chapterToDescriptionDe: de(p.chapterTo ?? ''),
        chapterToDescriptionIt: it(p.chapterTo ?? ''),
      })),
    isEditable: !readsOnly(scope) && !(await isBudgetClosed(db, scope)),
  };
}

/**
 * Every chapter of the positions must exist in the scope year's chart of the department's area
 * (ChapterNotFound) and have the part of its slot: expenses part 2, transfers from part 1 to part 2
 * (InvalidValue). One query for all codes.
 */
async function checkPositions(db: Db, scope: TemplateScope, positions: TemplatePositionInput[], transfers: TemplateTransferInput[]): Promise<void> {
  const slots = [
    ...positions.map((p, i) => ({ code: p.chapter, part: templateSlotPart.position, field: `positions.${i}.chapter` })),
    ...transfers.flatMap((t, i) => [
      { code: t.chapterFrom, part: templateSlotPart.transferFrom, field: `transferPositions.${i}.chapterFrom` },
      { code: t.chapterTo, part: templateSlotPart.transferTo, field: `transferPositions.${i}.chapterTo` },
    ]),
  ];
  if (slots.length === 0) return;
  const rows = await db
    .select({ chapter: chapters.chapter, part: chapters.part })
    .from(chapters)
    .where(and(eq(chapters.area, scope.area), eq(chapters.year, scope.year), inArray(chapters.chapter, [...new Set(slots.map((s) => s.code))])));
  const partOf = new Map(rows.map((r) => [r.chapter, r.part]));
  for (const slot of slots) {
    const part = partOf.get(slot.code);
    if (part === undefined) fail('ChapterNotFound', { field: slot.field, params: { chapter: slot.code } });
    if (part !== slot.part) fail('InvalidValue', { field: slot.field, params: { chapter: slot.code } });
  }
}

function positionRows(templateId: number, positions: TemplatePositionInput[], transfers: TemplateTransferInput[]) {
  return [
    ...positions.map((p, i) => ({ templateId, sort: i, kind: 'expense', chapter: p.chapter, chapterTo: null })),
    ...transfers.map((t, i) => ({ templateId, sort: positions.length + i, kind: 'transfer', chapter: t.chapterFrom, chapterTo: t.chapterTo })),
  ];
}

/** POST MovementTemplates: creates the head with the next code of the department (and any positions); returns the code. */
export async function createTemplate(db: Db, scope: TemplateScope, input: TemplateCreateInput): Promise<{ code: number; id: number }> {
  await assertEditable(db, scope);
  await checkPositions(db, scope, input.positions, input.transferPositions);
  return db.transaction(async (tx) => {
    // the department row is the counter lock: concurrent creates get consecutive codes
    await tx.select({ id: departments.id }).from(departments).where(eq(departments.id, scope.departmentId)).for('update');
    const [last] = await tx
      .select({ code: max(movementTemplates.code) })
      .from(movementTemplates)
      .where(eq(movementTemplates.departmentId, scope.departmentId));
    const code = (last?.code ?? 0) + 1;
    const [head] = await tx
      .insert(movementTemplates)
      .values({ departmentId: scope.departmentId, code, descriptionDeu: input.descriptionDeu, descriptionIta: input.descriptionIta })
      .returning({ id: movementTemplates.id });
    if (!head) fail('NotFound');
    const rows = positionRows(head.id, input.positions, input.transferPositions);
    if (rows.length > 0) await tx.insert(movementTemplatePositions).values(rows);
    return { code, id: head.id };
  });
}

/** POST MovementTemplates/save: replaces the positions (and the descriptions when given). */
export async function saveTemplate(db: Db, scope: TemplateScope, input: TemplateSaveInput): Promise<MovementTemplate> {
  await assertEditable(db, scope);
  await checkPositions(db, scope, input.positions, input.transferPositions);
  return writeAndAnswer(
    db,
    async (tx) => {
      const [head] = await tx
        .select({ id: movementTemplates.id })
        .from(movementTemplates)
        .where(and(eq(movementTemplates.departmentId, scope.departmentId), eq(movementTemplates.code, input.code)))
        .for('update');
      if (!head) fail('NotFound', { field: 'code' });
      const texts = {
        ...(input.descriptionDeu !== undefined ? { descriptionDeu: input.descriptionDeu } : {}),
        ...(input.descriptionIta !== undefined ? { descriptionIta: input.descriptionIta } : {}),
      };
      if (Object.keys(texts).length > 0) await tx.update(movementTemplates).set(texts).where(eq(movementTemplates.id, head.id));
      await tx.delete(movementTemplatePositions).where(eq(movementTemplatePositions.templateId, head.id));
      const rows = positionRows(head.id, input.positions, input.transferPositions);
      if (rows.length > 0) await tx.insert(movementTemplatePositions).values(rows);
    },
    (tx) => getTemplate(tx, scope, input),
  );
}

export async function deleteTemplate(db: Db, scope: TemplateScope, input: Pick<TemplateCodeInput, 'code'>): Promise<{ deleted: true }> {
  await assertEditable(db, scope);
  const deleted = await db
    .delete(movementTemplates)
    .where(and(eq(movementTemplates.departmentId, scope.departmentId), eq(movementTemplates.code, input.code)))
    .returning({ id: movementTemplates.id });
  if (deleted.length === 0) fail('NotFound', { field: 'code' });
  return { deleted: true };
}
