import { useLingui } from '@lingui/react/macro';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { titleWord } from '../../ui/chartLabels.ts';
import { useMasterList } from '../../ui/useMasterList.ts';
import { ChartItemList } from './ChartItemList.tsx';
import { usePartFilter } from './PartFilter.tsx';
import { titleListQuery, titleFilterKeys } from './queries.ts';
import { useChartScope } from './useChartScope.ts';

/** Titles of the chart (area and year), filtered by part and description. */
export function TitleList() {
  const { t, i18n } = useLingui();
  const chart = useChartScope();
  const part = usePartFilter();
  const year = chart.year;
  const list = useMasterList(titleFilterKeys);
  const query = useQuery({ ...titleListQuery(chart, part, list), placeholderData: keepPreviousData });
  return (
    <ChartItemList
      chart={chart}
      list={list}
      data={query.data}
      loading={query.isFetching}
      title={t`Titel ${year}`}
      canEdit={Boolean(chart.status?.canEdit.titles)}
      codeColumn={{ key: 'title', header: i18n._(titleWord), width: 60, align: 'right', mono: true, render: (r) => r.title }}
      testId="title-table"
      emptyText={t`Keine Titel gefunden.`}
    />
  );
}
