import { formatIban } from '@app/domain';
import { useLingui } from '@lingui/react/macro';
import { TextInput } from '@mantine/core';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { DataTable } from '../../ui/DataTable.tsx';
import { RowFlag } from '../../ui/RowFlag.tsx';
import { MasterList } from '../../ui/MasterList.tsx';
import { useMasterList } from '../../ui/useMasterList.ts';
import { useScope } from '../scope/useScope.ts';
import { accountTypeLabels } from './labels.ts';
import { accountFilterKeys, accountListQuery } from './queries.ts';

/** Accounts of the department, filtered by description; inactive ones dimmed. */
export function AccountList() {
  const { t, i18n } = useLingui();
  const { department, year } = useScope();
  const list = useMasterList(accountFilterKeys);
  const query = useQuery({ ...accountListQuery({ department, year }, list), placeholderData: keepPreviousData });
  return (
    <MasterList
      title={t`Konten`}
      onNew={() => list.openEditor('new')}
      filters={<TextInput size="xs" w={260} label={t`Beschreibung`} {...list.filterProps('description')} />}
    >
      <DataTable
        testId="account-table"
        columns={[
          { key: 'code', header: t`Code`, width: 80, mono: true, render: (a) => a.code },
          { key: 'description', header: t`Beschreibung`, render: (a) => (i18n.locale === 'it' ? a.descriptionIta : a.descriptionDeu) },
          { key: 'type', header: t`Kontoart`, width: 90, render: (a) => i18n._(accountTypeLabels[a.type]) },
          { key: 'iban', header: t`IBAN`, width: 310, mono: true, render: (a) => formatIban(a.bankInfo.iban) },
          {
            key: 'inactive',
            header: '',
            width: 80,
            render: (a) => <RowFlag on={a.inactive} color="gray">{t`inaktiv`}</RowFlag>,
          },
        ]}
        rows={query.data?.entities}
        total={query.data?.total}
        rowKey={(a) => a.id}
        rowDimmed={(a) => a.inactive}
        page={list.page}
        pageSize={list.pageSize}
        onPageChange={list.setPage}
        onPageSizeChange={list.setPageSize}
        onRowClick={(a) => list.openEditor(a.id)}
        loading={query.isFetching}
        emptyText={t`Keine Konten gefunden.`}
      />
    </MasterList>
  );
}
