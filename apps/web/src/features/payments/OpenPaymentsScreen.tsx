import { useLingui } from '@lingui/react/macro';
import { useSuspenseQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { useRequiredAuth } from '../../lib/session.ts';
import { queryClient, trpc } from '../../lib/trpc.ts';
import { exportFileName } from '../../ui/download.ts';
import { ExportForm } from '../../ui/ExportForm.tsx';
import { departmentLine } from '../../ui/recordLabels.ts';
import { uiLanguage } from '../i18n/language.ts';
import { useScope } from '../scope/useScope.ts';
import { emptyPaymentFilter, filterRangeInvalid, type PaymentFilter } from './paymentFilter.ts';
import { PaymentFilterFields } from './PaymentFilterFields.tsx';
import { paymentAccountsQuery } from './queries.ts';

const pdf = [{ value: 'pdf', label: 'PDF', kind: 'pdf' as const }];

/**
 * Open payments print (payments/open, spec 3 §2): account, supplier range, due-date and document-date
 * ranges → the unpaid instalments by supplier as a landscape PDF named `offene-zahlungen-101-2026-2026-11-27.pdf` (the REST
 * `fileName` stays the spec's `DD.MM.YYYY.pdf`). Paying one by hand is the screen payments/pay (PayOpenScreen), named so
 * in the menu (issue 25).
 */
export function OpenPaymentsScreen() {
  const { t, i18n } = useLingui();
  const auth = useRequiredAuth();
  const { department, year } = useScope();
  const { data: accounts } = useSuspenseQuery(paymentAccountsQuery({ department }));
  const [filter, setFilter] = useState<PaymentFilter>(emptyPaymentFilter);

  async function build() {
    const [data, reports] = await Promise.all([
      queryClient.fetchQuery({ ...trpc.payments.open.queryOptions({ departmentId: department.id, year, ...filter }), staleTime: 0 }),
      import('@app/reports'),
    ]);
    const doc = reports.openPaymentsPdf(data, departmentLine(i18n, department), {
      username: auth.username,
      now: new Date(),
      language: uiLanguage(i18n.locale),
    });
    return { kind: 'pdf' as const, blob: doc.output('blob'), filename: exportFileName(`${t`offene-zahlungen`}-${department.code}-${year}`, 'pdf') };
  }

  return (
    <ExportForm title={t`Offene Zahlungen ${year} drucken`} formats={pdf} build={build} invalid={filterRangeInvalid(filter)}>
      <PaymentFilterFields value={filter} onChange={setFilter} accounts={accounts} testId="open-filter" />
    </ExportForm>
  );
}
