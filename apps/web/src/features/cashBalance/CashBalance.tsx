import { formatAmount } from '@app/domain';
import { useLingui } from '@lingui/react/macro';
import { Group, Text, Tooltip } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { cashTotalQuery } from './cashBalance.ts';

/**
 * The top bar's cash balance of the scope ("Kassastand 1.234,56 €"): refetched after every booking,
 * transfer and balance edit (invalidateCash). Hidden while unknown or when the call is refused.
 */
export function CashBalance({ departmentId, year }: { departmentId: number; year: number }) {
  const { t } = useLingui();
  const total = useQuery({ ...cashTotalQuery({ departmentId, year }), retry: false });
  if (!total.data) return null;
  const cents = total.data.cashBalance;
  return (
    <Tooltip label={t`Summe der Endbestände aller Konten ${year}`}>
      <Group gap={6} wrap="nowrap" visibleFrom="md" data-testid="header-cash">
        <Text size="xs" c="dimmed">
          {t`Kassastand`}
        </Text>
        <Text
          size="sm"
          fw={600}
          c={cents < 0 ? 'red' : undefined}
          style={{ fontVariantNumeric: 'tabular-nums', whiteSpace: 'nowrap' }}
          data-testid="header-cash-balance"
        >
          {formatAmount(cents)}
        </Text>
      </Group>
    </Tooltip>
  );
}
