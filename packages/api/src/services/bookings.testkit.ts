import { type DbHandle, schema } from '@app/db';
import { and, eq } from 'drizzle-orm';

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
