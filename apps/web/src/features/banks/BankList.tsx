import { useLingui } from '@lingui/react/macro';
import { TextInput } from '@mantine/core';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { DataTable } from '../../ui/DataTable.tsx';
import { MasterList } from '../../ui/MasterList.tsx';
import { useMasterList } from '../../ui/useMasterList.ts';
import { useCanEditBanks } from './permissions.ts';
import { bankFilterKeys, bankListQuery } from './queries.ts';

/** Bank directory: filters ABI, CAB, routing code, description, location; sorted by name2 (server). */
export function BankList() {
  const { t } = useLingui();
  const list = useMasterList(bankFilterKeys);
  const canEdit = useCanEditBanks();
  const query = useQuery({ ...bankListQuery(list), placeholderData: keepPreviousData });
  return (
    <MasterList
      title={t`Banken`}
      onNew={() => list.openEditor('new')}
      newDisabled={!canEdit}
      filters={
        <>
          <TextInput size="xs" w={90} label={t`ABI`} {...list.filterProps('abi')} />
          <TextInput size="xs" w={90} label={t`CAB`} {...list.filterProps('cab')} />
          <TextInput size="xs" w={130} label={t`Bankleitzahl`} {...list.filterProps('routingCode')} />
          <TextInput size="xs" w={220} label={t`Bezeichnung`} {...list.filterProps('name')} />
          <TextInput size="xs" w={160} label={t`Ort`} {...list.filterProps('location')} />
        </>
      }
    >
      <DataTable
        testId="bank-table"
        columns={[
          { key: 'key', header: t`ABI/CAB`, width: 128, mono: true, render: (b) => (b.isForeign ? b.key : `${b.abi} ${b.cab}`) },
          { key: 'name1', header: t`Name 1`, render: (b) => b.name1 },
          { key: 'name2', header: t`Name 2`, render: (b) => b.name2 },
          { key: 'location', header: t`Ort`, width: 170, render: (b) => b.location },
        ]}
        rows={query.data?.entities}
        total={query.data?.total}
        rowKey={(b) => b.id}
        page={list.page}
        pageSize={list.pageSize}
        onPageChange={list.setPage}
        onPageSizeChange={list.setPageSize}
        onRowClick={(b) => list.openEditor(b.id)}
        loading={query.isFetching}
        emptyText={t`Keine Banken gefunden.`}
      />
    </MasterList>
  );
}
