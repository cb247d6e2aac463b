import { balanceChecks, type HomeStep, type ScopeHomeData } from '@app/domain';
import { Trans, useLingui } from '@lingui/react/macro';
import { Alert, Badge, Button, Divider, Group, Loader, Paper, SimpleGrid, Stack, Table, Text, Title } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { Link } from '@tanstack/react-router';
import { lazy, type ReactNode, Suspense } from 'react';
import { errorText } from '../../lib/errorMessages.ts';
import { AmountCell } from '../../ui/Amount.tsx';
import { formatDate } from '../../ui/date.ts';
import { checkDifferenceText, FigureLine } from '../budget/BudgetParts.tsx';
import { checkLabels } from '../budget/labels.ts';
import { lastChangeText, stateColors, stateLabels, stepActions, stepLabels } from './labels.ts';
import { homeQuery, scopeListQuery } from './queries.ts';
import { areaLabel } from '../scope/areaLabel.ts';
import { departmentName } from '../scope/departments.ts';
import { useScope } from '../scope/useScope.ts';
import { YearNotReadyNotice } from '../scope/YearNotReadyNotice.tsx';

/** The year at a glance: its charts are a chunk of their own, fetched when an approved year's home shows. */
const YearAtAGlance = lazy(() => import('./YearAtAGlance.tsx').then((m) => ({ default: m.YearAtAGlance })));

/** Scope-relative screens the home links to (they exist as routes). */
type Target =
  | 'budget/forecast/details'
  | 'budget/forecast/approval'
  | 'budget/adjustment/edit'
  | 'budget/changes/edit'
  | 'overview/departments'
  | 'residues/determination'
  | 'budget/final/approve';

const stepTargets: Record<HomeStep, Target | null> = {
  closed: null,
  chartMissing: null,
  enterForecast: 'budget/forecast/details',
  balanceForecast: 'budget/forecast/details',
  approvalMissing: 'budget/forecast/approval',
  adjustmentOpen: 'budget/adjustment/edit',
  finalAccountOpen: null,
  residuesOpen: 'residues/determination',
  finalApprovalOpen: 'budget/final/approve',
};

/**
 * The scope's home ("Übersicht"): the forecast's totals and state with a button into the editor,
 * the next step, the latest budget changes and the cash/open-payments card (the carried-over cash and "no bookings yet"
 * until bookings exist). Each card comes from one query of `overview.home`; users who see several departments get
 * the link to the union's list of all departments.
 */
export function ScopeHome() {
  const { t, i18n } = useLingui();
  const { department, year, status } = useScope();
  const scopes = useQuery(scopeListQuery());
  // always fresh: the home sums what the other screens just saved
  const home = useQuery({ ...homeQuery({ department, year }), staleTime: 0, refetchOnMount: 'always' });
  /** The concrete address of a screen of this scope. */
  const to = (target: Target) => `/dept/${department.code}/year/${year}/${target}`;
  const seesSeveral = (scopes.data?.departments.length ?? 0) > 1;
  const data = home.data;

  return (
    <Stack gap="md" maw={1100}>
      <Group justify="space-between" align="flex-end" wrap="nowrap">
        <div style={{ minWidth: 0 }}>
          <Text size="xs" c="dimmed" tt="uppercase" fw={600}>
            {i18n._(areaLabel(department.area))} {department.code}
          </Text>
          <Title order={2} data-testid="scope-title">
            {departmentName(department, i18n.locale)}
          </Title>
        </div>
        {seesSeveral ? (
          <Button component={Link} to={to('overview/departments')} variant="light" size="sm" data-testid="home-overview-link">
            {t`Alle Feuerwehren im Überblick`}
          </Button>
        ) : null}
      </Group>

      <Group gap="xs" wrap="wrap" data-testid="home-status">
        <Badge variant="outline" color="gray" size="lg" radius="sm" tt="none" fw={500}>
          <Trans>Haushaltsjahr</Trans>{' '}
          <Text span fw={700} size="sm" data-testid="scope-year">
            {year}
          </Text>
        </Badge>
        {status.isBudgetApproved ? (
          <Badge color="green" variant="light" size="lg" radius="sm" tt="none" data-testid="badge-approved">
            <Trans>Voranschlag genehmigt</Trans>
          </Badge>
        ) : (
          <Badge color="yellow" variant="light" size="lg" radius="sm" tt="none" data-testid="badge-not-approved">
            <Trans>Voranschlag nicht genehmigt</Trans>
          </Badge>
        )}
        {status.isBudgetClosed ? (
          <Badge color="red" variant="light" size="lg" radius="sm" tt="none" data-testid="badge-closed">
            <Trans>Haushalt abgeschlossen</Trans>
          </Badge>
        ) : (
          <Badge color="gray" variant="light" size="lg" radius="sm" tt="none" data-testid="badge-open">
            <Trans>Haushalt offen</Trans>
          </Badge>
        )}
        {status.hasChartOfAccounts ? null : (
          <Badge color="red" variant="light" size="lg" radius="sm" tt="none" data-testid="badge-no-chart">
            <Trans>Kontenplan fehlt</Trans>
          </Badge>
        )}
        {status.openPaymentsAllowed ? (
          <Badge color="blue" variant="light" size="lg" radius="sm" tt="none" data-testid="badge-open-payments">
            <Trans>Offene Zahlungen</Trans>
          </Badge>
        ) : null}
      </Group>

      {home.error ? (
        <Alert color="red" variant="light">
          {errorText(i18n, home.error)}
        </Alert>
      ) : !data ? (
        <Loader size="sm" />
      ) : (
        <SimpleGrid cols={{ base: 1, md: 2 }} spacing="md" verticalSpacing="md">
          <ForecastCard
            data={data}
            year={year}
            action={<OpenButton to={to('budget/forecast/details')} testId="home-open-forecast" label={t`Voranschlag öffnen`} />}
          />
          <StepCard data={data} action={stepTargets[data.step]} to={to} />
          <ChangesCard
            data={data}
            action={status.isBudgetApproved ? <OpenButton to={to('budget/changes/edit')} testId="home-open-changes" label={t`Haushaltsänderungen`} /> : null}
          />
          <BookingsCard data={data} openPaymentsAllowed={status.openPaymentsAllowed} />
        </SimpleGrid>
      )}
      {status.isBudgetApproved ? (
        <Suspense fallback={<Loader size="sm" />}>
          <YearAtAGlance />
        </Suspense>
      ) : null}
    </Stack>
  );
}

