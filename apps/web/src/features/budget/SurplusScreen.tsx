import { presumedSurplus, surplusUsedAllowed } from '@app/domain';
import { useLingui } from '@lingui/react/macro';
import { Alert, Button, Divider, Group, Loader, Paper, SimpleGrid, Stack, Text, Title } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { useNavigate } from '@tanstack/react-router';
import { type FormEvent, useRef, useState } from 'react';
import { errorText } from '../../lib/errorMessages.ts';
import { errorFieldOf } from '../../lib/errors.ts';
import { trpc, trpcClient } from '../../lib/trpc.ts';
import { AmountInput } from '../../ui/AmountInput.tsx';
import { onEnterMoves } from '../../ui/EditorShell.tsx';
import { notifyError, notifySuccess } from '../../ui/notify.ts';
import { UnsavedChangesGuard } from '../../ui/UnsavedChangesGuard.tsx';
import { useDraftForm } from '../../ui/useDraftForm.ts';
import { useFocusFirstField } from '../../ui/useFocusFirstField.ts';
import { BudgetStateAlert } from '../../ui/BudgetStateAlert.tsx';
import { FigureLine } from './BudgetParts.tsx';
import { surplusQuery } from './queries.ts';
import { SurplusProposal } from './SurplusProposal.tsx';
import { invalidateBudget, useBudgetScope } from './useBudgetScope.ts';

type Key = 'cashBalance' | 'revenuesActual' | 'revenuesResidue' | 'expensesActual' | 'expensesResidue' | 'surplusUsed';
/** The surplus figures (SurplusInput and the surplus used), in cents. */
type Fields = Record<Key, number>;
const toValues = (d: Fields): Fields => ({
  cashBalance: d.cashBalance,
  revenuesActual: d.revenuesActual,
  revenuesResidue: d.revenuesResidue,
  expensesActual: d.expensesActual,
  expensesResidue: d.expensesResidue,
  surplusUsed: d.surplusUsed,
});

/**
 * Presumed administrative surplus (menu `budget/forecast/surplus`): cash balance, revenues actual and
 * residue, expenses actual and residue; the surplus is computed live; the surplus used may not exceed
 * a positive surplus. Saving returns to the forecast. Once the previous year's final account is approved,
 * its cash and residues are proposed above the fields (SurplusProposal), taken with a click or not.
 */
