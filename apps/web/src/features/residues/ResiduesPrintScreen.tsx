import { reportFileBase, type ResidueExportInput } from '@app/domain';
import { useLingui } from '@lingui/react/macro';
import { Radio, SimpleGrid, Stack } from '@mantine/core';
import { useState } from 'react';
import { useRequiredAuth } from '../../lib/session.ts';
import { queryClient, trpc } from '../../lib/trpc.ts';
import { exportFileName } from '../../ui/download.ts';
import { ExportForm } from '../../ui/ExportForm.tsx';
import { departmentLine } from '../../ui/recordLabels.ts';
import { uiLanguage } from '../i18n/language.ts';
import { useScope } from '../scope/useScope.ts';
import { MenuScreenGate } from '../shell/MenuScreenGate.tsx';
import { residueValueFilter, type ResidueValueFilter } from './printFilter.ts';
import { sourceLabels } from './labels.ts';

const pdf = [{ value: 'pdf', label: 'PDF', kind: 'pdf' as const }];

/** Residues print (residues/print), behind the menu's rules. */
export function ResiduesPrintScreen() {
  return (
    <MenuScreenGate path="residues/print">
      <ResiduesPrintForm />
    </MenuScreenGate>
  );
}

/**
 * The residues list (spec 3 §2 Residues, export): management (all, only current, only residues),
 * status (with residue, without, all) and type (simple, or detailed in landscape) → PDF.
 */
function ResiduesPrintForm() {
  const { t, i18n } = useLingui();
  const auth = useRequiredAuth();
  const { department, year } = useScope();
  const [source, setSource] = useState<0 | 1 | 2>(0);
  const [status, setStatus] = useState<ResidueValueFilter>(0);
  const [detailed, setDetailed] = useState(false);

  async function build() {
    const input: ResidueExportInput = { departmentId: department.id, year, source, detailed, ...residueValueFilter(status) };
    const [data, reports] = await Promise.all([queryClient.fetchQuery({ ...trpc.residues.export.queryOptions(input), staleTime: 0 }), import('@app/reports')]);
    const language = uiLanguage(i18n.locale);
    const doc = reports.residuesPdf(data, { year, department: departmentLine(i18n, department) }, { username: auth.username, now: new Date(), language });
    return {
      kind: 'pdf' as const,
      blob: doc.output('blob'),
      filename: exportFileName(reportFileBase(reports.labelsFor(language).residues.title, department.code, year), 'pdf'),
    };
  }

  const statusLabels: Record<ResidueValueFilter, string> = { 0: t`Nur mit Rückstand`, 1: t`Nur ohne Rückstand`, 2: t`Alle` };
  return (
    <ExportForm title={t`Rückstände ${year} drucken`} formats={pdf} build={build}>
      <SimpleGrid cols={{ base: 1, sm: 3 }} spacing="lg">
        <Radio.Group label={t`Verwaltung`} value={String(source)} onChange={(v) => setSource(Number(v) as 0 | 1 | 2)} data-testid="residues-print-source">
          <Stack gap={6} mt={6}>
            {([0, 1, 2] as const).map((s) => (
              <Radio key={s} value={String(s)} label={i18n._(sourceLabels[s])} data-testid={`residues-print-source-${s}`} />
            ))}
          </Stack>
        </Radio.Group>
        <Radio.Group label={t`Status`} value={String(status)} onChange={(v) => setStatus(Number(v) as ResidueValueFilter)} data-testid="residues-print-status">
          <Stack gap={6} mt={6}>
            {([0, 1, 2] as const).map((s) => (
              <Radio key={s} value={String(s)} label={statusLabels[s]} data-testid={`residues-print-status-${s}`} />
            ))}
          </Stack>
        </Radio.Group>
        <Radio.Group label={t`Art`} value={detailed ? '1' : '0'} onChange={(v) => setDetailed(v === '1')} data-testid="residues-print-type">
          <Stack gap={6} mt={6}>
            <Radio value="0" label={t`Einfach`} data-testid="residues-print-type-0" />
            <Radio value="1" label={t`Detailliert (Querformat)`} data-testid="residues-print-type-1" />
          </Stack>
        </Radio.Group>
      </SimpleGrid>
    </ExportForm>
  );
}