function OpenButton({ to, label, testId }: { to: string; label: string; testId: string }) {
  return (
    <Button component={Link} to={to} size="xs" variant="light" data-testid={testId}>
      {label}
    </Button>
  );
}

function Card({ title, badge, action, children, testId }: { title: ReactNode; badge?: ReactNode; action?: ReactNode; children: ReactNode; testId: string }) {
  return (
    <Paper withBorder radius="sm" p="sm" data-testid={testId}>
      <Stack gap={8} h="100%">
        <Group justify="space-between" wrap="nowrap" gap="xs" mih={24}>
          <Text size="xs" fw={700} tt="uppercase" c="dimmed" style={{ whiteSpace: 'nowrap' }}>
            {title}
          </Text>
          {badge}
        </Group>
        <div style={{ flex: 1 }}>{children}</div>
        {action ? <Group justify="flex-end">{action}</Group> : null}
      </Stack>
    </Paper>
  );
}

function ForecastCard({ data, year, action }: { data: ScopeHomeData; year: number; action: ReactNode }) {
  const { t, i18n } = useLingui();
  const f = data.forecast;
  return (
    <Card
      testId="home-forecast"
      title={t`Haushaltsvoranschlag ${year}`}
      badge={
        <Badge size="sm" variant="light" tt="none" color={stateColors[f.state]} data-testid="home-forecast-state" data-state={f.state}>
          {i18n._(stateLabels[f.state])}
        </Badge>
      }
      action={action}
    >
      <Stack gap={4}>
        <FigureLine label={t`Einnahmen`} cents={f.revenues} testId="home-revenues" />
        <FigureLine label={t`Verwendeter Überschuss`} cents={f.surplusUsed} testId="home-surplus-used" />
        <FigureLine label={t`Ausgaben`} cents={f.expenses} testId="home-expenses" />
        <Divider />
        <FigureLine label={t`Differenz`} cents={f.balance} strong testId="home-balance" />
      </Stack>
      <Text size="sm" c="dimmed" mt={6} data-testid="home-approval">
        {f.approval
          ? t`Genehmigt am ${formatDate(f.approval)}`
          : f.state === 'noForecast'
            ? t`Noch keine Beträge erfasst`
            : f.isBalanced
              ? t`Ausgeglichen, noch nicht genehmigt`
              : t`Nicht ausgeglichen`}
      </Text>
    </Card>
  );
}

