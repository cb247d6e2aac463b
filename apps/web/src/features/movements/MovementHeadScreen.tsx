import {
  type FieldRule,
  formatAmount,
  formatChapter,
  isTransferType,
  movementHeadFieldRules,
  type MovementHeadField,
  type MovementType,
  todayIso,
} from '@app/domain';
import { useLingui } from '@lingui/react/macro';
import { Alert, Badge, Button, Checkbox, FileButton, Group, NumberInput, Paper, Select, SimpleGrid, Stack, Text, TextInput, Title } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { type DragEvent, type FormEvent, useRef, useState } from 'react';
import { errorMessages } from '../../lib/errorMessages.ts';
import { useReadsOnly } from '../../lib/session.ts';
import { queryClient, trpc } from '../../lib/trpc.ts';
import { DateInput } from '../../ui/DateInput.tsx';
import { notifyError } from '../../ui/notify.ts';
import { SupplierPicker } from '../../ui/SupplierPicker.tsx';
import { useFocusFirstField } from '../../ui/useFocusFirstField.ts';
import { RecordHistoryButton } from '../audit/RecordHistoryButton.tsx';
import { ReceiptsPanel, useReceiptAttach } from '../documents/ReceiptsPanel.tsx';
import { INVOICE_ACCEPT, InvoiceImportDialog, looksLikeInvoice } from '../invoices/InvoiceImportDialog.tsx';
import { BankOrderAlert } from './BankOrderAlert.tsx';
import { BudgetStateAlert, budgetStateMessages } from '../../ui/BudgetStateAlert.tsx';
import { useScope } from '../scope/useScope.ts';
import { lineOfCode } from './chapterLines.ts';
import { bookedRows, headProblems, isLatest, type MovementValues, originalTotal, positionsTotal, rowKey, transfersTotal, withRecordDate } from './draft.ts';
import { kindLabels, movementTypeLabels } from './labels.ts';
import { useMovementDraft, useRecordAddress } from './MovementDraft.tsx';
import { movementAccountsQuery, movementContextQuery, movementTemplatesQuery } from './queries.ts';
import { RecordPicker } from './RecordPicker.tsx';

const shown = (rule: FieldRule) => rule !== 'hidden';

/**
 * The head form of a movement (movements/revenues, movements/expenses): open a saved record (number
 * or picker) or start a new one, "as new" copies the open record into a new one; record date, type,
 * document number and date, supplier, account and template, shown and required as
 * movementHeadFieldRules says. "Positionen" goes on to the positions form with the same draft.
 */
