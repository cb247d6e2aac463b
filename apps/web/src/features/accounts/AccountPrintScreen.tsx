import type { AccountType } from '@app/domain';
import { useLingui } from '@lingui/react/macro';
import { SegmentedControl, Stack, Text } from '@mantine/core';
import { useState } from 'react';
import { queryClient, trpc } from '../../lib/trpc.ts';
import { exportFileName } from '../../ui/download.ts';
import { ExportForm } from '../../ui/ExportForm.tsx';
import { useRequiredAuth } from '../../lib/session.ts';
import { uiLanguage } from '../i18n/language.ts';
import { useScope } from '../scope/useScope.ts';
import { MenuScreenGate } from '../shell/MenuScreenGate.tsx';
import { accountTypeLabels } from './labels.ts';

/** Accounts print (menu `accounts/print`): all accounts or one type (cash, bank, post) as PDF. */
export function AccountPrintScreen() {
  const { t, i18n } = useLingui();
  const auth = useRequiredAuth();
  const { department, year } = useScope();
  const [type, setType] = useState<'all' | '1' | '2' | '3'>('all');

  async function build() {
    const input = { departmentId: department.id, year, language: uiLanguage(i18n.locale), ...(type !== 'all' ? { type: Number(type) as AccountType } : {}) };
    const [data, reports] = await Promise.all([queryClient.fetchQuery({ ...trpc.accounts.print.queryOptions(input), staleTime: 0 }), import('@app/reports')]);
    return {
      kind: 'pdf' as const,
      blob: reports.accountsPrintPdf(data, { username: auth.username, now: new Date() }).output('blob'),
      filename: exportFileName(`${t`konten`}-${department.code}`, 'pdf'),
    };
  }

  return (
    <MenuScreenGate path="accounts/print">
      <ExportForm title={t`Konten drucken`} formats={[{ value: 'pdf', label: t`PDF`, kind: 'pdf' }]} build={build}>
        <Stack gap={3}>
          <Text size="sm" fw={500}>
            {t`Kontoart`}
          </Text>
          <SegmentedControl
            size="sm"
            style={{ alignSelf: 'flex-start' }}
            data-testid="export-type"
            value={type}
            onChange={(v) => setType(v as typeof type)}
            data={[{ value: 'all', label: t`Alle` }, ...([1, 2, 3] as const).map((k) => ({ value: String(k), label: i18n._(accountTypeLabels[k]) }))]}
          />
        </Stack>
      </ExportForm>
    </MenuScreenGate>
  );
}
