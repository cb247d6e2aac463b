/**
 * The year at a glance on a brigade's home (issue 30): budget against use per part and title, the chapters closest to
 * running out, the cash month by month, the instalments due and — from November on, or once the year is over — what
 * still blocks the final account. One query (overview.year, every figure from the books' own reads); every chart has
 * its table under it, the accessible form of the same figures. Loaded only on the home (lazy: the charts' code is a
 * chunk of its own).
 */
import '@mantine/charts/styles.css';
import { type DueInstalment, formatAmount, formatChapter, Part, type TitleUse, type YearOverview } from '@app/domain';
import { BarChart } from '@mantine/charts';
import { MonthEndsChart } from './MonthEndsChart.tsx';
import { Trans, useLingui } from '@lingui/react/macro';
import { Alert, Anchor, Badge, Button, Group, Loader, Paper, SimpleGrid, Stack, Table, Text } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { Link } from '@tanstack/react-router';
import { type ReactNode, useState } from 'react';
import { errorText } from '../../lib/errorMessages.ts';
import { trpc } from '../../lib/trpc.ts';
import { AmountCell } from '../../ui/Amount.tsx';
import { localDescription } from '../../ui/chartLabels.ts';
import { formatDate } from '../../ui/date.ts';
import { useDigestPanels } from '../digests/DigestPanels.tsx';
import { CriteriaList } from '../finalBalance/CriteriaList.tsx';
import { SettleDialog } from '../payments/SettleDialog.tsx';
import { useScope } from '../scope/useScope.ts';

const euros = (cents: number) => cents / 100;
const moneyText = (value: number) => formatAmount(Math.round(value * 100));

/** From November on, or once the year is over, the final account's criteria are shown (before, they are not due yet). */
export function showsCriteria(year: number, today: string): boolean {
  return today >= `${year}-11-01`;
}

export function YearAtAGlance() {
  const { i18n } = useLingui();
  const { department, year } = useScope();
  const view = useQuery({ ...trpc.overview.year.queryOptions({ departmentId: department.id, year }), staleTime: 0, refetchOnMount: 'always' });
  if (view.error) {
    return (
      <Alert color="red" variant="light">
        {errorText(i18n, view.error)}
      </Alert>
    );
  }
  if (!view.data) return <Loader size="sm" />;
  const data = view.data;
  return (
    <Stack gap="md" data-testid="year-at-a-glance">
      {/* the wide tables (six figure columns, twelve months) take the whole width; the lists sit side by side */}
      <BudgetUseCard titles={data.titles} />
      <SimpleGrid cols={{ base: 1, lg: 2 }} spacing="md" verticalSpacing="md">
        <TightChaptersCard data={data} />
        <DueCard data={data} />
      </SimpleGrid>
      <CashCard data={data} />
      {showsCriteria(data.year, data.date) ? (
        <Card title={<Trans>Was den Rechnungsabschluss noch aufhält</Trans>} testId="glance-criteria">
          <CriteriaList balance={{ criteria: data.criteria.map((c) => (c.passed ? 1 : 0)) }} />
        </Card>
      ) : null}
    </Stack>
  );
}

function Card({ title, children, testId }: { title: ReactNode; children: ReactNode; testId: string }) {
  return (
    <Paper withBorder radius="sm" p="sm" data-testid={testId}>
      <Stack gap={8}>
        <Text size="xs" fw={700} tt="uppercase" c="dimmed">
          {title}
        </Text>
        {children}
      </Stack>
    </Paper>
  );
}

/** "Einnahmen Titel 1" / "Entrate titolo 1", a part's total row "Einnahmen gesamt" / "Totale entrate". */
function useTitleLabel(): (r: TitleUse) => string {
  const { t } = useLingui();
  return (r) => {
    const n = r.title;
    if (r.part === Part.Revenues) return n === null ? t`Einnahmen gesamt` : t`Einnahmen Titel ${n}`;
    return n === null ? t`Ausgaben gesamt` : t`Ausgaben Titel ${n}`;
  };
}

