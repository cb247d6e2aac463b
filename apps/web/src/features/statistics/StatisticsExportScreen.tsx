import { useLingui } from '@lingui/react/macro';
import { Checkbox, Group, NumberInput, Stack, TextInput } from '@mantine/core';
import { useState } from 'react';
import { queryClient, trpc } from '../../lib/trpc.ts';
import { ExportForm } from '../../ui/ExportForm.tsx';
import { uiLanguage } from '../i18n/language.ts';
import { useScope } from '../scope/useScope.ts';
import { MenuScreenGate } from '../shell/MenuScreenGate.tsx';

/** Statistics export (menu `statistics/export`): department code range, year range, detailed; a CSV with a fixed name. */
export function StatisticsExportScreen() {
  const { t, i18n } = useLingui();
  const { department, year } = useScope();
  const [deptFrom, setDeptFrom] = useState('');
  const [deptTo, setDeptTo] = useState('');
  const [yearFrom, setYearFrom] = useState<number | string>(year);
  const [yearTo, setYearTo] = useState<number | string>(year);
  const [withChapters, setWithChapters] = useState(false);
  const from = Number(yearFrom);
  const to = Number(yearTo);
  const invalid = !Number.isInteger(from) || !Number.isInteger(to) || yearFrom === '' || yearTo === '' || from > to;

  async function build() {
    const input = {
      deptFrom: deptFrom.trim() || undefined,
      deptTo: deptTo.trim() || undefined,
      yearFrom: from,
      yearTo: to,
      withChapters,
      language: uiLanguage(i18n.locale),
      departmentId: department.id,
    };
    const [data, reports] = await Promise.all([
      queryClient.fetchQuery({ ...trpc.statistics.export.queryOptions(input), staleTime: 0 }),
      import('@app/reports'),
    ]);
    return { kind: 'csv' as const, text: reports.statisticsCsv(data), filename: data.fileName };
  }

  return (
    <MenuScreenGate path="statistics/export">
      <ExportForm title={t`Statistik exportieren`} formats={[{ value: 'csv', label: t`CSV`, kind: 'csv' }]} build={build} invalid={invalid}>
        <Stack gap="sm">
          <Group gap="sm">
            <TextInput
              size="sm"
              w={130}
              label={t`Feuerwehr von`}
              maxLength={3}
              value={deptFrom}
              onChange={(e) => setDeptFrom(e.currentTarget.value)}
              data-testid="dept-from"
              data-autofocus
              autoFocus
            />
            <TextInput
              size="sm"
              w={130}
              label={t`Feuerwehr bis`}
              maxLength={3}
              value={deptTo}
              onChange={(e) => setDeptTo(e.currentTarget.value)}
              data-testid="dept-to"
            />
          </Group>
          <Group gap="sm">
            <NumberInput
              size="sm"
              w={130}
              label={t`Jahr von`}
              min={1900}
              max={9999}
              allowDecimal={false}
              value={yearFrom}
              onChange={setYearFrom}
              data-testid="year-from"
            />
            <NumberInput
              size="sm"
              w={130}
              label={t`Jahr bis`}
              min={1900}
              max={9999}
              allowDecimal={false}
              value={yearTo}
              onChange={setYearTo}
              data-testid="year-to"
              error={yearFrom !== '' && yearTo !== '' && from > to ? t`Das Jahr bis liegt vor dem Jahr von.` : undefined}
            />
          </Group>
          <Checkbox
            label={t`detailliert (mit Kapiteln)`}
            checked={withChapters}
            onChange={(e) => setWithChapters(e.currentTarget.checked)}
            data-testid="with-chapters"
          />
        </Stack>
      </ExportForm>
    </MenuScreenGate>
  );
}
