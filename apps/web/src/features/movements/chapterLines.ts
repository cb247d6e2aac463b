import { type Part } from '@app/domain';
import { queryClient, trpc } from '../../lib/trpc.ts';
import type { ChapterChoice } from '../../ui/chapterCode.ts';
import type { ChapterLine } from './draft.ts';

/** A chosen chapter as the line of `chapterYear`. */
export function lineOfChoice(c: ChapterChoice, chapterYear: number): ChapterLine {
  return { chapterId: c.id, chapter: c.chapter, chapterYear, part: c.part as Part, descriptionDeu: c.descriptionDeu, descriptionIta: c.descriptionIta };
}

/** Looks a 5-character code up in the chart of `year` (a supplier's chapter proposal, a template's chapters); null when missing. */
export async function lineOfCode(departmentId: number, year: number, code: string): Promise<ChapterLine | null> {
  try {
    const c = await queryClient.fetchQuery({ ...trpc.chart.chapters.byCode.queryOptions({ departmentId, year, chapter: code }), staleTime: 60_000 });
    return c.emptyChapter ? null : lineOfChoice(c, year);
  } catch {
    return null;
  }
}
