import { formatAmount, formatDate, type OpenPaymentRow, type OpenPaymentsList, paymentRecordLabel } from '@app/domain';
import { useLingui } from '@lingui/react/macro';
import { Badge, Button, Group, Paper, ScrollArea, Table, Text, Title, Tooltip } from '@mantine/core';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { errorText } from '../../lib/errorMessages.ts';
import { queryClient, trpc, trpcClient } from '../../lib/trpc.ts';
import { Amount } from '../../ui/Amount.tsx';
import { useConfirmDialog } from '../../ui/ConfirmDialog.tsx';
import { notifyError, notifySuccess } from '../../ui/notify.ts';
import { useScope } from '../scope/useScope.ts';
import type { InstalmentBrief } from './InstalmentDateDialog.tsx';
import type { PaymentFilter } from './paymentFilter.ts';
import { SettleDialog } from './SettleDialog.tsx';

type Row = OpenPaymentRow & { supplierName: string };

function rowsOf(list: OpenPaymentsList | undefined): Row[] {
  return (list?.suppliers ?? []).flatMap((g) => g.rows.map((r) => ({ ...r, supplierName: g.supplierName })));
}

function briefOf(row: Row): InstalmentBrief {
  return { ...row, supplierName: row.supplierName };
}

/**
 * Below the open-payments print (DOMAIN decision 21): the open instalments of the filter with
 * "Bezahlen" (paid by hand: cash, card, a manual transfer — the settle dialog), an instalment in a
 * stored order marked with its order (the bank pays it); and the instalments the year paid by hand
 * with "Wieder offen" (asked first). Bills of an earlier year carried over read `12/2025`.
 */
