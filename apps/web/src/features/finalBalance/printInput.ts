/** What the final report form sends (FinalBalance/Report): the sections and their filters; the cover page stays on the client. */
import type { FinalReportInput, Part, ReportPartFilter } from '@app/domain';
import type { ChapterChoice } from '../../ui/chapterCode.ts';

export interface FinalPrintRange {
  part: Part | null;
  titleFrom: number | null;
  titleTo: number | null;
  chapterFrom: Pick<ChapterChoice, 'chapter'> | null;
  chapterTo: Pick<ChapterChoice, 'chapter'> | null;
}

/** The print's part filter (spec: 0 revenues and expenses, 1 revenues, 2 expenses) from the part control's choice. */
const partFilter = (part: Part | null): ReportPartFilter => part ?? 0;

/** What the form sends for its choices (the cover page stays on the client). */
export function finalReportInput(
  scope: { departmentId: number; year: number },
  choice: { currentManagement: boolean; range: FinalPrintRange; residues: boolean; residuesPart: Part | null; summary: boolean; protocol: boolean },
): FinalReportInput {
  const { range } = choice;
  return {
    ...scope,
    currentManagement: choice.currentManagement,
    residues: choice.residues,
    summary: choice.summary,
    protocol: choice.protocol,
    currentManagementIncludes: {
      part: partFilter(range.part),
      titleFrom: range.titleFrom,
      titleTo: range.titleTo,
      chapterFrom: range.chapterFrom?.chapter ?? null,
      chapterTo: range.chapterTo?.chapter ?? null,
    },
    residuesManagementIncludes: { part: partFilter(choice.residuesPart) },
  };
}
