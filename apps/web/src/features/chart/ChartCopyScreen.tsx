import { type Area, type ChartCopyInput, type ChartCopyResult, copyKinds } from '@app/domain';
import { Trans, useLingui } from '@lingui/react/macro';
import { Alert, Button, Checkbox, Group, Paper, Select, Stack, Text, Title } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { errorText } from '../../lib/errorMessages.ts';
import { queryClient, trpc, trpcClient } from '../../lib/trpc.ts';
import { notifyError } from '../../ui/notify.ts';
import { useScope } from '../scope/useScope.ts';
import { MenuScreenGate } from '../shell/MenuScreenGate.tsx';
import { yearListQuery } from '../years/queries.ts';
import { AreaSelect } from './AreaSelect.tsx';
import { copyMessageText, countList, kindList } from './copyTexts.ts';

interface Ticks {
  titles: boolean;
  categories: boolean;
  chapters: boolean;
  amendETS: boolean;
}

/** Where the copy stands: the answer of the test (to be confirmed) or of the real copy. */
type Outcome = { phase: 'test' | 'done'; result: ChartCopyResult } | null;

/**
 * Chart copy (menu `chartOfAccounts/copy`, spec 2 §4): previous year -> chosen year for one area.
 * "Testlauf" runs a test (writes nothing). A Warning lists the kinds that already exist: the test run is disabled and
 * the copy is confirmed with "delete and copy again" (replace). A test that is ready to copy is
 * confirmed too. Changing area, ticks or year clears the result.
 */
