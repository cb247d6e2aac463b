import type { DepartmentOverviewRow, OverviewSort, OverviewStatusFilter } from '@app/domain';
import { useLingui } from '@lingui/react/macro';
import { Badge, Button, Loader, Select, Stack, Text } from '@mantine/core';
import { keepPreviousData, useQuery, useSuspenseQuery } from '@tanstack/react-query';
import { useNavigate, useSearch } from '@tanstack/react-router';
import { lazy, Suspense, useState } from 'react';
import { errorText } from '../../lib/errorMessages.ts';
import { queryClient, trpc } from '../../lib/trpc.ts';
import { Amount } from '../../ui/Amount.tsx';
import { DataTable } from '../../ui/DataTable.tsx';
import { formatDate } from '../../ui/date.ts';
import { downloadText } from '../../ui/download.ts';
import { MasterList } from '../../ui/MasterList.tsx';
import { notifyError } from '../../ui/notify.ts';
import { useMasterList, useSearchUpdate } from '../../ui/useMasterList.ts';
import { uiLanguage } from '../i18n/language.ts';
import { departmentName } from '../scope/departments.ts';
import { useScope } from '../scope/useScope.ts';
import { lastChangeText, stateColors, stateLabels, statusFilterLabels } from './labels.ts';
import { type OverviewSearch, overviewFilters, overviewListQuery, scopeListQuery } from './queries.ts';

/** The union's dashboard (issue 30): its charts are a chunk of their own, fetched only on this route. */
const UnionDashboard = lazy(() => import('./UnionDashboard.tsx').then((m) => ({ default: m.UnionDashboard })));

const statusChoices = ['all', 'notApproved', 'approved', 'unbalanced', 'noForecast'] as const;

/**
 * The union's approval work list (`overview/departments`): every department the user sees with the
 * forecast totals of the scope year, balanced or not, approval date and last change; filter by
 * district and status, sort by a header click, page, export the whole filtered list as CSV; a row
 * opens that department's forecast when the user may open the department (the others are plain rows).
 * Revenues include the surplus used (shown beside them), so a balanced forecast reads balanced; the
 * last column says whether the year's final account is approved.
 */
