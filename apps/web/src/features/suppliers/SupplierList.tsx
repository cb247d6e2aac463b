import { useLingui } from '@lingui/react/macro';
import { Select, TextInput } from '@mantine/core';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { DataTable } from '../../ui/DataTable.tsx';
import { RowFlag } from '../../ui/RowFlag.tsx';
import { MasterList } from '../../ui/MasterList.tsx';
import { useMasterList } from '../../ui/useMasterList.ts';
import { useScope } from '../scope/useScope.ts';
import { activeChoices, activeLabels } from './activeFilter.ts';
import { supplierFilterKeys, supplierListQuery } from './queries.ts';

/** Suppliers of the department: filters code, search key, location, province, country, active. */
export function SupplierList() {
  const { t, i18n } = useLingui();
  const { department } = useScope();
  const list = useMasterList(supplierFilterKeys);
  const query = useQuery({ ...supplierListQuery({ department }, list), placeholderData: keepPreviousData });
  return (
    <MasterList
      title={t`Lieferanten`}
      onNew={() => list.openEditor('new')}
      filters={
        <>
          <TextInput size="xs" w={90} label={t`Nummer`} inputMode="numeric" {...list.filterProps('code')} />
          <TextInput size="xs" w={170} label={t`Suchbegriff`} {...list.filterProps('searchKey')} />
          <TextInput size="xs" w={150} label={t`Ort`} {...list.filterProps('location')} />
          <TextInput size="xs" w={70} label={t`Provinz`} {...list.filterProps('province')} />
          <TextInput size="xs" w={70} label={t`Staat`} {...list.filterProps('country')} />
          <Select
            size="xs"
            w={140}
            label={t`Status`}
            data-testid="filter-active"
            allowDeselect={false}
            value={list.draft.active || 'all'}
            data={activeChoices.map((c) => ({ value: c, label: i18n._(activeLabels[c]) }))}
            onChange={(value) => {
              list.setFilter('active', value === 'all' || !value ? '' : value);
              list.flush();
            }}
          />
        </>
      }
    >
      <DataTable
        testId="supplier-table"
        columns={[
          { key: 'code', header: t`Nummer`, width: 80, align: 'right', render: (s) => s.code },
          { key: 'searchKey', header: t`Suchbegriff`, width: 150, render: (s) => s.searchKey },
          { key: 'name', header: t`Name`, render: (s) => [s.name1, s.name2].filter(Boolean).join(' – ') },
          { key: 'location', header: t`Ort`, width: 150, render: (s) => s.location },
          { key: 'province', header: t`Prov.`, width: 56, render: (s) => s.province },
          { key: 'country', header: t`Staat`, width: 56, render: (s) => s.country },
          {
            key: 'inactive',
            header: '',
            width: 80,
            render: (s) => <RowFlag on={s.isInactive} color="gray">{t`inaktiv`}</RowFlag>,
          },
        ]}
        rows={query.data?.entities}
        total={query.data?.total}
        rowKey={(s) => s.id}
        rowDimmed={(s) => s.isInactive}
        page={list.page}
        pageSize={list.pageSize}
        onPageChange={list.setPage}
        onPageSizeChange={list.setPageSize}
        onRowClick={(s) => list.openEditor(s.id)}
        loading={query.isFetching}
        emptyText={t`Keine Lieferanten gefunden.`}
      />
    </MasterList>
  );
}
