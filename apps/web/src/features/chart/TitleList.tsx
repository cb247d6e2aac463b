import type { Part } from '@app/domain';
import { useLingui } from '@lingui/react/macro';
import { Stack, TextInput } from '@mantine/core';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { trpc } from '../../lib/trpc.ts';
import { partLabels, titleWord } from '../../ui/chartLabels.ts';
import { DataTable } from '../../ui/DataTable.tsx';
import { MasterList } from '../../ui/MasterList.tsx';
import { useMasterList } from '../../ui/useMasterList.ts';
import { AreaSelect } from './AreaSelect.tsx';
import { ChartStatusBanner } from './ChartStatusBanner.tsx';
import { PartFilter, usePartFilter } from './PartFilter.tsx';
import { useChartScope } from './useChartScope.ts';

/** Titles of the chart (area and year), filtered by part and description. */
export function TitleList() {
  const { t, i18n } = useLingui();
  const chart = useChartScope();
  const part = usePartFilter();
  const year = chart.year;
  const list = useMasterList(['description'] as const);
  const query = useQuery({
    ...trpc.chart.titles.list.queryOptions({
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
    <Stack gap="sm" maw={1100}>
      <ChartStatusBanner status={chart.status} />
      <MasterList
        title={t`Titel ${year}`}
        onNew={() => list.openEditor('new')}
        newDisabled={!chart.status?.canEdit.titles}
        filters={
          <>
            <AreaSelect value={chart.area} onChange={chart.setArea} />
            <PartFilter />
            <TextInput size="xs" w={260} label={t`Beschreibung`} {...list.filterProps('description')} />
          </>
        }
      >
        <DataTable
          testId="title-table"
          columns={[
            { key: 'part', header: t`Teil`, width: 100, render: (r) => i18n._(partLabels[r.part as Part]) },
            { key: 'title', header: i18n._(titleWord), width: 60, align: 'right', mono: true, render: (r) => r.title },
            { key: 'descriptionDeu', header: t`Beschreibung (deutsch)`, render: (r) => r.descriptionDeu },
            { key: 'descriptionIta', header: t`Beschreibung (italienisch)`, render: (r) => r.descriptionIta },
          ]}
          rows={query.data?.entities}
          total={query.data?.total}
          rowKey={(r) => r.id}
          page={list.page}
          pageSize={list.pageSize}
          onPageChange={list.setPage}
          onPageSizeChange={list.setPageSize}
          onRowClick={(r) => list.openEditor(r.id)}
          loading={query.isFetching}
          emptyText={t`Keine Titel gefunden.`}
        />
      </MasterList>
    </Stack>
  );
}
