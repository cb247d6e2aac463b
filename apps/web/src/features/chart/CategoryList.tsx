import { useLingui } from '@lingui/react/macro';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { useMasterList } from '../../ui/useMasterList.ts';
import { ChartItemList } from './ChartItemList.tsx';
import { usePartFilter } from './PartFilter.tsx';
import { categoryListQuery, categoryFilterKeys } from './queries.ts';
import { useChartScope } from './useChartScope.ts';

/** Categories of the chart (area and year), filtered by part and description. */
export function CategoryList() {
  const { t } = useLingui();
  const chart = useChartScope();
  const part = usePartFilter();
  const year = chart.year;
  const list = useMasterList(categoryFilterKeys);
  const query = useQuery({ ...categoryListQuery(chart, part, list), placeholderData: keepPreviousData });
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
