import { type AccessLevel, formatDate } from '@app/domain';
import { useLingui } from '@lingui/react/macro';
import { Stack, Text, Title } from '@mantine/core';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { DataTable } from '../../ui/DataTable.tsx';
import { RowFlag } from '../../ui/RowFlag.tsx';
import { DEFAULT_TABLE_PAGE_SIZE } from '../../ui/listState.ts';
import { uiLanguage } from '../i18n/language.ts';
import { useScope } from '../scope/useScope.ts';
import { MenuScreenGate } from '../shell/MenuScreenGate.tsx';
import { accessLevelLabels } from './labels.ts';
import { departmentUsersQuery } from './queries.ts';

/** Users of the scope department (menu `departmentUsers`, open to everyone linked to it). */
export function DepartmentUsersScreen() {
  const { t, i18n } = useLingui();
  const { department } = useScope();
  const [page, setPage] = useState(1);
  const [pageSize, setPageSize] = useState(DEFAULT_TABLE_PAGE_SIZE);
  const query = useQuery({ ...departmentUsersQuery({ department }, { page, pageSize }), placeholderData: keepPreviousData });
  const language = uiLanguage(i18n.locale);
  const name = language === 'it' ? department.nameIta || department.nameDeu : department.nameDeu || department.nameIta;
  return (
    <MenuScreenGate path="departmentUsers">
      <Stack gap="sm" maw={1000}>
        <div>
          <Title order={2} data-testid="screen-title">
            {t`Benutzer der Feuerwehr`}
          </Title>
          <Text size="sm" c="dimmed">
            {department.code} {name}
          </Text>
        </div>
        <DataTable
          testId="department-user-table"
          columns={[
            { key: 'username', header: t`Benutzername`, width: 170, render: (r) => r.username },
            { key: 'fullname', header: t`Vollständiger Name`, render: (r) => r.userFullname },
            { key: 'level', header: t`Zugriffsstufe`, width: 140, render: (r) => i18n._(accessLevelLabels[r.accessLevel as Exclude<AccessLevel, -1>]) },
            { key: 'validUntil', header: t`Gültig bis`, width: 100, render: (r) => (r.validUntil ? formatDate(r.validUntil) : '') },
            {
              key: 'locked',
              header: '',
              width: 90,
              render: (r) => <RowFlag on={r.isLocked} color="red">{t`gesperrt`}</RowFlag>,
            },
          ]}
          rows={query.data?.entities}
          total={query.data?.total}
          rowKey={(r) => r.id}
          rowDimmed={(r) => r.isLocked}
          page={page}
          pageSize={pageSize}
          onPageChange={setPage}
          onPageSizeChange={(s) => {
            setPageSize(s);
            setPage(1);
          }}
          loading={query.isFetching}
          emptyText={t`Keine Benutzer gefunden.`}
        />
      </Stack>
    </MenuScreenGate>
  );
}
