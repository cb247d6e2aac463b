/**
 * Chapter choice for budget, booking and template screens (spec 1 §9, spec 2 §5):
 *
 * ChapterCodeInput — a code field. Typing exactly 5 characters (`21003`, or `2-1-003` with dashes)
 * looks the chapter up at once (chart.chapters.byCode); a missing one shows the toast
 * "Kapitel nicht vorhanden" (4 s). Otherwise the "…" button, F4, or Enter on an incomplete code
 * opens the ChapterPicker with the typed text as filter. The chosen chapter's description shows
 * next to the field.
 *
 *   const [chapter, setChapter] = useState<ChapterChoice | null>(null);
 *   <ChapterCodeInput departmentId={department.id} year={year} part={2} value={chapter} onChange={setChapter} label={t`Kapitel`} />
 *
 * Props of ChapterCodeInput:
 * - `departmentId`, `year`: the scope; the department's area decides which chart (or `area`).
 * - `value` / `onChange`: the chosen chapter (ChapterChoice) or null; typing clears the value.
 * - `part`: only chapters of this part (1 revenues, 2 expenses); the picker's part filter is fixed
 *   and a typed code of the other part is refused with a toast.
 * - `allowEmptyChapters`: also accept empty (heading) chapters; by default they are refused.
 * - `label`, `error`, `required`, `disabled`, `autoFocus`, `name` (default `chapter`, also the
 *   test id prefix), `withDescription` (default true), `w` (width of the code field, default 130).
 *
 * ChapterPicker — the overlay itself (also usable alone): paged list of 20 (chart.chapters.pick),
 * filters code prefix (`2-1`, `21`), description/search key and part; ArrowUp/ArrowDown in a filter
 * move the highlighted row, Enter picks it, PageUp/PageDown page, a click picks a row. "Neu" is
 * disabled as in every picker dialog.
 *
 * Props of ChapterPicker: `opened`, `onClose`, `onPick(chapter)`, `departmentId`, `year`, `area`,
 * `part` (initial part filter), `lockPart` (part filter cannot change), `initialCode`,
 * `initialDescription`, `allowEmptyChapters`.
 */
import { type Area, type ChapterBrief, formatChapter, normalizeChapterCode, type Part } from '@app/domain';
import { Trans, useLingui } from '@lingui/react/macro';
import { ActionIcon, Button, Group, Input, Loader, Modal, SegmentedControl, Stack, Text, TextInput, Tooltip } from '@mantine/core';
import { useDebouncedValue } from '@mantine/hooks';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { type KeyboardEvent, type ReactNode, useRef, useState } from 'react';
import { errorText } from '../lib/errorMessages.ts';
import { appCodeOf } from '../lib/errors.ts';
import { queryClient, trpc } from '../lib/trpc.ts';
import { chapterDescription, chapterWord, partLabels } from './chartLabels.ts';
import { DataTable } from './DataTable.tsx';
import { notifyError } from './notify.ts';

export const CHAPTER_PICKER_PAGE = 20;
export const CHAPTER_PICKER_DEBOUNCE_MS = 300;

/** What a chapter field holds: enough to show and to send the code. */
export type ChapterChoice = Pick<ChapterBrief, 'id' | 'chapter' | 'part' | 'descriptionDeu' | 'descriptionIta' | 'emptyChapter'>;

/** Is the typed text a complete code to look up directly (exactly 5 characters)? */
export function isCompleteChapterCode(text: string): boolean {
  return normalizeChapterCode(text).length === 5;
}

/** Does the text look like a code prefix (digits, dashes) rather than a description? */
export function looksLikeCode(text: string): boolean {
  return /^[12][0-9A-Z\s-]*$/i.test(text.trim());
}

export interface ChapterCodeInputProps {
  departmentId: number;
  year: number;
  area?: Area;
  value: ChapterChoice | null;
  onChange: (chapter: ChapterChoice | null) => void;
  part?: Part;
  allowEmptyChapters?: boolean;
  label?: ReactNode;
  error?: ReactNode;
  required?: boolean;
  disabled?: boolean;
  autoFocus?: boolean;
  name?: string;
  withDescription?: boolean;
  w?: number;
}

