import { useLingui } from '@lingui/react/macro';
import { Group, NumberInput, SegmentedControl, Select, Stack, Text, TextInput } from '@mantine/core';
import { useState } from 'react';
import { queryClient, trpc } from '../../lib/trpc.ts';
import { exportFileName } from '../../ui/download.ts';
import { ExportForm, useListExportFormats } from '../../ui/ExportForm.tsx';
import { useRequiredAuth } from '../../lib/session.ts';
import { uiLanguage } from '../i18n/language.ts';
import { useScope } from '../scope/useScope.ts';
import { MenuScreenGate } from '../shell/MenuScreenGate.tsx';
import { type ActiveChoice, activeChoices, activeLabels, activeParam } from './activeFilter.ts';

/** Suppliers print (menu `suppliers/print`): sort, code range, name range, active filter; list PDF, master sheet PDF (a page per supplier) or CSV. */
export function SupplierPrintScreen() {
  const { t, i18n } = useLingui();
  const formats = useListExportFormats('pdf');
  const auth = useRequiredAuth();
  const { department } = useScope();
  const [sort, setSort] = useState<'code' | 'searchKey'>('code');
  const [codeFrom, setCodeFrom] = useState<number | ''>('');
  const [codeTo, setCodeTo] = useState<number | ''>('');
  const [nameFrom, setNameFrom] = useState('');
  const [nameTo, setNameTo] = useState('');
  const [active, setActive] = useState<ActiveChoice>('all');
  const invalid = codeFrom !== '' && codeTo !== '' && codeFrom > codeTo;

  async function build(format: string) {
    const language = uiLanguage(i18n.locale);
    const activeValue = activeParam(active);
    const input = {
      departmentId: department.id,
      sort,
      language,
      ...(codeFrom !== '' ? { codeFrom } : {}),
      ...(codeTo !== '' ? { codeTo } : {}),
      ...(nameFrom.trim() ? { nameFrom: nameFrom.trim() } : {}),
      ...(nameTo.trim() ? { nameTo: nameTo.trim() } : {}),
      ...(activeValue !== undefined ? { active: activeValue } : {}),
    };
    const [data, reports] = await Promise.all([queryClient.fetchQuery({ ...trpc.suppliers.export.queryOptions(input), staleTime: 0 }), import('@app/reports')]);
    const base = `${t`lieferanten`}-${department.code}`;
    if (format === 'masterSheet') {
      // every field of every supplier of the filter: the full records, a page of 1000 at a time
      const { language: _l, ...filter } = input;
      const suppliers = [];
      for (let page = 1; ; page++) {
        const result = await queryClient.fetchQuery({ ...trpc.suppliers.list.queryOptions({ ...filter, page, pageSize: 1000 }), staleTime: 0 });
        suppliers.push(...result.entities);
        if (page >= result.totalPages) break;
      }
      const doc = reports.supplierMasterSheetPdf(
        { language, departmentCode: data.departmentCode, departmentName: data.departmentName, suppliers },
        { username: auth.username, now: new Date() },
      );
      return { kind: 'pdf' as const, blob: doc.output('blob'), filename: exportFileName(`${t`lieferanten-stammblatt`}-${department.code}`, 'pdf') };
    }
    if (format === 'csv') return { kind: 'csv' as const, text: reports.supplierListCsv(data), filename: exportFileName(base, 'csv') };
    return {
      kind: 'pdf' as const,
      blob: reports.supplierListPdf(data, { username: auth.username, now: new Date() }).output('blob'),
      filename: exportFileName(base, 'pdf'),
    };
  }

  const numberProps = { size: 'sm' as const, w: 110, hideControls: true, allowDecimal: false, allowNegative: false, thousandSeparator: false as const };

  return (
    <MenuScreenGate path="suppliers/print">
      <ExportForm title={t`Lieferanten drucken`} formats={formats} build={build} invalid={invalid}>
        <Stack gap={3}>
          <Text size="sm" fw={500}>
            {t`Sortierung`}
          </Text>
          <SegmentedControl
            size="sm"
            data-testid="export-sort"
            style={{ alignSelf: 'flex-start' }}
            value={sort}
            onChange={(v) => setSort(v === 'searchKey' ? 'searchKey' : 'code')}
            data={[
              { value: 'code', label: t`Nummer` },
              { value: 'searchKey', label: t`Suchbegriff` },
            ]}
          />
        </Stack>
        <Group gap="sm" align="flex-start">
          <NumberInput
            {...numberProps}
            label={t`Nummer von`}
            value={codeFrom}
            onChange={(v) => setCodeFrom(v === '' ? '' : Number(v))}
            data-testid="code-from"
            autoFocus
          />
          <NumberInput
            {...numberProps}
            label={t`Nummer bis`}
            value={codeTo}
            onChange={(v) => setCodeTo(v === '' ? '' : Number(v))}
            data-testid="code-to"
            error={invalid ? t`Kleiner als „von“` : undefined}
          />
          <TextInput
            size="sm"
            w={180}
            label={t`Suchbegriff von`}
            value={nameFrom}
            onChange={(e) => setNameFrom(e.currentTarget.value)}
            data-testid="name-from"
          />
          <TextInput size="sm" w={180} label={t`Suchbegriff bis`} value={nameTo} onChange={(e) => setNameTo(e.currentTarget.value)} data-testid="name-to" />
        </Group>
        <Select
          size="sm"
          w={180}
          label={t`Status`}
          allowDeselect={false}
          value={active}
          onChange={(v) => setActive((v as ActiveChoice | null) ?? 'all')}
          data={activeChoices.map((c) => ({ value: c, label: i18n._(activeLabels[c]) }))}
          data-testid="export-active"
        />
      </ExportForm>
    </MenuScreenGate>
  );
}
