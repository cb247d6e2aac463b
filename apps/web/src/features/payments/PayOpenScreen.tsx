import { useLingui } from '@lingui/react/macro';
import { Paper, Stack, Text } from '@mantine/core';
import { useSuspenseQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { ScreenHeader } from '../../ui/ScreenHeader.tsx';
import { useScope } from '../scope/useScope.ts';
import { OpenInstalmentsPanel } from './OpenInstalmentsPanel.tsx';
import { emptyPaymentFilter, filterRangeInvalid, type PaymentFilter } from './paymentFilter.ts';
import { PaymentFilterFields } from './PaymentFilterFields.tsx';
import { paymentAccountsQuery } from './queries.ts';

/**
 * Open payments (payments/pay, ours; issue 25, DOMAIN decision 21): the open instalments the year
 * pays (its own and those carried into it), narrowed by the filter of the print, each with
 * "Bezahlen …" (paid by hand: date paid and account, the settle dialog), and the year's payments by
 * hand with "Wieder offen" (OpenInstalmentsPanel). The print of the list is payments/open.
 */
export function PayOpenScreen() {
  const { t } = useLingui();
  const { department, year } = useScope();
  const { data: accounts } = useSuspenseQuery(paymentAccountsQuery({ department }));
  const [filter, setFilter] = useState<PaymentFilter>(emptyPaymentFilter);
  return (
    <Stack gap="sm" maw={1100}>
      <ScreenHeader
        title={t`Offene Zahlungen ${year} bezahlen`}
        subtitle={
          <Text size="sm" c="dimmed">
            {t`Eine offene Rate von Hand bezahlen (bar, mit Karte, mit einer Überweisung ohne Homebanking): Zahlungsdatum und Konto. Raten in einem Zahlungsauftrag zahlt die Bank.`}
          </Text>
        }
      />
      <Paper withBorder radius="sm" p="md" maw={760}>
        <PaymentFilterFields value={filter} onChange={setFilter} accounts={accounts} testId="pay-filter" />
      </Paper>
      {filterRangeInvalid(filter) ? null : <OpenInstalmentsPanel filter={filter} />}
    </Stack>
  );
}
