/**
 * Belege / Giustificativi (issue 28): the receipts of a saved record (movement, reservation, account transfer,
 * payment order). Files are dropped onto the panel or picked; each is sent as it is (`POST /api/Documents`,
 * multipart) and the server reads its type from the content. A receipt opens in a new tab (PDF and images
 * show there), downloads, or is deleted after a question whose safe answer has the focus.
 */
import { type DocumentInfo, type DocumentRecordKind, formatDateTime } from '@app/domain';
import { useLingui } from '@lingui/react/macro';
import { ActionIcon, Badge, Button, FileButton, Group, Paper, Stack, Table, Text, Tooltip } from '@mantine/core';
import { skipToken, useQuery, useQueryClient } from '@tanstack/react-query';
import { type DragEvent, useState } from 'react';
import { errorText } from '../../lib/errorMessages.ts';
import { getToken } from '../../lib/session.ts';
import { trpc } from '../../lib/trpc.ts';
import { useConfirmDialog } from '../../ui/ConfirmDialog.tsx';
import { downloadBlob, openPendingTab } from '../../ui/download.ts';
import { PaperclipIcon } from '../../ui/icons.tsx';
import { isEInvoice, ReceiptPreview } from './ReceiptPreview.tsx';
import { notifyError, notifySuccess } from '../../ui/notify.ts';

/** What the file picker offers (the server still decides by the content). */
const ACCEPT = '.pdf,.jpg,.jpeg,.png,.xml,.p7m,application/pdf,image/jpeg,image/png,application/xml,text/xml,application/pkcs7-mime';

export interface ReceiptRecord {
  kind: DocumentRecordKind;
  id: number;
}

/** `12,3 kB`, `1,4 MB`. */
function formatSize(bytes: number, locale: string): string {
  const format = (n: number) => n.toLocaleString(locale === 'it' ? 'it-IT' : 'de-DE', { maximumFractionDigits: 1 });
  return bytes < 1024 ? `${bytes} B` : bytes < 1024 * 1024 ? `${format(bytes / 1024)} kB` : `${format(bytes / (1024 * 1024))} MB`;
}

function authHeader(): Record<string, string> {
  const token = getToken();
  return token ? { Authorization: `Bearer ${token}` } : {};
}

/** A REST answer that is no success, as the error the message table reads (its business name). */
async function restFailure(res: Response): Promise<{ data: { appCode: unknown } }> {
  const body = (await res.json().catch(() => null)) as { details?: { Message?: string } } | null;
  return { data: { appCode: body?.details?.Message ?? null } };
}

/**
 * Attaching files to a saved record (`POST /api/Documents`, one multipart form per file, told one by one):
 * the panel's drop and picker, and a screen's drop onto its form.
 */
export function useReceiptAttach(scope: { departmentId: number; year: number }, record: ReceiptRecord | null) {
  const { t, i18n } = useLingui();
  const queryClient = useQueryClient();
  const [busy, setBusy] = useState(false);
  const query = `departmentId=${scope.departmentId}&year=${scope.year}`;
  async function attach(files: File[]) {
    if (!record || files.length === 0) return;
    setBusy(true);
    try {
      for (const file of files) {
        const form = new FormData();
        form.append('recordKind', record.kind);
        form.append('recordId', String(record.id));
        form.append('file', file, file.name);
        const res = await fetch(`/api/Documents?${query}`, { method: 'POST', headers: authHeader(), body: form });
        if (res.ok) notifySuccess(t`Beleg ${file.name} angehängt`);
        else notifyError(`${file.name}: ${errorText(i18n, await restFailure(res))}`);
      }
    } finally {
      setBusy(false);
      await queryClient.invalidateQueries(trpc.documents.list.pathFilter());
    }
  }
  return { attach, busy };
}

/**
 * `writable`: receipts may be attached (the budget open and approved, not the auditor: the server's rule for an
 * attach). `frozen`: the record can't be changed — the read-only flag its screen already shows the form with (a
 * bill at the bank, a cancelled record, a closed budget): its receipts are not deleted (the server refuses with
 * PaymentInOrder, OrderRegistered or BudgetClosed), so no delete is offered, and a line says why.
 */
