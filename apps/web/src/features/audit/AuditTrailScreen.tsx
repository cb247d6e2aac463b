import { AUDIT_ACTIONS, AUDIT_ENTITIES, auditChangeLine, type AuditListInput, MAX_PAGE_SIZE, readAllAuditPages } from '@app/domain';
import { useLingui } from '@lingui/react/macro';
import { Button, Group, Modal, Select, Text, TextInput } from '@mantine/core';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { errorText } from '../../lib/errorMessages.ts';
import { useRequiredAuth } from '../../lib/session.ts';
import { queryClient } from '../../lib/trpc.ts';
import { DataTable } from '../../ui/DataTable.tsx';
import { DateInput } from '../../ui/DateInput.tsx';
import { DepartmentPicker } from '../../ui/DepartmentPicker.tsx';
import { downloadBlob, downloadText, exportFileName } from '../../ui/download.ts';
import { MasterList } from '../../ui/MasterList.tsx';
import { notifyError } from '../../ui/notify.ts';
import { useMasterList } from '../../ui/useMasterList.ts';
import { useScope } from '../scope/useScope.ts';
import { uiLanguage } from '../i18n/language.ts';
import { MenuScreenGate } from '../shell/MenuScreenGate.tsx';
import { AuditDetail } from './AuditDetail.tsx';
import { type AuditListRow, ALL_YEARS, auditCsvRows, auditFilterKeys, auditFilterText, auditListInput } from './auditList.ts';
import { auditColumns } from './columns.tsx';
import { auditActionLabels, auditEntityLabels, auditLabel, auditLineWords, changeWord, userWord } from './labels.ts';
import { auditListQuery } from './queries.ts';

/** Utilities › Änderungsprotokoll (issue 27): the trail the user may read, filtered, newest first, paged; a row opens its detail. */
export function AuditTrailScreen() {
  return (
    <MenuScreenGate path="audit">
      <AuditTrailList />
    </MenuScreenGate>
  );
}