export function MovementHeadScreen() {
  const { t, i18n } = useLingui();
  // the auditor reads records only: no new one to start (issue 27)
  const readsOnly = useReadsOnly();
  const m = useMovementDraft();
  const address = useRecordAddress(m);
  const { status } = useScope();
  const { kind, context, values: v, draft, movement, editable, correctionOnly, year } = m;
  const scope = { department: { id: m.departmentId }, year };
  const accounts = useQuery(movementAccountsQuery(scope));
  const templates = useQuery({ ...movementTemplatesQuery(scope), enabled: kind === 'expenses' });
  const root = useRef<HTMLFormElement>(null);
  // required fields are marked once the user tried to go on (dates as soon as they are typed)
  const [tried, setTried] = useState(false);
  useFocusFirstField(root, editable, movement ? `r${movement.recordNumber}` : 'new');
  // issue 28: an e-invoice dropped onto a new expense (or picked) becomes a draft to review; a file dropped
  // onto a saved record is its receipt
  const [invoiceFiles, setInvoiceFiles] = useState<File[] | null>(null);
  const canImport = kind === 'expenses' && context.isEditable && !readsOnly;
  const receiptsWritable = !readsOnly && context.isBudgetApproved && !context.isBudgetClosed && !context.isYearLocked;
  const receiptScope = { departmentId: m.departmentId, year };
  const receipts = useReceiptAttach(receiptScope, movement && !v.asNew ? { kind: 'movement', id: movement.id } : null);
  const dropsInvoice = canImport && (!movement || v.asNew);
  // the living demo's e-invoices of the week (FF Eppan in a demo installation): one click, as if dropped
  const demoInvoices = useQuery({ ...trpc.invoices.demoFiles.queryOptions(receiptScope), enabled: canImport, staleTime: 5 * 60_000 });
  const onDragOver = (event: DragEvent<HTMLDivElement>) => {
    if ((dropsInvoice || (movement && receiptsWritable)) && event.dataTransfer.types.includes('Files')) event.preventDefault();
  };
  function onDrop(event: DragEvent<HTMLDivElement>) {
    const files = [...event.dataTransfer.files];
    if (files.length === 0) return;
    if (dropsInvoice && files.some(looksLikeInvoice)) {
      event.preventDefault();
      setInvoiceFiles(files.filter(looksLikeInvoice));
    } else if (movement && !v.asNew && receiptsWritable) {
      event.preventDefault();
      void receipts.attach(files);
    }
  }

  const rules = movementHeadFieldRules(v.type);
  const account = (accounts.data ?? []).find((a) => a.id === v.accountId);
  const accountLabel = account ? `${account.code} – ${i18n.locale === 'it' ? account.descriptionIta : account.descriptionDeu}` : undefined;
  const problems = headProblems(v, year, todayIso());
  const requiredText = t`Dieses Feld ist erforderlich`;
  /** The message of a head field: its date error, or "required" after a try. */
  const errorOf = (field: 'recordDate' | MovementHeadField): string | undefined => {
    if (problems.date?.field === field) return i18n._(errorMessages[problems.date.code]);
    if (!tried) return undefined;
    if (field === 'recordDate') return v.recordDate ? undefined : requiredText;
    return problems.missing.includes(field) ? requiredText : undefined;
  };
  const set = (patch: Partial<MovementValues>) => draft.form.setValues(patch);
  const isNewRecord = v.recordNumber === null || v.asNew;
  // a bill a registered order paid: the head stays as the bank paid it (its chapters and notes on the positions)
  const readOnly = !editable || correctionOnly;
  const positionCount = (isTransferType(v.type) ? 0 : v.rows.length) + (isTransferType(v.type) || v.interPart ? v.transfers.length : 0);
  const total = positionsTotal(v) + transfersTotal(v);
  // a cancelled record keeps its rows (DOMAIN decision 27): they count 0, booked as they were
  const cancelled = movement?.cancelled === true && !v.asNew;
  const cancelledTotal = cancelled ? originalTotal(bookedRows(v)) : null;
  const cancelledText = cancelledTotal === null ? t`storniert` : t`storniert, gebucht war ${formatAmount(cancelledTotal)}`;

  async function chooseSupplier(id: number | null) {
    if (id === null) {
      set({ supplier: null });
      return;
    }
    try {
      const s = await queryClient.fetchQuery(trpc.suppliers.get.queryOptions({ departmentId: m.departmentId, id }));
      set({
        supplier: {
          id: s.id,
          code: s.code,
          name1: s.name1,
          name2: s.name2,
          searchKey: s.searchKey,
          location: s.location,
          province: s.province,
          country: s.country,
          isInactive: s.isInactive,
          paymentTerm: s.paymentTerm,
          chapterProposal: s.chapterProposal,
        },
      });
      // the supplier's chapter proposal pre-fills the first position of an empty movement
      if (s.chapterProposal && draft.form.getValues().rows.length === 0) {
        const line = await lineOfCode(m.departmentId, year, s.chapterProposal);
        if (line && line.part === 2 && draft.form.getValues().rows.length === 0)
          draft.set('rows', [{ key: rowKey(), ...line, amount: null, note: '', reservation: null, isNew: true }]);
      }
    } catch {
      notifyError(t`Lieferant nicht gefunden`);
    }
  }

  async function chooseTemplate(code: number | null) {
    set({ templateCode: code });
    if (code === null) return;
    try {
      const template = await queryClient.fetchQuery(trpc.templates.get.queryOptions({ departmentId: m.departmentId, year, code }));
      const lines = await Promise.all(template.positions.map((p) => lineOfCode(m.departmentId, year, p.chapter)));
      const transfers = await Promise.all(
        template.transferPositions.map(async (tp) => ({
          key: rowKey('t'),
          from: await lineOfCode(m.departmentId, year, tp.chapterFrom),
          to: await lineOfCode(m.departmentId, year, tp.chapterTo),
          amount: null,
          note: '',
        })),
      );
      const current = draft.form.getValues();
      const known = new Set(current.rows.map((r) => `${r.chapterId}/${r.chapterYear}`));
      const added = lines.flatMap((line) =>
        line && !known.has(`${line.chapterId}/${line.chapterYear}`)
          ? [{ key: rowKey(), ...line, amount: null, note: '', reservation: null, isNew: false }]
          : [],
      );
      set({
        rows: [...current.rows, ...added],
        transfers: [...current.transfers, ...transfers],
        interPart: current.interPart || (transfers.length > 0 && context.canInterPartTransfer && !isTransferType(current.type)),
      });
    } catch {
      notifyError(t`Buchungsvorlage nicht gefunden`);
    }
  }

  /** "As new": the copy gets the next number, read fresh (another user may have booked meanwhile). */
  async function toggleAsNew(checked: boolean) {
    set({ asNew: checked, typedNumber: checked ? context.nextRecordNumber : null, ...withRecordDate(checked, movement, todayIso(), year) });
    if (!checked) return;
    const fresh = await queryClient.fetchQuery({ ...movementContextQuery(scope, kind), staleTime: 0 }).catch(() => null);
    if (fresh && draft.form.getValues().asNew) set({ typedNumber: fresh.nextRecordNumber });
  }

  function onSubmit(event: FormEvent) {
    event.preventDefault();
    setTried(true);
    // the head is complete before the positions (the save checks it again)
    if (editable && (!v.recordDate || problems.missing.length > 0 || problems.date)) {
      requestAnimationFrame(() => root.current?.querySelector<HTMLElement>('[aria-invalid="true"], [data-error="true"]')?.focus());
      return;
    }
    m.goPositions();
  }

  const title = i18n._(kindLabels[kind]);
  const subtitle = v.asNew
    ? t`Neue Buchung als Kopie von Nr. ${v.recordNumber ?? ''}`
    : movement
      ? t`Buchung Nr. ${movement.recordNumber}`
      : t`Neue Buchung (nächste Nummer ${context.nextRecordNumber})`;

  return (
    <Stack gap="sm" maw={980} onDragOver={onDragOver} onDrop={onDrop} data-testid="movement-screen">
      {canImport ? (
        <InvoiceImportDialog
          files={invoiceFiles}
          scope={receiptScope}
          onClose={() => setInvoiceFiles(null)}
          onBooked={(recordNumber) => {
            setInvoiceFiles(null);
            void address.open(recordNumber);
          }}
        />
      ) : null}
      <div>
        <Title order={2} data-testid="screen-title">
          {t`${title} ${year}`}
        </Title>
        <Group gap="xs">
          <Text size="sm" c="dimmed" data-testid="movement-record">
            {subtitle}
          </Text>
          {movement?.cancelled ? (
            <Badge color="gray" variant="light" data-testid="movement-cancelled">
              {t`storniert`}
            </Badge>
          ) : null}
        </Group>
      </div>
      <BudgetStateAlert closed={context.isBudgetClosed || context.isYearLocked} status={status} />
      <BankOrderAlert movement={movement} />
      {!context.isBudgetApproved && !context.isBudgetClosed ? (
        <Alert color="yellow" variant="light" py={8} data-testid="budget-not-approved-warning">
          {i18n._(budgetStateMessages.notApproved)} {t`Buchungen sind erst nach der Genehmigung möglich.`}
        </Alert>
      ) : null}
      <Paper withBorder radius="sm" p="sm">
        <Group gap="md" align="flex-end" wrap="wrap">
          <RecordPicker kind={kind} scope={scope} onOpen={address.open} />
          {readsOnly ? null : (
            <Button variant="default" onClick={() => void address.startNew()} data-testid="movement-new">
              {t`Neue Buchung`}
            </Button>
          )}
          <RecordHistoryButton record={movement ? { entity: 'movement', recordNumber: movement.recordNumber, kind } : null} />
          {canImport && (demoInvoices.data ?? []).length > 0 ? (
            <Button
              variant="subtle"
              onClick={() => setInvoiceFiles((demoInvoices.data ?? []).map((f) => new File([f.content], f.fileName, { type: 'application/xml' })))}
              data-testid="invoice-demo"
            >
              {t`Demo-E-Rechnungen`}
            </Button>
          ) : null}
          {canImport ? (
            <FileButton onChange={(files) => files.length > 0 && setInvoiceFiles(files)} accept={INVOICE_ACCEPT} multiple>
              {(props) => (
                <Button {...props} variant="light" title={t`FatturaPA-XML, signierte .xml.p7m oder ZIP; auch hierher ziehen`} data-testid="invoice-import">
                  {t`E-Rechnung einlesen`}
                </Button>
              )}
            </FileButton>
          ) : null}
          {context.isEditable ? (
            <Checkbox
              mb={8}
              label={t`Als neue Buchung`}
              disabled={v.recordNumber === null}
              checked={v.asNew}
              onChange={(e) => void toggleAsNew(e.currentTarget.checked)}
              data-testid="movement-as-new"
            />
          ) : null}
          {v.asNew ? (
            <NumberInput
              label={t`Neue Buchungsnummer`}
              w={170}
              min={1}
              allowDecimal={false}
              allowNegative={false}
              value={v.typedNumber ?? ''}
              onChange={(n) => set({ typedNumber: typeof n === 'number' ? n : null })}
              data-testid="movement-new-number"
            />
          ) : null}
        </Group>
      </Paper>
      <Paper withBorder radius="sm" p="md">
        {/* Submit (Enter from the last field) goes on to the positions instead of saving; Ctrl+Enter saves */}
        <form ref={root} {...draft.formProps} onSubmit={onSubmit} data-testid="movement-head-form">
          <Stack gap="sm">
            <SimpleGrid cols={{ base: 1, sm: 2, md: 3 }} spacing="md" verticalSpacing="sm">
              <DateInput
                label={t`Buchungsdatum`}
                withAsterisk
                value={v.recordDate}
                error={errorOf('recordDate')}
                onChange={(d) => set({ recordDate: d })}
                disabled={readOnly}
                data-testid="movement-record-date"
              />
              <Select
                label={t`Art`}
                withAsterisk
                allowDeselect={false}
                data={context.typeOptions.map((type) => ({ value: String(type), label: i18n._(movementTypeLabels[type]) }))}
                value={String(v.type)}
                onChange={(value) => value !== null && set({ type: Number(value) as MovementType, payments: [] })}
                disabled={readOnly || !isNewRecord}
                title={!isNewRecord ? t`Die Art einer gespeicherten Buchung kann nicht geändert werden.` : undefined}
                data-testid="movement-type"
              />
              {shown(rules.documentNumber) ? (
                <TextInput
                  label={t`Belegnummer`}
                  withAsterisk={rules.documentNumber === 'required'}
                  maxLength={50}
                  value={v.documentNumber}
                  error={errorOf('documentNumber')}
                  onChange={(e) => set({ documentNumber: e.currentTarget.value })}
                  disabled={readOnly}
                  data-testid="movement-document-number"
                />
              ) : null}
              {shown(rules.documentDate) ? (
                <DateInput
                  label={t`Belegdatum`}
                  withAsterisk={rules.documentDate === 'required'}
                  value={v.documentDate}
                  error={errorOf('documentDate')}
                  onChange={(d) => set({ documentDate: d })}
                  disabled={readOnly}
                  placeholder={rules.documentDate === 'required' ? undefined : t`wie Buchungsdatum`}
                  data-testid="movement-document-date"
                />
              ) : null}
              {shown(rules.template) ? (
                <Select
                  label={t`Buchungsvorlage`}
                  clearable
                  searchable
                  placeholder={t`keine`}
                  data={(templates.data?.entities ?? []).map((tp) => ({
                    value: String(tp.code),
                    label: `${tp.code} – ${i18n.locale === 'it' ? tp.descriptionIta : tp.descriptionDeu}`,
                  }))}
                  value={v.templateCode === null ? null : String(v.templateCode)}
                  onChange={(value) => void chooseTemplate(value === null ? null : Number(value))}
                  disabled={readOnly}
                  data-testid="movement-template"
                />
              ) : null}
            </SimpleGrid>
            <Group gap="md" align="flex-start" wrap="wrap">
              {shown(rules.supplier) ? (
                <div style={{ flex: 3, minWidth: 300 }}>
                  <SupplierPicker
                    departmentId={m.departmentId}
                    label={t`Lieferant`}
                    required={rules.supplier === 'required'}
                    error={errorOf('supplierId')}
                    value={v.supplier}
                    onChange={(s) => void chooseSupplier(s?.id ?? null)}
                    disabled={readOnly}
                  />
                  {v.supplier ? (
                    <Text size="xs" c="dimmed" mt={2} data-testid="movement-supplier-term">
                      {t`Zahlungsziel ${v.supplier.paymentTerm} Tage`}
                      {v.supplier.chapterProposal ? ` · ${t`Kapitelvorschlag`} ${formatChapter(v.supplier.chapterProposal)}` : ''}
                    </Text>
                  ) : null}
                </div>
              ) : null}
              {shown(rules.account) ? (
                <Select
                  label={t`Konto`}
                  withAsterisk={rules.account === 'required'}
                  data={(accounts.data ?? []).map((a) => ({
                    value: String(a.id),
                    label: `${a.code} – ${i18n.locale === 'it' ? a.descriptionIta : a.descriptionDeu}`,
                  }))}
                  value={v.accountId === null ? null : String(v.accountId)}
                  error={errorOf('accountId')}
                  onChange={(value) => set({ accountId: value === null ? null : Number(value) })}
                  disabled={readOnly}
                  searchable
                  style={{ flex: 2, minWidth: 260, maxWidth: 520 }}
                  title={accountLabel}
                  data-testid="movement-account"
                />
              ) : null}
            </Group>
            <Group justify="space-between" align="center" mt="xs">
              <Text size="sm" c="dimmed" data-testid="movement-head-summary">
                {positionCount === 0
                  ? cancelled
                    ? t`Keine Positionen`
                    : t`Noch keine Positionen`
                  : positionCount === 1
                    ? t`1 Position · ${formatAmount(total)}`
                    : t`${positionCount} Positionen · ${formatAmount(total)}`}
                {cancelled ? ` (${cancelledText})` : ''}
              </Text>
              <Group gap="xs">
                {movement && editable && !correctionOnly && !v.asNew ? (
                  <Button color="red" variant="light" onClick={() => void m.remove()} loading={m.deleting} data-testid="movement-delete">
                    {isLatest(movement, context) ? t`Löschen` : t`Stornieren`}
                  </Button>
                ) : null}
                <Button type="submit" data-testid="movement-next">
                  {editable ? t`Weiter zu den Positionen` : t`Positionen ansehen`}
                </Button>
              </Group>
            </Group>
          </Stack>
        </form>
      </Paper>
      {v.asNew ? null : (
        <ReceiptsPanel scope={receiptScope} record={movement ? { kind: 'movement', id: movement.id } : null} writable={receiptsWritable} frozen={readOnly} />
      )}
    </Stack>
  );
}
