import { type AccountBalance, type AccountBalances } from '@app/domain';
import { useLingui } from '@lingui/react/macro';
import { Alert, Badge, Group, Paper, Stack, Table, Text } from '@mantine/core';
import { useSuspenseQuery } from '@tanstack/react-query';
import { useRef, useState } from 'react';
import { trpcClient } from '../../lib/trpc.ts';
import { Amount, AmountCell } from '../../ui/Amount.tsx';
import { AmountInput } from '../../ui/AmountInput.tsx';
import { saveErrorText } from '../../ui/fieldMessages.ts';
import { SaveButton } from '../../ui/SaveButton.tsx';
import { ScreenHeader } from '../../ui/ScreenHeader.tsx';
import { notifyError, notifySuccess } from '../../ui/notify.ts';
import { UnsavedChangesGuard } from '../../ui/UnsavedChangesGuard.tsx';
import { useDraftForm } from '../../ui/useDraftForm.ts';
import { useFocusFirstField } from '../../ui/useFocusFirstField.ts';
import { BudgetStateAlert } from '../../ui/BudgetStateAlert.tsx';
import { invalidateCash } from '../cashBalance/cashBalance.ts';
import { useScope } from '../scope/useScope.ts';
import { MenuScreenGate } from '../shell/MenuScreenGate.tsx';
import { balanceLabels } from './labels.ts';
import { balancesQuery } from './queries.ts';

interface Values extends Record<string, unknown> {
  /** The typed initial balance per account id (null: the field is empty, counts as 0). */
  initial: Record<string, number | null>;
}

const toValues = (b: AccountBalances): Values => ({ initial: Object.fromEntries(b.accounts.map((a) => [String(a.accountId), a.initialBalance])) });
const compare = (v: Values) => Object.entries(v.initial).map(([id, cents]) => [id, cents ?? 0]);

/** Account balances (accounts/saldo), behind the menu's rules. */
export function BalancesScreen() {
  return (
    <MenuScreenGate path="accounts/saldo">
      <BalancesTable />
    </MenuScreenGate>
  );
}

/**
 * Per account of the department: code, description (language of the UI), initial balance, the
 * year's movements and the final balance (= initial + movements, live while typing), with totals.
 * The initial balances are inputs only when the server says so (the department's first year, budget
 * open); later years show the previous year's final balances read-only. Save (Ctrl+Enter) sends them
 * and refreshes every cash figure (invalidateCash).
 */
