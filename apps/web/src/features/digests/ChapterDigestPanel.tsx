/**
 * Chapter register online (spec 3 §2, DOMAIN decision 9): year, chapter (typed 5-character code or
 * the picker, F4) and the chapter's year (earlier years: residue lines); the chapter's full figure
 * box, and every row that moves it — budget changes (the adjustment as record -1), revenues,
 * payments done and open with their paid/open state, reservations, transfer positions; a cancelled
 * record "storniert" with 0 — with the running availability, newest last. The rows sum to the box. A
 * row opens its record.
 */
import { type ChapterDigest, type ChapterDigestRow, Part } from '@app/domain';
import { useLingui } from '@lingui/react/macro';
import { Select, Stack, Text } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { trpc } from '../../lib/trpc.ts';
import { type ChapterChoice, ChapterCodeInput } from '../../ui/ChapterCodeInput.tsx';
import { chapterWord } from '../../ui/chartLabels.ts';
import type { ChapterPreset, DigestPanelProps } from './types.ts';
import { transferDescription } from './digestText.ts';
import {
  amountColumn,
  DigestCriteria,
  DigestNote,
  digestQueryOptions,
  DigestTable,
  type Figure,
  FigureBox,
  movementColumns,
  pagedInput,
  useDigestAnswer,
  useDigestPanelState,
} from './DigestParts.tsx';

export function ChapterDigestPanel({ scope, onYear, openRecord, active, preset }: DigestPanelProps & { preset: ChapterPreset | null }) {
  const { t, i18n } = useLingui();
  const state = useDigestPanelState(scope.year, onYear);
  const { year } = state;
  // the chapter's year: the panel's year unless an earlier one (residue lines) was chosen
  const [earlierYear, setEarlierYear] = useState<number | null>(null);
  const chapterYear = earlierYear !== null && earlierYear < year ? earlierYear : year;
  const [chapter, setChapter] = useState<ChapterChoice | null>(null);
  // a chapter asked for from outside (the home's tight chapters): taken while rendering, once per asking
  const [presetSeq, setPresetSeq] = useState(0);
  if (preset && preset.seq !== presetSeq) {
    setPresetSeq(preset.seq);
    setChapter(preset.chapter);
    setEarlierYear(null);
  }

  const enabled = active && chapter !== null;
  const query = useQuery({
    ...trpc.digests.chapter.queryOptions({ ...pagedInput(scope, state), chapterYear, chapter: chapter?.chapter ?? '' }),
    enabled,
    ...digestQueryOptions((prev: ChapterDigest) => prev.year === year && prev.chapterYear === chapterYear && prev.chapter === chapter?.chapter),
  });
  const { data, table } = useDigestAnswer(query, enabled, state.paging);

  const revenues = (data?.part ?? chapter?.part) === Part.Revenues;
  const columns = [
    ...movementColumns<ChapterDigestRow>(i18n, (r) => transferDescription(r, year), { kind: 155, supplier: 160 }),
    amountColumn<ChapterDigestRow>('amount', t`Betrag`, (r) => r.amount),
    { key: 'state', header: t`Stand`, width: 104, render: (r: ChapterDigestRow) => <RowState row={r} /> },
    amountColumn<ChapterDigestRow>('balance', revenues ? t`Noch einzunehmen` : t`Verfügbar`, (r) => r.finalBalance, revenues ? 144 : 124),
    // a revenue chapter has neither suppliers nor paid/open shares: room for the description
  ].filter((c) => !revenues || (c.key !== 'supplier' && c.key !== 'state'));

  return (
    <Stack gap="sm">
      <DigestCriteria years={scope.years} state={state}>
        <div style={{ width: 480, minWidth: 0 }}>
          <ChapterCodeInput
            departmentId={scope.department.id}
            year={chapterYear}
            value={chapter}
            onChange={(c) => {
              setChapter(c);
              state.paging.reset();
            }}
            allowEmptyChapters
            label={i18n._(chapterWord)}
            name="digest-chapter"
          />
        </div>
        <Select
          label={t`Jahr des Kapitels`}
          data-testid="digest-chapter-year"
          size="sm"
          w={170}
          allowDeselect={false}
          value={String(chapterYear)}
          data={[...scope.years]
            .filter((y) => y <= year)
            .reverse()
            .map((y) => String(y))}
          onChange={(v) => {
            if (!v) return;
            setEarlierYear(Number(v) < year ? Number(v) : null);
            state.paging.reset();
          }}
        />
      </DigestCriteria>
      {chapter === null ? (
        <DigestNote>{t`Kapitel eingeben (z. B. 21003) oder mit „…“ (F4) suchen.`}</DigestNote>
      ) : query.error ? (
        <DigestNote error={query.error} />
      ) : (
        <>
          <ChapterBox digest={data} />
          <DigestTable
            columns={columns}
            table={table}
            scope={scope}
            openRecord={openRecord}
            rowDimmed={(r) => r.closed || r.cancelled}
            emptyText={t`Keine Bewegungen auf diesem Kapitel in ${year}.`}
            testId="chapter-rows"
          />
        </>
      )}
    </Stack>
  );
}

/** Paid or open (expenses), reserved or closed (a reservation); nothing for the rest. */
function RowState({ row }: { row: ChapterDigestRow }) {
  const { t } = useLingui();
  // the scheme's text shades (readable in light and dark)
  // a cancelled record says so in its description: no state
  const [text, color] = row.cancelled
    ? ['', undefined]
    : row.kind === 'reservation'
      ? row.closed
        ? [t`abgeschlossen`, 'var(--mantine-color-dimmed)']
        : [t`vorgemerkt`, 'var(--mantine-color-blue-text)']
      : row.isPaid === null
        ? ['', undefined]
        : row.isPaid
          ? [t`bezahlt`, 'var(--mantine-color-green-text)']
          : [t`offen`, 'var(--mantine-color-orange-text)'];
  return (
    <Text component="span" size="sm" fw={500} style={{ color }} data-testid="row-state">
      {text}
    </Text>
  );
}

/** The chapter's full figure box (Budget/Chapter's figures); a revenue chapter shows what came in and what is still to receive. */
function ChapterBox({ digest }: { digest: ChapterDigest | undefined }) {
  const { t } = useLingui();
  const b = digest?.balance;
  const revenues = digest?.part === Part.Revenues;
  const figures: Figure[] = [
    { label: t`Anfangsansatz`, cents: b?.budgetInitial, testId: 'chapter-initial' },
    { label: t`Änderungen`, cents: b?.budgetChanges, testId: 'chapter-changes' },
    { label: t`Endansatz`, cents: b?.budgetFinal, strong: true, testId: 'chapter-final' },
    ...(revenues
      ? [
          { label: t`Eingenommen`, cents: b?.payments, testId: 'chapter-payments' },
          { label: t`Noch einzunehmen`, cents: b?.toReceive, strong: true, testId: 'chapter-to-receive' },
        ]
      : [
          { label: t`Bezahlt`, cents: b?.payments, testId: 'chapter-payments' },
          { label: t`Offene Zahlungen`, cents: b?.openPayments, testId: 'chapter-open' },
          { label: t`Vormerkungen`, cents: b?.reservations, testId: 'chapter-reservations' },
          { label: t`Verfügbar`, cents: b?.availableAfterPlannedExpenses, strong: true, testId: 'chapter-available' },
        ]),
  ];
  return b && b.lineId === null ? (
    <DigestNote>{t`Kein Ansatz für dieses Kapitel`}</DigestNote>
  ) : (
    <FigureBox testId="chapter-box" figures={figures} year={digest?.year} />
  );
}