export function ReceiptsPanel({
  scope,
  record,
  writable,
  frozen = false,
}: {
  scope: { departmentId: number; year: number };
  record: ReceiptRecord | null;
  writable: boolean;
  frozen?: boolean;
}) {
  const { t, i18n } = useLingui();
  const queryClient = useQueryClient();
  const { attach, busy } = useReceiptAttach(scope, record);
  const [previewed, setPreviewed] = useState<{ doc: DocumentInfo; url: string | null } | null>(null);
  const [dragging, setDragging] = useState(false);
  const { confirm, element: confirmElement } = useConfirmDialog();
  const input = record ? { ...scope, recordKind: record.kind, recordId: record.id } : null;
  const list = useQuery(trpc.documents.list.queryOptions(input ?? skipToken));
  const documents = input ? (list.data ?? []) : [];
  const query = `departmentId=${scope.departmentId}&year=${scope.year}`;

  /** The receipt's bytes (GET /api/Documents/{id}) as a Blob of its type; null (told) when refused. */
  async function bytesOf(doc: DocumentInfo): Promise<Blob | null> {
    const res = await fetch(`/api/Documents/${doc.id}?${query}`, { headers: authHeader() });
    if (!res.ok) {
      notifyError(errorText(i18n, await restFailure(res)));
      return null;
    }
    return new Blob([await res.arrayBuffer()], { type: doc.contentType });
  }

  /** The receipt shown inline: a photo or PDF from its bytes, an e-invoice rendered by the server's reading. */
  async function preview(doc: DocumentInfo) {
    setPreviewed({ doc, url: null });
    if (isEInvoice(doc)) return;
    const blob = await bytesOf(doc);
    if (!blob) return setPreviewed(null);
    setPreviewed((p) => (p?.doc.id === doc.id ? { doc, url: URL.createObjectURL(blob) } : p));
  }

  function closePreview() {
    if (previewed?.url) URL.revokeObjectURL(previewed.url);
    setPreviewed(null);
  }

  async function show(doc: DocumentInfo) {
    // PDFs and images show in a new tab; an e-invoice (XML, P7M) is downloaded
    if (!['application/pdf', 'image/jpeg', 'image/png'].includes(doc.contentType)) return download(doc);
    const tab = openPendingTab(t`Beleg wird geladen …`);
    const blob = await bytesOf(doc);
    if (!blob) return tab?.close();
    if (tab && !tab.closed) tab.location.href = URL.createObjectURL(blob);
    else downloadBlob(blob, doc.fileName);
  }

  async function download(doc: DocumentInfo) {
    const blob = await bytesOf(doc);
    if (blob) downloadBlob(blob, doc.fileName);
  }

  async function remove(doc: DocumentInfo) {
    const ok = await confirm({ title: t`Beleg löschen`, children: t`Den Beleg ${doc.fileName} löschen?`, confirmLabel: t`Löschen`, danger: true });
    if (!ok) return;
    const res = await fetch(`/api/Documents/${doc.id}?${query}`, { method: 'DELETE', headers: authHeader() });
    if (res.ok) notifySuccess(t`Beleg ${doc.fileName} gelöscht`);
    else notifyError(errorText(i18n, await restFailure(res)));
    await queryClient.invalidateQueries(trpc.documents.list.pathFilter());
  }

  const dropTarget = writable && record !== null;
  const deletable = writable && !frozen;
  const onDrag = (event: DragEvent<HTMLDivElement>, over: boolean) => {
    if (!dropTarget || !event.dataTransfer.types.includes('Files')) return;
    event.preventDefault();
    setDragging(over);
  };

  return (
    <Paper
      withBorder
      radius="sm"
      p="sm"
      data-testid="receipts"
      data-dragging={dragging || undefined}
      style={dragging ? { borderColor: 'var(--mantine-color-green-6)', background: 'var(--mantine-color-green-light)' } : undefined}
      onDragOver={(e) => onDrag(e, true)}
      onDragEnter={(e) => onDrag(e, true)}
      onDragLeave={(e) => onDrag(e, false)}
      onDrop={(e) => {
        if (!dropTarget) return;
        e.preventDefault();
        // the screen around takes drops too (the form of a record): this one is the panel's
        e.stopPropagation();
        setDragging(false);
        void attach([...e.dataTransfer.files]);
      }}
    >
      {confirmElement}
      <ReceiptPreview
        doc={previewed?.doc ?? null}
        url={previewed?.url ?? null}
        scope={scope}
        onClose={closePreview}
        onOpenTab={(doc) => void show(doc)}
        onDownload={(doc) => void download(doc)}
      />
      <Stack gap={6}>
        <Group justify="space-between" gap="xs">
          <Group gap={6}>
            <PaperclipIcon />
            <Text fw={600} size="sm">
              {t`Belege`}
            </Text>
            {documents.length > 0 ? (
              <Badge variant="light" color="gray" data-testid="receipts-count">
                {documents.length}
              </Badge>
            ) : null}
          </Group>
          {dropTarget ? (
            <FileButton onChange={(files) => void attach(files)} accept={ACCEPT} multiple>
              {(props) => (
                <Button {...props} size="xs" variant="light" loading={busy} data-testid="receipts-add">
                  {t`Datei anhängen`}
                </Button>
              )}
            </FileButton>
          ) : null}
        </Group>
        {record === null ? (
          <Text size="sm" c="dimmed" data-testid="receipts-unsaved">
            {t`Belege lassen sich nach dem Speichern anhängen.`}
          </Text>
        ) : documents.length === 0 ? (
          <Text size="sm" c="dimmed" data-testid="receipts-none">
            {dropTarget ? t`Noch kein Beleg. Dateien hierher ziehen oder „Datei anhängen“ (PDF, Foto, E-Rechnung).` : t`Kein Beleg.`}
          </Text>
        ) : (
          <Table verticalSpacing={4} horizontalSpacing="xs" data-testid="receipts-table">
            <Table.Tbody>
              {documents.map((doc) => (
                <Table.Tr key={doc.id} data-testid="receipts-row" data-type={doc.contentType}>
                  <Table.Td>
                    <Button variant="subtle" size="compact-sm" onClick={() => void preview(doc)} data-testid="receipts-open" title={t`Anzeigen`}>
                      {doc.fileName}
                    </Button>
                  </Table.Td>
                  <Table.Td>
                    <Text size="xs" c="dimmed">
                      {doc.contentType.split('/')[1]?.toUpperCase().replace('PKCS7-MIME', 'P7M')}
                    </Text>
                  </Table.Td>
                  <Table.Td style={{ textAlign: 'right', whiteSpace: 'nowrap' }}>
                    <Text size="xs" c="dimmed">
                      {formatSize(doc.size, i18n.locale)}
                    </Text>
                  </Table.Td>
                  <Table.Td>
                    <Text size="xs" c="dimmed">
                      {`${doc.createdBy ?? ''} · ${formatDateTime(new Date(doc.createdAt))}`}
                    </Text>
                  </Table.Td>
                  <Table.Td style={{ whiteSpace: 'nowrap', textAlign: 'right' }}>
                    <Group gap={4} justify="flex-end" wrap="nowrap">
                      <Button variant="default" size="compact-xs" onClick={() => void download(doc)} data-testid="receipts-download">
                        {t`Herunterladen`}
                      </Button>
                      {deletable ? (
                        <Tooltip label={t`Beleg löschen`}>
                          <ActionIcon variant="subtle" color="red" onClick={() => void remove(doc)} aria-label={t`Beleg löschen`} data-testid="receipts-delete">
                            ×
                          </ActionIcon>
                        </Tooltip>
                      ) : null}
                    </Group>
                  </Table.Td>
                </Table.Tr>
              ))}
            </Table.Tbody>
          </Table>
        )}
        {writable && frozen && documents.length > 0 ? (
          <Text size="xs" c="dimmed" data-testid="receipts-frozen">
            {t`Der Datensatz ist gesperrt: seine Belege lassen sich nicht löschen.`}
          </Text>
        ) : null}
      </Stack>
    </Paper>
  );
}
