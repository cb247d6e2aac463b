import { formatDate, paymentRecordLabel, type RegisteredItem, type RegisteredProtocol, returnDateProblem, todayIso } from '@app/domain';
import { useLingui } from '@lingui/react/macro';
import { Badge, Button, Group, Paper, ScrollArea, Select, Stack, Table, Text, Title } from '@mantine/core';
import { useQuery, useSuspenseQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { useRequiredAuth } from '../../lib/session.ts';
import { queryClient, trpc, trpcClient } from '../../lib/trpc.ts';
import { Amount } from '../../ui/Amount.tsx';
import { openPendingTab, showPdf } from '../../ui/download.ts';
import { notifySuccess } from '../../ui/notify.ts';
import { departmentLine, orderLabel } from '../../ui/recordLabels.ts';
import { uiLanguage } from '../i18n/language.ts';
import { useScope } from '../scope/useScope.ts';
import { InstalmentDateDialog } from './InstalmentDateDialog.tsx';
import { paidOrdersQuery } from './queries.ts';
import { useDateProblemText } from './SettleDialog.tsx';

/**
 * The registered orders the scope year paid (a December order registered in January too) and their protocol (DOMAIN decision 22): each executed
 * transfer can be marked "von der Bank zurückgewiesen" with the date of the return — the instalment is
 * open again (payable by a new order or by hand), its cash back on the order's account that day; the
 * protocol (on screen and as PDF) shows the return with its date.
 */
export function ReturnsPanel() {
  const { t, i18n } = useLingui();
  const auth = useRequiredAuth();
  const { department, year, status } = useScope();
  const scope = { departmentId: department.id, year };
  const { data: registered } = useSuspenseQuery(paidOrdersQuery({ department, year }));
  const [orderId, setOrderId] = useState<number | null>(null);
  const protocol = useQuery({ ...trpc.payments.protocol.queryOptions({ ...scope, orderId: orderId ?? 0 }), enabled: orderId !== null });
  const [returning, setReturning] = useState<RegisteredItem | null>(null);
  const editable = status.isBudgetApproved && !status.isBudgetClosed;
  const data = orderId !== null && protocol.data?.order.id === orderId ? protocol.data : null;
  const problemText = useDateProblemText(year, {
    date: data?.datePaid ?? null,
    text: (date) => t`Das Datum der Rückweisung liegt vor dem Zahlungsdatum ${date}.`,
  });

  async function returned(returnedOn: string) {
    if (!returning || orderId === null) return;
    await trpcClient.payments.returned.mutate({ ...scope, orderId, paymentId: returning.paymentId, returnedOn });
    notifySuccess(t`Zurückgewiesen am ${formatDate(returnedOn)}: die Zahlung ist wieder offen`);
    setReturning(null);
    // the chapter figures, the cash and the open payments change
    await queryClient.invalidateQueries();
  }

  async function print(p: RegisteredProtocol) {
    const tab = openPendingTab(t`PDF wird erstellt …`);
    const reports = await import('@app/reports');
    const pdf = reports.registeredProtocolPdf(p, departmentLine(i18n, department), {
      username: auth.username,
      now: new Date(),
      language: uiLanguage(i18n.locale),
    });
    showPdf(pdf.output('blob'), `${t`protokoll`}-${p.order.orderNumber}-${p.order.year}.pdf`, tab);
  }

  return (
    <Paper withBorder radius="sm" p="md" data-testid="returns-panel">
      <Stack gap="sm">
        <Title order={4}>{t`Registrierte Zahlungsaufträge ${year}: Protokoll und Rückweisungen`}</Title>
        <Group gap="md" align="flex-end">
          <Select
            label={t`Registrierter Zahlungsauftrag`}
            w={460}
            searchable
            data={registered.map((o) => ({ value: String(o.id), label: orderLabel(i18n, o) }))}
            value={orderId === null ? null : String(orderId)}
            onChange={(v) => setOrderId(v === null ? null : Number(v))}
            placeholder={registered.length === 0 ? t`Kein registrierter Zahlungsauftrag` : undefined}
            data-testid="returns-order"
          />
          {data ? (
            <Button variant="default" onClick={() => void print(data)} data-testid="returns-print">
              {t`Protokoll drucken`}
            </Button>
          ) : null}
        </Group>
        {data ? (
          <ScrollArea type="auto">
            <Table verticalSpacing={3} horizontalSpacing="xs" fz="sm" striped miw={900} data-testid="returns-items">
              <Table.Thead>
                <Table.Tr>
                  <Table.Th w={80}>{t`Buchung`}</Table.Th>
                  <Table.Th>{t`Lieferant`}</Table.Th>
                  <Table.Th w={120}>{t`Rechnung`}</Table.Th>
                  <Table.Th w={100}>{t`Rechnungsdatum`}</Table.Th>
                  <Table.Th w={110} ta="right">
                    {t`Betrag`}
                  </Table.Th>
                  <Table.Th w={260}>{t`Bezahlt am ${formatDate(data.datePaid)}`}</Table.Th>
                </Table.Tr>
              </Table.Thead>
              <Table.Tbody>
                {data.items.map((item) => (
                  <Table.Tr key={item.paymentId} data-testid={`returns-item-${item.paymentId}`}>
                    <Table.Td style={{ fontVariantNumeric: 'tabular-nums' }}>{paymentRecordLabel(item.movementRecord, item.movementYear, year)}</Table.Td>
                    <Table.Td>
                      <Text size="sm" truncate maw={300}>
                        {item.supplierCode ? `${item.supplierCode} ${item.supplierDescription}` : item.supplierDescription}
                      </Text>
                    </Table.Td>
                    <Table.Td>{item.invoiceNumber}</Table.Td>
                    <Table.Td style={{ fontVariantNumeric: 'tabular-nums' }}>{formatDate(item.invoiceDate)}</Table.Td>
                    <Table.Td ta="right">
                      <Amount cents={item.amount} size="sm" />
                    </Table.Td>
                    <Table.Td>
                      {item.returnedOn ? (
                        <Badge color="orange" variant="light" size="sm" tt="none">{t`von der Bank zurückgewiesen am ${formatDate(item.returnedOn)}`}</Badge>
                      ) : (
                        <Group gap="xs" wrap="nowrap">
                          <Text size="sm">{t`ausgeführt`}</Text>
                          {editable ? (
                            <Button
                              size="compact-xs"
                              variant="default"
                              color="orange"
                              onClick={() => setReturning(item)}
                              data-testid={`return-${item.paymentId}`}
                            >
                              {t`Zurückgewiesen …`}
                            </Button>
                          ) : null}
                        </Group>
                      )}
                    </Table.Td>
                  </Table.Tr>
                ))}
              </Table.Tbody>
              <Table.Tfoot>
                <Table.Tr>
                  <Table.Td colSpan={4} fw={700}>{t`Ausgeführt`}</Table.Td>
                  <Table.Td ta="right">
                    <Amount cents={data.executedTotal} size="sm" fw={700} />
                  </Table.Td>
                  <Table.Td />
                </Table.Tr>
                {data.returnedTotal !== 0 ? (
                  <Table.Tr>
                    <Table.Td colSpan={4} fw={700}>{t`Davon von der Bank zurückgewiesen`}</Table.Td>
                    <Table.Td ta="right">
                      <Amount cents={data.returnedTotal} size="sm" fw={700} data-testid="returns-total" />
                    </Table.Td>
                    <Table.Td />
                  </Table.Tr>
                ) : null}
              </Table.Tfoot>
            </Table>
          </ScrollArea>
        ) : null}
      </Stack>
      {returning && data ? (
        <InstalmentDateDialog
          title={t`Von der Bank zurückgewiesen`}
          instalment={{
            movementId: returning.movementId,
            paymentId: returning.paymentId,
            year: returning.movementYear,
            recordNumber: returning.movementRecord,
            documentNumber: returning.invoiceNumber,
            documentDate: returning.invoiceDate,
            supplierName: returning.supplierDescription,
            amount: returning.amount,
            dateDue: data.datePaid,
          }}
          year={year}
          dateLabel={t`Zurückgewiesen am`}
          dueLabel={t`Bezahlt am`}
          initialDate={null}
          dateProblem={(returnedOn) => returnDateProblem({ year, today: todayIso(), returnedOn, datePaid: data.datePaid })}
          problemText={problemText}
          acceptLabel={t`Zurückweisung buchen`}
          onSubmit={returned}
          onClose={() => setReturning(null)}
          testId="return-dialog"
        />
      ) : null}
    </Paper>
  );
}
