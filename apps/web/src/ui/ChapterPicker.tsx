/**
 * ChapterPicker — the chapter search overlay (spec 1 §9, spec 2 §5), opened by ChapterCodeInput
 * ("…", F4, Enter on an incomplete code) and by the "Kapitel suchen" buttons; also usable alone:
 * paged list of 20 (chart.chapters.pick), filters code prefix (`2-1`, `21`), description/search key
 * and part; ArrowUp/ArrowDown in a filter move the highlighted row, Enter picks it, PageUp/PageDown
 * page, a click picks a row. "Neu" is disabled as in every picker dialog.
 *
 * Props: `opened`, `onClose`, `onPick(chapter)`, `departmentId`, `year`, `area`, `part` (initial
 * part filter), `lockPart` (part filter cannot change), `initialCode`, `initialDescription`,
 * `allowEmptyChapters`, `availability` (booking screens: each chapter's availability in a column,
 * see chapterAvailability.tsx).
 */
import { type Area, type ChapterBrief, formatChapter, type Part } from '@app/domain';
import { Trans, useLingui } from '@lingui/react/macro';
import { Button, Group, Modal, Stack, Text, TextInput } from '@mantine/core';
import { useDebouncedValue } from '@mantine/hooks';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { type KeyboardEvent, useState } from 'react';
import { trpc } from '../lib/trpc.ts';
import { type ChapterAvailability, useAvailabilityColumn } from './chapterAvailability.tsx';
import { chapterDescription, chapterWord, partLabels } from './chartLabels.ts';
import { DataTable } from './DataTable.tsx';
import { PartControl } from './PartControl.tsx';

export const CHAPTER_PICKER_PAGE = 20;
export const CHAPTER_PICKER_DEBOUNCE_MS = 300;

export interface ChapterPickerProps {
  opened: boolean;
  onClose: () => void;
  onPick: (chapter: ChapterBrief) => void;
  departmentId: number;
  year: number;
  area?: Area;
  part?: Part;
  lockPart?: boolean;
  initialCode?: string;
  initialDescription?: string;
  allowEmptyChapters?: boolean;
  /** Booking screens: show each chapter's availability in the booking scope (not with another `area`). */
  availability?: ChapterAvailability | undefined;
}

export function ChapterPicker(props: ChapterPickerProps) {
  const { t } = useLingui();
  return (
    // the availability column takes its room from no other column
    <Modal opened={props.opened} onClose={props.onClose} title={t`Kapitel suchen`} size={props.availability ? 1020 : 880} data-testid="chapter-picker">
      {props.opened ? <PickerBody {...props} /> : null}
    </Modal>
  );
}

