import { useLingui } from '@lingui/react/macro';
import { Checkbox, Group, NumberInput, Stack, Text } from '@mantine/core';
import { useState } from 'react';
import { queryClient, trpc } from '../../lib/trpc.ts';
import { DateInput } from '../../ui/DateInput.tsx';
import { exportFileName } from '../../ui/download.ts';
import { ExportForm } from '../../ui/ExportForm.tsx';
import { useRequiredAuth } from '../../lib/session.ts';
import { uiLanguage } from '../i18n/language.ts';
import { MenuScreenGate } from '../shell/MenuScreenGate.tsx';
import { emptyRange, RangeFields, type RangeValues, rangeInvalid } from './PrintFields.tsx';
import { useBudgetScope } from './useBudgetScope.ts';

const pdf = [{ value: 'pdf', label: 'PDF', kind: 'pdf' as const }];

function useReportContext() {
  const { i18n } = useLingui();
  const auth = useRequiredAuth();
  return () => ({ username: auth.username, now: new Date(), language: uiLanguage(i18n.locale) });
}

function rangeInput(r: RangeValues) {
  return {
    ...(r.part ? { part: r.part } : {}),
    ...(r.chapterFrom ? { chapterFrom: r.chapterFrom.chapter } : {}),
    ...(r.chapterTo ? { chapterTo: r.chapterTo.chapter } : {}),
  };
}

const invalidRange = (r: RangeValues) => {
  const i = rangeInvalid(r);
  return i.title || i.chapter;
};

/** Forecast print (menu `budget/forecast/print`): details and/or summary, part, title and chapter ranges; without values = empty draft. */
export function ForecastPrintScreen() {
  const { t } = useLingui();
  const { department, year } = useBudgetScope();
  const context = useReportContext();
  const [range, setRange] = useState<RangeValues>(emptyRange);
  const [details, setDetails] = useState(true);
  const [summary, setSummary] = useState(true);
  const [withoutValues, setWithoutValues] = useState(false);

  async function build() {
    const input = {
      departmentId: department.id,
      year,
      details,
      summary,
      withoutValues,
      includes: {
        ...rangeInput(range),
        ...(range.titleFrom !== null ? { titleFrom: range.titleFrom } : {}),
        ...(range.titleTo !== null ? { titleTo: range.titleTo } : {}),
      },
    };
    const [data, reports] = await Promise.all([
      queryClient.fetchQuery({ ...trpc.budget.prints.forecast.queryOptions(input), staleTime: 0 }),
      import('@app/reports'),
    ]);
    return {
      kind: 'pdf' as const,
      blob: reports.forecastPdf(data, context()).output('blob'),
      filename: exportFileName(`${t`haushaltsvoranschlag`}-${department.code}-${year}`, 'pdf'),
    };
  }

  return (
    <MenuScreenGate path="budget/forecast/print">
      <ExportForm title={t`Haushaltsvoranschlag ${year} drucken`} formats={pdf} build={build} invalid={invalidRange(range) || (!details && !summary)}>
        <Group gap="lg">
          <Checkbox label={t`Details (Kapitel)`} checked={details} onChange={(e) => setDetails(e.currentTarget.checked)} data-testid="print-details" />
          <Checkbox label={t`Zusammenfassung`} checked={summary} onChange={(e) => setSummary(e.currentTarget.checked)} data-testid="print-summary" />
          <Checkbox
            label={t`Ohne Beträge (leerer Entwurf)`}
            checked={withoutValues}
            onChange={(e) => setWithoutValues(e.currentTarget.checked)}
            data-testid="print-without-values"
          />
        </Group>
        {!details && !summary ? (
          <Text size="sm" c="red">
            {t`Bitte Details oder Zusammenfassung wählen.`}
          </Text>
        ) : null}
        <RangeFields departmentId={department.id} year={year} values={range} onChange={setRange} />
      </ExportForm>
    </MenuScreenGate>
  );
}

/** Changes by chapter (menu `budget/changes/print`): part, title and chapter ranges, with details, only chapters with changes. */
export function ChangesByChapterPrintScreen() {
  const { t } = useLingui();
  const { input, department, year } = useBudgetScope();
  const context = useReportContext();
  const [range, setRange] = useState<RangeValues>(emptyRange);
  const [withDetails, setWithDetails] = useState(true);
  const [onlyChanged, setOnlyChanged] = useState(true);

  async function build() {
    const query = {
      ...input,
      ...rangeInput(range),
      ...(range.titleFrom !== null ? { titelFrom: range.titleFrom } : {}),
      ...(range.titleTo !== null ? { titelTo: range.titleTo } : {}),
      withDetails,
      onlyChaptersWithChanges: onlyChanged,
    };
    const [data, reports] = await Promise.all([
      queryClient.fetchQuery({ ...trpc.budget.prints.changesByChapter.queryOptions(query), staleTime: 0 }),
      import('@app/reports'),
    ]);
    return {
      kind: 'pdf' as const,
      blob: reports.changesByChapterPdf(data, context()).output('blob'),
      filename: exportFileName(`${t`haushaltsaenderungen`}-${department.code}-${year}`, 'pdf'),
    };
  }

  return (
    <MenuScreenGate path="budget/changes/print">
      <ExportForm title={t`Haushaltsänderungen nach Kapiteln drucken`} formats={pdf} build={build} invalid={invalidRange(range)}>
        <RangeFields departmentId={department.id} year={year} values={range} onChange={setRange} />
        <Group gap="lg">
          <Checkbox
            label={t`Mit Einzelheiten (jede Änderung)`}
            checked={withDetails}
            onChange={(e) => setWithDetails(e.currentTarget.checked)}
            data-testid="print-with-details"
          />
          <Checkbox
            label={t`Nur Kapitel mit Änderungen`}
            checked={onlyChanged}
            onChange={(e) => setOnlyChanged(e.currentTarget.checked)}
            data-testid="print-only-changed"
          />
        </Group>
      </ExportForm>
    </MenuScreenGate>
  );
}

