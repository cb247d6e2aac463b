/**
 * E-Rechnung einlesen / Importa fattura elettronica (issue 28, DOMAIN decision 28): the files dropped onto the
 * expense screen (or picked) are read by the server — a FatturaPA XML, a signed .xml.p7m, a ZIP of them — and
 * each invoice becomes a draft, nothing booked unseen. The cashier sees the invoice rendered, the proposed
 * expense (supplier found or to be created, amount, instalments with due dates, the withholding or split-payment
 * transfer) and what the importer noticed; chooses the chapter, account or record date where needed and books
 * it (Ctrl+Enter): the movement, the transfer, the new supplier and the XML as its receipt in one transaction.
 * Several invoices are a list with their state (draft, refused with the reason, booked with its number).
 */
import { formatAmount, formatChapter, formatDate, type InvoiceImportEntry, type MovementSaveInput } from '@app/domain';
import { useLingui } from '@lingui/react/macro';
import { Alert, Badge, Button, Group, Loader, Modal, NavLink, ScrollArea, Select, Stack, Table, Text } from '@mantine/core';
import { skipToken, useQuery } from '@tanstack/react-query';
import { type KeyboardEvent, useState } from 'react';
import { errorText } from '../../lib/errorMessages.ts';
import { trpc, trpcClient } from '../../lib/trpc.ts';
import { Amount } from '../../ui/Amount.tsx';
import { type ChapterChoice, ChapterCodeInput } from '../../ui/ChapterCodeInput.tsx';
import { DateInput } from '../../ui/DateInput.tsx';
import { downloadBlob } from '../../ui/download.ts';
import { notifyError, notifySuccess } from '../../ui/notify.ts';
import { useConfirmDialog } from '../../ui/ConfirmDialog.tsx';
import { useConfirmedSave } from '../../ui/useConfirmedSave.ts';
import { uiLanguage } from '../i18n/language.ts';
import { FINDING_ASKS, useFindingText } from './findings.ts';
import { InvoiceView } from './InvoiceView.tsx';

/** The files an e-invoice comes in (the server decides by the content). */
export const INVOICE_ACCEPT = '.xml,.p7m,.zip,application/xml,text/xml,application/pkcs7-mime,application/zip';

/** Does a dropped file look like an e-invoice (by its name: the server reads the content)? */
export function looksLikeInvoice(file: File): boolean {
  return /\.(xml|p7m|zip)$/i.test(file.name);
}

/** A file's bytes as base64 (the JSON call carries them so). */
async function base64Of(file: File): Promise<string> {
  const bytes = new Uint8Array(await file.arrayBuffer());
  let text = '';
  for (let i = 0; i < bytes.length; i += 0x8000) text += String.fromCharCode(...bytes.subarray(i, i + 0x8000));
  return btoa(text);
}

interface Item {
  key: string;
  fileName: string;
  content: string;
  zip: boolean;
  entry: InvoiceImportEntry | null;
  error: string | null;
  booked: number | null;
}

/** Each file read by the server (`invoices.import`, nothing written): an entry per invoice, or the file's refusal. */
async function readFiles(files: File[], scope: { departmentId: number; year: number }, errorOf: (error: unknown) => string): Promise<Omit<Item, 'booked'>[]> {
  const read: Omit<Item, 'booked'>[] = [];
  for (const file of files) {
    const content = await base64Of(file);
    const zip = /\.zip$/i.test(file.name);
    try {
      const answer = await trpcClient.invoices.import.mutate({ ...scope, fileName: file.name, content });
      answer.entries.forEach((entry, i) =>
        read.push({ key: `${file.name}#${i}`, fileName: file.name, content, zip, entry, error: entry.error ? entry.error.message : null }),
      );
    } catch (error) {
      read.push({ key: `${file.name}#x`, fileName: file.name, content, zip, entry: null, error: errorOf(error) });
    }
  }
  return read;
}

interface Review {
  recordDate: string | null;
  accountId: number | null;
  chapter: ChapterChoice | null;
}

