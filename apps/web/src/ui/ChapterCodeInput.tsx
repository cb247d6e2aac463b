/**
 * ChapterCodeInput — the chapter code field of budget, booking and template screens (spec 1 §9,
 * spec 2 §5). Typing exactly 5 characters (`21003`, or `2-1-003` with dashes) looks the chapter up
 * at once (chart.chapters.byCode); a missing one shows the toast "Kapitel nicht vorhanden" (4 s).
 * Otherwise the "…" button, F4, or Enter on an incomplete code opens the ChapterPicker with the
 * typed text as filter. The chosen chapter's description shows next to the field. The rules on
 * typed text and on a chosen chapter (part, empty chapters) are in chapterCode.ts.
 *
 *   const [chapter, setChapter] = useState<ChapterChoice | null>(null);
 *   <ChapterCodeInput departmentId={department.id} year={year} part={2} value={chapter} onChange={setChapter} label={t`Kapitel`} />
 *
 * Props:
 * - `departmentId`, `year`: the scope; the department's area decides which chart (or `area`).
 * - `value` / `onChange`: the chosen chapter (ChapterChoice) or null; typing clears the value.
 * - `part`: only chapters of this part (1 revenues, 2 expenses); the picker's part filter is fixed
 *   and a typed code of the other part is refused with a toast.
 * - `allowEmptyChapters`: also accept empty (heading) chapters; by default they are refused.
 * - `label`, `error`, `required`, `disabled`, `autoFocus`, `name` (default `chapter`, also the
 *   test id prefix), `withDescription` (default true), `w` (width of the code field, default 130).
 * - `availability`: booking screens; the picker shows each chapter's availability (ChapterPicker).
 */
import { type Area, formatChapter, normalizeChapterCode, type Part } from '@app/domain';
import { useLingui } from '@lingui/react/macro';
import { ActionIcon, Group, Input, Loader, Text, TextInput, Tooltip } from '@mantine/core';
import { type KeyboardEvent, type ReactNode, useRef, useState } from 'react';
import { errorText } from '../lib/errorMessages.ts';
import { appCodeOf } from '../lib/errors.ts';
import { queryClient, trpc } from '../lib/trpc.ts';
import type { ChapterAvailability } from './chapterAvailability.tsx';
import { ChapterPicker } from './ChapterPicker.tsx';
import { type ChapterChoice, chapterUnfit, isCompleteChapterCode, pickerFilterOf } from './chapterCode.ts';
import { chapterDescription, partLabels } from './chartLabels.ts';
import { notifyError } from './notify.ts';

export type { ChapterChoice } from './chapterCode.ts';

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
  availability?: ChapterAvailability | undefined;
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
  availability,
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
    const unfit = chapterUnfit(chapter, { part, allowEmptyChapters });
    if (unfit === 'otherPart' && part !== undefined) {
      const expected = i18n._(partLabels[part]);
      notifyError(t`Das Kapitel ${formatChapter(chapter.chapter)} gehört nicht zu: ${expected}`);
      return false;
    }
    if (unfit === 'emptyChapter') {
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
      const row = await queryClient.fetchQuery({
        ...trpc.chart.chapters.byCode.queryOptions({ departmentId, year, chapter: code, ...(area ? { area } : {}) }),
        staleTime: 60_000,
      });
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
    setPicker(pickerFilterOf(typing ? text : ''));
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
                  <ActionIcon
                    variant="subtle"
                    size="sm"
                    onClick={openPicker}
                    aria-label={t`Kapitel suchen (F4)`}
                    disabled={disabled}
                    data-testid={`${name}-picker-open`}
                  >
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
        availability={availability}
      />
    </>
  );
}
