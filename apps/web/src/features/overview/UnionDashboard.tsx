/**
 * The union's dashboard on the union's overview of departments (issue 30): the brigades by the state of their
 * forecast and of their final account as stacked bars per district — a click on a bar (or on a count of the table
 * under it) filters the table of brigades below —, the cash at each month's end, open payments, residues carried and
 * brigades with an exceeded chapter per district and for the union, and the late approvals with their dates. One
 * query (overview.union); every chart has its table, the accessible form of the same figures; the CSV holds what the
 * brigades' table shows. Loaded only on this route (lazy: the charts' code is a chunk of its own).
 */
import '@mantine/charts/styles.css';
import {
  FINAL_ACCOUNT_STATES,
  FORECAST_STATES,
  formatAmount,
  type UnionDepartment,
  type UnionOverview,
  type UnionTotals,
  unionDashboardFileName,
  unionTotals,
} from '@app/domain';
import { BarChart } from '@mantine/charts';
import { Trans, useLingui } from '@lingui/react/macro';
import { Anchor, Badge, Button, CloseButton, Group, Paper, Stack, Table, Text } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { type ReactNode, useState } from 'react';
import { errorText } from '../../lib/errorMessages.ts';
import { trpc } from '../../lib/trpc.ts';
import { AmountCell } from '../../ui/Amount.tsx';
import { formatDate } from '../../ui/date.ts';
import { downloadText } from '../../ui/download.ts';
import { notifyError } from '../../ui/notify.ts';
import { QueryResult } from '../../ui/QueryResult.tsx';
import { uiLanguage } from '../i18n/language.ts';
import { departmentName } from '../scope/departments.ts';
import { useScope } from '../scope/useScope.ts';
import { MonthEndsChart } from './MonthEndsChart.tsx';
import { finalAccountStateColors, finalAccountStateLabels, forecastStateColors, forecastStateLabels } from './labels.ts';

const euros = (cents: number) => cents / 100;
const moneyText = (value: number) => formatAmount(Math.round(value * 100));

type Kind = 'forecast' | 'finalAccount';

/** What a click on a bar (or a count) chose: the district and, optionally, one state of one of the two bars. */
export interface DashboardFilter {
  district: string;
  kind?: Kind | undefined;
  state?: string | undefined;
}

export function filteredDepartments(departments: readonly UnionDepartment[], filter: DashboardFilter | null): UnionDepartment[] {
  if (!filter) return [...departments];
  return departments.filter((d) => d.district === filter.district && (!filter.kind || !filter.state || d[filter.kind] === filter.state));
}

/** `filter`: the brigades' table's filter, kept by the screen in the URL (`dash…`); `onFilter` sets it (null: all brigades). */
export function UnionDashboard({ filter, onFilter }: { filter: DashboardFilter | null; onFilter: (filter: DashboardFilter | null) => void }) {
  const { department, year } = useScope();
  const view = useQuery({ ...trpc.overview.union.queryOptions({ departmentId: department.id, year }), staleTime: 0, refetchOnMount: 'always' });
  return (
    <QueryResult query={view}>
      {(data) => (
        <Stack gap="md" data-testid="union-dashboard">
          <StatesCard data={data} kind="forecast" onFilter={onFilter} />
          <StatesCard data={data} kind="finalAccount" onFilter={onFilter} />
          <BrigadesCard data={data} filter={filter} onClear={() => onFilter(null)} />
          <CashCard data={data} />
          <FiguresCard data={data} />
          <LateCard data={data} />
        </Stack>
      )}
    </QueryResult>
  );
}

function Card({ title, children, testId, actions }: { title: ReactNode; children: ReactNode; testId: string; actions?: ReactNode }) {
  return (
    <Paper withBorder radius="sm" p="sm" data-testid={testId}>
      <Stack gap={8}>
        <Group justify="space-between" wrap="nowrap">
          <Text size="xs" fw={700} tt="uppercase" c="dimmed">
            {title}
          </Text>
          {actions}
        </Group>
        {children}
      </Stack>
    </Paper>
  );
}

/** "100 Bezirk Bozen" from the district's own department when shown, else the code; the union's own row "000 Landesverband". */
function useDistrictLabel(data: UnionOverview): (code: string | null) => string {
  const { t, i18n } = useLingui();
  const language = uiLanguage(i18n.locale);
  return (code) => {
    if (code === null) return t`Landesverband gesamt`;
    const own = data.departments.find((d) => d.code === code);
    return own ? `${code} ${departmentName(own, language)}` : code;
  };
}

