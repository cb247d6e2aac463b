import { Area } from '@app/domain';
import { useLingui } from '@lingui/react/macro';
import { useState } from 'react';
import { exportFileName } from '../../ui/download.ts';
import { ExportForm } from '../../ui/ExportForm.tsx';
import { useRequiredAuth } from '../../lib/session.ts';
import { uiLanguage } from '../i18n/language.ts';
import { useScope } from '../scope/useScope.ts';
import { MenuScreenGate } from '../shell/MenuScreenGate.tsx';
import { ChartPrintFields, type ChartPrintValues, invalidTitleRange, loadChartExport } from './ChartPrintForm.tsx';

/** Chart of accounts print (menu `chartOfAccounts/print`): area (default union), year, part, title range, with categories -> PDF. */
export function ChartPrintScreen() {
  const { t, i18n } = useLingui();
  const auth = useRequiredAuth();
  const { year } = useScope();
  const [values, setValues] = useState<ChartPrintValues>({ area: Area.Union, year, part: null, titleFrom: null, titleTo: null, withCategories: false });

  async function build() {
    const [data, reports] = await loadChartExport(values);
    return {
      kind: 'pdf' as const,
      blob: reports.chartOfAccountsPdf(data, { username: auth.username, now: new Date(), language: uiLanguage(i18n.locale) }).output('blob'),
      filename: exportFileName(`${t`kontenplan`}-${values.year}`, 'pdf'),
    };
  }

  return (
    <MenuScreenGate path="chartOfAccounts/print">
      <ExportForm title={t`Kontenplan drucken`} formats={[{ value: 'pdf', label: t`PDF`, kind: 'pdf' }]} build={build} invalid={invalidTitleRange(values)}>
        <ChartPrintFields values={values} onChange={setValues} withCategoriesOption />
      </ExportForm>
    </MenuScreenGate>
  );
}
