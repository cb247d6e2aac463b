import { useLingui } from '@lingui/react/macro';
import { Checkbox, Stack, Text } from '@mantine/core';
import { useState } from 'react';
import { useRequiredAuth } from '../../lib/session.ts';
import { queryClient, trpc } from '../../lib/trpc.ts';
import { exportFileName } from '../../ui/download.ts';
import { ExportForm } from '../../ui/ExportForm.tsx';
import { departmentLine } from '../../ui/recordLabels.ts';
import { uiLanguage } from '../i18n/language.ts';
import { useScope } from '../scope/useScope.ts';
import { useChapterCriteria } from './fields.tsx';

const pdf = [{ value: 'pdf', label: 'PDF', kind: 'pdf' as const }];

/**
 * The printed chapter digest (printedLists/chapterDigest, spec 3 §2): the year of the chapter lines
 * (current or a residue year), a chapter range and with or without movements → landscape PDF with
 * each chapter's figure box and, with movements, every row that moves it and the totals.
 */
export function ChapterDigestPrintScreen() {
  const { t, i18n } = useLingui();
  const auth = useRequiredAuth();
  const { department, year } = useScope();
  const chapters = useChapterCriteria(department.id, year);
  const [withMovements, setWithMovements] = useState(true);

  async function build() {
    const { chapterYear, chapterFrom, chapterTo } = chapters;
    const input = { departmentId: department.id, year, chapterYear, chapterFrom, chapterTo, withMovements };
    const [data, reports] = await Promise.all([
      queryClient.fetchQuery({ ...trpc.digests.chaptersList.queryOptions(input), staleTime: 0 }),
      import('@app/reports'),
    ]);
    const doc = reports.chapterDigestsPdf(
      data,
      { department: departmentLine(i18n, department), chapterFrom, chapterTo },
      { username: auth.username, now: new Date(), language: uiLanguage(i18n.locale) },
    );
    return { kind: 'pdf' as const, blob: doc.output('blob'), filename: exportFileName(`${t`kapitelauszug`}-${department.code}-${year}`, 'pdf') };
  }

  return (
    <ExportForm title={t`Kapitelauszug ${year} drucken`} formats={pdf} build={build} invalid={chapters.invalid}>
      <Stack gap="sm">
        {chapters.yearField}
        {chapters.rangeFields}
        <Text size="xs" c="dimmed">
          {t`Ohne Kapitel werden alle Kapitel mit einem Ansatz gedruckt.`}
        </Text>
        <Checkbox
          label={t`mit Bewegungen`}
          checked={withMovements}
          onChange={(e) => setWithMovements(e.currentTarget.checked)}
          data-testid="print-with-movements"
        />
      </Stack>
    </ExportForm>
  );
}