function BalancesTable() {
  const { t, i18n } = useLingui();
  const { department, year, status } = useScope();
  const { data } = useSuspenseQuery(balancesQuery({ department, year }));
  const root = useRef<HTMLDivElement>(null);
  const [failed, setFailed] = useState<{ accountId: number; text: string } | null>(null);
  const draft = useDraftForm<AccountBalances, Values>({ root, draft: data, toValues, compare, save: onSave });
  const values = draft.values ?? toValues(data);
  const editable = data.editable;
  useFocusFirstField(root, editable);

  const initialOf = (a: AccountBalance) => (editable ? (values.initial[String(a.accountId)] ?? 0) : a.initialBalance);
  const finalOf = (a: AccountBalance) => initialOf(a) + a.movementsBalance;
  const totals = data.accounts.reduce(
    (sum, a) => ({ initial: sum.initial + initialOf(a), movements: sum.movements + a.movementsBalance, final: sum.final + finalOf(a) }),
    { initial: 0, movements: 0, final: 0 },
  );

  async function onSave(v: Values): Promise<boolean> {
    if (!editable) return false;
    if (!draft.dirty) return true;
    try {
      await trpcClient.accountBalances.save.mutate({
        departmentId: department.id,
        year,
        accounts: data.accounts.map((a) => ({ accountId: a.accountId, accountCode: a.accountCode, initialBalance: v.initial[String(a.accountId)] ?? 0 })),
      });
      notifySuccess(t`Anfangsbestände gespeichert`);
      await invalidateCash();
      return true;
    } catch (error) {
      // an error on one account (`accounts.{i}.initialBalance`) names it and marks its field
      const { text, field } = saveErrorText(i18n, error, balanceLabels);
      const hit = data.accounts[Number(/^accounts\.(\d+)\./.exec(field ?? '')?.[1] ?? -1)];
      const code = hit?.accountCode ?? '';
      notifyError(hit ? `${text} (${t`Konto ${code}`})` : text, t`Anfangsbestände nicht gespeichert`);
      setFailed(hit ? { accountId: hit.accountId, text } : null);
      return false;
    }
  }

  const closed = data.isBudgetClosed;
  return (
    <Stack ref={root} gap="sm" maw={1100} onKeyDown={draft.saveKeys(() => void draft.save())}>
      <ScreenHeader
        title={t`Kontostand ${year}`}
        subtitle={
          <Text size="sm" c="dimmed">
            {t`Anfangsbestand, Bewegungen des Jahres und Endbestand je Konto`}
          </Text>
        }
        actions={editable ? <SaveButton onSave={() => void draft.save()} saving={draft.saving} disabled={!draft.dirty} testId="balances-save" /> : null}
      />
      <BudgetStateAlert closed={closed} status={status} />
      {!editable && !closed && !data.isFirstYear ? (
        <Alert color="blue" variant="light" py={8} data-testid="balances-read-only">
          {t`Die Anfangsbestände sind die Endbestände des Vorjahres ${year - 1}; eingeben kann man sie nur im ersten Haushaltsjahr der Feuerwehr.`}
        </Alert>
      ) : null}
      <Paper withBorder radius="sm">
        <form {...draft.formProps}>
          <Table striped highlightOnHover verticalSpacing={4} horizontalSpacing="sm" data-testid="balances-table">
            <Table.Thead>
              <Table.Tr>
                <Table.Th w={90}>{t`Code`}</Table.Th>
                <Table.Th>{t`Beschreibung`}</Table.Th>
                <Table.Th w={170} ta="right">{t`Anfangsbestand`}</Table.Th>
                <Table.Th w={150} ta="right">{t`Bewegungen`}</Table.Th>
                <Table.Th w={150} ta="right">{t`Endbestand`}</Table.Th>
              </Table.Tr>
            </Table.Thead>
            <Table.Tbody>
              {data.accounts.map((a) => (
                <Table.Tr key={a.accountId} data-testid={`balance-${a.accountCode}`} style={a.inactive ? { opacity: 0.6 } : undefined}>
                  <Table.Td>
                    <Text size="sm" ff="monospace">
                      {a.accountCode}
                    </Text>
                  </Table.Td>
                  <Table.Td>
                    <Group gap={6} wrap="nowrap">
                      <Text size="sm" truncate>
                        {i18n.locale === 'it' ? a.descriptionIta : a.descriptionDeu}
                      </Text>
                      {a.inactive ? (
                        <Badge size="xs" color="gray" variant="light">
                          {t`inaktiv`}
                        </Badge>
                      ) : null}
                    </Group>
                  </Table.Td>
                  {editable ? (
                    <Table.Td py={2}>
                      <AmountInput
                        size="xs"
                        aria-label={t`Anfangsbestand ${a.accountCode}`}
                        value={values.initial[String(a.accountId)] ?? null}
                        error={failed?.accountId === a.accountId ? failed.text : undefined}
                        onChange={(cents) => {
                          setFailed(null);
                          draft.set('initial', (previous) => ({ ...previous, [String(a.accountId)]: cents }));
                        }}
                        readOnly={a.inactive}
                        data-testid={`initial-${a.accountCode}`}
                      />
                    </Table.Td>
                  ) : (
                    <AmountCell cents={a.initialBalance} testId={`initial-${a.accountCode}`} />
                  )}
                  <AmountCell cents={a.movementsBalance} testId={`movements-${a.accountCode}`} />
                  <AmountCell cents={finalOf(a)} testId={`final-${a.accountCode}`} />
                </Table.Tr>
              ))}
            </Table.Tbody>
            <Table.Tfoot>
              <Table.Tr fw={700} data-testid="balances-totals">
                <Table.Td colSpan={2}>{t`Summe`}</Table.Td>
                <Table.Td ta="right" pr={editable ? 22 : undefined}>
                  <Amount cents={totals.initial} size="sm" fw={700} data-testid="total-initial" />
                </Table.Td>
                <Table.Td ta="right">
                  <Amount cents={totals.movements} size="sm" fw={700} data-testid="total-movements" />
                </Table.Td>
                <Table.Td ta="right">
                  <Amount cents={totals.final} size="sm" fw={700} data-testid="total-final" />
                </Table.Td>
              </Table.Tr>
            </Table.Tfoot>
          </Table>
          {data.accounts.length === 0 ? (
            <Text size="sm" c="dimmed" p="sm">
              {t`Die Feuerwehr hat noch keine Konten.`}
            </Text>
          ) : null}
        </form>
      </Paper>
      <UnsavedChangesGuard dirty={draft.dirty} onSave={editable ? draft.saveAndLeave : undefined} />
    </Stack>
  );
}
