import { useLingui } from '@lingui/react/macro';
import { Text } from '@mantine/core';
import { useState } from 'react';
import { exportFileName } from '../../ui/download.ts';
import { ExportForm } from '../../ui/ExportForm.tsx';
import { useRequiredAuth } from '../../lib/session.ts';
import { uiLanguage } from '../i18n/language.ts';
import { useScope } from '../scope/useScope.ts';
import { MenuScreenGate } from '../shell/MenuScreenGate.tsx';
import { ChartPrintFields, type ChartPrintValues, invalidTitleRange, loadChartExport } from './ChartPrintForm.tsx';

/** Empty budget-forecast draft (menu `chartOfAccounts/budgetDraft`): the chart's chapters with empty amount columns to fill in by hand. */
export function BudgetDraftScreen() {
  const { t, i18n } = useLingui();
  const auth = useRequiredAuth();
  const { department, year } = useScope();
  const language = uiLanguage(i18n.locale);
  const [values, setValues] = useState<ChartPrintValues>({ area: department.area, year, part: null, titleFrom: null, titleTo: null, withCategories: false });

  async function build() {
    const [data, reports] = await loadChartExport(values);
    return {
      kind: 'pdf' as const,
      blob: reports
        .budgetDraftPdf(data, {
          username: auth.username,
          now: new Date(),
          language,
          department: `${department.code} ${language === 'it' ? department.nameIta || department.nameDeu : department.nameDeu || department.nameIta}`,
        })
        .output('blob'),
      filename: exportFileName(`${t`haushaltsentwurf`}-${department.code}-${values.year}`, 'pdf'),
    };
  }

  return (
    <MenuScreenGate path="chartOfAccounts/budgetDraft">
      <ExportForm
        title={t`Entwurf Haushaltsvoranschlag`}
        formats={[{ value: 'pdf', label: t`PDF`, kind: 'pdf' }]}
        build={build}
        invalid={invalidTitleRange(values)}
      >
        <Text size="sm" c="dimmed">
          {t`Leerer Vordruck des Haushaltsvoranschlags aus dem Kontenplan: alle Kapitel mit leeren Spalten zum Ausfüllen.`}
        </Text>
        <ChartPrintFields values={values} onChange={setValues} withCategoriesOption={false} />
      </ExportForm>
    </MenuScreenGate>
  );
}
