/**
 * Cash journal online (spec 3 §2, DOMAIN decision 9): year and account (the first cash account at
 * first), the balance box (balance at the start, revenues, expenses, movements balance, final
 * balance = the account's balance; beside it the instalments on the account still unpaid), and the
 * rows — revenues, paid instalments on their date paid, account transfers on both accounts; a
 * cancelled record "storniert" with 0 — with the running balance, newest last, opened on the last
 * page. A row opens its record. The accounts are chips in the panel's flow (issue 25): choosing one
 * never lays a list over the figures the cashier reads.
 */
import { AccountType, type CashJournal, type CashJournalRow } from '@app/domain';
import { useLingui } from '@lingui/react/macro';
import { Chip, Group, Input, Stack } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { trpc } from '../../lib/trpc.ts';
import { accountName } from '../../ui/accountName.ts';
import type { DigestPanelProps } from './types.ts';
import {
  amountColumn,
  DigestCriteria,
  DigestNote,
  digestQueryOptions,
  DigestTable,
  FigureAmount,
  FigureBox,
  movementColumns,
  pagedInput,
  SideFigure,
  useDigestAnswer,
  useDigestPanelState,
} from './DigestParts.tsx';

export function CashJournalPanel({ scope, onYear, openRecord, active }: DigestPanelProps) {
  const { t, i18n } = useLingui();
  const state = useDigestPanelState(scope.year, onYear);
  const { year } = state;
  const [chosen, setChosen] = useState<number | null>(null);
  const accounts = useQuery(trpc.accounts.briefs.queryOptions({ departmentId: scope.department.id, includeInactive: true }));
  const list = accounts.data ?? [];
  // the first cash account until the cashier picks another one
  const accountId = chosen ?? (list.find((a) => a.type === AccountType.Cash && !a.inactive) ?? list[0])?.id ?? null;

  const enabled = active && accountId !== null;
  const query = useQuery({
    ...trpc.digests.cashJournal.queryOptions({ ...pagedInput(scope, state), accountId: accountId ?? 0 }),
    enabled,
    ...digestQueryOptions((prev: CashJournal) => prev.year === year && prev.accountId === accountId),
  });
  const { data, table } = useDigestAnswer(query, enabled, state.paging);

  const columns = [
    ...movementColumns<CashJournalRow>(i18n, descriptionOf, { kind: 210, supplier: 160 }),
    amountColumn<CashJournalRow>('amount', t`Betrag`, (r) => r.amount),
    amountColumn<CashJournalRow>('balance', t`Saldo`, (r) => r.finalBalance),
  ];

  /**
   * An account transfer names the other account: "an B1" when it leaves, "von B1" when it comes in; a
   * bank return its payment order and the bill's record (of an earlier year: number/year).
   */
  function descriptionOf(r: CashJournalRow): string {
    if (r.kind === 'paymentReturn') {
      const order = r.orderNumber === null ? '' : t`Zahlungsauftrag ${r.orderNumber}/${r.orderYear}`;
      const record = r.recordYear === null ? '' : t`Buchung ${r.recordNumber}/${r.recordYear}`;
      return [order, record, r.description].filter(Boolean).join(' · ');
    }
    if (r.kind !== 'accountTransfer' || !r.counterAccountCode) return r.description;
    // a cancelled transfer moved nothing: the other account without a direction
    const counter = r.cancelled ? `⇄ ${r.counterAccountCode}` : r.amount < 0 ? t`an ${r.counterAccountCode}` : t`von ${r.counterAccountCode}`;
    return r.description ? `${counter} · ${r.description}` : counter;
  }

  return (
    <Stack gap="sm">
      <DigestCriteria years={scope.years} state={state}>
        <AccountChips
          label={t`Konto`}
          value={accountId}
          accounts={list.map((a) => ({ id: a.id, label: accountName(a, i18n.locale) + (a.inactive ? ` (${t`inaktiv`})` : '') }))}
          onChange={(id) => {
            setChosen(id);
            state.paging.reset();
          }}
        />
      </DigestCriteria>
      {accounts.error || query.error ? (
        <DigestNote error={accounts.error ?? query.error} />
      ) : accounts.data && list.length === 0 ? (
        <DigestNote>{t`Die Feuerwehr hat noch kein Konto.`}</DigestNote>
      ) : (
        <>
          <FigureBox
            testId="cash-box"
            year={data?.year}
            figures={[
              { label: t`Anfangsbestand`, cents: data?.dateFromBalance, testId: 'cash-start' },
              { label: t`Einnahmen`, cents: data?.totalProfit, testId: 'cash-revenues' },
              { label: t`Ausgaben`, cents: data?.totalLoss, testId: 'cash-expenses' },
              { label: t`Saldo der Bewegungen`, cents: data?.movementsBalance, testId: 'cash-movements' },
              { label: t`Endbestand`, cents: data?.finalBalance, strong: true, testId: 'cash-final' },
            ]}
          >
            <SideFigure label={t`Noch nicht bezahlt`} w={150}>
              <FigureAmount cents={data?.openPayments} dimmed testId="cash-open" />
            </SideFigure>
          </FigureBox>
          <DigestTable
            columns={columns}
            table={table}
            scope={scope}
            openRecord={openRecord}
            rowDimmed={(r) => r.cancelled}
            emptyText={t`Keine Bewegungen auf diesem Konto in ${year}.`}
            testId="cash-rows"
          />
        </>
      )}
    </Stack>
  );
}

/**
 * The account choice as chips that wrap inside the criteria (one per account, the chosen one
 * checked); the wrapper carries the chosen account's label in data-value.
 */
function AccountChips({
  label,
  value,
  accounts,
  onChange,
}: {
  label: string;
  value: number | null;
  accounts: readonly { id: number; label: string }[];
  onChange: (id: number) => void;
}) {
  const chosen = accounts.find((a) => a.id === value);
  return (
    <Input.Wrapper label={label} style={{ flex: 1, minWidth: 0 }}>
      <Chip.Group multiple={false} value={value !== null ? String(value) : null} onChange={(v) => v && onChange(Number(v))}>
        <Group gap={6} wrap="wrap" mih={36} align="center" role="radiogroup" aria-label={label} data-testid="digest-account" data-value={chosen?.label ?? ''}>
          {accounts.map((a) => (
            <Chip key={a.id} value={String(a.id)} size="sm" radius="sm" wrapperProps={{ 'data-testid': 'digest-account-option' }}>
              {a.label}
            </Chip>
          ))}
        </Group>
      </Chip.Group>
    </Input.Wrapper>
  );
}
