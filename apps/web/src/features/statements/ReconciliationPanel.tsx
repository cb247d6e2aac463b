/**
 * Abstimmung / Riconciliazione (issue 28): for a bank account and a day, the bank's closing balance (its latest
 * stored statement up to the day) beside the book balance, the difference, and what explains it: statement
 * lines the books don't have, and bookings of the account no statement names.
 */
import { AccountType, formatDate, type Reconciliation } from '@app/domain';
import { useLingui } from '@lingui/react/macro';
import { Alert, Group, Paper, Select, SimpleGrid, Stack, Table, Text, Title } from '@mantine/core';
import { skipToken, useQuery } from '@tanstack/react-query';
import { errorText } from '../../lib/errorMessages.ts';
import { trpc } from '../../lib/trpc.ts';
import { Amount } from '../../ui/Amount.tsx';
import { DateInput } from '../../ui/DateInput.tsx';

function Figure({ label, cents, testId, strong }: { label: string; cents: number | null; testId: string; strong?: boolean }) {
  return (
    <Stack gap={0} align="flex-end">
      <Text size="xs" c="dimmed">
        {label}
      </Text>
      {cents === null ? <Text data-testid={testId}>–</Text> : <Amount cents={cents} fw={strong ? 700 : 500} size="lg" data-testid={testId} />}
    </Stack>
  );
}

export function ReconciliationPanel({
  scope,
  accountId,
  onAccount,
  date,
  onDate,
}: {
  scope: { departmentId: number; year: number };
  accountId: number | null;
  onAccount: (id: number | null) => void;
  date: string | null;
  onDate: (date: string | null) => void;
}) {
  const { t, i18n } = useLingui();
  const accounts = useQuery(trpc.accounts.list.queryOptions({ ...scope, includeInactive: false, page: 1, pageSize: 100 }));
  const banks = (accounts.data?.entities ?? []).filter((a) => a.type !== AccountType.Cash);
  const shown = accountId ?? banks[0]?.id ?? null;
  const rec = useQuery(trpc.statements.reconciliation.queryOptions(shown === null ? skipToken : { ...scope, accountId: shown, date }));
  const r: Reconciliation | undefined = rec.data;
  return (
    <Paper withBorder radius="sm" p="md" data-testid="reconciliation">
      <Stack gap="sm">
        <Group justify="space-between" align="flex-end">
          <Title order={4}>{t`Abstimmung mit der Bank`}</Title>
          <Group gap="sm" align="flex-end">
            <Select
              label={t`Konto`}
              w={300}
              allowDeselect={false}
              data={banks.map((a) => ({ value: String(a.id), label: `${a.code} – ${i18n.locale === 'it' ? a.descriptionIta : a.descriptionDeu}` }))}
              value={shown === null ? null : String(shown)}
              onChange={(v) => onAccount(v === null ? null : Number(v))}
              data-testid="reconciliation-account"
            />
            <DateInput label={t`Stichtag`} value={date} onChange={onDate} w={150} data-testid="reconciliation-date" />
          </Group>
        </Group>
        {rec.error ? (
          <Alert color="red" variant="light">
            {errorText(i18n, rec.error)}
          </Alert>
        ) : r ? (
          <>
            <SimpleGrid cols={3} spacing="md">
              <Figure label={t`Kontostand laut Bank`} cents={r.bankBalance} testId="reconciliation-bank" />
              <Figure label={t`Kontostand laut Büchern`} cents={r.bookBalance} testId="reconciliation-books" />
              <Figure label={t`Differenz`} cents={r.difference} testId="reconciliation-difference" strong />
            </SimpleGrid>
            <Text size="sm" c="dimmed">
              {r.statementId === null
                ? t`Für dieses Konto ist bis ${formatDate(r.date)} noch kein Kontoauszug eingelesen.`
                : t`Stand ${formatDate(r.date)}, IBAN ${r.iban}`}
            </Text>
            {r.difference === 0 ? (
              <Alert color="green" variant="light" data-testid="reconciliation-agree">
                {t`Bank und Bücher stimmen überein.`}
              </Alert>
            ) : null}
            {r.unbooked.length > 0 ? (
              <Stack gap={4}>
                <Text fw={600} size="sm">{t`Auf dem Kontoauszug, nicht in den Büchern`}</Text>
                <Table verticalSpacing={4} data-testid="reconciliation-unbooked">
                  <Table.Tbody>
                    {r.unbooked.map((u) => (
                      <Table.Tr key={`${u.statementId}-${u.index}`}>
                        <Table.Td w={100}>{formatDate(u.bookingDate)}</Table.Td>
                        <Table.Td>{[u.counterpartyName, u.remittance].filter(Boolean).join(' · ')}</Table.Td>
                        <Table.Td ta="right" w={130}>
                          <Amount cents={u.creditDebit === 'CRDT' ? u.amount : -u.amount} size="sm" />
                        </Table.Td>
                      </Table.Tr>
                    ))}
                  </Table.Tbody>
                </Table>
              </Stack>
            ) : null}
            {r.notOnStatement.length > 0 ? (
              <Stack gap={4}>
                <Text fw={600} size="sm">{t`In den Büchern, auf keinem Kontoauszug`}</Text>
                <Table verticalSpacing={4} data-testid="reconciliation-not-on-statement">
                  <Table.Tbody>
                    {r.notOnStatement.map((b, i) => (
                      <Table.Tr key={`${b.source}-${b.movementId ?? b.transferId}-${b.paymentId}-${i}`}>
                        <Table.Td w={100}>{formatDate(b.bookedOn)}</Table.Td>
                        <Table.Td>{b.recordNumber === null ? '' : t`Nr. ${b.recordNumber}`}</Table.Td>
                        <Table.Td ta="right" w={130}>
                          <Amount cents={b.amount} size="sm" />
                        </Table.Td>
                      </Table.Tr>
                    ))}
                  </Table.Tbody>
                </Table>
              </Stack>
            ) : null}
          </>
        ) : null}
      </Stack>
    </Paper>
  );
}
