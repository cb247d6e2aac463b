import { useLingui } from '@lingui/react/macro';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { trpc } from '../../lib/trpc.ts';
import { useMasterList } from '../../ui/useMasterList.ts';
import { ChartItemList } from './ChartItemList.tsx';
import { usePartFilter } from './PartFilter.tsx';
import { useChartScope } from './useChartScope.ts';

/** Categories of the chart (area and year), filtered by part and description. */
export function CategoryList() {
  const { t } = useLingui();
  const chart = useChartScope();
  const part = usePartFilter();
  const year = chart.year;
  const list = useMasterList(['description'] as const);
  const query = useQuery({
    ...trpc.chart.categories.list.queryOptions({
      ...list.filters,
      departmentId: chart.department.id,
      year: chart.year,
      area: chart.area,
      ...(part ? { part } : {}),
      page: list.page,
      pageSize: list.pageSize,
    }),
    placeholderData: keepPreviousData,
  });
  return (
    <ChartItemList
      chart={chart}
      list={list}
      data={query.data}
      loading={query.isFetching}
      title={t`Kategorien ${year}`}
      canEdit={Boolean(chart.status?.canEdit.categories)}
      codeColumn={{ key: 'category', header: t`Kategorie`, width: 90, mono: true, render: (r) => r.category }}
      testId="category-table"
      emptyText={t`Keine Kategorien gefunden.`}
    />
  );
}