/** Stacked bars per district of the brigades by state; a bar's click filters the brigades' table; the counts' table below. */
function StatesCard({ data, kind, onFilter }: { data: UnionOverview; kind: Kind; onFilter: (f: DashboardFilter) => void }) {
  const { t, i18n } = useLingui();
  const districtLabel = useDistrictLabel(data);
  const states = kind === 'forecast' ? FORECAST_STATES : FINAL_ACCOUNT_STATES;
  const labels: Record<string, { id: string }> = kind === 'forecast' ? forecastStateLabels : finalAccountStateLabels;
  const colors: Record<string, string> = kind === 'forecast' ? forecastStateColors : finalAccountStateColors;
  const countsOf = (d: UnionTotals): Record<string, number> => d[kind];
  const chart = data.districts.map((d) => ({ district: d.district ?? '', label: d.district ?? '', ...countsOf(d) }));
  return (
    <Card
      title={kind === 'forecast' ? <Trans>Haushaltsvoranschlag {data.year}</Trans> : <Trans>Rechnungsabschluss {data.year}</Trans>}
      testId={`union-states-${kind}`}
    >
      <BarChart
        h={Math.max(150, 34 * chart.length + 70)}
        data={chart}
        dataKey="label"
        type="stacked"
        orientation="vertical"
        yAxisProps={{ width: 50 }}
        xAxisProps={{ allowDecimals: false }}
        withLegend
        legendProps={{ verticalAlign: 'bottom' }}
        barProps={(series) => ({
          cursor: 'pointer',
          onClick: (bar: { payload?: { district?: string } }) => {
            if (bar.payload?.district) onFilter({ district: bar.payload.district, kind, state: series.name });
          },
        })}
        series={states.map((s) => ({ name: s, color: colors[s] ?? 'gray.5', label: i18n._(labels[s]!) }))}
      />
      <Table striped withTableBorder fz="sm" verticalSpacing={2} data-testid={`union-states-${kind}-table`}>
        <Table.Thead>
          <Table.Tr>
            <Table.Th>{t`Bezirk`}</Table.Th>
            {states.map((s) => (
              <Table.Th key={s} ta="right">
                {i18n._(labels[s]!)}
              </Table.Th>
            ))}
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {[...data.districts, data.union].map((d) => (
            <Table.Tr key={d.district ?? 'union'} fw={d.district === null ? 700 : undefined} data-testid={`union-states-${kind}-${d.district ?? 'union'}`}>
              <Table.Td style={{ whiteSpace: 'nowrap' }}>{districtLabel(d.district)}</Table.Td>
              {states.map((s) => (
                <Table.Td key={s} ta="right" data-state={s}>
                  {d.district !== null && countsOf(d)[s] ? (
                    <Anchor component="button" type="button" size="sm" onClick={() => onFilter({ district: d.district as string, kind, state: s })}>
                      {countsOf(d)[s]}
                    </Anchor>
                  ) : (
                    countsOf(d)[s]
                  )}
                </Table.Td>
              ))}
            </Table.Tr>
          ))}
        </Table.Tbody>
      </Table>
    </Card>
  );
}

