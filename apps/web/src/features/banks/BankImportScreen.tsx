import type { BankImportRejection, BankImportReport } from '@app/domain';
import type { MessageDescriptor } from '@lingui/core';
import { msg } from '@lingui/core/macro';
import { Trans, useLingui } from '@lingui/react/macro';
import { Button, FileInput, Group, Paper, SimpleGrid, Stack, Text, Title } from '@mantine/core';
import { useState } from 'react';
import { errorText } from '../../lib/errorMessages.ts';
import { queryClient, trpc, trpcClient } from '../../lib/trpc.ts';
import { DataTable } from '../../ui/DataTable.tsx';
import { notifyError, notifySuccess } from '../../ui/notify.ts';
import { useScope } from '../scope/useScope.ts';
import { MenuScreenGate } from '../shell/MenuScreenGate.tsx';
import { bankLabels } from './labels.ts';

const reasons: Record<BankImportRejection, MessageDescriptor> = {
  AbiMissing: msg`ABI fehlt`,
  AbiInvalid: msg`ABI ungültig (5 Ziffern)`,
  CabMissing: msg`CAB fehlt`,
  CabInvalid: msg`CAB ungültig (5 Ziffern)`,
  NameMissing: msg`Name fehlt`,
  TooLong: msg`Wert zu lang`,
  SwiftInvalid: msg`BIC (SWIFT) ungültig`,
  DuplicateKey: msg`ABI/CAB mehrfach in der Datei`,
  Malformed: msg`Zeile nicht lesbar`,
};

const REJECTED_PAGE = 15;

/** Bank import (menu `banksImport`): upload the directory as CSV, then the report of the import. */
export function BankImportScreen() {
  const { t, i18n } = useLingui();
  const { department } = useScope();
  const [file, setFile] = useState<File | null>(null);
  const [busy, setBusy] = useState(false);
  const [report, setReport] = useState<BankImportReport | null>(null);
  const [page, setPage] = useState(1);

  async function runImport() {
    if (!file) return;
    setBusy(true);
    try {
      const csv = await file.text();
      const result = await trpcClient.banks.import.mutate({ csv, departmentId: department.id });
      setReport(result);
      setPage(1);
      await queryClient.invalidateQueries({ ...trpc.banks.pathFilter(), refetchType: 'all' });
      notifySuccess(t`Import abgeschlossen`);
    } catch (error) {
      notifyError(errorText(i18n, error));
    } finally {
      setBusy(false);
    }
  }

  const rejected = report?.rejected ?? [];
  const fieldLabel = (field: string | undefined) => {
    const label = field ? bankLabels[field] : undefined;
    return label ? i18n._(label) : (field ?? '');
  };

  return (
    <MenuScreenGate path="banksImport">
      <Stack gap="sm" maw={900}>
        <Title order={2} data-testid="screen-title">
          {t`Banken importieren`}
        </Title>
        <Paper withBorder radius="sm" p="md">
          <form
            onSubmit={(event) => {
              event.preventDefault();
              void runImport();
            }}
          >
            <Stack gap="sm">
              <Text size="sm" c="dimmed">
                <Trans>
                  CSV-Datei des Bankenverzeichnisses mit Kopfzeile (Trennzeichen Strichpunkt oder Komma). Spalten: ABI, CAB, Name, Filiale, Straße, PLZ, Ort,
                  Provinz, BIC.
                </Trans>
              </Text>
              <Group gap="sm" align="flex-end">
                <FileInput
                  size="sm"
                  w={380}
                  label={t`Datei`}
                  placeholder={t`CSV-Datei wählen`}
                  accept=".csv,text/csv,text/plain"
                  value={file}
                  onChange={(f) => {
                    setFile(f);
                    setReport(null);
                  }}
                  clearable
                  data-testid="import-file"
                />
                <Button type="submit" disabled={!file} loading={busy} data-testid="import-run">
                  <Trans>Importieren</Trans>
                </Button>
              </Group>
            </Stack>
          </form>
        </Paper>
        {report ? (
          <Stack gap="sm" data-testid="import-report">
            <SimpleGrid cols={{ base: 2, sm: 4 }} spacing="sm">
              <Count label={t`Hinzugefügt`} value={report.added} testId="import-added" color="green" />
              <Count label={t`Geändert`} value={report.changed} testId="import-changed" color="blue" />
              <Count label={t`Unverändert`} value={report.unchanged} testId="import-unchanged" />
              <Count label={t`Abgelehnt`} value={rejected.length} testId="import-rejected" color={rejected.length > 0 ? 'red' : undefined} />
            </SimpleGrid>
            {rejected.length > 0 ? (
              <DataTable
                testId="import-rejections"
                columns={[
                  { key: 'line', header: t`Zeile`, width: 80, align: 'right', render: (r) => r.line },
                  { key: 'reason', header: t`Grund`, render: (r) => i18n._(reasons[r.reason]) },
                  { key: 'field', header: t`Feld`, width: 200, render: (r) => fieldLabel(r.field) },
                ]}
                rows={rejected.slice((page - 1) * REJECTED_PAGE, page * REJECTED_PAGE)}
                total={rejected.length}
                page={page}
                pageSize={REJECTED_PAGE}
                onPageChange={setPage}
                rowKey={(r) => `${r.line}-${r.reason}`}
              />
            ) : null}
          </Stack>
        ) : null}
      </Stack>
    </MenuScreenGate>
  );
}

function Count({ label, value, testId, color }: { label: string; value: number; testId: string; color?: string | undefined }) {
  return (
    <Paper withBorder radius="sm" p="sm">
      <Text size="xs" c="dimmed">
        {label}
      </Text>
      <Text fw={700} size="xl" c={color} data-testid={testId} style={{ fontVariantNumeric: 'tabular-nums' }}>
        {value}
      </Text>
    </Paper>
  );
}