function StepCard({ data, action, to }: { data: ScopeHomeData; action: Target | null; to: (target: Target) => string }) {
  const { t, i18n } = useLingui();
  const step = stepLabels[data.step];
  const failed = data.step === 'balanceForecast' ? balanceChecks.filter((k) => !data.forecast.checks[k].ok) : [];
  const color =
    data.step === 'closed' || data.step === 'finalAccountOpen' ? 'green' : data.step === 'chartMissing' || data.step === 'balanceForecast' ? 'red' : 'yellow';
  return (
    <Card
      testId="home-step"
      title={t`Nächster Schritt`}
      action={action ? <OpenButton to={to(action)} testId="home-step-action" label={i18n._(stepActions[data.step] ?? stepLabels[data.step].title)} /> : null}
    >
      <Stack gap={6}>
        <Group gap={8} wrap="nowrap">
          <Badge size="sm" circle color={color} variant="filled" aria-hidden>
            {color === 'green' ? '✓' : '!'}
          </Badge>
          <Text fw={700} size="lg" lh={1.2} data-testid="home-next-step" data-step={data.step}>
            {i18n._(step.title)}
          </Text>
        </Group>
        {data.step === 'chartMissing' ? <YearNotReadyNotice /> : <Text size="sm">{i18n._(step.text)}</Text>}
        {failed.length > 0 ? (
          <Stack gap={2} data-testid="home-failed-checks">
            {failed.map((k) => (
              <div key={k}>
                <Text size="sm" c="red" fw={600}>
                  ✗ {i18n._(checkLabels[k])}
                </Text>
                <Text size="sm" c="red" pl={18} style={{ fontVariantNumeric: 'tabular-nums' }}>
                  {checkDifferenceText(i18n, data.forecast.checks[k].difference)}
                </Text>
              </div>
            ))}
          </Stack>
        ) : null}
      </Stack>
    </Card>
  );
}

function ChangesCard({ data, action }: { data: ScopeHomeData; action: ReactNode }) {
  const { t, i18n } = useLingui();
  const { latest, total } = data.changes;
  return (
    <Card
      testId="home-changes"
      title={t`Letzte Haushaltsänderungen`}
      badge={total > 0 ? <Text size="xs" c="dimmed">{t`${total} insgesamt`}</Text> : null}
      action={action}
    >
      {latest.length === 0 ? (
        <Text size="sm" c="dimmed" data-testid="home-changes-empty">
          {data.forecast.approval ? t`Noch keine Haushaltsänderung.` : t`Änderungen sind erst nach der Genehmigung des Voranschlags möglich.`}
        </Text>
      ) : (
        <Table verticalSpacing={3} horizontalSpacing={6} fz="sm" layout="fixed" data-testid="home-changes-table">
          <Table.Thead>
            <Table.Tr>
              <Table.Th fz="xs" w={188}>
                {t`Änderung`}
              </Table.Th>
              <Table.Th fz="xs">{t`Notizen`}</Table.Th>
              <Table.Th fz="xs" w={104} ta="right">
                {t`Einnahmen`}
              </Table.Th>
              <Table.Th fz="xs" w={104} ta="right">
                {t`Ausgaben`}
              </Table.Th>
            </Table.Tr>
          </Table.Thead>
          <Table.Tbody>
            {latest.map((c) => (
              <Table.Tr key={c.recordNumber} data-testid="home-change-row">
                <Table.Td style={{ whiteSpace: 'nowrap' }}>{lastChangeText(i18n, { recordNumber: c.recordNumber, approved: c.approved })}</Table.Td>
                <Table.Td>
                  <Text size="sm" lh={1.3} style={{ overflowWrap: 'anywhere' }}>
                    {c.notes}
                  </Text>
                </Table.Td>
                <AmountCell cents={c.revenues} />
                <AmountCell cents={c.expenses} />
              </Table.Tr>
            ))}
          </Table.Tbody>
        </Table>
      )}
    </Card>
  );
}

function BookingsCard({ data, openPaymentsAllowed }: { data: ScopeHomeData; openPaymentsAllowed: boolean }) {
  const { t } = useLingui();
  const b = data.bookings;
  return (
    <Card testId="home-bookings" title={t`Kassa und Zahlungen`}>
      {!b.available ? (
        <Stack gap={4}>
          {/* the carried-over cash, the same figure as the top bar's (issue 25) */}
          {b.cashBalance !== null ? <FigureLine label={t`Kassastand`} cents={b.cashBalance} strong testId="home-cash-balance" /> : null}
          <Text size="sm" c="dimmed" data-testid="home-bookings-pending">
            {b.cashBalance !== null
              ? t`Übertragener Kassastand; in diesem Jahr gibt es noch keine Buchungen.`
              : t`In diesem Jahr gibt es noch keine Buchungen.`}
          </Text>
        </Stack>
      ) : (
        <Stack gap={4}>
          {b.cashBalance !== null ? <FigureLine label={t`Kassastand`} cents={b.cashBalance} strong testId="home-cash-balance" /> : null}
          <FigureLine label={t`Einnahmen erhalten`} cents={b.revenuesPaid} testId="home-revenues-paid" />
          <FigureLine label={t`Ausgaben bezahlt`} cents={b.expensesPaid} testId="home-expenses-paid" />
          {openPaymentsAllowed || b.openPayments !== 0 ? <FigureLine label={t`Offene Zahlungen`} cents={b.openPayments} testId="home-open-payments" /> : null}
          <FigureLine label={t`Vormerkungen`} cents={b.reservations} testId="home-reservations" />
        </Stack>
      )}
    </Card>
  );
}