export function InvoiceImportDialog({
  files,
  scope,
  onClose,
  onBooked,
}: {
  files: File[] | null;
  scope: { departmentId: number; year: number };
  onClose: () => void;
  /** The last invoice booked, by its record number (the screen opens it). */
  onBooked: (recordNumber: number) => void;
}) {
  const { t, i18n } = useLingui();
  const findingText = useFindingText();
  const [selectedKey, setSelectedKey] = useState<string | null>(null);
  const [booked, setBooked] = useState<Record<string, number>>({});
  const [reviews, setReviews] = useState<Record<string, Review>>({});
  const [booking, setBooking] = useState(false);
  const { confirm, element: confirmElement } = useConfirmDialog();
  const sendConfirmed = useConfirmedSave(confirm);
  // the server reads the files (writes nothing): once per drop, every answer kept while the dialog is open
  const reading = useQuery({
    queryKey: ['invoiceImport', scope.departmentId, scope.year, files?.map((f) => [f.name, f.size, f.lastModified])],
    enabled: files !== null && files.length > 0,
    staleTime: Infinity,
    gcTime: 0,
    retry: false,
    queryFn: () => readFiles(files ?? [], scope, (error) => errorText(i18n, error)),
  });
  const items = (reading.data ?? []).map((it) => ({ ...it, booked: booked[it.key] ?? null }));
  const firstDraft = Math.max(
    0,
    items.findIndex((r) => r.entry?.state === 'draft'),
  );
  const selected =
    selectedKey === null
      ? firstDraft
      : Math.max(
          0,
          items.findIndex((it) => it.key === selectedKey),
        );
  const setSelected = (i: number) => setSelectedKey(items[i]?.key ?? null);
  const item = items[selected];
  const draft = item?.entry?.draft ?? null;
  const invoice = item?.entry?.invoice ?? null;
  const review: Review = (item && reviews[item.key]) ?? {
    recordDate: draft?.movement.recordDate ?? null,
    accountId: draft?.movement.accountId ?? null,
    chapter: null,
  };
  const setReview = (patch: Partial<Review>) => item && setReviews((r) => ({ ...r, [item.key]: { ...review, ...patch } }));
  const proposed = draft?.movement.positions[0]?.chapter ?? '';
  const proposedChapter = useQuery(
    trpc.chart.chapters.byCode.queryOptions(proposed && draft ? { departmentId: scope.departmentId, year: scope.year, chapter: proposed } : skipToken),
  );
  const chapter = review.chapter ?? (proposedChapter.data && !proposedChapter.data.emptyChapter ? proposedChapter.data : null);
  const accounts = useQuery(trpc.accounts.briefs.queryOptions({ departmentId: scope.departmentId, includeInactive: false }));

  /** The movement and its companion as booked: the draft with the chapter, account and date chosen here. */
  function toSave(): { movement: MovementSaveInput; companion: MovementSaveInput | null } | null {
    if (!draft || !chapter || !review.recordDate) return null;
    const code = chapter.chapter;
    const same = (c: string) => (c === proposed || c === '' ? code : c);
    const movement: MovementSaveInput = {
      ...draft.movement,
      recordDate: review.recordDate,
      accountId: review.accountId,
      positions: draft.movement.positions.map((p) => ({ chapter: same(p.chapter), amount: p.amount, note: p.note })),
      transferPositions: draft.movement.transferPositions.map((tp) => ({ ...tp, chapterFrom: same(tp.chapterFrom) })),
    };
    const companion: MovementSaveInput | null = draft.companion
      ? {
          ...draft.companion,
          recordDate: review.recordDate,
          transferPositions: draft.companion.transferPositions.map((tp) => ({ ...tp, chapterFrom: same(tp.chapterFrom) })),
        }
      : null;
    return { movement, companion };
  }

  async function book() {
    const save = toSave();
    if (!item || !item.entry || !draft || booking || item.booked !== null) return;
    if (!save) {
      notifyError(t`Bitte Kapitel und Buchungsdatum angeben.`, t`E-Rechnung nicht gebucht`);
      return;
    }
    setBooking(true);
    try {
      const entry = item.entry;
      const result = await sendConfirmed((confirmAvailableExceeded) =>
        trpcClient.invoices.book.mutate({
          ...scope,
          fileName: item.fileName,
          content: item.content,
          member: item.zip ? entry.fileName : null,
          body: entry.body,
          movement: { ...save.movement, confirmAvailableExceeded },
          companion: save.companion ? { ...save.companion, confirmAvailableExceeded } : null,
          newSupplier: draft.newSupplier,
        }),
      );
      if (!result) return;
      notifySuccess(t`E-Rechnung ${entry.invoice?.number ?? ''} als Ausgabe Nr. ${result.movement.recordNumber} gebucht`);
      setBooked((b) => ({ ...b, [item.key]: result.movement.recordNumber }));
      const open = items.findIndex((it, i) => i !== selected && it.entry?.state === 'draft' && it.booked === null);
      if (open >= 0) setSelected(open);
      else onBooked(result.movement.recordNumber);
    } catch (error) {
      notifyError(errorText(i18n, error), t`E-Rechnung nicht gebucht`);
    } finally {
      setBooking(false);
    }
  }

  async function pdf() {
    if (!invoice) return;
    const reports = await import('@app/reports');
    const doc = reports.invoicePdf(invoice, { language: uiLanguage(i18n.locale), username: '', now: new Date(), signed: item?.entry?.signed ?? false });
    downloadBlob(doc.output('blob'), `${invoice.number.replace(/[^\w.-]+/g, '_')}.pdf`);
  }

  function onKeyDown(event: KeyboardEvent<HTMLElement>) {
    if (event.key === 'Enter' && (event.ctrlKey || event.metaKey)) {
      event.preventDefault();
      void book();
    }
  }

  const state = (it: Item) =>
    it.booked !== null ? (
      <Badge color="green" variant="light">{t`gebucht Nr. ${it.booked}`}</Badge>
    ) : it.entry?.state === 'draft' ? (
      <Badge color="blue" variant="light">{t`Entwurf`}</Badge>
    ) : (
      <Badge color="red" variant="light">{t`abgelehnt`}</Badge>
    );

  return (
    <Modal opened={files !== null} onClose={onClose} size={1240} title={t`E-Rechnung einlesen`} data-testid="invoice-dialog">
      {confirmElement}
      <Stack gap="sm" onKeyDown={onKeyDown}>
        {reading.isFetching ? (
          <Group gap="xs">
            <Loader size="sm" />
            <Text size="sm">{t`E-Rechnung wird gelesen …`}</Text>
          </Group>
        ) : null}
        {items.length > 1 ? (
          <ScrollArea.Autosize mah={160} data-testid="invoice-list">
            {items.map((it, i) => (
              <NavLink
                key={it.key}
                active={i === selected}
                onClick={() => setSelected(i)}
                label={`${it.entry?.fileName ?? it.fileName}${it.entry?.invoice ? ` · ${it.entry.invoice.supplier.name} · ${it.entry.invoice.number}` : ''}`}
                rightSection={state(it)}
                data-testid="invoice-list-item"
              />
            ))}
          </ScrollArea.Autosize>
        ) : null}
        {item && item.error && !draft ? (
          <Alert color="red" variant="light" title={t`Diese Datei wird nicht übernommen`} data-testid="invoice-refused">
            {`${item.entry?.fileName ?? item.fileName}: ${item.error}`}
          </Alert>
        ) : null}
        {item && draft && invoice ? (
          <Group align="flex-start" gap="md" wrap="nowrap">
            <div style={{ flex: '1 1 640px', minWidth: 0 }}>
              <InvoiceView invoice={invoice} signed={item.entry?.signed ?? false} />
            </div>
            <Stack gap="sm" w={440} data-testid="invoice-draft">
              <Text fw={700}>{draft.movement.kind === 'revenues' ? t`Vorgeschlagene Einnahme` : t`Vorgeschlagene Ausgabe`}</Text>
              <Group grow gap="sm">
                <DateInput
                  label={t`Buchungsdatum`}
                  withAsterisk
                  value={review.recordDate}
                  onChange={(d) => setReview({ recordDate: d })}
                  data-testid="invoice-record-date"
                />
                <Select
                  label={t`Konto`}
                  allowDeselect={false}
                  data={(accounts.data ?? []).map((a) => ({
                    value: String(a.id),
                    label: `${a.code} – ${i18n.locale === 'it' ? a.descriptionIta : a.descriptionDeu}`,
                  }))}
                  value={review.accountId === null ? null : String(review.accountId)}
                  onChange={(v) => setReview({ accountId: v === null ? null : Number(v) })}
                  data-testid="invoice-account"
                />
              </Group>
              <ChapterCodeInput
                departmentId={scope.departmentId}
                year={scope.year}
                part={draft.movement.kind === 'expenses' ? 2 : undefined}
                label={t({ message: 'Kapitel', context: 'the field of one chapter' })}
                required
                value={chapter}
                onChange={(c) => setReview({ chapter: c })}
                error={chapter ? undefined : t`Bitte das Kapitel wählen`}
                name="invoice-chapter"
              />
              <Stack gap={2} data-testid="invoice-supplier">
                <Text size="xs" c="dimmed">
                  {t`Lieferant`}
                </Text>
                {draft.supplier ? (
                  <Text size="sm">{`${draft.supplier.code} ${[draft.supplier.name1, draft.supplier.name2].filter(Boolean).join(' ')}`}</Text>
                ) : draft.newSupplier ? (
                  <Alert color="blue" variant="light" p={8} data-testid="invoice-new-supplier">
                    <Text size="sm" fw={600}>
                      {t`Neu: ${draft.newSupplier.code} ${draft.newSupplier.name1}`}
                    </Text>
                    <Text size="xs">
                      {[
                        draft.newSupplier.vatCode ? t`MwSt-Nr. ${draft.newSupplier.vatCode}` : '',
                        draft.newSupplier.bankInfo.iban ? `IBAN ${draft.newSupplier.bankInfo.iban}` : '',
                      ]
                        .filter(Boolean)
                        .join(' · ')}
                    </Text>
                  </Alert>
                ) : (
                  <Text size="sm">–</Text>
                )}
              </Stack>
              <Table verticalSpacing={2} data-testid="invoice-amounts">
                <Table.Tbody>
                  <Table.Tr>
                    <Table.Td>{t`Rechnungsbetrag`}</Table.Td>
                    <Table.Td ta="right">
                      <Amount cents={draft.gross} size="sm" />
                    </Table.Td>
                  </Table.Tr>
                  {draft.withholding > 0 ? (
                    <Table.Tr>
                      <Table.Td>{t`Einbehalt`}</Table.Td>
                      <Table.Td ta="right">
                        <Amount cents={-draft.withholding} size="sm" />
                      </Table.Td>
                    </Table.Tr>
                  ) : null}
                  {draft.splitPaymentVat > 0 ? (
                    <Table.Tr>
                      <Table.Td>{t`MwSt. (Split Payment)`}</Table.Td>
                      <Table.Td ta="right">
                        <Amount cents={-draft.splitPaymentVat} size="sm" />
                      </Table.Td>
                    </Table.Tr>
                  ) : null}
                  <Table.Tr>
                    <Table.Td fw={600}>{t`An den Lieferanten`}</Table.Td>
                    <Table.Td ta="right">
                      <Amount cents={draft.toPay} size="sm" fw={700} data-testid="invoice-to-pay" />
                    </Table.Td>
                  </Table.Tr>
                </Table.Tbody>
              </Table>
              {draft.movement.payments.length > 0 ? (
                <Table verticalSpacing={2} data-testid="invoice-instalments">
                  <Table.Thead>
                    <Table.Tr>
                      <Table.Th>{t`Rate fällig am`}</Table.Th>
                      <Table.Th ta="right">{t`Betrag`}</Table.Th>
                    </Table.Tr>
                  </Table.Thead>
                  <Table.Tbody>
                    {draft.movement.payments.map((p, i) => (
                      <Table.Tr key={i}>
                        <Table.Td>{formatDate(p.dateDue)}</Table.Td>
                        <Table.Td ta="right">
                          <Amount cents={p.amount} size="sm" />
                        </Table.Td>
                      </Table.Tr>
                    ))}
                  </Table.Tbody>
                </Table>
              ) : null}
              {draft.companion
                ? draft.companion.transferPositions.map((tp, i) => (
                    <Text key={i} size="xs" c="dimmed" data-testid="invoice-companion">
                      {t`Umbuchung ${formatAmount(tp.amount)} von ${formatChapter(tp.chapterFrom === proposed || tp.chapterFrom === '' ? (chapter?.chapter ?? tp.chapterFrom) : tp.chapterFrom)} auf ${formatChapter(tp.chapterTo)}`}
                    </Text>
                  ))
                : null}
              {draft.findings.map((f, i) => (
                <Alert key={i} color={FINDING_ASKS.has(f.code) ? 'yellow' : 'gray'} variant="light" p={6} data-testid="invoice-finding" data-code={f.code}>
                  <Text size="xs">{findingText(f)}</Text>
                </Alert>
              ))}
            </Stack>
          </Group>
        ) : null}
        <Group justify="space-between">
          <Text size="xs" c="dimmed">
            {t`Gebucht wird erst mit „Buchen“; die E-Rechnung wird als Beleg angehängt.`}
          </Text>
          <Group gap="xs">
            <Button variant="default" onClick={() => void pdf()} disabled={!invoice} data-testid="invoice-pdf">
              {t`Als PDF`}
            </Button>
            <Button variant="default" onClick={onClose}>
              {t`Schließen`}
            </Button>
            <Button
              onClick={() => void book()}
              loading={booking}
              disabled={!draft || item?.booked !== null}
              title={t`Buchen (Strg+Enter)`}
              data-testid="invoice-book"
            >
              {t`Buchen`}
            </Button>
          </Group>
        </Group>
      </Stack>
    </Modal>
  );
}
