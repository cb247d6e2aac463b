import type { Part } from '@app/domain';
import { useLingui } from '@lingui/react/macro';
import { Checkbox, Stack } from '@mantine/core';
import { useState } from 'react';
import { useRequiredAuth } from '../../lib/session.ts';
import { queryClient, trpc } from '../../lib/trpc.ts';
import { exportFileName } from '../../ui/download.ts';
import { ExportForm } from '../../ui/ExportForm.tsx';
import { PartControl } from '../../ui/PartControl.tsx';
import { type TitleRange, TitleRangeFields } from '../../ui/TitleRangeFields.tsx';
import { departmentLine } from '../../ui/recordLabels.ts';
import { uiLanguage } from '../i18n/language.ts';
import { useScope } from '../scope/useScope.ts';
import { useChapterCriteria } from './fields.tsx';

const pdf = [{ value: 'pdf', label: 'PDF', kind: 'pdf' as const }];

/**
 * The availabilities print (printedLists/availabilities, spec 3 §2): the year of the chapter lines,
 * the part, title and chapter ranges, only chapters with a budget → landscape PDF with every chapter's
 * full figure set per title and the title and part totals.
 */
export function AvailabilitiesPrintScreen() {
  const { t, i18n } = useLingui();
  const auth = useRequiredAuth();
  const { department, year } = useScope();
  const chapters = useChapterCriteria(department.id, year);
  const [part, setPart] = useState<Part | null>(null);
  const [titles, setTitles] = useState<TitleRange>({ titleFrom: null, titleTo: null });
  const [withBudgetOnly, setWithBudgetOnly] = useState(true);
  const titlesInvalid = titles.titleFrom !== null && titles.titleTo !== null && titles.titleFrom > titles.titleTo;

  async function build() {
    const head = {
      titleFrom: titles.titleFrom ?? undefined,
      titleTo: titles.titleTo ?? undefined,
      chapterFrom: chapters.chapterFrom,
      chapterTo: chapters.chapterTo,
    };
    const input = { departmentId: department.id, year, chapterYear: chapters.chapterYear, part, withBudgetOnly, ...head };
    const [data, reports] = await Promise.all([
      queryClient.fetchQuery({ ...trpc.digests.availabilities.queryOptions(input), staleTime: 0 }),
      import('@app/reports'),
    ]);
    const doc = reports.availabilitiesPdf(
      data,
      { department: departmentLine(i18n, department), ...head },
      { username: auth.username, now: new Date(), language: uiLanguage(i18n.locale) },
    );
    return { kind: 'pdf' as const, blob: doc.output('blob'), filename: exportFileName(`${t`verfuegbarkeiten`}-${department.code}-${year}`, 'pdf') };
  }

  return (
    <ExportForm title={t`Verfügbarkeiten ${year} drucken`} formats={pdf} build={build} invalid={titlesInvalid || chapters.invalid}>
      <Stack gap="sm">
        {chapters.yearField}
        <PartControl withAll value={part} onChange={setPart} testId="print-part" />
        <TitleRangeFields
          values={titles}
          onChange={(patch) => setTitles({ ...titles, ...patch })}
          error={titlesInvalid ? t`„Bis“ muss größer oder gleich „von“ sein` : undefined}
        />
        {chapters.rangeFields}
        <Checkbox
          label={t`nur Kapitel mit Ansatz`}
          checked={withBudgetOnly}
          onChange={(e) => setWithBudgetOnly(e.currentTarget.checked)}
          data-testid="print-with-budget-only"
        />
      </Stack>
    </ExportForm>
  );
}