function AuditTrailList() {
  const { t, i18n } = useLingui();
  const { department, year } = useScope();
  const list = useMasterList(auditFilterKeys);
  const input = auditListInput(list, year);
  const query = useQuery({ ...auditListQuery(input), placeholderData: keepPreviousData });
  const [open, setOpen] = useState<AuditListRow | null>(null);
  const [exporting, setExporting] = useState<'csv' | 'pdf' | null>(null);
  const auth = useRequiredAuth();
  const choose = (key: (typeof auditFilterKeys)[number], value: string | null) => {
    list.setFilter(key, value ?? '');
    list.flush();
  };
  const entityText = (e: string) => auditLabel(i18n, auditEntityLabels, e);
  const actionText = (a: string) => auditLabel(i18n, auditActionLabels, a);
  const years = [ALL_YEARS, ...Array.from({ length: 6 }, (_, i) => String(year - i))];

  /** Every row the filter matches (pages of 1,000 until a short one: beyond the list's count cap too). */
  const allRows = (): Promise<AuditListRow[]> =>
    readAllAuditPages((page: AuditListInput) => queryClient.fetchQuery({ ...auditListQuery(page), staleTime: 0 }), {
      ...input,
      page: 1,
      pageSize: MAX_PAGE_SIZE,
    });

  async function exportAs(format: 'csv' | 'pdf') {
    setExporting(format);
    try {
      const [rows, reports] = await Promise.all([allRows(), import('@app/reports')]);
      if (format === 'pdf') {
        const filter = auditFilterText(
          input,
          {
            from: t`Von`,
            to: t`Bis`,
            user: i18n._(userWord),
            department: t`Feuerwehr`,
            year: t`Jahr`,
            allYears: t`alle Jahre`,
            number: t`Nummer`,
            entity: entityText,
            action: actionText,
          },
          rows.find((r) => r.departmentId === input.departmentId)?.departmentCode,
        );
        const doc = reports.auditTrailPdf(
          rows.map((r) => ({ ...r, changes: r.changes ?? null })),
          [filter],
          { username: auth.username, now: new Date(), language: uiLanguage(i18n.locale) },
          auditLineWords(i18n),
        );
        downloadBlob(doc.output('blob'), exportFileName(t`aenderungsprotokoll`, 'pdf'));
        return;
      }
      const header = [t`Zeit`, i18n._(userWord), t`Adresse`, t`Feuerwehr`, t`Jahr`, t`Objekt`, t`Id`, t`Nummer`, t`Aktion`, t`Vorgang`, i18n._(changeWord)];
      const language = uiLanguage(i18n.locale);
      // the change as the detail reads it: changed records with their position, chapter and translated fields
      const change = (r: AuditListRow) =>
        auditChangeLine(r.changes, {
          refs: r.refs,
          names: r.names,
          entity: r.entity,
          language,
          departmentId: r.departmentId,
          year: r.year,
          ...auditLineWords(i18n),
        });
      downloadText(
        reports.toCsv(header, auditCsvRows(rows, { entity: entityText, action: actionText, change })),
        exportFileName(t`aenderungsprotokoll`, 'csv'),
      );
    } catch (error) {
      notifyError(errorText(i18n, error));
    } finally {
      setExporting(null);
    }
  }

  return (
    <MasterList
      title={t`Änderungsprotokoll`}
      maw={1400}
      actions={
        <Group gap="xs">
          <Button
            size="sm"
            variant="default"
            onClick={() => void exportAs('pdf')}
            loading={exporting === 'pdf'}
            disabled={exporting !== null}
            data-testid="export-pdf"
          >
            {t`PDF exportieren`}
          </Button>
          <Button
            size="sm"
            variant="default"
            onClick={() => void exportAs('csv')}
            loading={exporting === 'csv'}
            disabled={exporting !== null}
            data-testid="export-download"
          >
            {t`CSV exportieren`}
          </Button>
        </Group>
      }
      filters={
        <>
          <DateInput
            size="xs"
            w={105}
            label={t`Von`}
            value={list.draft.from || null}
            onChange={(v) => list.setFilter('from', v ?? '')}
            data-testid="filter-from"
          />
          <DateInput size="xs" w={105} label={t`Bis`} value={list.draft.to || null} onChange={(v) => list.setFilter('to', v ?? '')} data-testid="filter-to" />
          <TextInput size="xs" w={110} label={i18n._(userWord)} {...list.filterProps('user')} />
          <DepartmentPicker
            size="xs"
            w={170}
            label={t`Feuerwehr`}
            placeholder={t`Alle`}
            scopeDepartmentId={department.id}
            value={list.draft.department ? Number(list.draft.department) : null}
            onChange={(id) => choose('department', id === null ? null : String(id))}
          />
          <Select
            size="xs"
            w={95}
            label={t`Jahr`}
            data={years.map((y) => ({ value: y, label: y === ALL_YEARS ? t`Alle Jahre` : y }))}
            value={list.draft.inYear || String(year)}
            onChange={(v) => choose('inYear', v === String(year) ? null : v)}
            allowDeselect={false}
            data-testid="filter-year"
          />
          <Select
            size="xs"
            w={150}
            label={t`Objekt`}
            placeholder={t`Alle`}
            clearable
            searchable
            data={AUDIT_ENTITIES.map((e) => ({ value: e, label: entityText(e) }))}
            value={list.draft.entity || null}
            onChange={(v) => choose('entity', v)}
            data-testid="filter-entity"
          />
          <TextInput size="xs" w={75} label={t`Nummer`} inputMode="numeric" {...list.filterProps('nr')} />
          <Select
            size="xs"
            w={150}
            label={t`Aktion`}
            placeholder={t`Alle`}
            clearable
            searchable
            data={AUDIT_ACTIONS.map((a) => ({ value: a, label: actionText(a) }))}
            value={list.draft.action || null}
            onChange={(v) => choose('action', v)}
            data-testid="filter-action"
          />
        </>
      }
    >
      <DataTable
        testId="audit-table"
        columns={auditColumns(i18n)}
        rowKey={(r) => r.id}
        onRowClick={setOpen}
        rows={query.data?.entities}
        total={query.data?.total}
        loading={query.isFetching}
        page={list.page}
        pageSize={list.pageSize}
        onPageChange={list.setPage}
        onPageSizeChange={list.setPageSize}
        emptyText={t`Keine Einträge gefunden.`}
      />
      {query.data?.more ? (
        <Text size="sm" c="dimmed" data-testid="audit-more">
          {t`Mehr Einträge als gezählt: den Filter eingrenzen, um alle zu sehen und zu exportieren.`}
        </Text>
      ) : null}
      {open ? (
        <Modal opened onClose={() => setOpen(null)} title={i18n._(changeWord)} size="xl" data-testid="audit-detail-dialog">
          <AuditDetail row={open} />
        </Modal>
      ) : null}
    </MasterList>
  );
}
