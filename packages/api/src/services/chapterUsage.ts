import { type Db, execRows } from '@app/db';
import { sql } from 'drizzle-orm';

/** A table column that points at `chapters.id`. */
export interface ChapterReference {
  table: string;
  column: string;
}

/**
 * Every table whose rows use a chapter (budget lines, forecast positions, movement positions,
 * reservations, ...). The budget and booking areas add their tables here; a chapter referenced by
 * any of them counts as in use: it cannot be deleted, and its code, part and title cannot change.
 */
export const chapterReferences: ChapterReference[] = [{ table: 'chapter_budgets', column: 'chapter_id' }];

/** The ids among `chapterIds` that are in use, in one query over all references. */
export async function chaptersInUse(db: Db, chapterIds: number[], references: readonly ChapterReference[] = chapterReferences): Promise<Set<number>> {
  if (chapterIds.length === 0 || references.length === 0) return new Set();
  const ids = sql.join(
    chapterIds.map((id) => sql`${id}`),
    sql`, `,
  );
  const parts = references.map((r) => sql`select ${sql.identifier(r.column)} as id from ${sql.identifier(r.table)} where ${sql.identifier(r.column)} in (${ids})`);
  const query = sql`select distinct id from (${sql.join(parts, sql` union all `)}) used`;
  const rows = await execRows<{ id: number | string }>(db, query);
  return new Set(rows.map((r) => Number(r.id)));
}

/** Is this one chapter in use? */
export async function isChapterInUse(db: Db, chapterId: number, references: readonly ChapterReference[] = chapterReferences): Promise<boolean> {
  return (await chaptersInUse(db, [chapterId], references)).has(chapterId);
}
