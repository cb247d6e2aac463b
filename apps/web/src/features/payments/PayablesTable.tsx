import { type PayableItem, paymentRecordLabel } from '@app/domain';
import { useLingui } from '@lingui/react/macro';
import { Button, Checkbox, Group, ScrollArea, Table, Text } from '@mantine/core';
import { Amount, AmountCell } from '../../ui/Amount.tsx';
import { formatDate } from '../../ui/date.ts';
import { useScope } from '../scope/useScope.ts';
import { notPayableText } from './labels.ts';
import { allOf, tickedTotal, toggled } from './selection.ts';

/** The rows of a payments table that may be ticked (the payable ones) as `{ id, amount }`. */
export function tickableRows(items: readonly PayableItem[]) {
  return items.filter((i) => i.doHomeBank || i.notPayable === null).map((i) => ({ id: i.payment.id, amount: i.payment.amount }));
}

/**
 * The instalments of an order (register) or of a new order (homebanking): a checkbox per payable row,
 * All and None, the running total of the ticked; not payable rows stay listed, greyed, with their reason.
 * A bill of an earlier year carried over into the scope year shows its record as `number/year`.
 */
export function PayablesTable({
  items,
  ticked,
  onChange,
  testId,
}: {
  items: readonly PayableItem[];
  ticked: ReadonlySet<number>;
  onChange: (ticked: Set<number>) => void;
  testId: string;
}) {
  const { t, i18n } = useLingui();
  const { year } = useScope();
  const rows = tickableRows(items);
  const sum = tickedTotal(rows, ticked);
  return (
    <div data-testid={testId}>
      <Group justify="space-between" mb="xs">
        <Group gap="xs">
          <Button size="xs" variant="default" onClick={() => onChange(allOf(rows))} data-testid={`${testId}-all`}>
            {t({ message: 'Alle', context: 'payments' })}
          </Button>
          <Button size="xs" variant="default" onClick={() => onChange(new Set())} data-testid={`${testId}-none`}>
            {t({ message: 'Keine', context: 'payments' })}
          </Button>
        </Group>
        <Text size="sm" fw={600} data-testid={`${testId}-total`}>
          {t`Ausgewählt: ${sum.count}`} · <Amount cents={sum.total} style={{ minWidth: 0 }} />
        </Text>
      </Group>
      <ScrollArea.Autosize mah={440}>
        <Table striped withTableBorder fz="sm" stickyHeader>
          <Table.Thead>
            <Table.Tr>
              <Table.Th w={36} />
              <Table.Th>{t`Nr.`}</Table.Th>
              <Table.Th>{t`Lieferant`}</Table.Th>
              <Table.Th>{t`Beleg`}</Table.Th>
              <Table.Th>{t`Belegdatum`}</Table.Th>
              <Table.Th>{t`Fällig am`}</Table.Th>
              <Table.Th>{t`Konto`}</Table.Th>
              <Table.Th ta="right">{t`Betrag`}</Table.Th>
            </Table.Tr>
          </Table.Thead>
          <Table.Tbody>
            {items.map((item) => {
              const payable = item.doHomeBank || item.notPayable === null;
              const { invoice, payment } = item;
              const record = paymentRecordLabel(invoice.recordNumber, invoice.year, year);
              const supplier = invoice.issuedBy.code === null ? invoice.issuedBy.name : `${invoice.issuedBy.code} ${invoice.issuedBy.name}`;
              return (
                <Table.Tr key={payment.id} c={payable ? undefined : 'dimmed'} data-testid={`${testId}-row`} data-payable={payable}>
                  <Table.Td>
                    {payable ? (
                      <Checkbox
                        checked={ticked.has(payment.id)}
                        onChange={() => onChange(toggled(ticked, payment.id))}
                        aria-label={t`Zahlung ${invoice.recordNumber} auswählen`}
                        data-testid={`${testId}-tick`}
                      />
                    ) : null}
                  </Table.Td>
                  <Table.Td>{record}</Table.Td>
                  <Table.Td>
                    {supplier}
                    {payable ? null : (
                      <Text size="xs" c="dimmed" data-testid={`${testId}-reason`}>
                        {notPayableText(i18n, item.notPayable)}
                      </Text>
                    )}
                  </Table.Td>
                  <Table.Td>{invoice.documentNumber}</Table.Td>
                  <Table.Td>{formatDate(invoice.documentDate)}</Table.Td>
                  <Table.Td>{formatDate(payment.dateDue)}</Table.Td>
                  <Table.Td>{invoice.accountCode}</Table.Td>
                  <AmountCell cents={payment.amount} />
                </Table.Tr>
              );
            })}
          </Table.Tbody>
        </Table>
      </ScrollArea.Autosize>
    </div>
  );
}
