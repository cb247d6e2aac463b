/** Texts of digest rows that need no translation: chapter codes as the cashier reads them. */
import { formatChapter } from '@app/domain';

/** "21003,21005" -> "2-1-003, 2-1-005" (the chapters a supplier's movement books). */
export function chaptersText(chapters: string): string {
  return chapters
    .split(/[,;\s]+/)
    .filter(Boolean)
    .map((c) => (/^[0-9A-Z]{5}$/i.test(c) ? formatChapter(c) : c))
    .join(', ');
}

/**
 * The other chapter of a transfer position before the row's note: "⇄ 1-1-002 · note" (both sides of
 * a transfer count the amount the same way, so no direction), with its year when it is not the digest's.
 */
export function transferDescription(row: { counterChapter: string | null; counterChapterYear: number | null; description: string }, year: number): string {
  if (!row.counterChapter) return row.description;
  const other = formatChapter(row.counterChapter) + (row.counterChapterYear !== null && row.counterChapterYear !== year ? ` (${row.counterChapterYear})` : '');
  return row.description ? `⇄ ${other} · ${row.description}` : `⇄ ${other}`;
}
