import { useLingui } from '@lingui/react/macro';
import { Select, SimpleGrid } from '@mantine/core';
import { useSuspenseQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { useRequiredAuth } from '../../lib/session.ts';
import { queryClient, trpc } from '../../lib/trpc.ts';
import { localDescription } from '../../ui/chartLabels.ts';
import { DateInput } from '../../ui/DateInput.tsx';
import { exportFileName } from '../../ui/download.ts';
import { ExportForm } from '../../ui/ExportForm.tsx';
import { departmentLine } from '../../ui/recordLabels.ts';
import { uiLanguage } from '../i18n/language.ts';
import { useScope } from '../scope/useScope.ts';
import { type DateRange, monthNames, type Period, periodDates, periodOf, rangeProblem } from './period.ts';
import { journalAccountsQuery } from './queries.ts';

const pdf = [{ value: 'pdf', label: 'PDF', kind: 'pdf' as const }];

/**
 * The printed cash journal (printedLists/cashJournal, spec 3 §2): the account (the cash account first)
 * and the period — the whole year, a month, or dates typed by hand within the year — → landscape PDF
 * with the balance box, every revenue, paid instalment and account transfer with the running balance.
 */
export function CashJournalPrintScreen() {
  const { t, i18n } = useLingui();
  const auth = useRequiredAuth();
  const { department, year } = useScope();
  const { data: accounts } = useSuspenseQuery(journalAccountsQuery({ department }));
  const ordered = [...accounts].sort((a, b) => a.type - b.type || a.code.localeCompare(b.code));
  const [accountId, setAccountId] = useState<number | null>(ordered[0]?.id ?? null);
  const [range, setRange] = useState<DateRange>(periodDates('year', year));
  const period = periodOf(range, year);
  const problem = rangeProblem(range, year);
  const months = monthNames(i18n.locale);

  async function build() {
    const account = accounts.find((a) => a.id === accountId);
    const input = { departmentId: department.id, year, accountId, dateFrom: range.dateFrom, dateTo: range.dateTo };
    const [data, reports] = await Promise.all([
      queryClient.fetchQuery({ ...trpc.digests.cashJournal.queryOptions(input), staleTime: 0 }),
      import('@app/reports'),
    ]);
    const doc = reports.cashJournalPdf(data, departmentLine(i18n, department), { username: auth.username, now: new Date(), language: uiLanguage(i18n.locale) });
    return {
      kind: 'pdf' as const,
      blob: doc.output('blob'),
      filename: exportFileName(`${t`kassajournal`}-${department.code}-${year}-${account?.code ?? ''}`, 'pdf'),
    };
  }

  return (
    <ExportForm title={t`Kassajournal ${year} drucken`} formats={pdf} build={build} invalid={accountId === null || problem !== null}>
      <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="md" verticalSpacing="sm" data-testid="journal-filter">
        <Select
          label={t`Konto`}
          withAsterisk
          searchable
          selectFirstOptionOnChange
          allowDeselect={false}
          data={ordered.map((a) => ({ value: String(a.id), label: `${a.code} – ${localDescription(i18n, a)}${a.inactive ? ` (${t`inaktiv`})` : ''}` }))}
          value={accountId === null ? null : String(accountId)}
          onChange={(v) => setAccountId(v === null ? null : Number(v))}
          error={accounts.length === 0 ? t`Die Feuerwehr hat keine Konten` : undefined}
          data-testid="journal-account"
        />
        <Select
          label={t`Zeitraum`}
          allowDeselect={false}
          data={[
            { value: 'year', label: t`ganzes Jahr` },
            ...months.map((name, i) => ({ value: String(i + 1), label: `${name} ${year}` })),
            ...(period === 'custom' ? [{ value: 'custom', label: t`von – bis` }] : []),
          ]}
          value={period}
          onChange={(p) => p && p !== 'custom' && setRange(periodDates(p as Period, year))}
          data-testid="journal-period"
        />
        <DateInput label={t`Datum von`} value={range.dateFrom} onChange={(d) => setRange({ ...range, dateFrom: d })} data-testid="journal-date-from" />
        <DateInput
          label={t`Datum bis`}
          value={range.dateTo}
          onChange={(d) => setRange({ ...range, dateTo: d })}
          error={
            problem === 'outsideYear'
              ? t`Beide Daten müssen im Jahr ${year} liegen`
              : problem === 'order'
                ? t`„Bis“ muss größer oder gleich „von“ sein`
                : undefined
          }
          data-testid="journal-date-to"
        />
      </SimpleGrid>
    </ExportForm>
  );
}
