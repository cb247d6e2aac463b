import { formatChapter, Part } from '@app/domain';
import { useLingui } from '@lingui/react/macro';
import { Divider, Loader, Paper, Stack, Text } from '@mantine/core';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { errorText } from '../../lib/errorMessages.ts';
import { trpc } from '../../lib/trpc.ts';
import { chapterDescription } from '../../ui/chartLabels.ts';
import { FigureLine } from './BudgetParts.tsx';

export interface ChapterBudgetBoxProps {
  departmentId: number;
  year: number;
  /** The chapter of the `chapterYear` chart (null: none chosen yet). */
  chapterId: number | null;
  chapterYear: number;
  /** data-testid prefix of the box and its figures (default `chapter-budget`). */
  testId?: string;
  /** What the open form would reserve on the line more than is saved (shown as "available after" when not 0). */
  reserving?: number;
}

/**
 * The budget of one chapter line (spec 3 §3 "budget per chapter", Budget/Chapter): initial budget,
 * changes, final budget, payments, open payments, reservations and what stays available after the
 * planned expenses (for a revenue chapter: still to receive). Beside the reservations form (with
 * what the form would reserve more: the availability after saving); a chapter without a line says so.
 */
export function ChapterBudgetBox({ departmentId, year, chapterId, chapterYear, testId = 'chapter-budget', reserving = 0 }: ChapterBudgetBoxProps) {
  const { t, i18n } = useLingui();
  const query = useQuery({
    ...trpc.budget.chapter.queryOptions({ departmentId, year, chapterYear, chapterId: chapterId ?? 0 }),
    enabled: chapterId !== null,
    placeholderData: keepPreviousData,
  });
  const c = chapterId === null ? undefined : query.data;
  return (
    <Paper withBorder radius="sm" p="sm" data-testid={testId}>
      <Text fw={600} size="sm" mb={4}>
        {t`Haushalt des Kapitels`}
      </Text>
      {chapterId === null ? (
        <Text size="sm" c="dimmed">
          {t`Noch kein Kapitel gewählt.`}
        </Text>
      ) : query.error ? (
        <Text size="sm" c="red">
          {errorText(i18n, query.error)}
        </Text>
      ) : !c ? (
        <Loader size="xs" />
      ) : (
        <Stack gap={2}>
          <Text size="sm" c="dimmed" truncate title={chapterDescription(i18n, c)} data-testid={`${testId}-chapter`}>
            {`${formatChapter(c.chapter)}${c.chapterYear !== year ? ` (${c.chapterYear})` : ''} ${chapterDescription(i18n, c)}`}
          </Text>
          {c.lineId === null ? (
            <Text size="sm" c="red" data-testid={`${testId}-no-line`}>
              {t`Kein Ansatz für dieses Kapitel`}
            </Text>
          ) : (
            <>
              <FigureLine label={t`Anfangsansatz`} cents={c.budgetInitial} testId={`${testId}-initial`} />
              <FigureLine label={t`Änderungen`} cents={c.budgetChanges} testId={`${testId}-changes`} />
              <FigureLine label={t`Endansatz`} cents={c.budgetFinal} strong testId={`${testId}-final`} />
              <Divider my={2} />
              {c.part === Part.Expenses ? (
                <>
                  <FigureLine label={t`Bezahlt`} cents={c.payments} testId={`${testId}-payments`} />
                  <FigureLine label={t`Offene Zahlungen`} cents={c.openPayments} testId={`${testId}-open`} />
                  <FigureLine label={t`Vormerkungen`} cents={c.reservations} testId={`${testId}-reservations`} />
                  <Divider my={2} />
                  <FigureLine label={t`Verfügbar`} cents={c.availableAfterPlannedExpenses} strong testId={`${testId}-available`} />
                  {reserving !== 0 ? (
                    <FigureLine
                      label={t`Verfügbar nach dem Speichern`}
                      cents={c.availableAfterPlannedExpenses - reserving}
                      testId={`${testId}-available-after`}
                    />
                  ) : null}
                </>
              ) : (
                <>
                  <FigureLine label={t`Eingenommen`} cents={c.payments} testId={`${testId}-payments`} />
                  <Divider my={2} />
                  <FigureLine label={t`Noch einzunehmen`} cents={c.toReceive} strong testId={`${testId}-to-receive`} />
                </>
              )}
            </>
          )}
        </Stack>
      )}
    </Paper>
  );
}
