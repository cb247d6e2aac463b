import type { AccountBrief } from '@app/domain';
import { useLingui } from '@lingui/react/macro';
import { NumberInput, Select, SimpleGrid } from '@mantine/core';
import { localDescription } from '../../ui/chartLabels.ts';
import { DateInput } from '../../ui/DateInput.tsx';
import { outOfOrder, type PaymentFilter } from './paymentFilter.ts';

/** The filter fields; `accountRequired` for a new order (the bank file pays from one account). */
export function PaymentFilterFields({
  value,
  onChange,
  accounts,
  accountRequired = false,
  accountError,
  testId,
}: {
  value: PaymentFilter;
  onChange: (next: PaymentFilter) => void;
  accounts: readonly AccountBrief[];
  accountRequired?: boolean;
  accountError?: string;
  testId: string;
}) {
  const { t, i18n } = useLingui();
  const set = (patch: Partial<PaymentFilter>) => onChange({ ...value, ...patch });
  const rangeText = t`„Bis“ muss größer oder gleich „von“ sein`;
  const code = (v: string | number) => (typeof v === 'number' ? v : null);
  return (
    <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="md" verticalSpacing="sm" data-testid={testId}>
      <Select
        label={t`Konto`}
        withAsterisk={accountRequired}
        clearable={!accountRequired}
        searchable
        selectFirstOptionOnChange
        data={accounts.map((a) => ({ value: String(a.id), label: `${a.code} – ${localDescription(i18n, a)}` }))}
        value={value.accountId === null ? null : String(value.accountId)}
        onChange={(v) => set({ accountId: v === null ? null : Number(v) })}
        error={accountError}
        placeholder={accountRequired ? undefined : t`alle`}
        data-testid={`${testId}-account`}
        style={{ gridColumn: '1 / -1' }}
      />
      <NumberInput
        label={t`Lieferant von (Code)`}
        min={0}
        allowDecimal={false}
        value={value.supplierFrom ?? ''}
        onChange={(v) => set({ supplierFrom: code(v) })}
        data-testid={`${testId}-supplier-from`}
      />
      <NumberInput
        label={t`Lieferant bis (Code)`}
        min={0}
        allowDecimal={false}
        value={value.supplierTo ?? ''}
        onChange={(v) => set({ supplierTo: code(v) })}
        error={outOfOrder(value.supplierFrom, value.supplierTo) ? rangeText : undefined}
        data-testid={`${testId}-supplier-to`}
      />
      <DateInput label={t`Fällig von`} value={value.dateDueFrom} onChange={(d) => set({ dateDueFrom: d })} data-testid={`${testId}-due-from`} />
      <DateInput
        label={t`Fällig bis`}
        value={value.dateDueTo}
        onChange={(d) => set({ dateDueTo: d })}
        error={outOfOrder(value.dateDueFrom, value.dateDueTo) ? rangeText : undefined}
        data-testid={`${testId}-due-to`}
      />
      <DateInput label={t`Belegdatum von`} value={value.documentDateFrom} onChange={(d) => set({ documentDateFrom: d })} data-testid={`${testId}-doc-from`} />
      <DateInput
        label={t`Belegdatum bis`}
        value={value.documentDateTo}
        onChange={(d) => set({ documentDateTo: d })}
        error={outOfOrder(value.documentDateFrom, value.documentDateTo) ? rangeText : undefined}
        data-testid={`${testId}-doc-to`}
      />
    </SimpleGrid>
  );
}
