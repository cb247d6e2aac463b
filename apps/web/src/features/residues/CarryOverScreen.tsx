import { type CarryOverBlock, type CarryOverResult, reportFileBase } from '@app/domain';
import { useLingui } from '@lingui/react/macro';
import { Alert, Button, Group, Paper, Stack, Text } from '@mantine/core';
import { useSuspenseQuery } from '@tanstack/react-query';
import { Link, useNavigate } from '@tanstack/react-router';
import { useState } from 'react';
import { errorText } from '../../lib/errorMessages.ts';
import { useRequiredAuth } from '../../lib/session.ts';
import { queryClient, trpc, trpcClient } from '../../lib/trpc.ts';
import { useConfirmDialog } from '../../ui/ConfirmDialog.tsx';
import { downloadBlob, exportFileName } from '../../ui/download.ts';
import { notifyError, notifySuccess } from '../../ui/notify.ts';
import { ScreenHeader } from '../../ui/ScreenHeader.tsx';
import { BudgetStateAlert } from '../../ui/BudgetStateAlert.tsx';
import { departmentLine } from '../../ui/recordLabels.ts';
import { uiLanguage } from '../i18n/language.ts';
import { useScope } from '../scope/useScope.ts';
import { MenuScreenGate } from '../shell/MenuScreenGate.tsx';
import { carryOverStateQuery, invalidateResidues } from './queries.ts';
import { CarryOverDifferences } from './CarryOverDifferences.tsx';

/** Carry-over of the residues (residues/carryOver), behind the menu's rules. */
export function CarryOverScreen() {
  return (
    <MenuScreenGate path="residues/carryOver">
      <CarryOver />
    </MenuScreenGate>
  );
}

/**
 * Carries the previous year's determined residues into the scope year (spec 3 §2, §4; DOMAIN decision
 * 13), heading "previous year → year": a closed budget shows the warning, a possible run the
 * description with Cancel and OK, otherwise why it is not possible. Once carried, a change of the
 * previous year shows the lines and reservations that no longer match (issue 24 item 8); OK runs it
 * again. After the run the user may print the carry-over report (asked at once, and a button for it).
 */
