import { useLingui } from '@lingui/react/macro';
import type { SupplierBrief } from '@app/domain';
import { Checkbox, Select, Stack } from '@mantine/core';
import { useSuspenseQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { useRequiredAuth } from '../../lib/session.ts';
import { queryClient, trpc } from '../../lib/trpc.ts';
import { exportFileName } from '../../ui/download.ts';
import { ExportForm } from '../../ui/ExportForm.tsx';
import { SupplierPicker } from '../../ui/SupplierPicker.tsx';
import { departmentLine } from '../../ui/recordLabels.ts';
import { uiLanguage } from '../i18n/language.ts';
import { outOfOrder } from '../payments/paymentFilter.ts';
import { useScope } from '../scope/useScope.ts';

const pdf = [{ value: 'pdf', label: 'PDF', kind: 'pdf' as const }];

/**
 * The printed supplier digest (printedLists/supplierDigest, spec 3 §2): a supplier range (picked by
 * code or name; "von" alone is that one supplier) and the year (the scope year or an earlier one in the system), with or without movements → landscape PDF
 * with each supplier's address, movements, paid and not paid, and the grand total.
 */
export function SupplierDigestPrintScreen() {
  const { t, i18n } = useLingui();
  const auth = useRequiredAuth();
  const { department, year } = useScope();
  const { data: scopes } = useSuspenseQuery(trpc.scope.list.queryOptions());
  const years = scopes.years.filter((y) => y <= year).sort((a, b) => b - a);
  const [printYear, setPrintYear] = useState(year);
  const [from, setFrom] = useState<SupplierBrief | null>(null);
  const [to, setTo] = useState<SupplierBrief | null>(null);
  const supplierFrom = from?.code ?? null;
  const supplierTo = to?.code ?? null;
  const [withMovements, setWithMovements] = useState(true);
  const [withEmpty, setWithEmpty] = useState(false);
  const invalid = outOfOrder(supplierFrom, supplierTo);

  async function build() {
    // one supplier: "von" alone; a range with both; all without
    const input = { departmentId: department.id, year: printYear, supplierFrom, supplierTo: supplierTo ?? supplierFrom, withMovements, withEmpty };
    const [data, reports] = await Promise.all([
      queryClient.fetchQuery({ ...trpc.digests.suppliersList.queryOptions(input), staleTime: 0 }),
      import('@app/reports'),
    ]);
    const doc = reports.supplierDigestsPdf(
      data,
      { department: departmentLine(i18n, department), supplierFrom: input.supplierFrom ?? undefined, supplierTo: input.supplierTo ?? undefined },
      { username: auth.username, now: new Date(), language: uiLanguage(i18n.locale) },
    );
    return { kind: 'pdf' as const, blob: doc.output('blob'), filename: exportFileName(`${t`lieferantenauszug`}-${department.code}-${printYear}`, 'pdf') };
  }

  return (
    <ExportForm title={t`Lieferantenauszug drucken`} formats={pdf} build={build} invalid={invalid}>
      <Stack gap="sm">
        <Select
          label={t`Jahr`}
          w={120}
          allowDeselect={false}
          data={years.map(String)}
          value={String(printYear)}
          onChange={(y) => setPrintYear(Number(y))}
          data-testid="print-year"
        />
        <SupplierPicker
          departmentId={department.id}
          includeInactive
          value={from}
          onChange={setFrom}
          label={t`Lieferant von (Code oder Name)`}
          name="print-supplier-from"
        />
        <SupplierPicker
          departmentId={department.id}
          includeInactive
          value={to}
          onChange={setTo}
          label={t`Lieferant bis (leer: nur „von“ oder alle)`}
          error={invalid ? t`„Bis“ muss größer oder gleich „von“ sein` : undefined}
          name="print-supplier-to"
        />
        <Checkbox
          label={t`mit Bewegungen`}
          checked={withMovements}
          onChange={(e) => setWithMovements(e.currentTarget.checked)}
          data-testid="print-with-movements"
        />
        <Checkbox
          label={t`auch Lieferanten ohne Bewegungen im Jahr`}
          checked={withEmpty}
          onChange={(e) => setWithEmpty(e.currentTarget.checked)}
          data-testid="print-with-empty"
        />
      </Stack>
    </ExportForm>
  );
}
