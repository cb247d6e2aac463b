import { presumedSurplus, type SurplusInput, surplusUsedAllowed } from '@app/domain';
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
import { typedFieldsValid } from '../../ui/typedText.ts';
import { UnsavedChangesGuard } from '../../ui/UnsavedChangesGuard.tsx';
import { useFocusFirstField } from '../../ui/useFocusFirstField.ts';
import { BudgetStateAlert, FigureLine } from './BudgetParts.tsx';
import { invalidateBudget, useBudgetScope } from './useBudgetScope.ts';

type Fields = SurplusInput & { surplusUsed: number };
const keys = ['cashBalance', 'revenuesActual', 'revenuesResidue', 'expensesActual', 'expensesResidue', 'surplusUsed'] as const;

/**
 * Presumed administrative surplus (menu `budget/forecast/surplus`): cash balance, revenues actual and
 * residue, expenses actual and residue; the surplus is computed live; the surplus used may not exceed
 * a positive surplus. Saving returns to the forecast.
 */
export function SurplusScreen() {
  const { t, i18n } = useLingui();
  const navigate = useNavigate();
  const { input, department, year, closed } = useBudgetScope();
  const query = useQuery(trpc.budget.surplus.get.queryOptions(input));
  const [values, setValues] = useState<Fields | null>(null);
  const [saving, setSaving] = useState(false);
  const [serverError, setServerError] = useState<string | null>(null);
  const root = useRef<HTMLFormElement>(null);

  if (query.data && values === null) {
    const d = query.data;
    setValues({ cashBalance: d.cashBalance, revenuesActual: d.revenuesActual, revenuesResidue: d.revenuesResidue, expensesActual: d.expensesActual, expensesResidue: d.expensesResidue, surplusUsed: d.surplusUsed });
  }

  const editable = Boolean(query.data?.isEditable) && !closed;
  useFocusFirstField(root, editable && values !== null);
  const dirty = values !== null && query.data !== undefined && keys.some((k) => values[k] !== query.data[k]);
  const surplus = values ? presumedSurplus(values) : 0;
  const usedError = values && !surplusUsedAllowed(surplus, values.surplusUsed) ? (surplus > 0 ? t`Höchstens der voraussichtliche Überschuss` : t`Ohne positiven Überschuss nur 0`) : null;

  const labels: Record<(typeof keys)[number], string> = {
    cashBalance: t`Kassastand`,
    revenuesActual: t`Einnahmen (Kompetenz)`,
    revenuesResidue: t`Einnahmen (Rückstände)`,
    expensesActual: t`Ausgaben (Kompetenz)`,
    expensesResidue: t`Ausgaben (Rückstände)`,
    surplusUsed: t`Verwendeter Überschuss`,
  };

  async function onSubmit(event: FormEvent) {
    event.preventDefault();
    if (await persist()) void navigate({ to: '/dept/$dept/year/$year/budget/forecast/details', params: { dept: department.code, year: String(year) }, ignoreBlocker: true });
  }

  /** Saves what the fields show (Save, Ctrl+Enter, or "save" when leaving); answers whether it saved. */
  async function persist(): Promise<boolean> {
    // a typed text that is no amount keeps its message and the focus; nothing is saved
    if (!typedFieldsValid(root.current)) return false;
    if (!values || !editable) return false;
    if (usedError) {
      notifyError(usedError, t`Änderungen nicht gespeichert`);
      return false;
    }
    setSaving(true);
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
    } finally {
      setSaving(false);
    }
  }

  const field = (key: (typeof keys)[number]) =>
    values ? (
      <AmountInput
        label={labels[key]}
        name={key}
        data-testid={`surplus-${key}`}
        value={values[key]}
        readOnly={!editable}
        error={key === 'surplusUsed' ? usedError : undefined}
        onChange={(cents) => setValues((v) => (v ? { ...v, [key]: cents ?? 0 } : v))}
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
        <BudgetStateAlert closed={closed} approved={query.data !== undefined && !query.data.isEditable} />
        {query.error ? (
          <Alert color="red" variant="light">
            {errorText(i18n, query.error)}
          </Alert>
        ) : !values ? (
          <Loader size="sm" />
        ) : (
          <Paper withBorder radius="sm" p="md">
            <Stack gap="sm">
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
      <UnsavedChangesGuard dirty={dirty} onSave={editable ? persist : undefined} />
    </form>
  );
}