function CarryOver() {
  const { t, i18n } = useLingui();
  const auth = useRequiredAuth();
  const { department, year, status } = useScope();
  const navigate = useNavigate();
  const { data } = useSuspenseQuery(carryOverStateQuery({ department, year }));
  const [busy, setBusy] = useState(false);
  const [result, setResult] = useState<CarryOverResult | null>(null);
  const { confirm, element: confirmElement } = useConfirmDialog();
  const previous = data.previousYear;

  async function printReport() {
    try {
      const [report, reports] = await Promise.all([
        queryClient.fetchQuery({ ...trpc.residues.carryOverReport.queryOptions({ departmentId: department.id, year }), staleTime: 0 }),
        import('@app/reports'),
      ]);
      const language = uiLanguage(i18n.locale);
      const doc = reports.carryOverPdf(report, departmentLine(i18n, department), { username: auth.username, now: new Date(), language });
      downloadBlob(doc.output('blob'), exportFileName(reportFileBase(reports.labelsFor(language).residues.carryOverTitle, department.code, year), 'pdf'));
    } catch (error) {
      notifyError(errorText(i18n, error));
    }
  }

  async function run() {
    setBusy(true);
    try {
      const done = await trpcClient.residues.carryOver.mutate({ departmentId: department.id, year });
      setResult(done);
      notifySuccess(t`Rückstände ${previous} in das Jahr ${year} übertragen`);
      await invalidateResidues();
    } catch (error) {
      notifyError(errorText(i18n, error), t`Übertragung nicht ausgeführt`);
      return;
    } finally {
      setBusy(false);
    }
    if (
      await confirm({ title: t`Übertragungsbericht`, children: t`Den Übertragungsbericht drucken?`, confirmLabel: t`Ja`, cancelLabel: t`Nein`, harmless: true })
    )
      await printReport();
  }

  const undetermined = data.undetermined;
  const blockTexts: Record<CarryOverBlock, string> = {
    BudgetClosed: t`Der Haushalt ${year} ist abgeschlossen.`,
    UndeterminedResidues: t`${undetermined} Kapitel des Jahres ${previous} haben noch keinen festgestellten Rückstand.`,
    NoPreviousYear: t`Das Haushaltsjahr ${previous} gibt es nicht.`,
    BudgetNotApproved: t`Der Haushaltsvoranschlag ${year} ist noch nicht genehmigt.`,
  };

  return (
    <Stack gap="sm" maw={980}>
      <ScreenHeader title={t`Übertragung der Rückstände ${previous} → ${year}`} />
      {!result && !data.isBudgetClosed && (data.lines.length > 0 || data.reservations.length > 0) ? <CarryOverDifferences state={data} /> : null}
      {data.isBudgetClosed ? (
        <BudgetStateAlert closed status={status} />
      ) : result ? (
        <CarryOverDone result={result} previous={previous} year={year} />
      ) : data.possible ? (
        <Paper withBorder radius="sm" p="md" data-testid="carry-over-description">
          <Stack gap="sm">
            <Text size="sm">
              {t`Die festgestellten Rückstände des Jahres ${previous} werden als Rückstandskapitel in das Jahr ${year} übertragen. Offene Zahlungen und offene Vormerkungen gehen auf diese Kapitel über, die Endbestände der Konten werden die Anfangsbestände ${year}.`}
            </Text>
            {data.carriedBefore ? (
              <Text size="sm" c="dimmed" data-testid="carry-over-again">
                {t`Die Rückstände wurden schon einmal übertragen: eine erneute Übertragung übernimmt geänderte Beträge, ohne etwas doppelt anzulegen.`}
              </Text>
            ) : null}
            <Group gap="xs">
              <Button
                variant="default"
                onClick={() => void navigate({ to: '/dept/$dept/year/$year', params: { dept: department.code, year: String(year) } })}
                data-testid="carry-over-cancel"
              >
                {t`Abbrechen`}
              </Button>
              <Button onClick={() => void run()} loading={busy} data-testid="carry-over-ok" autoFocus>
                {t`OK`}
              </Button>
            </Group>
          </Stack>
        </Paper>
      ) : (
        <Alert
          color="red"
          variant="light"
          title={t`Die Übertragung ist nicht möglich`}
          data-testid="carry-over-impossible"
          data-reason={data.reason ?? undefined}
        >
          <Stack gap={6}>
            <Text size="sm">{data.reason ? blockTexts[data.reason] : null}</Text>
            {data.reason === 'UndeterminedResidues' ? (
              <Link
                to="/dept/$dept/year/$year/residues/determination"
                params={{ dept: department.code, year: String(previous) }}
                style={{ fontSize: 'var(--mantine-font-size-sm)', color: 'var(--mantine-color-anchor)' }}
                data-testid="carry-over-determine"
              >
                {t`Zur Feststellung der Rückstände ${previous}`}
              </Link>
            ) : null}
          </Stack>
        </Alert>
      )}
      {result || data.carriedBefore ? (
        <Group>
          <Button variant="light" onClick={() => void printReport()} data-testid="carry-over-report">
            {t`Übertragungsbericht drucken`}
          </Button>
        </Group>
      ) : null}
      {confirmElement}
    </Stack>
  );
}

/** What the run did (all 0 on a re-run without changes). */
function CarryOverDone({ result, previous, year }: { result: CarryOverResult; previous: number; year: number }) {
  const { t } = useLingui();
  const { linesCreated, linesUpdated, linesRemoved, linesKept, reservationsCarried, instalmentsMoved } = result;
  return (
    <Alert color="green" variant="light" data-testid="carry-over-done">
      <Stack gap={4}>
        <Text size="sm">{t`Die Rückstände ${previous} sind in das Jahr ${year} übertragen.`}</Text>
        <Text size="sm" c="dimmed" data-testid="carry-over-counts">
          {t`Rückstandskapitel neu: ${linesCreated}, geändert: ${linesUpdated}; Vormerkungen übertragen: ${reservationsCarried}; offene Zahlungen: ${instalmentsMoved}.`}
        </Text>
        {linesRemoved > 0 || linesKept > 0 ? (
          <Text size="sm" c="dimmed" data-testid="carry-over-removed">
            {t`Rückstandskapitel ohne Rückstand entfernt: ${linesRemoved}; behalten, weil darauf gebucht ist: ${linesKept}.`}
          </Text>
        ) : null}
      </Stack>
    </Alert>
  );
}