export function SurplusScreen() {
  const { t, i18n } = useLingui();
  const navigate = useNavigate();
  const { input, department, year, closed, status } = useBudgetScope();
  const query = useQuery(surplusQuery({ department, year }));
  const [serverError, setServerError] = useState<string | null>(null);
  const root = useRef<HTMLFormElement>(null);
  const draft = useDraftForm({ root, draft: query.data, toValues, save: persist });
  const { values, dirty, saving } = draft;

  const editable = Boolean(query.data?.isEditable) && !closed;
  // issue 25 item 10: once the previous year's final account is approved, its figures are proposed
  const previous = useQuery(trpc.finalBalance.previousSurplus.queryOptions(input));
  const proposed =
    previous.data?.proposal && previous.data.approval ? { ...previous.data, proposal: previous.data.proposal, approval: previous.data.approval } : null;
  useFocusFirstField(root, editable && values !== null);
  const surplus = values ? presumedSurplus(values) : 0;
  const usedError =
    values && !surplusUsedAllowed(surplus, values.surplusUsed)
      ? surplus > 0
        ? t`Höchstens der voraussichtliche Überschuss`
        : t`Ohne positiven Überschuss nur 0`
      : null;

  const labels: Record<Key, string> = {
    cashBalance: t`Kassastand`,
    revenuesActual: t`Einnahmen (Kompetenz)`,
    revenuesResidue: t`Einnahmen (Rückstände)`,
    expensesActual: t`Ausgaben (Kompetenz)`,
    expensesResidue: t`Ausgaben (Rückstände)`,
    surplusUsed: t`Verwendeter Überschuss`,
  };

  async function onSubmit(event: FormEvent) {
    event.preventDefault();
    if (await draft.save())
      void navigate({ to: '/dept/$dept/year/$year/budget/forecast/details', params: { dept: department.code, year: String(year) }, ignoreBlocker: true });
  }

  /** Saves what the fields show (Save, Ctrl+Enter, or "save" when leaving); answers whether it saved. */
  async function persist(values: Fields): Promise<boolean> {
    if (!editable) return false;
    if (usedError) {
      notifyError(usedError, t`Änderungen nicht gespeichert`);
      return false;
    }
    setServerError(null);
    try {
      await trpcClient.budget.surplus.save.mutate({ ...input, ...values });
      notifySuccess(t`Änderungen gespeichert`);
      await invalidateBudget();
      return true;
    } catch (error) {
      const field = errorFieldOf(error);
      setServerError(field === 'surplusUsed' ? t`Der verwendete Überschuss ist zu hoch.` : errorText(i18n, error));
      notifyError(errorText(i18n, error), t`Änderungen nicht gespeichert`);
      return false;
    }
  }

  const field = (key: Key) =>
    values ? (
      <AmountInput
        label={labels[key]}
        name={key}
        data-testid={`surplus-${key}`}
        value={values[key]}
        readOnly={!editable}
        error={key === 'surplusUsed' ? usedError : undefined}
        onChange={(cents) => draft.set(key, cents ?? 0)}
      />
    ) : null;

  return (
    <form ref={root} onSubmit={(e) => void onSubmit(e)} onKeyDown={onEnterMoves} noValidate>
      <Stack gap="sm" maw={860}>
        <Group justify="space-between" wrap="nowrap" align="flex-start">
          <Title order={2} data-testid="screen-title">
            {t`Voraussichtlicher Verwaltungsüberschuss`}
          </Title>
          <Group gap="xs" wrap="nowrap" style={{ flexShrink: 0 }}>
            {editable ? (
              <Button type="submit" loading={saving} disabled={!dirty || usedError !== null} data-testid="editor-save">
                {t`Speichern`}
              </Button>
            ) : null}
            <Button
              variant="subtle"
              onClick={() => void navigate({ to: '/dept/$dept/year/$year/budget/forecast/details', params: { dept: department.code, year: String(year) } })}
              data-testid="editor-back"
            >
              {t`Zurück`}
            </Button>
          </Group>
        </Group>
        <Text size="sm" c="dimmed">
          {t`Erwarteter Kassastand zum 31.12.${year - 1} zuzüglich der Forderungen und abzüglich der Verbindlichkeiten.`}
        </Text>
        <BudgetStateAlert closed={closed} approved={query.data !== undefined && !query.data.isEditable} status={status} />
        {query.error ? (
          <Alert color="red" variant="light">
            {errorText(i18n, query.error)}
          </Alert>
        ) : !values ? (
          <Loader size="sm" />
        ) : (
          <Paper withBorder radius="sm" p="md">
            <Stack gap="sm">
              {editable && proposed ? <SurplusProposal previous={proposed} values={values} onTake={(terms) => draft.form.setValues(terms)} /> : null}
              <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="md" verticalSpacing="sm">
                {field('cashBalance')}
                <div />
                {field('revenuesActual')}
                {field('expensesActual')}
                {field('revenuesResidue')}
                {field('expensesResidue')}
              </SimpleGrid>
              <Divider />
              <FigureLine label={t`Voraussichtlicher Verwaltungsüberschuss`} cents={surplus} strong testId="surplus-computed" />
              <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="md">
                {field('surplusUsed')}
              </SimpleGrid>
              {serverError ? (
                <Alert color="red" variant="light" py={8}>
                  {serverError}
                </Alert>
              ) : null}
            </Stack>
          </Paper>
        )}
      </Stack>
      <UnsavedChangesGuard dirty={dirty} onSave={editable ? draft.save : undefined} />
    </form>
  );
}
