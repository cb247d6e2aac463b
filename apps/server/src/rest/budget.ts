import { type BudgetChangePosition, Cents, Num, PartSchema, Text } from '@app/domain';
import { z } from 'zod';
import { pageParams } from './entity.ts';
import { procedureOutput } from './money.ts';
import { bool, defined, nonEmptyText, num, param, type RestRequest, type RestRoute, row, scopedBody, scopeOf } from './params.ts';

/**
 * Spec 1 §7: the budget calls. Amounts travel as euros (JSON numbers, two decimals) and are integer
 * cents inside: the caller of every row converts them by the procedures' schemas (money.ts).
 */

function chapterRef(req: RestRequest) {
  return defined({ chapter: nonEmptyText(param(req, 'chapter')), chapterId: num(param(req, 'chapterId')) });
}

/**
 * A change or adjustment position in the nested shape of spec 1 §3: `chapter` (code, chapterId,
 * names, isEditable, budget), `amount` (the change), budgetBeforeChange and changeAmount.
 */
function nestedPosition(p: BudgetChangePosition) {
  return {
    chapter: {
      code: p.chapter,
      chapterId: p.chapterId,
      part: p.part,
      title: p.title,
      descriptionDeu: p.descriptionDeu,
      descriptionIta: p.descriptionIta,
      isEditable: p.isEditable,
      budget: p.budget,
    },
    amount: p.changeAmount,
    budgetBeforeChange: p.budgetBeforeChange,
    changeAmount: p.changeAmount,
    budget: p.budget,
  };
}

/** A nested position as the wire carries it (for /api/openapi.json). */
const NestedPositionAnswer = z.strictObject({
  chapter: z.strictObject({
    code: Text,
    chapterId: Num,
    part: PartSchema,
    title: Num,
    descriptionDeu: Text,
    descriptionIta: Text,
    isEditable: z.boolean(),
    budget: Cents,
  }),
  amount: Cents,
  budgetBeforeChange: Cents,
  changeAmount: Cents,
  budget: Cents,
});

/** The answer schema of a nestedChange row: the procedure's output with its positions nested. */
function nestedAnswer(procedure: string): z.core.$ZodType {
  const output = procedureOutput(procedure);
  const nullable = output instanceof z.ZodNullable;
  const head = (nullable ? output.unwrap() : output) as z.ZodObject;
  const nested = head.extend({ positions: z.array(NestedPositionAnswer) });
  return nullable ? nested.nullable() : nested;
}

/** A change or adjustment answer with its positions nested (null stays null). */
function nestedChange<T extends { positions: BudgetChangePosition[] } | null>(change: T) {
  return change === null ? null : { ...change, positions: change.positions.map(nestedPosition) };
}

/**
 * Change and adjustment positions of a save body: the nested shape (`chapter` an object, `amount` or
 * else `changeAmount` the change) or the flat one (`chapter` a code or `chapterId`, `amount`).
 */
function positionsIn(value: unknown): unknown {
  if (!Array.isArray(value)) return value;
  return value.map((p: unknown) => {
    if (p === null || typeof p !== 'object') return p;
    const { chapter, amount, changeAmount, budgetBeforeChange: _b, budget: _t, ...rest } = p as Record<string, unknown>;
    if (chapter === null || typeof chapter !== 'object') return { ...rest, chapter, amount: amount ?? changeAmount };
    const c = chapter as Record<string, unknown>;
    return defined({
      ...rest,
      chapterId: c.chapterId ?? undefined,
      chapter: c.chapterId == null ? (c.code ?? c.chapter) : undefined,
      amount: amount ?? changeAmount,
      descriptionDeu: rest.descriptionDeu ?? c.descriptionDeu,
      descriptionIta: rest.descriptionIta ?? c.descriptionIta,
    });
  });
}

/** A change or adjustment save body: positions in the procedure's shape. */
function changeBody(req: RestRequest): Record<string, unknown> {
  const b = scopedBody(req);
  return 'positions' in b ? { ...b, positions: positionsIn(b.positions) } : b;
}

const forecastSave: RestRoute['call'] = (c, req) =>
  c.budget.forecast.save({ ...scopedBody(req), ...scopeOf(req), part: num(param(req, 'part')) as 1 | 2 } as never);
const surplusSave: RestRoute['call'] = (c, req) => c.budget.surplus.save({ ...scopedBody(req), ...scopeOf(req) } as never);

