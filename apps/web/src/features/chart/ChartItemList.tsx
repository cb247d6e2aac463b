import type { Part } from '@app/domain';
import { useLingui } from '@lingui/react/macro';
import { Stack, TextInput } from '@mantine/core';
import type { ReactNode } from 'react';
import { partLabels } from '../../ui/chartLabels.ts';
import { type DataColumn, DataTable } from '../../ui/DataTable.tsx';
import { MasterList } from '../../ui/MasterList.tsx';
import type { useMasterList } from '../../ui/useMasterList.ts';
import { AreaSelect } from './AreaSelect.tsx';
import { ChartStatusBanner } from './ChartStatusBanner.tsx';
import { PartFilter } from './PartFilter.tsx';
import type { useChartScope } from './useChartScope.ts';

interface ChartRow {
  id: number;
  part: number;
  descriptionDeu: string;
  descriptionIta: string;
}

/**
 * The list of titles or categories of the chart (area and year), filtered by part and description:
 * the caller gives the query result, its code column and its texts.
 */
export function ChartItemList<R extends ChartRow>(props: {
  chart: ReturnType<typeof useChartScope>;
  list: ReturnType<typeof useMasterList<'description'>>;
  data: { entities: R[]; total: number } | undefined;
  loading: boolean;
  title: string;
  canEdit: boolean;
  codeColumn: DataColumn<R>;
  testId: string;
  emptyText: ReactNode;
}) {
  const { t, i18n } = useLingui();
  const { chart, list } = props;
  return (
    <Stack gap="sm" maw={1100}>
      <ChartStatusBanner status={chart.status} />
      <MasterList
        title={props.title}
        onNew={() => list.openEditor('new')}
        newDisabled={!props.canEdit}
        filters={
          <>
            <AreaSelect value={chart.area} onChange={chart.setArea} />
            <PartFilter />
            <TextInput size="xs" w={260} label={t`Beschreibung`} {...list.filterProps('description')} />
          </>
        }
      >
        <DataTable
          testId={props.testId}
          columns={[
            { key: 'part', header: t`Teil`, width: 100, render: (r: R) => i18n._(partLabels[r.part as Part]) },
            props.codeColumn,
            { key: 'descriptionDeu', header: t`Beschreibung (deutsch)`, render: (r: R) => r.descriptionDeu },
            { key: 'descriptionIta', header: t`Beschreibung (italienisch)`, render: (r: R) => r.descriptionIta },
          ]}
          rows={props.data?.entities}
          total={props.data?.total}
          rowKey={(r) => r.id}
          page={list.page}
          pageSize={list.pageSize}
          onPageChange={list.setPage}
          onPageSizeChange={list.setPageSize}
          onRowClick={(r) => list.openEditor(r.id)}
          loading={props.loading}
          emptyText={props.emptyText}
        />
      </MasterList>
    </Stack>
  );
}
