import { type DigestKind, digestRowLabel, formatChapter } from '@app/domain';
import type { ReportLabels } from './labels/index.ts';

/** The digests' labels of one language. */
export type DigestLabels = ReportLabels['digests'];

/** The kind of a digest row in words (domain `digestRowLabel`): the adjustment (record -1), an open payment's paid instalment. */
export function kindLabel(row: { kind: DigestKind; recordNumber: number; isPaid: boolean | null }, d: DigestLabels): string {
  return d.kinds[digestRowLabel(row)];
}

/** A record number as printed: the adjustment (-1) has none. */
export const recordText = (recordNumber: number): string => (recordNumber > 0 ? String(recordNumber) : '');

/** A range of the filter line: `Kapitel 2-1-001 – 2-1-030`, one end alone (`ab …`, `bis …`), one value (`Kapitel 2-1-003`), or `all`. */
export function rangeText(label: string, from: string | undefined, to: string | undefined, all: string, d: DigestLabels): string {
  if (from && to) return from === to ? `${label} ${from}` : `${label} ${from} – ${to}`;
  if (from) return `${label} ${d.from} ${from}`;
  if (to) return `${label} ${d.to} ${to}`;
  return all;
}

/** A chapter range of the filter line (codes shown `2-1-003`). */
export function chapterRangeText(from: string | undefined, to: string | undefined, d: DigestLabels): string {
  return rangeText(d.chapters, from && formatChapter(from), to && formatChapter(to), d.allChapters, d);
}