/** The brigades shown (all, or the district and state a click chose) with every figure; CSV of what is shown. */
function BrigadesCard({ data, filter, onClear }: { data: UnionOverview; filter: DashboardFilter | null; onClear: () => void }) {
  const { t, i18n } = useLingui();
  const language = uiLanguage(i18n.locale);
  const districtLabel = useDistrictLabel(data);
  const [exporting, setExporting] = useState(false);
  const rows = filteredDepartments(data.departments, filter);
  const totals = filter ? unionTotals(filter.district, rows) : data.union;
  const stateText = (f: DashboardFilter) =>
    f.kind && f.state ? i18n._((f.kind === 'forecast' ? forecastStateLabels : finalAccountStateLabels)[f.state as never] as { id: string }) : '';

  async function exportCsv() {
    setExporting(true);
    try {
      const reports = await import('@app/reports');
      downloadText(reports.unionDashboardCsv({ language, departments: rows, totals }), unionDashboardFileName(language, data.year));
    } catch (error) {
      notifyError(errorText(i18n, error));
    } finally {
      setExporting(false);
    }
  }

  return (
    <Card
      title={<Trans>Feuerwehren</Trans>}
      testId="union-brigades"
      actions={
        <Button size="xs" variant="default" onClick={() => void exportCsv()} loading={exporting} data-testid="union-export">
          {t`CSV exportieren`}
        </Button>
      }
    >
      {filter ? (
        <Group gap={4} data-testid="union-filter" data-district={filter.district} data-state={filter.state ?? ''}>
          <Badge variant="light" tt="none" size="lg">
            {districtLabel(filter.district)}
            {filter.kind ? ` · ${filter.kind === 'forecast' ? t`Voranschlag` : t`Rechnungsabschluss`}: ${stateText(filter)}` : ''}
          </Badge>
          <CloseButton size="sm" aria-label={t`Filter aufheben`} onClick={onClear} data-testid="union-filter-clear" />
        </Group>
      ) : null}
      <Table.ScrollContainer minWidth={1000}>
        <Table striped withTableBorder fz="sm" verticalSpacing={2} data-testid="union-brigades-table">
          <Table.Thead>
            <Table.Tr>
              <Table.Th>{t`Code`}</Table.Th>
              <Table.Th>{t`Name`}</Table.Th>
              <Table.Th>{t`Voranschlag`}</Table.Th>
              <Table.Th>{t`Rechnungsabschluss`}</Table.Th>
              <Table.Th ta="right">{t`Kassa 31.12.`}</Table.Th>
              <Table.Th ta="right">{t`Offene Zahlungen`}</Table.Th>
              <Table.Th ta="right">{t`Aktive Rückstände`}</Table.Th>
              <Table.Th ta="right">{t`Passive Rückstände`}</Table.Th>
              <Table.Th ta="right">{t`Überschrittene Kapitel`}</Table.Th>
            </Table.Tr>
          </Table.Thead>
          <Table.Tbody>
            {rows.map((d) => (
              <Table.Tr key={d.departmentId} data-testid={`union-brigade-${d.code}`}>
                <Table.Td ff="monospace">{d.code}</Table.Td>
                <Table.Td>{departmentName(d, language)}</Table.Td>
                <Table.Td style={{ whiteSpace: 'nowrap' }} data-state={d.forecast}>
                  <Badge size="sm" variant="light" tt="none" color={forecastStateColors[d.forecast]}>
                    {i18n._(forecastStateLabels[d.forecast])}
                  </Badge>
                  {d.forecastApproval ? (
                    <Text size="xs" c="dimmed">
                      {formatDate(d.forecastApproval)}
                    </Text>
                  ) : null}
                </Table.Td>
                <Table.Td style={{ whiteSpace: 'nowrap' }} data-state={d.finalAccount}>
                  <Badge size="sm" variant="light" tt="none" color={finalAccountStateColors[d.finalAccount]}>
                    {i18n._(finalAccountStateLabels[d.finalAccount])}
                  </Badge>
                  {d.finalApproval ? (
                    <Text size="xs" c="dimmed">
                      {formatDate(d.finalApproval)}
                    </Text>
                  ) : null}
                </Table.Td>
                <AmountCell cents={d.cashMonthEnds[11] ?? 0} />
                <AmountCell cents={d.openPayments} />
                <AmountCell cents={d.activeResidues} />
                <AmountCell cents={d.passiveResidues} />
                <Table.Td ta="right" c={d.exceededChapters > 0 ? 'red' : undefined}>
                  {d.exceededChapters}
                </Table.Td>
              </Table.Tr>
            ))}
            <Table.Tr fw={700} data-testid="union-brigades-total">
              <Table.Td />
              <Table.Td>{t`Summe (${rows.length})`}</Table.Td>
              <Table.Td />
              <Table.Td />
              <AmountCell cents={totals.cashMonthEnds[11] ?? 0} />
              <AmountCell cents={totals.openPayments} />
              <AmountCell cents={totals.activeResidues} />
              <AmountCell cents={totals.passiveResidues} />
              <Table.Td ta="right">{totals.exceededChapters}</Table.Td>
            </Table.Tr>
          </Table.Tbody>
        </Table>
      </Table.ScrollContainer>
    </Card>
  );
}

/** The cash at each month's end: a line per district, the union bold; the table of the same figures. */
function CashCard({ data }: { data: UnionOverview }) {
  const { t, i18n } = useLingui();
  const districtLabel = useDistrictLabel(data);
  const months = Array.from({ length: 12 }, (_, m) => i18n.date(new Date(Date.UTC(data.year, m, 15)), { month: 'short', timeZone: 'UTC' }));
  const rows = [...data.districts, data.union];
  return (
    <Card title={<Trans>Kassa am Monatsende</Trans>} testId="union-cash">
      <MonthEndsChart
        months={months}
        total={{ key: 'union', label: districtLabel(null), monthEnds: data.union.cashMonthEnds.map(euros) }}
        parts={data.districts.map((d) => ({ key: `d${d.district}`, label: districtLabel(d.district), monthEnds: d.cashMonthEnds.map(euros) }))}
        valueFormatter={moneyText}
        axisWidth={100}
      />
      {/* months down, a column per district and the union: fits however many months, scrolls for many districts */}
      <Table.ScrollContainer minWidth={120 + 130 * rows.length}>
        <Table fz="sm" verticalSpacing={1} striped withTableBorder data-testid="union-cash-table">
          <Table.Thead>
            <Table.Tr>
              <Table.Th>{t`Monatsende`}</Table.Th>
              {rows.map((d) => (
                <Table.Th key={d.district ?? 'union'} ta="right" title={districtLabel(d.district)} data-testid={`union-cash-head-${d.district ?? 'union'}`}>
                  {d.district ?? t`Gesamt`}
                </Table.Th>
              ))}
            </Table.Tr>
          </Table.Thead>
          <Table.Tbody>
            {months.map((month, m) => (
              <Table.Tr key={month} data-testid={`union-cash-month-${m + 1}`}>
                <Table.Td>{month}</Table.Td>
                {rows.map((d) => (
                  <AmountCell key={d.district ?? 'union'} cents={d.cashMonthEnds[m] ?? 0} />
                ))}
              </Table.Tr>
            ))}
          </Table.Tbody>
        </Table>
      </Table.ScrollContainer>
    </Card>
  );
}