/** Stacked bars per part and title: paid / collected, open, reserved and what is left of the final budget; the table below. */
function BudgetUseCard({ titles }: { titles: TitleUse[] }) {
  const { t } = useLingui();
  const titleLabel = useTitleLabel();
  const rows = titles.filter((r) => r.title !== null);
  const chart = rows.map((r) => ({
    label: titleLabel(r),
    payments: euros(r.payments),
    openPayments: euros(r.openPayments),
    reservations: euros(r.reservations),
    left: euros(Math.max(0, r.availability)),
  }));
  return (
    <Card title={<Trans>Haushalt und Verwendung</Trans>} testId="glance-budget">
      <BarChart
        h={Math.max(160, 30 * chart.length + 60)}
        data={chart}
        dataKey="label"
        type="stacked"
        orientation="vertical"
        yAxisProps={{ width: 130 }}
        valueFormatter={moneyText}
        withLegend
        legendProps={{ verticalAlign: 'bottom' }}
        series={[
          { name: 'payments', color: 'blue.6', label: t`Bezahlt / eingenommen` },
          { name: 'openPayments', color: 'orange.5', label: t`Offen` },
          { name: 'reservations', color: 'yellow.5', label: t`Vorgemerkt` },
          { name: 'left', color: 'gray.4', label: t`Verfügbar / noch einzunehmen` },
        ]}
      />
      <Table striped withTableBorder fz="sm" verticalSpacing={2} data-testid="glance-budget-table">
        <Table.Thead>
          <Table.Tr>
            <Table.Th />
            <Table.Th ta="right">{t`Endansatz`}</Table.Th>
            <Table.Th ta="right">{t`Bezahlt / eingenommen`}</Table.Th>
            <Table.Th ta="right">{t`Offen`}</Table.Th>
            <Table.Th ta="right">{t`Vorgemerkt`}</Table.Th>
            <Table.Th ta="right">{t`Verfügbar / noch einzunehmen`}</Table.Th>
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {titles.map((r) => (
            <Table.Tr
              key={`${r.part}-${r.title ?? 'total'}`}
              fw={r.title === null ? 700 : undefined}
              data-testid={`glance-title-${r.part}-${r.title ?? 'total'}`}
            >
              <Table.Td style={{ whiteSpace: 'nowrap' }}>{titleLabel(r)}</Table.Td>
              <AmountCell cents={r.budgetFinal} />
              <AmountCell cents={r.payments} />
              <AmountCell cents={r.openPayments} />
              <AmountCell cents={r.reservations} />
              <AmountCell cents={r.availability} />
            </Table.Tr>
          ))}
        </Table.Tbody>
      </Table>
    </Card>
  );
}

/** The expense chapters closest to running out (exceeded ones in red), each opening its chapter register. */
function TightChaptersCard({ data }: { data: YearOverview }) {
  const { t, i18n } = useLingui();
  const digests = useDigestPanels();
  return (
    <Card title={<Trans>Kapitel, die bald ausgeschöpft sind</Trans>} testId="glance-tight">
      {data.tightChapters.length === 0 ? (
        <Text size="sm" c="dimmed">{t`Noch kein Ausgabenkapitel verwendet.`}</Text>
      ) : (
        <Table fz="sm" verticalSpacing={3} data-testid="glance-tight-table">
          <Table.Thead>
            <Table.Tr>
              <Table.Th>{t`Kapitel`}</Table.Th>
              <Table.Th ta="right">{t`Endansatz`}</Table.Th>
              <Table.Th ta="right">{t`Verwendet`}</Table.Th>
              <Table.Th ta="right">{t`Verfügbar`}</Table.Th>
            </Table.Tr>
          </Table.Thead>
          <Table.Tbody>
            {data.tightChapters.map((c) => (
              <Table.Tr key={c.chapterId} c={c.exceeded ? 'red' : undefined} data-testid={`glance-tight-${c.chapter}`} data-exceeded={c.exceeded}>
                <Table.Td>
                  <Anchor
                    component="button"
                    type="button"
                    size="sm"
                    c={c.exceeded ? 'red' : undefined}
                    data-testid={`glance-tight-open-${c.chapter}`}
                    onClick={() =>
                      digests.showChapter({
                        id: c.chapterId,
                        chapter: c.chapter,
                        part: Part.Expenses,
                        descriptionDeu: c.descriptionDeu,
                        descriptionIta: c.descriptionIta,
                        emptyChapter: c.isEditable,
                      })
                    }
                  >
                    {formatChapter(c.chapter)}
                  </Anchor>{' '}
                  <Text span size="sm">
                    {localDescription(i18n, c)}
                  </Text>
                </Table.Td>
                <AmountCell cents={c.budgetFinal} />
                <Table.Td ta="right" style={{ whiteSpace: 'nowrap' }}>
                  <Badge size="sm" variant="light" color={c.exceeded ? 'red' : (c.usedPerMille ?? 0) >= 900 ? 'orange' : 'blue'} tt="none">
                    {c.usedPerMille === null ? '—' : `${i18n.number(c.usedPerMille / 10, { maximumFractionDigits: 1 })} %`}
                  </Badge>
                </Table.Td>
                <AmountCell cents={c.availability} />
              </Table.Tr>
            ))}
          </Table.Tbody>
        </Table>
      )}
    </Card>
  );
}

