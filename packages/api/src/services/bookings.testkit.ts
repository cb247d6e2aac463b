import { type DbHandle, schema } from '@app/db';
import { and, eq } from 'drizzle-orm';
import type { createCaller } from '../root.ts';

const { budgetHeads, chapterBudgets, chapters } = schema;

/** A scope of the booking tests. */
interface TestScope {
  departmentId: number;
  year: number;
}

/**
 * Adds the residue line (chapter year = year − 1) of an area-3 chapter to a scope with its initial
 * amount, as the carry-over or the manual residues would (the booking tests book and reserve on it).
 */
export async function addResidueLine(handle: DbHandle, scope: TestScope, chapter: string, budgetInitial: number): Promise<void> {
  const [row] = await handle.db
    .select({ id: chapters.id })
    .from(chapters)
    .where(and(eq(chapters.area, 3), eq(chapters.year, scope.year - 1), eq(chapters.chapter, chapter)));
  if (!row) throw new Error(`no chapter ${chapter} in ${scope.year - 1}`);
  await handle.db
    .insert(chapterBudgets)
    .values({ departmentId: scope.departmentId, year: scope.year, chapterId: row.id, chapterYear: scope.year - 1, budgetInitial });
}

/** Runs `body` while the scope's final account is approved (budget closed), then clears the approval again. */
export async function withBudgetClosed(handle: DbHandle, scope: TestScope, body: () => Promise<void>): Promise<void> {
  const ofScope = and(eq(budgetHeads.departmentId, scope.departmentId), eq(budgetHeads.year, scope.year));
  await handle.db
    .update(budgetHeads)
    .set({ finalApproved: `${scope.year}-06-01` })
    .where(ofScope);
  try {
    await body();
  } finally {
    await handle.db.update(budgetHeads).set({ finalApproved: null }).where(ofScope);
  }
}

/**
 * DOMAIN.md's worked example budget in a scope: forecast 11001 5.000 €, 21003 1.000 €, 21006 3.000 €,
 * 21001 1.000 €, approved on 20.01.; change 1 (approved 01.02.) +200 € on 21003 and on 11001.
 */
export async function workedExampleBudget(c: ReturnType<typeof createCaller>, s: TestScope): Promise<void> {
  await c.budget.forecast.save({ ...s, part: 1, positions: [{ chapter: '11001', amountCurrYear: 500_000 }] });
  await c.budget.forecast.save({
    ...s,
    part: 2,
    positions: [
      { chapter: '21003', amountCurrYear: 100_000 },
      { chapter: '21006', amountCurrYear: 300_000 },
      { chapter: '21001', amountCurrYear: 100_000 },
    ],
  });
  if ((await c.budget.forecast.approve({ ...s, approval: `${s.year}-01-20` })) !== true) throw new Error('forecast not approved');
  const change = await c.budget.changes.create({ ...s, approved: `${s.year}-02-01` });
  await c.budget.changes.save({
    ...s,
    recordNumber: change.recordNumber,
    approved: `${s.year}-02-01`,
    positions: [
      { chapter: '21003', amount: 20_000 },
      { chapter: '11001', amount: 20_000 },
    ],
  });
}
