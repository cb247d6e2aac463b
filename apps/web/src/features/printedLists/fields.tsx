import { useLingui } from '@lingui/react/macro';
import { Select, Stack } from '@mantine/core';
import { useState } from 'react';
import { type ChapterChoice, ChapterCodeInput } from '../../ui/ChapterCodeInput.tsx';

/** How many residue years back the chapter-year choice offers. */
const RESIDUE_YEARS = 5;

/** "Jahr" of the chapter lines: the scope year (current management) or a residue year before it. */
export function ChapterYearSelect({ year, value, onChange }: { year: number; value: number; onChange: (year: number) => void }) {
  const { t } = useLingui();
  return (
    <Select
      label={t`Jahr der Kapitel`}
      w={160}
      data={Array.from({ length: RESIDUE_YEARS + 1 }, (_, i) => ({ value: String(year - i), label: i === 0 ? String(year) : t`${year - i} (Rückstände)` }))}
      value={String(value)}
      allowDeselect={false}
      onChange={(y) => onChange(Number(y))}
      data-testid="print-chapter-year"
    />
  );
}

export interface ChapterRange {
  chapterFrom: ChapterChoice | null;
  chapterTo: ChapterChoice | null;
}

/** "To" before "from". */
export const chapterRangeInvalid = (r: ChapterRange): boolean => r.chapterFrom !== null && r.chapterTo !== null && r.chapterFrom.chapter > r.chapterTo.chapter;

/** "Kapitel von" and "Kapitel bis" of a print form (typed code or picker; empty = open end), charted in `chartYear`. */
export function ChapterRangeFields({
  departmentId,
  chartYear,
  value,
  onChange,
}: {
  departmentId: number;
  chartYear: number;
  value: ChapterRange;
  onChange: (next: ChapterRange) => void;
}) {
  const { t } = useLingui();
  return (
    <Stack gap="sm">
      <ChapterCodeInput
        departmentId={departmentId}
        year={chartYear}
        value={value.chapterFrom}
        onChange={(chapterFrom) => onChange({ ...value, chapterFrom })}
        label={t`Kapitel von`}
        name="print-chapter-from"
      />
      <ChapterCodeInput
        departmentId={departmentId}
        year={chartYear}
        value={value.chapterTo}
        onChange={(chapterTo) => onChange({ ...value, chapterTo })}
        label={t`Kapitel bis`}
        name="print-chapter-to"
        error={chapterRangeInvalid(value) ? t`„Bis“ muss größer oder gleich „von“ sein` : undefined}
      />
    </Stack>
  );
}

const noRange: ChapterRange = { chapterFrom: null, chapterTo: null };

/**
 * The chapter criteria of a print form: the chapter year (a new year clears the range, its chart
 * differs) and the chapter range, with their fields and what the query needs.
 */
export function useChapterCriteria(departmentId: number, year: number) {
  const [chapterYear, setChapterYear] = useState(year);
  const [range, setRange] = useState<ChapterRange>(noRange);
  const chooseYear = (y: number) => {
    setChapterYear(y);
    setRange(noRange);
  };
  return {
    chapterYear,
    chapterFrom: range.chapterFrom?.chapter,
    chapterTo: range.chapterTo?.chapter,
    invalid: chapterRangeInvalid(range),
    yearField: <ChapterYearSelect year={year} value={chapterYear} onChange={chooseYear} />,
    rangeFields: <ChapterRangeFields departmentId={departmentId} chartYear={chapterYear} value={range} onChange={setRange} />,
  };
}
