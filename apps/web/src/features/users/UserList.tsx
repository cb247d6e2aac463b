import { type AccessLevel, formatDate } from '@app/domain';
import { useLingui } from '@lingui/react/macro';
import { Group, TextInput } from '@mantine/core';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { DataTable } from '../../ui/DataTable.tsx';
import { RowFlag } from '../../ui/RowFlag.tsx';
import { MasterList } from '../../ui/MasterList.tsx';
import { useMasterList } from '../../ui/useMasterList.ts';
import { useScope } from '../scope/useScope.ts';
import { accessLevelLabels, languageLabels } from './labels.ts';
import { userFilterKeys, userListQuery } from './queries.ts';

/** Users, filtered by user name or full name. */
export function UserList() {
  const { t, i18n } = useLingui();
  const { department } = useScope();
  const list = useMasterList(userFilterKeys);
  const query = useQuery({ ...userListQuery({ department }, list), placeholderData: keepPreviousData });
  return (
    <MasterList
      title={t`Benutzer`}
      onNew={() => list.openEditor('new')}
      filters={<TextInput size="xs" w={260} label={t`Benutzername oder Name`} {...list.filterProps('filter')} />}
    >
      <DataTable
        testId="user-table"
        columns={[
          { key: 'username', header: t`Benutzername`, width: 170, render: (u) => u.username },
          { key: 'fullname', header: t`Vollständiger Name`, render: (u) => u.fullname },
          { key: 'accessLevel', header: t`Zugriffsstufe`, width: 140, render: (u) => i18n._(accessLevelLabels[u.accessLevel as Exclude<AccessLevel, -1>]) },
          { key: 'language', header: t`Sprache`, width: 100, render: (u) => i18n._(languageLabels[u.language]) },
          { key: 'validUntil', header: t`Gültig bis`, width: 100, render: (u) => (u.validUntil ? formatDate(u.validUntil) : '') },
          {
            key: 'state',
            header: '',
            width: 200,
            render: (u) => (
              <Group gap={4} wrap="nowrap">
                <RowFlag on={u.locked} color="red">
                  {t`gesperrt`}
                </RowFlag>
                <RowFlag on={u.mustChangePassword} color="gray">
                  {t`Passwortänderung`}
                </RowFlag>
              </Group>
            ),
          },
        ]}
        rows={query.data?.entities}
        total={query.data?.total}
        rowKey={(u) => u.id}
        rowDimmed={(u) => u.locked}
        page={list.page}
        pageSize={list.pageSize}
        onPageChange={list.setPage}
        onPageSizeChange={list.setPageSize}
        onRowClick={(u) => list.openEditor(u.id)}
        loading={query.isFetching}
        emptyText={t`Keine Benutzer gefunden.`}
      />
    </MasterList>
  );
}
