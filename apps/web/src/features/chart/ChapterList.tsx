import { formatChapter, type Part } from '@app/domain';
import { useLingui } from '@lingui/react/macro';
import { Badge, Group, Stack, TextInput } from '@mantine/core';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { chapterWord, partLabels } from '../../ui/chartLabels.ts';
import { DataTable } from '../../ui/DataTable.tsx';
import { MasterList } from '../../ui/MasterList.tsx';
import { useMasterList } from '../../ui/useMasterList.ts';
import { AreaSelect } from './AreaSelect.tsx';
import { ChartStatusBanner } from './ChartStatusBanner.tsx';
import { PartFilter, usePartFilter } from './PartFilter.tsx';
import { chapterListQuery, chapterFilterKeys } from './queries.ts';
import { useChartScope } from './useChartScope.ts';

/** Chapters of the chart (area and year), paged; filtered by code prefix (`2-1`), part and description or search key. */
export function ChapterList() {
  const { t, i18n } = useLingui();
  const chart = useChartScope();
  const part = usePartFilter();
  const list = useMasterList(chapterFilterKeys);
  const query = useQuery({ ...chapterListQuery(chart, part, list), placeholderData: keepPreviousData });
  const it = i18n.locale === 'it';
  const year = chart.year;
  return (
    <Stack gap="sm" maw={1200}>
      <ChartStatusBanner status={chart.status} />
      <MasterList
        title={t`Kapitel ${year}`}
        onNew={() => list.openEditor('new')}
        newDisabled={!chart.status?.canEdit.chapters}
        filters={
          <>
            <AreaSelect value={chart.area} onChange={chart.setArea} />
            <PartFilter />
            <TextInput
              size="xs"
              w={100}
              label={i18n._(chapterWord)}
              placeholder="2-1"
              {...list.filterProps('chapter')}
              styles={{ input: { fontFamily: 'var(--mantine-font-family-monospace)' } }}
            />
            <TextInput size="xs" w={260} label={t`Beschreibung oder Suchbegriff`} {...list.filterProps('description')} />
          </>
        }
      >
        <DataTable
          testId="chapter-table"
          columns={[
            { key: 'chapter', header: i18n._(chapterWord), width: 90, mono: true, render: (r) => formatChapter(r.chapter) },
            { key: 'part', header: t`Teil`, width: 105, render: (r) => i18n._(partLabels[r.part as Part]) },
            { key: 'description', header: t`Beschreibung`, render: (r) => (it ? r.descriptionIta || r.descriptionDeu : r.descriptionDeu || r.descriptionIta) },
            { key: 'searchKey', header: t`Suchbegriff`, width: 230, render: (r) => (it ? r.searchKeyIta : r.searchKeyDeu) },
            {
              key: 'flags',
              header: '',
              width: 180,
              render: (r) => (
                <Group gap={4}>
                  {r.emptyChapter ? (
                    <Badge size="xs" color="gray" variant="light">
                      {t`Leerkapitel`}
                    </Badge>
                  ) : null}
                  {r.municipalContrib ? (
                    <Badge size="xs" color="blue" variant="light">
                      {t`Gemeindebeitrag`}
                    </Badge>
                  ) : null}
                </Group>
              ),
            },
          ]}
          rows={query.data?.entities}
          total={query.data?.total}
          rowKey={(r) => r.id}
          rowDimmed={(r) => r.emptyChapter}
          page={list.page}
          pageSize={list.pageSize}
          onPageChange={list.setPage}
          onPageSizeChange={list.setPageSize}
          onRowClick={(r) => list.openEditor(r.id)}
          loading={query.isFetching}
          emptyText={t`Keine Kapitel gefunden.`}
        />
      </MasterList>
    </Stack>
  );
}