/** Adjustment protocol (menu `budget/adjustment/print`). */
export function AdjustmentPrintScreen() {
  const { t } = useLingui();
  const { input, department, year } = useBudgetScope();
  const context = useReportContext();

  async function build() {
    const [data, reports] = await Promise.all([
      queryClient.fetchQuery({ ...trpc.budget.prints.adjustmentProtocol.queryOptions(input), staleTime: 0 }),
      import('@app/reports'),
    ]);
    return {
      kind: 'pdf' as const,
      blob: reports.adjustmentProtocolPdf(data, context()).output('blob'),
      filename: exportFileName(`${t`haushaltsangleichung`}-${department.code}-${year}`, 'pdf'),
    };
  }

  return (
    <MenuScreenGate path="budget/adjustment/print">
      <ExportForm title={t`Protokoll der Haushaltsangleichung ${year}`} formats={pdf} build={build}>
        <Text size="sm" c="dimmed">
          {t`Die Haushaltsangleichung mit allen Positionen, dem voraussichtlichen und dem tatsächlichen Verwaltungsüberschuss.`}
        </Text>
      </ExportForm>
    </MenuScreenGate>
  );
}

/** Changes protocol (menu `budget/changes/protocol`): record number range and approval date range. */
export function ChangesProtocolPrintScreen() {
  const { t } = useLingui();
  const { input, department, year } = useBudgetScope();
  const context = useReportContext();
  const [recordFrom, setRecordFrom] = useState<number | null>(null);
  const [recordTo, setRecordTo] = useState<number | null>(null);
  const [dateFrom, setDateFrom] = useState<string | null>(null);
  const [dateTo, setDateTo] = useState<string | null>(null);
  const order = t`„Bis“ muss größer oder gleich „von“ sein`;
  const recordsInvalid = recordFrom !== null && recordTo !== null && recordFrom > recordTo;
  const datesInvalid = dateFrom !== null && dateTo !== null && dateFrom > dateTo;
  const num = (v: string | number) => (v === '' ? null : Number(v));

  async function build() {
    const query = {
      ...input,
      ...(recordFrom !== null ? { recordFrom } : {}),
      ...(recordTo !== null ? { recordTo } : {}),
      ...(dateFrom ? { approvalDateFrom: dateFrom } : {}),
      ...(dateTo ? { approvalDateTo: dateTo } : {}),
    };
    const [data, reports] = await Promise.all([
      queryClient.fetchQuery({ ...trpc.budget.prints.changesProtocol.queryOptions(query), staleTime: 0 }),
      import('@app/reports'),
    ]);
    return {
      kind: 'pdf' as const,
      blob: reports.changesProtocolPdf(data, context()).output('blob'),
      filename: exportFileName(`${t`protokoll-aenderungen`}-${department.code}-${year}`, 'pdf'),
    };
  }

  return (
    <MenuScreenGate path="budget/changes/protocol">
      <ExportForm title={t`Protokoll der Haushaltsänderungen ${year}`} formats={pdf} build={build} invalid={recordsInvalid || datesInvalid}>
        <Stack gap="sm">
          <Group gap="sm" align="flex-start">
            <NumberInput
              w={130}
              label={t`Nummer von`}
              min={-1}
              allowDecimal={false}
              value={recordFrom ?? ''}
              onChange={(v) => setRecordFrom(num(v))}
              data-testid="print-record-from"
            />
            <NumberInput
              w={130}
              label={t`Nummer bis`}
              min={-1}
              allowDecimal={false}
              value={recordTo ?? ''}
              error={recordsInvalid ? order : undefined}
              onChange={(v) => setRecordTo(num(v))}
              data-testid="print-record-to"
            />
          </Group>
          <Group gap="sm" align="flex-start">
            <DateInput w={170} label={t`Genehmigt von`} value={dateFrom} onChange={setDateFrom} data-testid="print-date-from" />
            <DateInput
              w={170}
              label={t`Genehmigt bis`}
              value={dateTo}
              onChange={setDateTo}
              error={datesInvalid ? order : undefined}
              data-testid="print-date-to"
            />
          </Group>
          <Text size="xs" c="dimmed">
            {t`Die Haushaltsangleichung zählt als Nummer -1.`}
          </Text>
        </Stack>
      </ExportForm>
    </MenuScreenGate>
  );
}