export function OpenInstalmentsPanel({ filter }: { filter: PaymentFilter }) {
  const { t, i18n } = useLingui();
  const { department, year, status } = useScope();
  const scope = { departmentId: department.id, year, ...filter };
  const open = useQuery({ ...trpc.payments.open.queryOptions({ ...scope, paidByHand: false }), placeholderData: keepPreviousData });
  const paid = useQuery({ ...trpc.payments.open.queryOptions({ ...scope, paidByHand: true }), placeholderData: keepPreviousData });
  const [paying, setPaying] = useState<Row | null>(null);
  const { confirm, element } = useConfirmDialog();
  // paying needs the year open for bookings (approved, not closed); the server decides (BudgetClosed, YearLocked)
  const editable = status.isBudgetApproved && !status.isBudgetClosed;

  async function reopen(row: Row) {
    const ok = await confirm({
      title: t`Zahlung wieder öffnen?`,
      children: t`Die Rate der Buchung ${paymentRecordLabel(row.recordNumber, row.year, year)} über ${formatAmount(row.amount)} € ist dann wieder offen; der Betrag kommt auf das Konto ${row.accountCode} zurück.`,
      confirmLabel: t`Wieder offen`,
    });
    if (!ok) return;
    try {
      await trpcClient.payments.reopen.mutate({ departmentId: department.id, year, movementId: row.movementId, paymentId: row.paymentId });
      notifySuccess(t`Die Zahlung ist wieder offen`);
      await queryClient.invalidateQueries();
    } catch (error) {
      notifyError(errorText(i18n, error), t`Nicht wieder geöffnet`);
    }
  }

  const table = (rows: Row[], kind: 'open' | 'paid') => (
    <ScrollArea type="auto">
      <Table verticalSpacing={3} horizontalSpacing="xs" fz="sm" striped highlightOnHover miw={980} data-testid={`instalments-${kind}`}>
        <Table.Thead>
          <Table.Tr>
            <Table.Th>{t`Lieferant`}</Table.Th>
            <Table.Th w={80}>{t`Buchung`}</Table.Th>
            <Table.Th w={120}>{t`Beleg`}</Table.Th>
            <Table.Th w={96}>{t`Belegdatum`}</Table.Th>
            <Table.Th w={96}>{kind === 'open' ? t`Fällig am` : t`Bezahlt am`}</Table.Th>
            <Table.Th w={60}>{t`Konto`}</Table.Th>
            <Table.Th w={110} ta="right">
              {t`Betrag`}
            </Table.Th>
            <Table.Th w={kind === 'open' ? 150 : 260}>{kind === 'open' ? '' : t`Notiz`}</Table.Th>
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {rows.map((row) => (
            <Table.Tr key={row.paymentId} data-testid={`instalment-${kind}-${row.paymentId}`}>
              <Table.Td>
                <Text size="sm" truncate maw={260}>
                  {row.supplierName}
                </Text>
              </Table.Td>
              <Table.Td style={{ fontVariantNumeric: 'tabular-nums' }}>{paymentRecordLabel(row.recordNumber, row.year, year)}</Table.Td>
              <Table.Td>
                <Text size="sm" truncate maw={120}>
                  {row.documentNumber}
                </Text>
              </Table.Td>
              <Table.Td style={{ fontVariantNumeric: 'tabular-nums' }}>{formatDate(row.documentDate)}</Table.Td>
              <Table.Td style={{ fontVariantNumeric: 'tabular-nums' }}>{formatDate(kind === 'open' ? row.dateDue : row.datePaid)}</Table.Td>
              <Table.Td>{row.accountCode}</Table.Td>
              <Table.Td ta="right">
                <Amount cents={row.amount} size="sm" />
              </Table.Td>
              <Table.Td>
                {kind === 'paid' ? (
                  <Group gap="xs" wrap="nowrap" justify="space-between">
                    <Text size="sm" truncate maw={150}>
                      {row.note}
                    </Text>
                    <Button size="compact-xs" variant="default" disabled={!editable} onClick={() => void reopen(row)} data-testid={`reopen-${row.paymentId}`}>
                      {t`Wieder offen`}
                    </Button>
                  </Group>
                ) : row.orderNumber !== null ? (
                  <Tooltip label={t`Die Bank zahlt sie mit dem Zahlungsauftrag`}>
                    <Badge variant="light" color="gray" size="sm" tt="none">{t`Auftrag ${row.orderNumber}`}</Badge>
                  </Tooltip>
                ) : (
                  <Button size="compact-xs" disabled={!editable} onClick={() => setPaying(row)} data-testid={`settle-${row.paymentId}`}>
                    {t`Bezahlen …`}
                  </Button>
                )}
              </Table.Td>
            </Table.Tr>
          ))}
        </Table.Tbody>
        <Table.Tfoot>
          <Table.Tr>
            <Table.Td colSpan={6} fw={700}>
              {kind === 'open' ? t`Offen: ${rows.length} Raten` : t`Von Hand bezahlt: ${rows.length} Raten`}
            </Table.Td>
            <Table.Td ta="right">
              <Amount cents={rows.reduce((s, r) => s + r.amount, 0)} size="sm" fw={700} data-testid={`instalments-${kind}-total`} />
            </Table.Td>
            <Table.Td />
          </Table.Tr>
        </Table.Tfoot>
      </Table>
    </ScrollArea>
  );

  const openRows = rowsOf(open.data);
  const paidRows = rowsOf(paid.data);
  return (
    <>
      <Paper withBorder radius="sm" p="md">
        <Title order={4} mb="xs">{t`Offene Zahlungen`}</Title>
        {openRows.length === 0 ? (
          <Text size="sm" c="dimmed">
            {open.isLoading ? t`Wird geladen …` : t`Keine offenen Zahlungen`}
          </Text>
        ) : (
          table(openRows, 'open')
        )}
      </Paper>
      {paidRows.length > 0 ? (
        <Paper withBorder radius="sm" p="md">
          <Title order={4} mb="xs">{t`Von Hand bezahlt ${year}`}</Title>
          {table(paidRows, 'paid')}
        </Paper>
      ) : null}
      {paying ? <SettleDialog instalment={briefOf(paying)} defaultAccountId={paying.accountId} onClose={() => setPaying(null)} /> : null}
      {element}
    </>
  );
}
