import type { Part } from '@app/domain';
import { useLingui } from '@lingui/react/macro';
import { Group, Stack } from '@mantine/core';
import { type ChapterChoice, ChapterCodeInput } from '../../ui/ChapterCodeInput.tsx';
import { PartControl } from '../../ui/PartControl.tsx';
import { TitleRangeFields } from '../../ui/TitleRangeFields.tsx';

export interface RangeValues {
  part: Part | null;
  titleFrom: number | null;
  titleTo: number | null;
  chapterFrom: ChapterChoice | null;
  chapterTo: ChapterChoice | null;
}

export const emptyRange: RangeValues = { part: null, titleFrom: null, titleTo: null, chapterFrom: null, chapterTo: null };

export function rangeInvalid(v: RangeValues): { title: boolean; chapter: boolean } {
  return {
    title: v.titleFrom !== null && v.titleTo !== null && v.titleFrom > v.titleTo,
    chapter: v.chapterFrom !== null && v.chapterTo !== null && v.chapterFrom.chapter > v.chapterTo.chapter,
  };
}

/** Part, title range and chapter range of the budget prints; the chapter pickers follow the part. */
export function RangeFields({
  departmentId,
  year,
  values,
  onChange,
}: {
  departmentId: number;
  year: number;
  values: RangeValues;
  onChange: (v: RangeValues) => void;
}) {
  const { t } = useLingui();
  const set = (patch: Partial<RangeValues>) => onChange({ ...values, ...patch });
  const invalid = rangeInvalid(values);
  const order = t`„Bis“ muss größer oder gleich „von“ sein`;
  return (
    <Stack gap="sm">
      <PartControl
        withAll
        testId="print-part"
        value={values.part}
        onChange={(part) => {
          // chapters of the other part no longer fit the range
          set({
            part,
            chapterFrom: part && values.chapterFrom?.part !== part ? null : values.chapterFrom,
            chapterTo: part && values.chapterTo?.part !== part ? null : values.chapterTo,
          });
        }}
      />
      <TitleRangeFields values={values} onChange={set} error={invalid.title ? order : undefined} />
      <Group gap="lg" align="flex-start" wrap="nowrap">
        <div style={{ flex: 1, minWidth: 0 }}>
          <ChapterCodeInput
            departmentId={departmentId}
            year={year}
            {...(values.part ? { part: values.part } : {})}
            allowEmptyChapters
            value={values.chapterFrom}
            onChange={(chapterFrom) => set({ chapterFrom })}
            label={t`Kapitel von`}
            name="print-chapter-from"
          />
        </div>
        <div style={{ flex: 1, minWidth: 0 }}>
          <ChapterCodeInput
            departmentId={departmentId}
            year={year}
            {...(values.part ? { part: values.part } : {})}
            allowEmptyChapters
            value={values.chapterTo}
            onChange={(chapterTo) => set({ chapterTo })}
            label={t`Kapitel bis`}
            name="print-chapter-to"
            error={invalid.chapter ? order : undefined}
          />
        </div>
      </Group>
    </Stack>
  );
}
