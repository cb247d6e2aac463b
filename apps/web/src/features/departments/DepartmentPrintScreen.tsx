import { useLingui } from '@lingui/react/macro';
import { Group, TextInput } from '@mantine/core';
import { useState } from 'react';
import { queryClient, trpc } from '../../lib/trpc.ts';
import { exportFileName } from '../../ui/download.ts';
import { ExportForm, useListExportFormats } from '../../ui/ExportForm.tsx';
import { useRequiredAuth } from '../../lib/session.ts';
import { uiLanguage } from '../i18n/language.ts';
import { useScope } from '../scope/useScope.ts';
import { MenuScreenGate } from '../shell/MenuScreenGate.tsx';

/** Departments print (menu `departments/print`): code range; short list PDF, master sheet PDF or CSV. */
export function DepartmentPrintScreen() {
  const { t, i18n } = useLingui();
  const formats = useListExportFormats('shortList');
  const auth = useRequiredAuth();
  const { department } = useScope();
  const [codeFrom, setCodeFrom] = useState('');
  const [codeTo, setCodeTo] = useState('');
  const language = uiLanguage(i18n.locale);
  const range = { codeFrom: codeFrom.trim().toUpperCase() || undefined, codeTo: codeTo.trim().toUpperCase() || undefined };

  async function build(format: string) {
    const ctx = { username: auth.username, now: new Date() };
    const reports = await import('@app/reports');
    if (format === 'masterSheet') {
      const page = await queryClient.fetchQuery({
        ...trpc.departments.list.queryOptions({ ...range, page: 1, pageSize: 1000, departmentId: department.id }),
        staleTime: 0,
      });
      const doc = reports.departmentMasterSheetPdf({ language, departments: page.entities }, ctx);
      return { kind: 'pdf' as const, blob: doc.output('blob'), filename: exportFileName(t`feuerwehren-stammblatt`, 'pdf') };
    }
    const data = await queryClient.fetchQuery({ ...trpc.departments.export.queryOptions({ ...range, language, departmentId: department.id }), staleTime: 0 });
    if (format === 'csv') return { kind: 'csv' as const, text: reports.departmentListCsv(data), filename: exportFileName(t`feuerwehren`, 'csv') };
    return { kind: 'pdf' as const, blob: reports.departmentListPdf(data, ctx).output('blob'), filename: exportFileName(t`feuerwehren`, 'pdf') };
  }

  return (
    <MenuScreenGate path="departments/print">
      <ExportForm title={t`Feuerwehren drucken`} formats={formats} build={build}>
        <Group gap="sm">
          <TextInput
            size="sm"
            w={110}
            label={t`Code von`}
            maxLength={3}
            value={codeFrom}
            onChange={(e) => setCodeFrom(e.currentTarget.value)}
            data-testid="code-from"
            data-autofocus
            autoFocus
          />
          <TextInput
            size="sm"
            w={110}
            label={t`Code bis`}
            maxLength={3}
            value={codeTo}
            onChange={(e) => setCodeTo(e.currentTarget.value)}
            data-testid="code-to"
          />
        </Group>
      </ExportForm>
    </MenuScreenGate>
  );
}
