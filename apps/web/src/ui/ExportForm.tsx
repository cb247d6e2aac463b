/**
 * ExportForm — the frame of every print/export screen (departments, suppliers, accounts, chart
 * ...): title, the screen's filter fields, a format choice and the buttons "PDF anzeigen" (new
 * tab) / "PDF herunterladen" or "CSV herunterladen". The screen builds the file in `build`
 * (fetch with queryClient.fetchQuery, then `await import('@app/reports')` — lazily, the PDF
 * library is large) and returns a Blob (PDF) or text (CSV); errors become a 4 s toast.
 *
 *   <ExportForm title={t`Lieferanten drucken`} formats={[{ value: 'pdf', label: 'PDF', kind: 'pdf' }, ...]}
 *     build={async (format) => ({ kind: 'csv', text, filename })}>...filter fields...</ExportForm>
 */
import { Trans, useLingui } from '@lingui/react/macro';
import { Button, Group, Paper, SegmentedControl, Stack, Text, Title } from '@mantine/core';
import { type FormEvent, type ReactNode, useState } from 'react';
import { errorText } from '../lib/errorMessages.ts';
import { downloadBlob, downloadText, openPendingTab, showPdf } from './download.ts';
import { notifyError } from './notify.ts';

export interface ExportFormat {
  value: string;
  label: ReactNode;
  kind: 'pdf' | 'csv';
}

export type ExportFile = { kind: 'pdf'; blob: Blob; filename: string } | { kind: 'csv'; text: string; filename: string };

export interface ExportFormProps {
  title: ReactNode;
  formats: ExportFormat[];
  children?: ReactNode;
  build: (format: string) => Promise<ExportFile>;
  /** Disables the buttons (e.g. an invalid range). */
  invalid?: boolean;
}

/** The formats of a master-data list export (departments, suppliers): short list and master sheet as PDF, and CSV; `shortList` is the first's value. */
export function useListExportFormats(shortList: string): ExportFormat[] {
  const { t } = useLingui();
  return [
    { value: shortList, label: t`Kurzliste (PDF)`, kind: 'pdf' },
    { value: 'masterSheet', label: t`Stammblatt (PDF)`, kind: 'pdf' },
    { value: 'csv', label: t`CSV`, kind: 'csv' },
  ];
}

export function ExportForm({ title, formats, children, build, invalid }: ExportFormProps) {
  const { t, i18n } = useLingui();
  const [format, setFormat] = useState(formats[0]?.value ?? 'pdf');
  const [busy, setBusy] = useState(false);
  const kind = formats.find((f) => f.value === format)?.kind ?? 'pdf';

  async function run(mode: 'open' | 'download') {
    const tab = kind === 'pdf' && mode === 'open' ? openPendingTab(t`PDF wird erstellt …`) : null;
    setBusy(true);
    try {
      const file = await build(format);
      if (file.kind === 'csv') downloadText(file.text, file.filename);
      else if (mode === 'open') showPdf(file.blob, file.filename, tab);
      else downloadBlob(file.blob, file.filename);
    } catch (error) {
      tab?.close();
      notifyError(errorText(i18n, error));
    } finally {
      setBusy(false);
    }
  }

  function onSubmit(event: FormEvent) {
    event.preventDefault();
    if (!invalid) void run(kind === 'pdf' ? 'open' : 'download');
  }

  return (
    <form onSubmit={onSubmit} noValidate data-testid="export-form">
      <Stack gap="sm" maw={760}>
        <Title order={2} data-testid="screen-title">
          {title}
        </Title>
        <Paper withBorder radius="sm" p="md">
          <Stack gap="sm">
            {children}
            {formats.length > 1 ? (
              <Stack gap={3}>
                <Text size="sm" fw={500}>
                  <Trans>Format</Trans>
                </Text>
                <SegmentedControl
                  size="sm"
                  data-testid="export-format"
                  value={format}
                  onChange={setFormat}
                  data={formats.map((f) => ({ value: f.value, label: f.label as string }))}
                  style={{ alignSelf: 'flex-start' }}
                />
              </Stack>
            ) : null}
            <Group gap="xs" mt={4}>
              {kind === 'pdf' ? (
                <>
                  <Button type="submit" loading={busy} disabled={invalid} data-testid="export-open">
                    <Trans>PDF anzeigen</Trans>
                  </Button>
                  <Button variant="default" onClick={() => void run('download')} disabled={invalid || busy} data-testid="export-download">
                    <Trans>PDF herunterladen</Trans>
                  </Button>
                </>
              ) : (
                <Button type="submit" loading={busy} disabled={invalid} data-testid="export-download">
                  <Trans>CSV herunterladen</Trans>
                </Button>
              )}
            </Group>
          </Stack>
        </Paper>
      </Stack>
    </form>
  );
}