export function ChartCopyScreen() {
  const { t, i18n } = useLingui();
  const scope = useScope();
  const years = useQuery(yearListQuery());
  const [year, setYear] = useState(scope.year);
  const [area, setArea] = useState<Area>(scope.department.area);
  const [ticks, setTicks] = useState<Ticks>({ titles: true, categories: true, chapters: true, amendETS: false });
  const [replace, setReplace] = useState(false);
  const [outcome, setOutcome] = useState<Outcome>(null);
  const [busy, setBusy] = useState(false);

  const clear = () => {
    setOutcome(null);
    setReplace(false);
  };
  const tick = (key: keyof Ticks, checked: boolean) => {
    clear();
    setTicks((prev) => ({ ...prev, [key]: checked }));
  };
  const effective = copyKinds(ticks);
  const nothingTicked = !ticks.amendETS && effective.length === 0;
  const pending = outcome?.phase === 'test' && outcome.result.status !== 'Error';
  const warning = pending && outcome.result.status === 'Warning';

  async function run(test: boolean) {
    const input: ChartCopyInput = {
      departmentId: scope.department.id,
      area,
      year,
      test,
      titles: effective.includes('titles'),
      categories: effective.includes('categories'),
      chapters: effective.includes('chapters'),
      amendETS: ticks.amendETS,
      replace: !test && replace,
    };
    setBusy(true);
    try {
      const result = await trpcClient.chart.copy.mutate(input);
      setOutcome({ phase: test ? 'test' : 'done', result });
      if (!test && result.status === 'Success') await queryClient.invalidateQueries({ ...trpc.chart.pathFilter(), refetchType: 'all' });
      if (!test && result.status === 'Success') await queryClient.invalidateQueries(trpc.scope.pathFilter());
    } catch (error) {
      notifyError(errorText(i18n, error));
    } finally {
      setBusy(false);
    }
  }

  const yearOptions = (years.data?.years ?? [scope.year]).map((y) => ({ value: String(y), label: `${y - 1} → ${y}` }));

  return (
    <MenuScreenGate path="chartOfAccounts/copy">
      <Stack gap="sm" maw={760}>
        <Title order={2} data-testid="screen-title">
          {t`Kontenplan kopieren`}
        </Title>
        <Paper withBorder radius="sm" p="md">
          <Stack gap="md">
            <Text size="lg" fw={600} data-testid="copy-heading">
              {t`Vorjahr ${year - 1} → aktuelles Jahr ${year}`}
            </Text>
            <Group gap="sm" align="flex-end">
              <Select
                size="sm"
                w={150}
                label={t`Jahr`}
                allowDeselect={false}
                data-testid="copy-year"
                value={String(year)}
                data={yearOptions}
                onChange={(v) => {
                  if (!v) return;
                  clear();
                  setYear(Number(v));
                }}
              />
              <AreaSelect
                size="sm"
                value={area}
                testId="copy-area"
                onChange={(a) => {
                  clear();
                  setArea(a);
                }}
              />
            </Group>
            <Stack gap={6}>
              <Text size="sm" fw={500}>
                {t`Was wird kopiert?`}
              </Text>
              <Group gap="lg">
                <Checkbox
                  label={t`Titel`}
                  data-testid="copy-titles"
                  checked={ticks.titles || ticks.chapters}
                  disabled={ticks.chapters || ticks.amendETS}
                  onChange={(e) => tick('titles', e.currentTarget.checked)}
                />
                <Checkbox
                  label={t`Kategorien`}
                  data-testid="copy-categories"
                  checked={ticks.categories || ticks.chapters}
                  disabled={ticks.chapters || ticks.amendETS}
                  onChange={(e) => tick('categories', e.currentTarget.checked)}
                />
                <Checkbox
                  label={t`Kapitel`}
                  data-testid="copy-chapters"
                  checked={ticks.chapters}
                  disabled={ticks.amendETS}
                  onChange={(e) => tick('chapters', e.currentTarget.checked)}
                />
              </Group>
              <Text size="xs" c="dimmed">
                {t`Kapitel brauchen ihre Titel und Kategorien: mit den Kapiteln werden beide immer mitkopiert.`}
              </Text>
              <Checkbox
                mt={4}
                label={t`Nur die ETS-Zuordnung des Vorjahres auf Kapitel mit gleichem Code übertragen`}
                data-testid="copy-amend-ets"
                checked={ticks.amendETS}
                onChange={(e) => tick('amendETS', e.currentTarget.checked)}
              />
            </Stack>
            <Group gap="xs">
              <Button onClick={() => void run(true)} loading={busy && !pending} disabled={nothingTicked || pending || busy} data-testid="copy-ok">
                <Trans>Testlauf</Trans>
              </Button>
              {pending ? (
                <Button variant="default" onClick={clear} disabled={busy} data-testid="copy-cancel">
                  <Trans>Abbrechen</Trans>
                </Button>
              ) : null}
            </Group>
          </Stack>
        </Paper>
        {outcome ? renderOutcome(outcome) : null}
      </Stack>
    </MenuScreenGate>
  );

  /** The answer of the test or of the copy, with the confirm step. */
  function renderOutcome(current: NonNullable<Outcome>) {
    const { result, phase } = current;
    const onConfirm = () => void run(false);
    const counts = countList(i18n, result.counts);
    if (result.status === 'Error')
      return (
        <Alert color="red" variant="light" title={t`Kopieren nicht möglich`} data-testid="copy-error">
          <Text size="sm">{copyMessageText(i18n, result.message)}</Text>
          {result.kinds.length > 0 ? <Text size="sm">{t`Betroffen: ${kindList(i18n, result.kinds)}`}</Text> : null}
        </Alert>
      );
    if (phase === 'done') {
      const text =
        result.message === 'successETS'
          ? t`Die ETS-Zuordnung wurde für ${result.counts.chapters} Kapitel übernommen.`
          : t`Der Kontenplan wurde von ${year - 1} nach ${year} kopiert (${counts}).`;
      return (
        <Alert color="green" variant="light" title={t`Erfolgreich`} data-testid="copy-success">
          {text}
        </Alert>
      );
    }
    if (warning)
      return (
        <Alert color="yellow" variant="light" title={t`Daten bereits vorhanden`} data-testid="copy-warning">
          <Stack gap="xs">
            <Text size="sm">{t`Im Jahr ${year} gibt es bereits: ${kindList(i18n, result.kinds)}.`}</Text>
            <Checkbox
              label={t`Vorhandene Daten löschen und erneut kopieren`}
              data-testid="copy-replace"
              checked={replace}
              onChange={(e) => setReplace(e.currentTarget.checked)}
            />
            <Group>
              <Button color="orange" onClick={onConfirm} loading={busy} disabled={!replace} data-testid="copy-confirm">
                {t`Kopieren bestätigen`}
              </Button>
            </Group>
          </Stack>
        </Alert>
      );
    const ready =
      result.message === 'successETS'
        ? t`${result.counts.chapters} Kapitel erhalten die ETS-Zuordnung des Vorjahres.`
        : t`Bereit zum Kopieren von ${year - 1} nach ${year}: ${counts}.`;
    return (
      <Alert color="blue" variant="light" title={t`Test erfolgreich`} data-testid="copy-ready">
        <Stack gap="xs">
          <Text size="sm">{ready}</Text>
          <Group>
            <Button onClick={onConfirm} loading={busy} data-testid="copy-confirm">
              {t`Kopieren bestätigen`}
            </Button>
          </Group>
        </Stack>
      </Alert>
    );
  }
}