function PickerBody({
  onPick,
  departmentId,
  year,
  area,
  part,
  lockPart,
  initialCode = '',
  initialDescription = '',
  allowEmptyChapters = false,
  availability,
}: ChapterPickerProps) {
  const { t, i18n } = useLingui();
  const [code, setCode] = useState(initialCode);
  const [description, setDescription] = useState(initialDescription);
  const [partFilter, setPartFilter] = useState<Part | null>(part ?? null);
  const [page, setPage] = useState(1);
  const [active, setActive] = useState(0);
  const [debouncedCode] = useDebouncedValue(code, CHAPTER_PICKER_DEBOUNCE_MS);
  const [debouncedDescription] = useDebouncedValue(description, CHAPTER_PICKER_DEBOUNCE_MS);

  const input = {
    departmentId,
    year,
    page,
    pageSize: CHAPTER_PICKER_PAGE,
    ...(area ? { area } : {}),
    ...(debouncedCode.trim() ? { chapter: debouncedCode.trim() } : {}),
    ...(debouncedDescription.trim() ? { description: debouncedDescription.trim() } : {}),
    ...(partFilter ? { part: partFilter } : {}),
  };
  const query = useQuery({ ...trpc.chart.chapters.pick.queryOptions(input), placeholderData: keepPreviousData });
  const rows = query.data?.entities;
  const total = query.data?.total ?? 0;
  const pages = Math.max(1, Math.ceil(total / CHAPTER_PICKER_PAGE));
  const pickable = (c: ChapterBrief) => allowEmptyChapters || !c.emptyChapter;
  const availabilityColumn = useAvailabilityColumn(availability, { departmentId, chapterYear: year, part: partFilter }, rows);

  function changeFilter<T>(set: (v: T) => void, v: T) {
    set(v);
    setPage(1);
    setActive(0);
  }

  function pick(c: ChapterBrief | undefined) {
    if (c && pickable(c)) onPick(c);
  }

  function onFilterKey(event: KeyboardEvent<HTMLElement>) {
    const count = rows?.length ?? 0;
    if (event.key === 'ArrowDown') {
      event.preventDefault();
      setActive((a) => Math.min(count - 1, a + 1));
    } else if (event.key === 'ArrowUp') {
      event.preventDefault();
      setActive((a) => Math.max(0, a - 1));
    } else if (event.key === 'Enter') {
      event.preventDefault();
      pick(rows?.[active]);
    } else if (event.key === 'PageDown' && page < pages) {
      event.preventDefault();
      setPage(page + 1);
      setActive(0);
    } else if (event.key === 'PageUp' && page > 1) {
      event.preventDefault();
      setPage(page - 1);
      setActive(0);
    }
  }

  return (
    <Stack gap="sm">
      <Group gap="sm" align="flex-end" justify="space-between" wrap="nowrap">
        <Group gap="sm" align="flex-end" wrap="nowrap">
          <TextInput
            size="sm"
            w={110}
            label={i18n._(chapterWord)}
            placeholder="2-1"
            value={code}
            data-autofocus
            data-testid="chapter-picker-code"
            styles={{ input: { fontFamily: 'var(--mantine-font-family-monospace)' } }}
            onChange={(e) => changeFilter(setCode, e.currentTarget.value)}
            onKeyDown={onFilterKey}
          />
          <TextInput
            size="sm"
            w={260}
            label={t`Beschreibung oder Suchbegriff`}
            value={description}
            data-testid="chapter-picker-description"
            onChange={(e) => changeFilter(setDescription, e.currentTarget.value)}
            onKeyDown={onFilterKey}
          />
          <PartControl
            withAll
            label={null}
            disabled={lockPart}
            testId="chapter-picker-part"
            value={partFilter}
            onChange={(p) => changeFilter(setPartFilter, p)}
          />
        </Group>
        <Button size="sm" disabled>
          <Trans>Neu</Trans>
        </Button>
      </Group>
      <DataTable
        testId="chapter-picker-table"
        columns={[
          { key: 'chapter', header: i18n._(chapterWord), width: 90, mono: true, render: (c) => formatChapter(c.chapter) },
          { key: 'description', header: t`Beschreibung`, render: (c) => chapterDescription(i18n, c) },
          { key: 'searchKey', header: t`Suchbegriff`, width: 170, render: (c) => (i18n.locale === 'it' ? c.searchKeyIta : c.searchKeyDeu) },
          { key: 'part', header: t`Teil`, width: 105, render: (c) => i18n._(partLabels[c.part as Part]) },
          ...availabilityColumn,
        ]}
        rows={rows}
        total={total}
        page={page}
        pageSize={CHAPTER_PICKER_PAGE}
        onPageChange={(p) => {
          setPage(p);
          setActive(0);
        }}
        rowKey={(c) => c.id}
        rowActive={(c) => rows?.[active]?.id === c.id}
        rowDimmed={(c) => !pickable(c)}
        onRowClick={pick}
        loading={query.isFetching}
        emptyText={t`Keine Kapitel gefunden.`}
      />
      <Text size="xs" c="dimmed">
        <Trans>Pfeiltasten wählen eine Zeile, Enter übernimmt sie. Leerkapitel (grau) können nicht gewählt werden.</Trans>
      </Text>
    </Stack>
  );
}
