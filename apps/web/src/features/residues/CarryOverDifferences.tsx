/**
 * The carry-over's notice when the previous year changed after it (issue 24 item 8): the residue
 * lines of the scope year that no longer match (chapter year, chapter, name, the carried residue, the
 * previous year's final residue, what a re-run does) and the carried reservations that differ. A line
 * that stays only because something is booked on it says so.
 */
import { type CarryOverAction, type CarryOverLineDifference, type CarryOverReservationDifference, type CarryOverState, formatChapter } from '@app/domain';
import { useLingui } from '@lingui/react/macro';
import { Alert, Stack, Text } from '@mantine/core';
import { Amount } from '../../ui/Amount.tsx';
import { chapterWord, localDescription } from '../../ui/chartLabels.ts';
import { type DataColumn, DataTable } from '../../ui/DataTable.tsx';

/** A figure of the comparison: the amount, or a dash where there is none (no line yet, not determined). */
function Figure({ cents }: { cents: number | null }) {
  return cents === null ? (
    <Text size="sm" c="dimmed" component="span">
      –
    </Text>
  ) : (
    <Amount cents={cents} size="sm" />
  );
}

export function CarryOverDifferences({ state }: { state: CarryOverState }) {
  const { t, i18n } = useLingui();
  const { previousYear: previous, year } = state;
  const actions: Record<CarryOverAction, string> = {
    create: t`wird angelegt`,
    update: t`wird angepasst`,
    remove: t`wird entfernt`,
    keep: t`bleibt`,
  };
  const lineColumns: DataColumn<CarryOverLineDifference>[] = [
    { key: 'year', header: t`Jahr`, width: 64, render: (r) => r.chapterYear },
    { key: 'chapter', header: i18n._(chapterWord), width: 86, mono: true, render: (r) => formatChapter(r.chapter) },
    { key: 'description', header: t`Bezeichnung`, render: (r) => localDescription(i18n, r) },
    { key: 'carried', header: t`Übertragen ${year}`, width: 136, align: 'right', render: (r) => <Figure cents={r.carried} /> },
    { key: 'current', header: t`Festgestellt ${previous}`, width: 136, align: 'right', render: (r) => <Figure cents={r.current} /> },
    {
      key: 'action',
      header: t`Erneute Übertragung`,
      width: 200,
      wrap: true,
      render: (r) => (
        <Text size="sm" component="span" c={r.action === 'keep' ? 'dimmed' : undefined} data-testid="carry-over-action" data-action={r.action}>
          {actions[r.action]}
          {r.kept ? ` (${t`darauf ist gebucht`})` : ''}
        </Text>
      ),
    },
  ];
  const reservationColumns: DataColumn<CarryOverReservationDifference>[] = [
    { key: 'number', header: t`Vormerkung ${previous}`, width: 140, align: 'right', render: (r) => r.recordNumber },
    { key: 'chapter', header: i18n._(chapterWord), width: 86, mono: true, render: (r) => formatChapter(r.chapter) },
    { key: 'note', header: t`Anmerkungen`, render: (r) => r.note },
    { key: 'carried', header: t`Übertragen ${year}`, width: 136, align: 'right', render: (r) => <Figure cents={r.carried} /> },
    { key: 'current', header: t`Offen ${previous}`, width: 136, align: 'right', render: (r) => <Figure cents={r.current} /> },
  ];
  return (
    <Stack gap="xs" data-testid="carry-over-differences" data-out-of-date={state.outOfDate}>
      {state.outOfDate ? (
        <Alert color="orange" variant="light" title={t`Die Übertragung ist nicht mehr aktuell`} data-testid="carry-over-out-of-date">
          {t`Das Jahr ${previous} wurde nach der Übertragung geändert: diese Rückstandskapitel und Vormerkungen ${year} stimmen nicht mehr mit ${previous} überein. Eine erneute Übertragung gleicht sie an.`}
        </Alert>
      ) : null}
      {state.lines.length > 0 ? (
        <DataTable
          testId="carry-over-lines"
          columns={lineColumns}
          rows={state.lines}
          rowKey={(r) => `${r.chapterYear}/${r.chapter}`}
          pageSize={Math.max(state.lines.length, 1)}
          rowDimmed={(r) => r.action === 'keep'}
          emptyText=""
        />
      ) : null}
      {state.reservations.length > 0 ? (
        <DataTable
          testId="carry-over-reservations"
          columns={reservationColumns}
          rows={state.reservations}
          rowKey={(r) => r.recordNumber}
          pageSize={Math.max(state.reservations.length, 1)}
          emptyText=""
        />
      ) : null}
    </Stack>
  );
}
