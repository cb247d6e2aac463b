import { formatDate, offeredDatePaid, type RegisteredProtocol, registerDateRange, todayIso } from '@app/domain';
import { useLingui } from '@lingui/react/macro';
import { Button, Group, Paper, Select, Stack, Text } from '@mantine/core';
import { useQuery, useSuspenseQuery } from '@tanstack/react-query';
import { type KeyboardEvent, useState } from 'react';
import { errorText } from '../../lib/errorMessages.ts';
import { useRequiredAuth } from '../../lib/session.ts';
import { queryClient, trpcClient } from '../../lib/trpc.ts';
import { DateInput } from '../../ui/DateInput.tsx';
import { openPendingTab, showPdf } from '../../ui/download.ts';
import { notifyError, notifySuccess } from '../../ui/notify.ts';
import { QueryResult } from '../../ui/QueryResult.tsx';
import { ScreenHeader } from '../../ui/ScreenHeader.tsx';
import { departmentLine, orderLabel } from '../../ui/recordLabels.ts';
import { uiLanguage } from '../i18n/language.ts';
import { useScope } from '../scope/useScope.ts';
import { orderHistory, RecordHistoryButton } from '../audit/RecordHistoryButton.tsx';
import { CancelOrderButton } from './CancelOrderButton.tsx';
import { PayablesTable, tickableRows } from './PayablesTable.tsx';
import { paymentOrdersQuery, unregisteredOrderQuery } from './queries.ts';
import { ReturnsPanel } from './ReturnsPanel.tsx';
import { ReceiptsPanel } from '../documents/ReceiptsPanel.tsx';
import { allOf } from './selection.ts';

/**
 * Register payments (payments/register, spec 3 §2/§4): pick an unregistered order (of any year up to
 * the scope year), type the date the bank paid, untick the instalments the bank did not execute
 * (all ticked at first; All/None), Post (Ctrl+Enter) → the registration protocol PDF opens in a new tab
 * (opened on the click or key, as every "PDF anzeigen"; blocked pop-ups: downloaded instead). Below,
 * the year's registered orders with their protocol and the bank's returns (ReturnsPanel). An order the
 * bank will not execute is cancelled here ("Auftrag stornieren", asked first; issue 25).
 */
