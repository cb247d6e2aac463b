import { departmentName } from '@app/domain';
import { useLingui } from '@lingui/react/macro';
import { TextInput } from '@mantine/core';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { DataTable } from '../../ui/DataTable.tsx';
import { MasterList } from '../../ui/MasterList.tsx';
import { useMasterList } from '../../ui/useMasterList.ts';
import { uiLanguage } from '../i18n/language.ts';
import { useScope } from '../scope/useScope.ts';
import { departmentFilterKeys, departmentListQuery } from './queries.ts';

/** Departments: filter on code (prefix) and name (either language), 500 ms debounce. */
export function DepartmentList() {
  const { t, i18n } = useLingui();
  const { department } = useScope();
  const language = uiLanguage(i18n.locale);
  const list = useMasterList(departmentFilterKeys);
  // the route's loader filled this query; paging and filters keep the rows until the next ones arrive
  const query = useQuery({ ...departmentListQuery({ department }, list), placeholderData: keepPreviousData });
  return (
    <MasterList
      title={t`Feuerwehren`}
      onNew={() => list.openEditor('new')}
      filters={
        <>
          <TextInput size="xs" w={90} label={t`Code`} {...list.filterProps('code')} />
          <TextInput size="xs" w={260} label={t`Name`} {...list.filterProps('name')} />
        </>
      }
    >
      <DataTable
        testId="department-table"
        columns={[
          { key: 'code', header: t`Code`, width: 70, mono: true, render: (d) => d.code },
          { key: 'name', header: t`Name`, render: (d) => departmentName(d, language) },
          { key: 'location', header: t`Ort`, width: 170, render: (d) => (language === 'it' ? d.locationIta || d.locationDeu : d.locationDeu || d.locationIta) },
          { key: 'commander', header: t`Kommandant`, width: 190, render: (d) => d.commander.name },
          { key: 'cashier', header: t`Kassier`, width: 190, render: (d) => d.cashier.name },
        ]}
        rows={query.data?.entities}
        total={query.data?.total}
        rowKey={(d) => d.id}
        page={list.page}
        pageSize={list.pageSize}
        onPageChange={list.setPage}
        onPageSizeChange={list.setPageSize}
        onRowClick={(d) => list.openEditor(d.id)}
        loading={query.isFetching}
        emptyText={t`Keine Feuerwehren gefunden.`}
      />
    </MasterList>
  );
}
