import type { Area, ChartExportInput, Part } from '@app/domain';
import { useLingui } from '@lingui/react/macro';
import { Checkbox, Group, Select, Stack } from '@mantine/core';
import { useSuspenseQuery } from '@tanstack/react-query';
import { queryClient, trpc } from '../../lib/trpc.ts';
import { PartControl } from '../../ui/PartControl.tsx';
import { TitleRangeFields } from '../../ui/TitleRangeFields.tsx';
import { yearListQuery } from '../years/queries.ts';
import { AreaSelect } from './AreaSelect.tsx';

export interface ChartPrintValues {
  area: Area;
  year: number;
  part: Part | null;
  titleFrom: number | null;
  titleTo: number | null;
  withCategories: boolean;
}

/** The export input of the chosen values (no part: both parts; no title bound: open range). */
export function chartExportInput(v: ChartPrintValues): ChartExportInput {
  return {
    area: v.area,
    year: v.year,
    withCategories: v.withCategories,
    ...(v.part ? { part: v.part } : {}),
    ...(v.titleFrom !== null ? { titleFrom: v.titleFrom } : {}),
    ...(v.titleTo !== null ? { titleTo: v.titleTo } : {}),
  };
}

/** What a chart print's build needs: the chart export of the chosen values (fetched fresh) and the reports module. */
export function loadChartExport(values: ChartPrintValues) {
  return Promise.all([queryClient.fetchQuery({ ...trpc.chart.export.queryOptions(chartExportInput(values)), staleTime: 0 }), import('@app/reports')]);
}

export function invalidTitleRange(v: ChartPrintValues): boolean {
  return v.titleFrom !== null && v.titleTo !== null && v.titleFrom > v.titleTo;
}

/** The filter fields of the chart prints: area, year, part, title range, optionally "with categories". */
export function ChartPrintFields({
  values,
  onChange,
  withCategoriesOption,
}: {
  values: ChartPrintValues;
  onChange: (v: ChartPrintValues) => void;
  withCategoriesOption: boolean;
}) {
  const { t } = useLingui();
  const years = useSuspenseQuery(yearListQuery());
  const set = (patch: Partial<ChartPrintValues>) => onChange({ ...values, ...patch });
  const rangeError = invalidTitleRange(values) ? t`„Bis“ muss größer oder gleich „von“ sein` : undefined;
  return (
    <Stack gap="sm">
      <Group gap="sm" align="flex-end">
        <AreaSelect size="sm" value={values.area} onChange={(area) => set({ area })} testId="print-area" />
        <Select
          size="sm"
          w={110}
          label={t`Jahr`}
          allowDeselect={false}
          data-testid="print-year"
          value={String(values.year)}
          onChange={(v) => v && set({ year: Number(v) })}
          data={years.data.years.map((y) => String(y))}
        />
        <PartControl withAll testId="print-part" value={values.part} onChange={(part) => set({ part })} />
      </Group>
      <TitleRangeFields values={values} onChange={set} error={rangeError} />
      {withCategoriesOption ? (
        <Checkbox
          size="sm"
          label={t`Mit Kategorien`}
          data-testid="print-with-categories"
          checked={values.withCategories}
          onChange={(e) => set({ withCategories: e.currentTarget.checked })}
        />
      ) : null}
    </Stack>
  );
}
