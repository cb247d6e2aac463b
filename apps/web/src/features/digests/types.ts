import type { ChapterChoice } from '../../ui/chapterCode.ts';
import type { DepartmentBrief } from '@app/domain';

/** The scope the panels read: the department of the address and its years (the panels pick their own year). */
export interface DigestScope {
  department: DepartmentBrief;
  year: number;
  years: number[];
}

/** What each panel gets: the scope in the panels' year, the year's change, the opener of a row's record, whether it is shown. */
export interface DigestPanelProps {
  scope: DigestScope;
  onYear: (year: number) => void;
  openRecord: OpenRecord;
  active: boolean;
}

/** What the panel's rows call to open a record: closes the drawer and goes to the record's address. */
export type OpenRecord = (href: string) => void;

/** A chapter the register is asked to show (the home's tight chapters); `seq` tells one asking from the next. */
export interface ChapterPreset {
  chapter: ChapterChoice;
  seq: number;
}