export function DepartmentOverviewScreen() {
  const { t, i18n } = useLingui();
  const { department, year } = useScope();
  const language = uiLanguage(i18n.locale);
  const navigate = useNavigate();
  const list = useMasterList([] as const);
  const search = useSearch({ strict: false }) as OverviewSearch;
  const update = useSearchUpdate();
  const [exporting, setExporting] = useState(false);
  const filters = overviewFilters({ department, year }, language, search);
  const query = useQuery({
    ...overviewListQuery({ department, year }, language, { ...search, page: list.page, pageSize: list.pageSize }),
    placeholderData: keepPreviousData,
  });
  const data = query.data;
  const { data: scopes } = useSuspenseQuery(scopeListQuery());
  const openable = new Set(scopes.departments.map((d) => d.code));

  const setSearch = (next: Partial<OverviewSearch>) => void update((prev) => ({ ...prev, ...next, page: undefined }), { replace: true });

  async function exportCsv() {
    setExporting(true);
    try {
      const [rows, reports] = await Promise.all([
        queryClient.fetchQuery({ ...trpc.overview.departmentsExport.queryOptions(filters), staleTime: 0 }),
        import('@app/reports'),
      ]);
      downloadText(reports.overviewCsv(rows), rows.fileName);
    } catch (error) {
      notifyError(errorText(i18n, error));
    } finally {
      setExporting(false);
    }
  }

  const open = (row: DepartmentOverviewRow) =>
    void navigate({ to: '/dept/$dept/year/$year/budget/forecast/details', params: { dept: row.code, year: String(year) } });

  return (
    <Stack gap="lg">
      <MasterList
        title={t`Übersicht der Feuerwehren ${year}`}
        actions={
          <Button size="sm" variant="default" onClick={() => void exportCsv()} loading={exporting} data-testid="export-download">
            {t`CSV exportieren`}
          </Button>
        }
        filters={
          <>
            <Select
              size="xs"
              w={260}
              label={t`Bezirk`}
              data-testid="filter-district"
              clearable
              placeholder={t`Alle Bezirke`}
              value={search.district ?? null}
              data={(data?.districts ?? []).map((d) => ({ value: d.code, label: `${d.code} ${departmentName(d, language)}`.trim() }))}
              onChange={(value) => setSearch({ district: value ?? undefined })}
            />
            <Select
              size="xs"
              w={190}
              label={t`Status`}
              data-testid="filter-status"
              allowDeselect={false}
              value={search.status ?? 'all'}
              data={statusChoices.map((c) => ({ value: c, label: i18n._(statusFilterLabels[c]) }))}
              onChange={(value) => setSearch({ status: !value || value === 'all' ? undefined : (value as OverviewStatusFilter) })}
            />
            {query.error ? (
              <Text size="sm" c="red">
                {errorText(i18n, query.error)}
              </Text>
            ) : null}
          </>
        }
      >
        <DataTable
          testId="overview-table"
          columns={[
            { key: 'code', header: t`Code`, width: 62, mono: true, sortKey: 'code', render: (r) => r.code },
            {
              key: 'name',
              header: t`Name`,
              sortKey: 'name',
              wrap: true,
              render: (r) => departmentName(r, language),
            },
            {
              key: 'revenues',
              header: t`Einnahmen`,
              width: 115,
              align: 'right',
              sortKey: 'revenues',
              render: (r) => <Amount cents={r.revenues + r.surplusUsed} size="sm" />,
            },
            {
              key: 'surplusUsed',
              header: t`davon Überschuss`,
              width: 128,
              align: 'right',
              render: (r) => (r.surplusUsed !== 0 ? <Amount cents={r.surplusUsed} size="sm" /> : null),
            },
            { key: 'expenses', header: t`Ausgaben`, width: 115, align: 'right', sortKey: 'expenses', render: (r) => <Amount cents={r.expenses} size="sm" /> },
            {
              key: 'state',
              header: t`Status`,
              width: 108,
              sortKey: 'state',
              render: (r) => (
                <Badge size="sm" variant="light" tt="none" color={stateColors[r.state]} data-testid="row-state" data-state={r.state}>
                  {i18n._(stateLabels[r.state])}
                </Badge>
              ),
            },
            { key: 'approval', header: t`Genehmigt am`, width: 112, sortKey: 'approval', render: (r) => (r.approval ? formatDate(r.approval) : '') },
            { key: 'lastChange', header: t`Letzte Änderung`, width: 130, sortKey: 'lastChange', render: (r) => lastChangeText(i18n, r.lastChange) },
            {
              key: 'finalAccount',
              header: t`Rechnungsabschluss`,
              width: 140,
              render: (r) =>
                r.finalApproval ? (
                  <Text size="sm" span data-testid="row-final" data-state="approved">
                    {t`genehmigt am ${formatDate(r.finalApproval)}`}
                  </Text>
                ) : r.state === 'approved' ? (
                  <Text size="sm" span c="dimmed" data-testid="row-final" data-state="open">
                    {t`offen`}
                  </Text>
                ) : null,
            },
          ]}
          rows={data?.entities}
          total={data?.total}
          rowKey={(r) => r.departmentId}
          page={list.page}
          pageSize={list.pageSize}
          onPageChange={list.setPage}
          onPageSizeChange={list.setPageSize}
          onRowClick={open}
          rowClickable={(r) => openable.has(r.code)}
          loading={query.isFetching}
          emptyText={t`Keine Feuerwehren für diese Auswahl.`}
          sort={{ key: filters.sort, dir: filters.dir }}
          onSortChange={(s) => setSearch({ sort: s.key as OverviewSort, dir: s.dir })}
        />
      </MasterList>
      <Suspense fallback={<Loader size="sm" />}>
        <UnionDashboard
          filter={search.dashDistrict ? { district: search.dashDistrict, kind: search.dashKind, state: search.dashState } : null}
          onFilter={(f) => void update((prev) => ({ ...prev, dashDistrict: f?.district, dashKind: f?.kind, dashState: f?.state }), { replace: true })}
        />
      </Suspense>
    </Stack>
  );
}
