/**
 * Chapter register online (spec 3 §2, DOMAIN decision 9): year, chapter (typed 5-character code or
 * the picker, F4) and the chapter's year (earlier years: residue lines); the chapter's full figure
 * box, and every row that moves it — budget changes (the adjustment as record -1), revenues,
 * payments done and open with their paid/open state, reservations, transfer positions — with the
 * running availability, newest last. The rows sum to the box. A row opens its record.
 */
import { type ChapterDigest, type ChapterDigestRow, formatChapter, Part } from '@app/domain';
import { useLingui } from '@lingui/react/macro';
import { Badge, Select, Stack, Text } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { trpc } from '../../lib/trpc.ts';
import { type ChapterChoice, ChapterCodeInput } from '../../ui/ChapterCodeInput.tsx';
import { chapterDescription } from '../../ui/chartLabels.ts';
import type { DigestScope, OpenRecord } from './DigestPanels.tsx';
import {
  amountColumn,
  DigestCriteria,
  DigestNote,
  digestQueryDefaults,
  DigestTable,
  type Figure,
  FigureBox,
  movementColumns,
  pagedInput,
  useDigestAnswer,
  useDigestPanelState,
} from './DigestParts.tsx';

export function ChapterDigestPanel({ scope, openRecord, active }: { scope: DigestScope; openRecord: OpenRecord; active: boolean }) {
  const { t, i18n } = useLingui();
  const state = useDigestPanelState(scope.year);
  const { year } = state;
  const [chapterYear, setChapterYear] = useState(scope.year);
  const [chapter, setChapter] = useState<ChapterChoice | null>(null);

  const enabled = active && chapter !== null;
  const query = useQuery({
    ...trpc.digests.chapter.queryOptions({ ...pagedInput(scope, state), chapterYear, chapter: chapter?.chapter ?? '' }),
    enabled,
    ...digestQueryDefaults,
  });
  const { data, table } = useDigestAnswer(query, enabled, state.paging);

  const revenues = (data?.part ?? chapter?.part) === Part.Revenues;
  const columns = [
    ...movementColumns<ChapterDigestRow>(i18n, descriptionOf, { kind: 132, supplier: 150 }),
    amountColumn<ChapterDigestRow>('amount', t`Betrag`, (r) => r.amount),
    { key: 'state', header: t`Stand`, width: 96, render: (r: ChapterDigestRow) => <RowState row={r} /> },
    amountColumn<ChapterDigestRow>('balance', revenues ? t`Noch einzunehmen` : t`Verfügbar`, (r) => r.finalBalance, 124),
  ];

  /** A transfer position names the other chapter: "→ 2-1-004" or "← 1-1-002". */
  function descriptionOf(r: ChapterDigestRow): string {
    if (!r.counterChapter) return r.description;
    const other = formatChapter(r.counterChapter) + (r.counterChapterYear !== null && r.counterChapterYear !== year ? ` (${r.counterChapterYear})` : '');
    const counter = r.amount < 0 ? `← ${other}` : `→ ${other}`;
    return r.description ? `${counter} · ${r.description}` : counter;
  }

  return (
    <Stack gap="sm">
      <DigestCriteria
        years={scope.years}
        state={{
          year,
          setYear: (y) => {
            state.setYear(y);
            if (chapterYear > y) setChapterYear(y);
          },
        }}
      >
        <div style={{ flex: 1, minWidth: 0 }}>
          <ChapterCodeInput
            departmentId={scope.department.id}
            year={chapterYear}
            value={chapter}
            onChange={(c) => {
              setChapter(c);
              state.paging.reset();
            }}
            allowEmptyChapters
            label={t`Kapitel`}
            name="digest-chapter"
          />
        </div>
        <Select
          label={t`Jahr des Kapitels`}
          data-testid="digest-chapter-year"
          size="sm"
          w={130}
          allowDeselect={false}
          value={String(chapterYear)}
          data={[...scope.years]
            .filter((y) => y <= year)
            .reverse()
            .map((y) => String(y))}
          onChange={(v) => {
            if (!v) return;
            setChapterYear(Number(v));
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
          <ChapterBox digest={data} year={year} />
          <DigestTable
            columns={columns}
            table={table}
            scope={scope}
            openRecord={openRecord}
            rowKey={(r) => `${r.kind}-${r.movementId ?? r.changeId ?? r.reservationId ?? 0}-${r.figure}-${r.recordNumber}-${r.counterChapter ?? ''}`}
            rowDimmed={(r) => r.closed}
            emptyText={t`Keine Bewegungen auf diesem Kapitel in ${year}.`}
            testId="chapter-rows"
          />
        </>
      )}
    </Stack>
  );
}

/** Paid or open (expenses), closed (a reservation); nothing for the rest. */
function RowState({ row }: { row: ChapterDigestRow }) {
  const { t } = useLingui();
  if (row.kind === 'reservation')
    return (
      <Badge size="sm" variant="light" color={row.closed ? 'gray' : 'blue'}>
        {row.closed ? t`abgeschlossen` : t`vorgemerkt`}
      </Badge>
    );
  if (row.isPaid === null) return null;
  return (
    <Badge size="sm" variant="light" color={row.isPaid ? 'green' : 'orange'} data-testid="row-paid">
      {row.isPaid ? t`bezahlt` : t`offen`}
    </Badge>
  );
}

/** The chapter's full figure box (Budget/Chapter's figures); a revenue chapter shows what came in and what is still to receive. */
function ChapterBox({ digest, year }: { digest: ChapterDigest | undefined; year: number }) {
  const { t, i18n } = useLingui();
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
  return (
    <Stack gap={4}>
      <Text size="sm" fw={600} truncate data-testid="chapter-name">
        {digest
          ? `${formatChapter(digest.chapter)}${digest.chapterYear !== year ? ` (${digest.chapterYear})` : ''} ${chapterDescription(i18n, digest)}`
          : '\u00a0'}
      </Text>
      {b && b.lineId === null ? <DigestNote>{t`Kein Ansatz für dieses Kapitel`}</DigestNote> : <FigureBox testId="chapter-box" figures={figures} />}
    </Stack>
  );
}
