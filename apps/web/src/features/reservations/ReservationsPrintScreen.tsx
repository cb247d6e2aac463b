import { Part } from '@app/domain';
import { useLingui } from '@lingui/react/macro';
import { SegmentedControl, Select, Stack, Text } from '@mantine/core';
import { useState } from 'react';
import { queryClient, trpc } from '../../lib/trpc.ts';
import { useRequiredAuth } from '../../lib/session.ts';
import { type ChapterChoice, ChapterCodeInput } from '../../ui/ChapterCodeInput.tsx';
import { chapterWord, localDescription } from '../../ui/chartLabels.ts';
import { exportFileName } from '../../ui/download.ts';
import { ExportForm } from '../../ui/ExportForm.tsx';
import { uiLanguage } from '../i18n/language.ts';
import { useScope } from '../scope/useScope.ts';
import { statusLabels } from './labels.ts';

const pdf = [{ value: 'pdf', label: 'PDF', kind: 'pdf' as const }];
const RESIDUE_YEARS = 5;
type Status = keyof typeof statusLabels;

/**
 * Reservations print (reservations/print, spec 3 §2): the year of the chapter lines (the scope year
 * or a residue year, or all), one chapter (or a range with "Kapitel bis"), and the status (only open,
 * only closed, all) → landscape PDF with booked, used and unused per reservation and the totals.
 */
export function ReservationsPrintScreen() {
  const { t, i18n } = useLingui();
  const auth = useRequiredAuth();
  const { department, year } = useScope();
  const [chapterYear, setChapterYear] = useState<number | null>(null);
  const [chapterFrom, setChapterFrom] = useState<ChapterChoice | null>(null);
  const [chapterTo, setChapterTo] = useState<ChapterChoice | null>(null);
  const [status, setStatus] = useState<Status>('open');
  const chartYear = chapterYear ?? year;
  const rangeInvalid = chapterFrom !== null && chapterTo !== null && chapterFrom.chapter > chapterTo.chapter;

  async function build() {
    const input = {
      departmentId: department.id,
      year,
      ...(chapterYear !== null ? { chapterYear } : {}),
      // one chapter (the spec's filter) or a range
      ...(chapterFrom && !chapterTo ? { chapter: chapterFrom.chapter } : {}),
      ...(chapterFrom && chapterTo ? { chapterFrom: chapterFrom.chapter } : {}),
      ...(chapterTo ? { chapterTo: chapterTo.chapter } : {}),
      status,
    };
    const [data, reports] = await Promise.all([
      queryClient.fetchQuery({ ...trpc.reservations.printList.queryOptions(input), staleTime: 0 }),
      import('@app/reports'),
    ]);
    return {
      kind: 'pdf' as const,
      blob: reports
        .reservationsPdf(
          data,
          {
            year,
            department: `${department.code} ${localDescription(i18n, { descriptionDeu: department.nameDeu, descriptionIta: department.nameIta })}`,
            status,
            chapterYear: chapterYear ?? undefined,
            chapterFrom: chapterFrom?.chapter,
            chapterTo: chapterTo?.chapter,
          },
          { username: auth.username, now: new Date(), language: uiLanguage(i18n.locale) },
        )
        .output('blob'),
      filename: exportFileName(`${t`vormerkungen`}-${department.code}-${year}`, 'pdf'),
    };
  }

  return (
    <ExportForm title={t`Vormerkungen ${year} drucken`} formats={pdf} build={build} invalid={rangeInvalid}>
      <Stack gap="sm">
        <SegmentedControl
          data={(Object.keys(statusLabels) as Status[]).map((s) => ({ value: s, label: i18n._(statusLabels[s]) }))}
          value={status}
          onChange={(s) => setStatus(s as Status)}
          w="fit-content"
          data-testid="print-status"
        />
        <Select
          label={t`Jahr`}
          w={120}
          data={[{ value: '', label: t`alle` }, ...Array.from({ length: RESIDUE_YEARS + 1 }, (_, i) => ({ value: String(year - i), label: String(year - i) }))]}
          value={chapterYear === null ? '' : String(chapterYear)}
          allowDeselect={false}
          onChange={(y) => {
            setChapterYear(y ? Number(y) : null);
            setChapterFrom(null);
            setChapterTo(null);
          }}
          title={t`Jahr der Kapitel: laufendes Jahr oder Rückstandsjahr`}
          data-testid="print-chapter-year"
        />
        <ChapterCodeInput
          departmentId={department.id}
          year={chartYear}
          part={Part.Expenses}
          value={chapterFrom}
          onChange={setChapterFrom}
          label={i18n._(chapterWord)}
          name="print-chapter-from"
        />
        <ChapterCodeInput
          departmentId={department.id}
          year={chartYear}
          part={Part.Expenses}
          value={chapterTo}
          onChange={setChapterTo}
          label={t`Kapitel bis (optional)`}
          name="print-chapter-to"
          error={rangeInvalid ? t`„Bis“ muss größer oder gleich „von“ sein` : undefined}
        />
        <Text size="xs" c="dimmed">
          {t`Ohne Kapitel werden alle Kapitel gedruckt; nur „Kapitel“: dieses eine Kapitel; mit „Kapitel bis“: der Bereich.`}
        </Text>
      </Stack>
    </ExportForm>
  );
}
