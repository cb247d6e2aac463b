import { type OrderExportResult, type PayableItem, type PaymentOrderBrief } from '@app/domain';
import { plural } from '@lingui/core/macro';
import { useLingui } from '@lingui/react/macro';
import { Alert, Button, Checkbox, Group, Paper, SegmentedControl, Select, SimpleGrid, Stack, Text, TextInput } from '@mantine/core';
import { useQuery, useSuspenseQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { errorText } from '../../lib/errorMessages.ts';
import { useRequiredAuth } from '../../lib/session.ts';
import { queryClient, trpc, trpcClient } from '../../lib/trpc.ts';
import { Amount } from '../../ui/Amount.tsx';
import { useConfirmDialog } from '../../ui/ConfirmDialog.tsx';
import { DateInput } from '../../ui/DateInput.tsx';
import { downloadBlob, downloadText } from '../../ui/download.ts';
import { notifyError, notifySuccess } from '../../ui/notify.ts';
import { QueryResult } from '../../ui/QueryResult.tsx';
import { ScreenHeader } from '../../ui/ScreenHeader.tsx';
import { orderLabel } from '../../ui/recordLabels.ts';
import { uiLanguage } from '../i18n/language.ts';
import { useScope } from '../scope/useScope.ts';
import { orderHistory, RecordHistoryButton } from '../audit/RecordHistoryButton.tsx';
import { CancelOrderButton } from './CancelOrderButton.tsx';
import { CucMissingNotice, YearOverNotice } from './HomebankingNotices.tsx';
import { PayablesTable, tickableRows } from './PayablesTable.tsx';
import { emptyPaymentFilter, filterRangeInvalid, type PaymentFilter } from './paymentFilter.ts';
import { PaymentFilterFields } from './PaymentFilterFields.tsx';
import { paymentAccountsQuery, paymentOrdersQuery, paymentsContextQuery } from './queries.ts';
import { allOf, tickedTotal } from './selection.ts';

type Step = 'criteria' | 'select' | 'issue';
type Range = 1 | 2;

/**
 * Homebanking (payments/homebanking, spec 3 §2/§4, DOMAIN decisions 10 and 11) in three steps:
 * criteria (domestic or foreign; a new order of an account with the filters, or a previous stored
 * unregistered order), the payable invoices (a checkbox each, All/None, the running total; the not
 * payable ones greyed with their reason), and the issue form (group invoices of one supplier, payment
 * date, file name) with Print (order PDF), Export (the XML bank file) and Back. A new order's export
 * asks first whether to store it, then gives the file; declining warns that it must not be uploaded. Step 1 stops what
 * can't succeed (issue 25): a domestic order without the department's CBI CUC (who enters it, and the
 * link for who may), a new order after 31.12 of the year (its bills are paid from the next year); a
 * chosen previous order can be cancelled there.
 */
export function HomebankingScreen() {
  const { t, i18n } = useLingui();
  const auth = useRequiredAuth();
  const { department, year } = useScope();
  const scope = { department, year };
  const { data: accounts } = useSuspenseQuery(paymentAccountsQuery(scope));
  const { data: orders } = useSuspenseQuery(paymentOrdersQuery(scope, true));
  const { data: context } = useSuspenseQuery(paymentsContextQuery(scope));
  const { confirm, element: confirmElement } = useConfirmDialog();
  const [step, setStep] = useState<Step>('criteria');
  const [range, setRange] = useState<Range>(1);
  // after 31.12 of the year only its stored orders (takesNewOrders): a new one could never be registered in it
  const [previous, setPrevious] = useState(!context.takesNewOrders);
  const [orderId, setOrderId] = useState<number | null>(null);
  const [filter, setFilter] = useState<PaymentFilter>(emptyPaymentFilter);
  const [tried, setTried] = useState(false);
  const [ticked, setTicked] = useState<Set<number>>(new Set());
  const [groupInvoices, setGroupInvoices] = useState(false);
  const [paymentDate, setPaymentDate] = useState<string | null>(context.defaultPaymentDate);
  const [filename, setFilename] = useState(context.defaultFilename);
  const [busy, setBusy] = useState(false);
  // an exported file of an order not stored: the warning stays until the next export
  const [unstored, setUnstored] = useState(false);

  const scopeInput = { departmentId: department.id, year };
  const which = previous ? { orderId } : { orderId: null, ...filter };
  const payablesInput = { ...scopeInput, paymentRange: range, ...which };
  const payables = useQuery({ ...trpc.payments.payables.queryOptions(payablesInput), enabled: step !== 'criteria', staleTime: 0 });
  const items: readonly PayableItem[] = payables.data ?? [];
  const rangeOrders = orders.filter((o: PaymentOrderBrief) => o.paymentRange === range && !o.cancelled);

  const criteriaMissing = previous ? orderId === null : filter.accountId === null;
  // a domestic file needs the CUC, a new order a year that can still register it: both stop here, at step 1
  const blocked = (range === 1 && !context.hasCbiCuc) || (!previous && !context.takesNewOrders);
  const chosenOrder = previous ? rangeOrders.find((o) => o.id === orderId) : undefined;
  function toSelect() {
    setTried(true);
    if (blocked || criteriaMissing || filterRangeInvalid(filter)) return;
    setTicked(new Set());
    setStep('select');
  }
  // a previous order pays what it holds; a new one the ticked instalments
  const toPay = items.filter((i) => ticked.has(i.payment.id)).map((i) => ({ paymentId: i.payment.id, movementId: i.invoice.movementId }));
  const request = { ...payablesInput, toPay: previous ? [] : toPay, groupInvoices, paymentDate, filename: filename.trim() };

  async function exported(): Promise<OrderExportResult | null> {
    try {
      return await trpcClient.payments.export.mutate(request);
    } catch (error) {
      notifyError(errorText(i18n, error), t`Zahlungsauftrag nicht erstellt`);
      return null;
    }
  }

  async function print() {
    setBusy(true);
    const result = await exported();
    if (result) {
      const reports = await import('@app/reports');
      const pdf = reports.paymentOrderPdf(result.humanReadable, { username: auth.username, now: new Date(), language: uiLanguage(i18n.locale) });
      downloadBlob(pdf.output('blob'), `${request.filename || 'homebanking'}.pdf`);
    }
    setBusy(false);
  }

  async function exportFile() {
    setBusy(true);
    setUnstored(false);
    const result = await exported();
    setBusy(false);
    if (!result) return;
    const download = () => downloadText(result.electronic.content, `${request.filename}.xml`, result.electronic.mimeType);
    if (result.stored) {
      download();
      notifySuccess(t`Datei des Zahlungsauftrags Nr. ${result.orderNumber} erneut exportiert`);
      return;
    }
    // a new order: first the question, then the file (spec 3; issue 25) — declined, with the warning
    const store = await confirm({
      title: t`Zahlungsauftrag speichern?`,
      children: t`Zahlungsauftrag Nr. ${result.orderNumber} speichern? Nur ein gespeicherter Auftrag darf bei der Bank hochgeladen werden; seine Rechnungen gelten dann als beauftragt.`,
      confirmLabel: t`Speichern`,
      cancelLabel: t`Nicht speichern`,
    });
    if (!store) {
      setUnstored(true);
      download();
      return;
    }
    try {
      const saved = await trpcClient.payments.store.mutate({ ...request, orderNumber: result.orderNumber });
      download();
      notifySuccess(t`Zahlungsauftrag Nr. ${saved.orderNumber}/${saved.year} gespeichert`);
      await queryClient.invalidateQueries({ ...trpc.payments.pathFilter(), refetchType: 'all' });
      setStep('criteria');
      setOrderId(null);
    } catch (error) {
      // not stored: no file to upload
      notifyError(errorText(i18n, error), t`Zahlungsauftrag nicht gespeichert`);
    }
  }

  const nothingChosen = !previous && ticked.size === 0;
  const chosen = tickedTotal(tickableRows(items), previous ? allOf(tickableRows(items)) : ticked);
  return (
    <Stack gap="sm" maw={1100}>
      <ScreenHeader
        title={t`Homebanking ${year}`}
        subtitle={
          <Text size="sm" c="dimmed" data-testid="homebanking-step">
            {step === 'criteria' ? t`1. Auswahl` : step === 'select' ? t`2. Rechnungen auswählen` : t`3. Zahlungsauftrag erstellen`}
          </Text>
        }
      />
      {step === 'criteria' ? (
        <Paper withBorder radius="sm" p="md" maw={760}>
          <Stack gap="sm">
            <Group gap="md">
              <SegmentedControl
                data={[
                  { value: '1', label: t`Inland` },
                  { value: '2', label: t`Ausland` },
                ]}
                value={String(range)}
                onChange={(v) => {
                  setRange(Number(v) as Range);
                  setOrderId(null);
                }}
                data-testid="homebanking-range"
              />
              <SegmentedControl
                data={[
                  { value: 'new', label: t`Neuer Auftrag`, disabled: !context.takesNewOrders },
                  { value: 'previous', label: t`Früherer Auftrag` },
                ]}
                value={previous ? 'previous' : 'new'}
                onChange={(v) => setPrevious(v === 'previous')}
                data-testid="homebanking-kind"
              />
            </Group>
            {context.takesNewOrders ? null : <YearOverNotice />}
            {range === 1 && !context.hasCbiCuc ? <CucMissingNotice /> : null}
            {previous ? (
              <Select
                label={t`Zahlungsauftrag`}
                withAsterisk
                searchable
                w={460}
                data={rangeOrders.map((o) => ({ value: String(o.id), label: orderLabel(i18n, o) }))}
                value={orderId === null ? null : String(orderId)}
                onChange={(v) => setOrderId(v === null ? null : Number(v))}
                error={tried && orderId === null ? t`Dieses Feld ist erforderlich` : undefined}
                nothingFoundMessage={t`Kein nicht registrierter Zahlungsauftrag`}
                data-testid="homebanking-order"
              />
            ) : (
              <PaymentFilterFields
                value={filter}
                onChange={setFilter}
                accounts={accounts}
                accountRequired
                accountError={tried && filter.accountId === null ? t`Dieses Feld ist erforderlich` : undefined}
                testId="homebanking-filter"
              />
            )}
            <Group justify={chosenOrder ? 'space-between' : 'flex-end'}>
              {chosenOrder ? (
                <Group gap="xs">
                  <CancelOrderButton order={chosenOrder} onCancelled={() => setOrderId(null)} />
                  <RecordHistoryButton record={orderHistory(chosenOrder)} />
                </Group>
              ) : null}
              <Button onClick={toSelect} disabled={blocked} data-testid="homebanking-next">
                {t`Weiter`}
              </Button>
            </Group>
          </Stack>
        </Paper>
      ) : null}
      {step === 'select' ? (
        <Paper withBorder radius="sm" p="md">
          <QueryResult query={payables}>
            {(rows) => (
              <Stack gap="sm">
                {rows.length === 0 ? <Alert variant="light">{t`Keine offenen Zahlungen für diese Auswahl.`}</Alert> : null}
                <PayablesTable
                  items={rows}
                  ticked={previous ? allOf(tickableRows(rows)) : ticked}
                  onChange={previous ? () => undefined : setTicked}
                  testId="homebanking-payables"
                />
                <Group justify="space-between">
                  <Button variant="default" onClick={() => setStep('criteria')} data-testid="homebanking-back">
                    {t`Zurück`}
                  </Button>
                  <Button onClick={() => setStep('issue')} disabled={nothingChosen} data-testid="homebanking-next">
                    {t`Weiter`}
                  </Button>
                </Group>
              </Stack>
            )}
          </QueryResult>
        </Paper>
      ) : null}
      {step === 'issue' ? (
        <Paper withBorder radius="sm" p="md">
          <Stack gap="sm">
            {unstored ? (
              <Alert color="red" variant="light" title={t`Nicht gespeichert`} data-testid="homebanking-unstored">
                {t`Der Zahlungsauftrag wurde nicht gespeichert: die Datei darf NICHT bei der Bank hochgeladen werden. Die Rechnungen bleiben offen.`}
              </Alert>
            ) : null}
            <Text size="sm" fw={600} data-testid="homebanking-summary">
              {t`Zu zahlen: ${plural(chosen.count, { one: '# Rechnung', other: '# Rechnungen' })}`} · <Amount cents={chosen.total} style={{ minWidth: 0 }} />
            </Text>
            <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="md" verticalSpacing="sm">
              <DateInput label={t`Ausführungsdatum`} value={paymentDate} onChange={setPaymentDate} data-testid="homebanking-date" />
              <TextInput
                label={t`Dateiname`}
                withAsterisk
                maxLength={50}
                value={filename}
                onChange={(e) => setFilename(e.currentTarget.value)}
                error={filename.trim() === '' ? t`Dieses Feld ist erforderlich` : undefined}
                rightSection={<Text size="xs">.xml</Text>}
                data-testid="homebanking-filename"
              />
            </SimpleGrid>
            <Checkbox
              label={t`Rechnungen eines Lieferanten zusammenfassen`}
              checked={groupInvoices}
              onChange={(e) => setGroupInvoices(e.currentTarget.checked)}
              data-testid="homebanking-group"
            />
            <Group justify="space-between">
              <Button variant="default" onClick={() => setStep('select')} data-testid="homebanking-back">
                {t`Zurück`}
              </Button>
              <Group gap="xs">
                <Button variant="default" onClick={() => void print()} loading={busy} disabled={filename.trim() === ''} data-testid="homebanking-print">
                  {t`Drucken`}
                </Button>
                <Button onClick={() => void exportFile()} loading={busy} disabled={filename.trim() === ''} data-testid="homebanking-export">
                  {t`Exportieren`}
                </Button>
              </Group>
            </Group>
          </Stack>
        </Paper>
      ) : null}
      {confirmElement}
    </Stack>
  );
}
