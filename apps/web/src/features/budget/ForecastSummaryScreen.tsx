import { useLingui } from '@lingui/react/macro';
import { Button, Group, Paper, Stack, Table, Text, Title } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { useNavigate } from '@tanstack/react-router';
import { QueryResult } from '../../ui/QueryResult.tsx';
import { Amount, AmountCell } from '../../ui/Amount.tsx';
import { localDescription } from '../../ui/chartLabels.ts';
import { formatDate } from '../../ui/date.ts';
import { BudgetStateAlert } from '../../ui/BudgetStateAlert.tsx';
import { BalanceChecks } from './BudgetParts.tsx';
import { budgetMessages } from './labels.ts';
import { forecastSummaryQuery, forecastTitlesQuery } from './queries.ts';
import { useBudgetScope } from './useBudgetScope.ts';

const num = { fontVariantNumeric: 'tabular-nums', whiteSpace: 'nowrap' } as const;

/**
 * Forecast summary (menu `budget/forecast/details`): per title revenues, expenses and surplus, the
 * totals with the surplus used, the balance checks (neutral while empty, a failed one says by how
 * much) and the buttons that open the chapter editor of revenues and of expenses.
 */
export function ForecastSummaryScreen() {
  const { t, i18n } = useLingui();
  const { department, year, closed, status } = useBudgetScope();
  const summary = useQuery(forecastSummaryQuery({ department, year }));
  const navigate = useNavigate();
  const openPart = (part: 'revenues' | 'expenses') =>
    void navigate({ to: '/dept/$dept/year/$year/budget/forecast/details/$part', params: { dept: department.code, year: String(year), part } });
  const titles = useQuery(forecastTitlesQuery({ department, year }));

  const titleName = (part: number, title: number) => {
    const row = titles.data?.entities.find((r) => r.part === part && r.title === title);
    return row ? localDescription(i18n, row) : '';
  };

  const s = summary.data;
  return (
    <Stack gap="sm" maw={1000}>
      <Group justify="space-between" align="flex-start">
        <div>
          <Title order={2} data-testid="screen-title">
            {t`Haushaltsvoranschlag ${year}`}
          </Title>
          <Text size="sm" c="dimmed">
            {s?.approval ? t`Genehmigt am ${formatDate(s.approval)}` : t`Nicht genehmigt`}
          </Text>
        </div>
        <Group gap="xs">
          <Button onClick={() => openPart('revenues')} data-testid="open-revenues">
            {t`Einnahmen bearbeiten`}
          </Button>
          <Button onClick={() => openPart('expenses')} data-testid="open-expenses">
            {t`Ausgaben bearbeiten`}
          </Button>
          <Button
            onClick={() => void navigate({ to: '/dept/$dept/year/$year/budget/forecast/surplus', params: { dept: department.code, year: String(year) } })}
            variant="default"
            data-testid="open-surplus"
          >
            {t`Überschuss`}
          </Button>
        </Group>
      </Group>
      <BudgetStateAlert closed={closed} approved={Boolean(s?.approval)} status={status} />
      <QueryResult query={summary}>
        {(s) => (
          <>
            <Paper withBorder radius="sm">
              <Table verticalSpacing={5} horizontalSpacing="sm" fz="sm" striped data-testid="forecast-summary" layout="fixed">
                <Table.Thead>
                  <Table.Tr>
                    <Table.Th w={70}>{t`Titel`}</Table.Th>
                    <Table.Th>{t`Bezeichnung`}</Table.Th>
                    <Table.Th w={150} ta="right">
                      {t`Einnahmen`}
                    </Table.Th>
                    <Table.Th w={150} ta="right">
                      {t`Ausgaben`}
                    </Table.Th>
                    <Table.Th w={150} ta="right">
                      {t`Differenz`}
                    </Table.Th>
                  </Table.Tr>
                </Table.Thead>
                <Table.Tbody>
                  {s.titles.map((row) => (
                    <Table.Tr key={row.title} data-testid={`summary-title-${row.title}`}>
                      <Table.Td style={num}>{row.title}</Table.Td>
                      <Table.Td>
                        <Text size="sm" truncate>
                          {[titleName(1, row.title), titleName(2, row.title)].filter(Boolean).join(' / ')}
                        </Text>
                      </Table.Td>
                      <AmountCell cents={row.revenues} />
                      <AmountCell cents={row.expenses} />
                      <AmountCell cents={row.surplus} />
                    </Table.Tr>
                  ))}
                  <Table.Tr>
                    <Table.Td />
                    <Table.Td>{t`Verwendeter Überschuss`}</Table.Td>
                    <AmountCell cents={s.totals.surplusUsed} testId="summary-surplus-used" />
                    <Table.Td />
                    <AmountCell cents={s.totals.surplusUsed} />
                  </Table.Tr>
                </Table.Tbody>
                <Table.Tfoot>
                  <Table.Tr style={{ borderTop: '2px solid var(--mantine-color-default-border)' }}>
                    <Table.Th />
                    <Table.Th>{t`Summe`}</Table.Th>
                    <Table.Th ta="right">
                      <Amount cents={s.totals.revenues + s.totals.surplusUsed} size="sm" fw={700} data-testid="summary-revenues" />
                    </Table.Th>
                    <Table.Th ta="right">
                      <Amount cents={s.totals.expenses} size="sm" fw={700} data-testid="summary-expenses" />
                    </Table.Th>
                    <Table.Th ta="right">
                      <Amount cents={s.totals.surplus} size="sm" fw={700} data-testid="summary-balance" />
                    </Table.Th>
                  </Table.Tr>
                </Table.Tfoot>
              </Table>
            </Paper>
            <Paper withBorder radius="sm" p="sm">
              <Text size="xs" fw={700} tt="uppercase" c="dimmed" mb={6}>
                {t`Ausgleichsprüfung`}
              </Text>
              {s.isEmpty ? (
                <Text size="sm" c="dimmed" mb={6} data-testid="summary-empty">
                  {i18n._(budgetMessages.noTitles)}
                </Text>
              ) : null}
              <BalanceChecks checks={s.checks} empty={s.isEmpty} />
            </Paper>
          </>
        )}
      </QueryResult>
    </Stack>
  );
}