/** Per district and for the union: open payments, residues carried, brigades with an exceeded chapter. */
function FiguresCard({ data }: { data: UnionOverview }) {
  const { t } = useLingui();
  const districtLabel = useDistrictLabel(data);
  return (
    <Card title={<Trans>Offene Zahlungen, Rückstände und überschrittene Kapitel</Trans>} testId="union-figures">
      <Table striped withTableBorder fz="sm" verticalSpacing={2} data-testid="union-figures-table">
        <Table.Thead>
          <Table.Tr>
            <Table.Th>{t`Bezirk`}</Table.Th>
            <Table.Th ta="right">{t`Feuerwehren`}</Table.Th>
            <Table.Th ta="right">{t`Offene Zahlungen`}</Table.Th>
            <Table.Th ta="right">{t`Aktive Rückstände`}</Table.Th>
            <Table.Th ta="right">{t`Passive Rückstände`}</Table.Th>
            <Table.Th ta="right">{t`Mit überschrittenem Kapitel`}</Table.Th>
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {[...data.districts, data.union].map((d) => (
            <Table.Tr key={d.district ?? 'union'} fw={d.district === null ? 700 : undefined} data-testid={`union-figures-${d.district ?? 'union'}`}>
              <Table.Td style={{ whiteSpace: 'nowrap' }}>{districtLabel(d.district)}</Table.Td>
              <Table.Td ta="right">{d.departments}</Table.Td>
              <AmountCell cents={d.openPayments} />
              <AmountCell cents={d.activeResidues} />
              <AmountCell cents={d.passiveResidues} />
              <Table.Td ta="right" c={d.withExceededChapters > 0 ? 'red' : undefined}>
                {d.withExceededChapters}
              </Table.Td>
            </Table.Tr>
          ))}
        </Table.Tbody>
      </Table>
    </Card>
  );
}

/** The late approvals: the brigade, forecast or final account, the deadline, the approval date (or still missing), days late. */
function LateCard({ data }: { data: UnionOverview }) {
  const { t, i18n } = useLingui();
  const language = uiLanguage(i18n.locale);
  return (
    <Card title={<Trans>Verspätete Genehmigungen</Trans>} testId="union-late">
      {data.late.length === 0 ? (
        <Text size="sm" c="dimmed">{t`Keine verspätete Genehmigung.`}</Text>
      ) : (
        <Table striped withTableBorder fz="sm" verticalSpacing={2} data-testid="union-late-table">
          <Table.Thead>
            <Table.Tr>
              <Table.Th>{t`Code`}</Table.Th>
              <Table.Th>{t`Name`}</Table.Th>
              <Table.Th>{t`Was`}</Table.Th>
              <Table.Th>{t`Frist`}</Table.Th>
              <Table.Th>{t`Genehmigt am`}</Table.Th>
              <Table.Th ta="right">{t`Tage verspätet`}</Table.Th>
            </Table.Tr>
          </Table.Thead>
          <Table.Tbody>
            {data.late.map((l) => (
              <Table.Tr key={`${l.kind}-${l.departmentId}`} data-testid={`union-late-${l.kind}-${l.code}`}>
                <Table.Td ff="monospace">{l.code}</Table.Td>
                <Table.Td>{departmentName(l, language)}</Table.Td>
                <Table.Td>{l.kind === 'forecast' ? t`Voranschlag` : t`Rechnungsabschluss`}</Table.Td>
                <Table.Td>{formatDate(l.deadline)}</Table.Td>
                <Table.Td c={l.approval ? undefined : 'red'}>{l.approval ? formatDate(l.approval) : t`fehlt noch`}</Table.Td>
                <Table.Td ta="right">{l.daysLate}</Table.Td>
              </Table.Tr>
            ))}
          </Table.Tbody>
        </Table>
      )}
    </Card>
  );
}