/** The balance of each account at every month's end (a line each, the total bold), the table of the same figures. */
function CashCard({ data }: { data: YearOverview }) {
  const { t, i18n } = useLingui();
  const months = Array.from({ length: 12 }, (_, m) => i18n.date(new Date(Date.UTC(data.year, m, 15)), { month: 'short', timeZone: 'UTC' }));
  return (
    <Card title={<Trans>Kassa im Jahresverlauf</Trans>} testId="glance-cash">
      <MonthEndsChart
        months={months}
        total={{ key: 'total', label: t`Gesamt`, monthEnds: data.cashMonthEnds.map(euros) }}
        parts={data.accounts.map((a) => ({ key: a.accountCode, label: `${a.accountCode} ${localDescription(i18n, a)}`, monthEnds: a.monthEnds.map(euros) }))}
        valueFormatter={moneyText}
        axisWidth={90}
      />
      <Table fz="xs" verticalSpacing={1} horizontalSpacing={4} withTableBorder data-testid="glance-cash-table">
        <Table.Thead>
          <Table.Tr>
            <Table.Th>{t`Konto`}</Table.Th>
            {months.map((m) => (
              <Table.Th key={m} ta="right">
                {m}
              </Table.Th>
            ))}
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {[
            ...data.accounts.map((a) => ({ key: a.accountCode, label: a.accountCode, values: a.monthEnds })),
            { key: 'total', label: t`Gesamt`, values: data.cashMonthEnds },
          ].map((r) => (
            <Table.Tr key={r.key} fw={r.key === 'total' ? 700 : undefined} data-testid={`glance-cash-${r.key}`}>
              <Table.Td>{r.label}</Table.Td>
              {r.values.map((v, m) => (
                <Table.Td key={m} ta="right" style={{ fontVariantNumeric: 'tabular-nums', whiteSpace: 'nowrap' }} c={v < 0 ? 'red' : undefined}>
                  {formatAmount(v)}
                </Table.Td>
              ))}
            </Table.Tr>
          ))}
        </Table.Tbody>
      </Table>
    </Card>
  );
}

/** The instalments due in the next 30 days and the overdue ones, each payable by hand here (SettleDialog), or into an order. */
function DueCard({ data }: { data: YearOverview }) {
  const { t } = useLingui();
  const { department, year } = useScope();
  const [paying, setPaying] = useState<DueInstalment | null>(null);
  const to = (target: 'payments/pay' | 'payments/homebanking') => `/dept/${department.code}/year/${year}/${target}`;
  return (
    <Card title={<Trans>Als Nächstes fällig</Trans>} testId="glance-due">
      {!data.openPaymentsAllowed ? (
        <Text size="sm" c="dimmed">{t`Diese Feuerwehr bezahlt jede Rechnung gleich: keine offenen Raten.`}</Text>
      ) : data.due.length === 0 ? (
        <Text size="sm" c="dimmed">{t`In den nächsten 30 Tagen ist nichts fällig.`}</Text>
      ) : (
        <>
          <Table fz="sm" verticalSpacing={3} data-testid="glance-due-table">
            <Table.Thead>
              <Table.Tr>
                <Table.Th>{t`Fällig am`}</Table.Th>
                <Table.Th>{t`Lieferant`}</Table.Th>
                <Table.Th>{t`Buchung`}</Table.Th>
                <Table.Th ta="right">{t`Betrag`}</Table.Th>
                <Table.Th />
              </Table.Tr>
            </Table.Thead>
            <Table.Tbody>
              {data.due.map((d) => (
                <Table.Tr key={d.paymentId} data-testid={`glance-due-${d.paymentId}`}>
                  <Table.Td c={d.overdue ? 'red' : undefined} fw={d.overdue ? 600 : undefined} style={{ whiteSpace: 'nowrap' }}>
                    {d.dateDue ? formatDate(d.dateDue) : '—'}
                    {d.overdue ? ` · ${t`überfällig`}` : ''}
                  </Table.Td>
                  <Table.Td>{d.supplierName}</Table.Td>
                  <Table.Td style={{ whiteSpace: 'nowrap' }}>
                    {d.recordNumber}/{d.year}
                    {d.orderNumber !== null ? ` · ${t`Auftrag ${d.orderNumber}`}` : ''}
                  </Table.Td>
                  <AmountCell cents={d.amount} />
                  <Table.Td ta="right">
                    {/* an instalment in a stored homebanking order is paid by registering the order */}
                    {d.orderNumber === null ? (
                      <Button size="compact-xs" variant="light" onClick={() => setPaying(d)} data-testid={`glance-due-pay-${d.paymentId}`}>
                        {t`Bezahlen`}
                      </Button>
                    ) : null}
                  </Table.Td>
                </Table.Tr>
              ))}
            </Table.Tbody>
          </Table>
          {data.dueMore > 0 ? <Text size="xs" c="dimmed">{t`und ${data.dueMore} weitere`}</Text> : null}
          {paying ? (
            <SettleDialog instalment={{ ...paying, dateDue: paying.dateDue ?? '' }} defaultAccountId={paying.accountId} onClose={() => setPaying(null)} />
          ) : null}
          <Group gap="md">
            <Anchor component={Link} to={to('payments/pay')} size="sm" data-testid="glance-due-open">
              {t`Alle offenen Zahlungen`}
            </Anchor>
            <Anchor component={Link} to={to('payments/homebanking')} size="sm" data-testid="glance-due-order">
              {t`In einen Zahlungsauftrag`}
            </Anchor>
          </Group>
        </>
      )}
    </Card>
  );
}