export function ChapterCodeInput({
  departmentId,
  year,
  area,
  value,
  onChange,
  part,
  allowEmptyChapters = false,
  label,
  error,
  required,
  disabled,
  autoFocus,
  name = 'chapter',
  withDescription = true,
  w = 130,
}: ChapterCodeInputProps) {
  const { t, i18n } = useLingui();
  const [text, setText] = useState('');
  const [typing, setTyping] = useState(false);
  const [looking, setLooking] = useState(false);
  const [picker, setPicker] = useState<{ code: string; description: string } | null>(null);
  const inputRef = useRef<HTMLInputElement>(null);
  const lookupSeq = useRef(0);

  const shown = typing ? text : value ? formatChapter(value.chapter) : '';

  /** Accepts a chapter if it fits the field (part, empty chapters); returns whether it did. */
  function accept(chapter: ChapterChoice): boolean {
    if (part !== undefined && chapter.part !== part) {
      const expected = i18n._(partLabels[part]);
      notifyError(t`Das Kapitel ${formatChapter(chapter.chapter)} gehört nicht zu: ${expected}`);
      return false;
    }
    if (chapter.emptyChapter && !allowEmptyChapters) {
      notifyError(t`Das Kapitel ${formatChapter(chapter.chapter)} ist ein Leerkapitel und kann nicht gewählt werden.`);
      return false;
    }
    setTyping(false);
    setText('');
    onChange(chapter);
    return true;
  }

  async function lookup(code: string) {
    const seq = ++lookupSeq.current;
    setLooking(true);
    try {
      const row = await queryClient.fetchQuery({ ...trpc.chart.chapters.byCode.queryOptions({ departmentId, year, chapter: code, ...(area ? { area } : {}) }), staleTime: 60_000 });
      if (seq === lookupSeq.current) accept(row);
    } catch (err) {
      if (seq !== lookupSeq.current) return;
      notifyError(appCodeOf(err) === 'ChapterNotFound' ? t`Kapitel nicht vorhanden` : errorText(i18n, err));
    } finally {
      if (seq === lookupSeq.current) setLooking(false);
    }
  }

  function openPicker() {
    if (disabled) return;
    const typed = typing ? text.trim() : '';
    setPicker(typed && !looksLikeCode(typed) ? { code: '', description: typed } : { code: typed, description: '' });
  }

  function onKeyDown(event: KeyboardEvent<HTMLInputElement>) {
    if (event.key === 'F4') {
      event.preventDefault();
      openPicker();
    } else if (event.key === 'Enter' && typing && text.trim() !== '' && !isCompleteChapterCode(text)) {
      // an incomplete code: choose in the picker instead of moving on
      event.preventDefault();
      event.stopPropagation();
      openPicker();
    }
  }

  const description = value ? chapterDescription(i18n, value) : '';

  return (
    <>
      <Input.Wrapper label={label} error={error} withAsterisk={required} style={{ minWidth: 0 }}>
      <Group gap="xs" wrap="nowrap" align="center" style={{ minWidth: 0 }}>
        <TextInput
          ref={inputRef}
          error={Boolean(error)}
          aria-label={typeof label === 'string' ? label : undefined}
          name={name}
          data-testid={`${name}-code`}
          autoFocus={autoFocus}
          disabled={disabled}
          autoComplete="off"
          w={w}
          styles={{ input: { fontFamily: 'var(--mantine-font-family-monospace)' } }}
          placeholder="2-1-003"
          value={shown}
          onChange={(event) => {
            const next = event.currentTarget.value;
            setText(next);
            setTyping(true);
            if (value) onChange(null);
            const compact = normalizeChapterCode(next);
            if (compact.length === 5) void lookup(compact);
            else lookupSeq.current++;
          }}
          onFocus={(event) => event.currentTarget.select()}
          onKeyDown={onKeyDown}
          rightSectionWidth={30}
          rightSection={
            looking ? (
              <Loader size={12} />
            ) : (
              <Tooltip label={t`Kapitel suchen (F4)`}>
                <ActionIcon variant="subtle" size="sm" onClick={openPicker} aria-label={t`Kapitel suchen (F4)`} disabled={disabled} data-testid={`${name}-picker-open`}>
                  …
                </ActionIcon>
              </Tooltip>
            )
          }
        />
        {withDescription ? (
          <Text size="sm" truncate c={value ? undefined : 'dimmed'} style={{ minWidth: 0, flex: 1 }} data-testid={`${name}-description`} title={description}>
            {value ? description : '—'}
          </Text>
        ) : null}
      </Group>
      </Input.Wrapper>
      <ChapterPicker
        opened={picker !== null}
        onClose={() => {
          setPicker(null);
          inputRef.current?.focus();
        }}
        onPick={(chapter) => {
          if (accept(chapter)) {
            setPicker(null);
            inputRef.current?.focus();
          }
        }}
        departmentId={departmentId}
        year={year}
        {...(area ? { area } : {})}
        {...(part ? { part, lockPart: true } : {})}
        initialCode={picker?.code ?? ''}
        initialDescription={picker?.description ?? ''}
        allowEmptyChapters={allowEmptyChapters}
      />
    </>
  );
}

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
}

export function ChapterPicker(props: ChapterPickerProps) {
  const { t } = useLingui();
  return (
    <Modal opened={props.opened} onClose={props.onClose} title={t`Kapitel suchen`} size={880} data-testid="chapter-picker">
      {props.opened ? <PickerBody {...props} /> : null}
    </Modal>
  );
}

function PickerBody({ onPick, departmentId, year, area, part, lockPart, initialCode = '', initialDescription = '', allowEmptyChapters = false }: ChapterPickerProps) {
  const { t, i18n } = useLingui();
  const [code, setCode] = useState(initialCode);
  const [description, setDescription] = useState(initialDescription);
  const [partFilter, setPartFilter] = useState<'all' | '1' | '2'>(part ? (String(part) as '1' | '2') : 'all');
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
    ...(partFilter !== 'all' ? { part: Number(partFilter) as Part } : {}),
  };
  const query = useQuery({ ...trpc.chart.chapters.pick.queryOptions(input), placeholderData: keepPreviousData });
  const rows = query.data?.entities;
  const total = query.data?.total ?? 0;
  const pages = Math.max(1, Math.ceil(total / CHAPTER_PICKER_PAGE));
  const pickable = (c: ChapterBrief) => allowEmptyChapters || !c.emptyChapter;

  function changeFilter(set: (v: string) => void, v: string) {
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
          <SegmentedControl
            size="sm"
            disabled={lockPart}
            data-testid="chapter-picker-part"
            value={partFilter}
            onChange={(v) => changeFilter((x) => setPartFilter(x as typeof partFilter), v)}
            data={[
              { value: 'all', label: t`Alle` },
              { value: '1', label: i18n._(partLabels[1]) },
              { value: '2', label: i18n._(partLabels[2]) },
            ]}
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