export function RegisterScreen() {
  const { t, i18n } = useLingui();
  const auth = useRequiredAuth();
  const { department, year } = useScope();
  const scope = { department, year };
  const { data: orders } = useSuspenseQuery(paymentOrdersQuery(scope, true));
  const [orderId, setOrderId] = useState<number | null>(null);
  const [datePaid, setDatePaid] = useState<string | null>(null);
  const [tried, setTried] = useState(false);
  const [posting, setPosting] = useState(false);
  const [choice, setChoice] = useState<{ orderId: number; ticked: Set<number> } | null>(null);
  const detail = useQuery({ ...unregisteredOrderQuery(scope, orderId ?? 0), enabled: orderId !== null });
  const items = orderId !== null && detail.data?.id === orderId ? detail.data.payments : null;
  // a newly opened order has every instalment ticked
  const ticked = choice?.orderId === orderId ? choice.ticked : allOf(tickableRows(items ?? []));
  const setTicked = (next: Set<number>) => orderId !== null && setChoice({ orderId, ticked: next });
  // the dates the bank may have paid the chosen order on: said under the field, checked before the post
  const chosen = orders.find((o) => o.id === orderId) ?? null;
  const range = chosen ? registerDateRange(year, todayIso(), chosen.orderCreationDate) : null;
  const rangeText = !chosen
    ? undefined
    : range
      ? t`Vom ${formatDate(range.from)} bis ${formatDate(range.to)} (nicht vor der Erstellung des Auftrags am ${formatDate(chosen.orderCreationDate)})`
      : t`Im Jahr ${year} ist kein Zahlungsdatum möglich: der Auftrag wurde am ${formatDate(chosen.orderCreationDate)} erstellt.`;
  const outOfRange = chosen !== null && datePaid !== null && (!range || datePaid < range.from || datePaid > range.to);

  /** An order chosen: the date paid is offered (the latest it may carry), a typed one that fits the order stays. */
  function choose(id: number | null) {
    setOrderId(id);
    const order = orders.find((o) => o.id === id);
    if (order) setDatePaid((typed) => offeredDatePaid(year, todayIso(), order.orderCreationDate, typed));
  }

  function protocolPdfName(protocol: RegisteredProtocol) {
    return `${t`protokoll`}-${protocol.order.orderNumber}-${protocol.order.year}.pdf`;
  }

  async function post() {
    if (orderId === null || !items || posting) return;
    if (!datePaid) {
      setTried(true);
      notifyError(t`Bitte das Zahlungsdatum eingeben.`, t`Zahlungen nicht registriert`);
      return;
    }
    if (outOfRange) {
      setTried(true);
      notifyError(rangeText ?? '', t`Zahlungen nicht registriert`);
      return;
    }
    setPosting(true);
    const tab = openPendingTab(t`PDF wird erstellt …`);
    try {
      const payments = items.filter((i) => ticked.has(i.payment.id)).map((i) => ({ paymentId: i.payment.id, movementId: i.invoice.movementId }));
      const protocol = await trpcClient.payments.register.mutate({ departmentId: department.id, year, orderId, datePaid, payments });
      const reports = await import('@app/reports');
      const pdf = reports.registeredProtocolPdf(protocol, departmentLine(i18n, department), {
        username: auth.username,
        now: new Date(),
        language: uiLanguage(i18n.locale),
      });
      showPdf(pdf.output('blob'), protocolPdfName(protocol), tab);
      notifySuccess(t`Zahlungsauftrag Nr. ${protocol.order.orderNumber}/${protocol.order.year} registriert`);
      setOrderId(null);
      // the date paid stays: the next order of the same bank statement is registered with it
      setTried(false);
      // paid instalments move the chapter figures, the cash and the open payments
      await queryClient.invalidateQueries();
    } catch (error) {
      tab?.close();
      notifyError(errorText(i18n, error), t`Zahlungen nicht registriert`);
    } finally {
      setPosting(false);
    }
  }

  function onKeyDown(event: KeyboardEvent<HTMLElement>) {
    if (event.key === 'Enter' && (event.ctrlKey || event.metaKey)) {
      event.preventDefault();
      void post();
    }
  }

  return (
    <Stack gap="sm" maw={1100} onKeyDown={onKeyDown}>
      <ScreenHeader
        title={t`Zahlungen registrieren`}
        subtitle={
          <Text size="sm" c="dimmed">
            {t`Nicht registrierte Zahlungsaufträge: ${orders.length}`}
          </Text>
        }
      />
      <Paper withBorder radius="sm" p="md">
        <Group gap="md" align="flex-start" wrap="wrap">
          <Select
            label={t`Zahlungsauftrag`}
            withAsterisk
            searchable
            w={460}
            data={orders.map((o) => ({ value: String(o.id), label: orderLabel(i18n, o) }))}
            value={orderId === null ? null : String(orderId)}
            onChange={(v) => choose(v === null ? null : Number(v))}
            nothingFoundMessage={t`Kein nicht registrierter Zahlungsauftrag`}
            placeholder={orders.length === 0 ? t`Kein nicht registrierter Zahlungsauftrag` : undefined}
            data-testid="register-order"
          />
          <DateInput
            label={t`Zahlungsdatum`}
            withAsterisk
            value={datePaid}
            onChange={setDatePaid}
            w={160}
            error={tried && !datePaid ? t`Dieses Feld ist erforderlich` : outOfRange ? t`Außerhalb des Zeitraums` : undefined}
            data-testid="register-date"
          />
        </Group>
        {rangeText ? (
          <Text size="xs" mt={4} c={outOfRange ? 'red' : 'dimmed'} data-testid="register-date-range">
            {rangeText}
          </Text>
        ) : null}
      </Paper>
      {orderId !== null ? (
        <Paper withBorder radius="sm" p="md">
          <QueryResult query={detail}>
            {(order) => (
              <Stack gap="sm">
                <PayablesTable items={order.payments} ticked={ticked} onChange={setTicked} testId="register-payments" />
                <Text size="xs" c="dimmed">
                  {t`Nicht angekreuzte Zahlungen hat die Bank nicht ausgeführt: sie verlassen den Auftrag und bleiben offen.`}
                </Text>
                <Group justify="space-between">
                  <Group gap="xs">
                    <CancelOrderButton order={order} onCancelled={() => setOrderId(null)} />
                    <RecordHistoryButton record={orderHistory(order)} />
                  </Group>
                  <Button onClick={() => void post()} loading={posting} title={t`Buchen (Strg+Enter)`} data-testid="register-post">
                    {t`Buchen`}
                  </Button>
                </Group>
              </Stack>
            )}
          </QueryResult>
        </Paper>
      ) : null}
      {chosen ? <ReceiptsPanel scope={{ departmentId: department.id, year: chosen.year }} record={{ kind: 'order', id: chosen.id }} writable /> : null}
      <ReturnsPanel />
    </Stack>
  );
}