export const budgetRoutes: RestRoute[] = [
  row('GET', 'Budget/Chapters', (c, req) =>
    c.budget.chapters(
      defined({
        ...scopeOf(req),
        ...pageParams(req),
        part: num(req.query.part) as 1 | 2 | undefined,
        chapterYear: num(req.query.chapterYear),
        withBudgetOnly: bool(req.query.withBudgetOnly),
        chapter: nonEmptyText(req.query.chapter),
      }),
    ),
  ),
  row('GET', 'Budget/Chapter', (c, req) =>
    c.budget.chapter(defined({ ...scopeOf(req), chapterYear: num(req.query.chapterYear), withBudgetOnly: bool(req.query.withBudgetOnly), ...chapterRef(req) })),
  ),

  // no adjustment yet: an empty head (no positions, default date) rather than null
  row(
    'GET',
    'Budget/Adjust',
    async (c, req) => nestedChange(await c.budget.adjustment.get({ ...scopeOf(req), orEmpty: true })),
    nestedAnswer('budget.adjustment.get'),
  ),
  row(
    'POST',
    'Budget/Adjust',
    async (c, req) => nestedChange(await c.budget.adjustment.create({ ...scopedBody(req), ...scopeOf(req) } as never)),
    nestedAnswer('budget.adjustment.create'),
  ),
  row(
    'PUT',
    'Budget/Adjust',
    async (c, req) => nestedChange(await c.budget.adjustment.save({ ...changeBody(req), ...scopeOf(req) } as never)),
    nestedAnswer('budget.adjustment.save'),
  ),

  row('GET', 'Budget/Changes/ChapterBefore', (c, req) =>
    c.budget.changes.chapterBefore(
      defined({ ...scopeOf(req), ...chapterRef(req), changeId: num(req.query.changeId), beforeAdjustment: bool(req.query.beforeAdjustment) }),
    ),
  ),
  row(
    'GET',
    'Budget/Changes',
    async (c, req) => {
      const recordNumber = num(req.query.recordNumber);
      return recordNumber === undefined ? c.budget.changes.list(scopeOf(req)) : nestedChange(await c.budget.changes.get({ ...scopeOf(req), recordNumber }));
    },
    z.union([procedureOutput('budget.changes.list') ?? z.unknown(), nestedAnswer('budget.changes.get')]),
  ),
  row(
    'POST',
    'Budget/Changes',
    async (c, req) => nestedChange(await c.budget.changes.create({ ...scopedBody(req), ...scopeOf(req) } as never)),
    nestedAnswer('budget.changes.create'),
  ),
  row(
    'PUT',
    'Budget/Changes',
    async (c, req) =>
      nestedChange(await c.budget.changes.save({ ...changeBody(req), ...scopeOf(req), recordNumber: num(param(req, 'recordNumber')) as number } as never)),
    nestedAnswer('budget.changes.save'),
  ),
  // a change made by mistake: only the latest, while nothing depends on it (InUse otherwise)
  row('DELETE', 'Budget/Changes/:recordNumber', (c, req) => c.budget.changes.delete({ ...scopeOf(req), recordNumber: num(req.params.recordNumber) as number })),
  row('DELETE', 'Budget/Changes', (c, req) => c.budget.changes.delete({ ...scopeOf(req), recordNumber: num(param(req, 'recordNumber')) as number })),

  row('GET', 'budget/changes/byChapter', (c, req) =>
    c.budget.prints.changesByChapter(
      defined({
        ...scopeOf(req),
        part: num(req.query.part) as 1 | 2 | undefined,
        titelFrom: num(req.query.titelFrom),
        titelTo: num(req.query.titelTo),
        chapterFrom: nonEmptyText(req.query.chapterFrom),
        chapterTo: nonEmptyText(req.query.chapterTo),
        withDetails: bool(req.query.withDetails),
        onlyChaptersWithChanges: bool(req.query.onlyChaptersWithChanges),
      }),
    ),
  ),
  row('GET', 'budget/changes/adjustmentProtocol', (c, req) => c.budget.prints.adjustmentProtocol(scopeOf(req))),
  row('GET', 'budget/changes/changesProtocol', (c, req) =>
    c.budget.prints.changesProtocol(
      defined({
        ...scopeOf(req),
        recordFrom: num(req.query.recordFrom),
        recordTo: num(req.query.recordTo),
        approvalDateFrom: nonEmptyText(req.query.approvalDateFrom),
        approvalDateTo: nonEmptyText(req.query.approvalDateTo),
      }),
    ),
  ),

  row('GET', 'Budget/Forecast/Summary', (c, req) => c.budget.forecast.summary(scopeOf(req))),
  row('GET', 'Budget/Forecast', (c, req) => c.budget.forecast.get({ ...scopeOf(req), part: num(req.query.part) as 1 | 2 })),
  row('PUT', 'Budget/Forecast', forecastSave),
  row('POST', 'Budget/Forecast', forecastSave),
  row('GET', 'Budget/Forecast/Approve', (c, req) => {
    const approval = nonEmptyText(req.query.approval);
    return c.budget.forecast.approve({ ...scopeOf(req), approval: approval === undefined || approval === 'null' ? null : approval });
  }),
  row('GET', 'Budget/Forecast/Surplus', (c, req) => c.budget.surplus.get(scopeOf(req))),
  row('PUT', 'Budget/Forecast/Surplus', surplusSave),
  row('POST', 'Budget/Forecast/Surplus', surplusSave),
  row('POST', 'Budget/Forecast/Export', (c, req) => {
    const { departmentId: _d, year: _y, area: _a, ...rest } = req.body;
    return c.budget.prints.forecast(
      defined({
        ...rest,
        departmentId: num(param(req, 'departmentId')),
        year: num(param(req, 'year')) as number,
        area: num(param(req, 'area')) as 1 | 2 | 3 | undefined,
      }) as never,
    );
  }),
];
