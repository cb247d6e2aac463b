/** Small pieces shared by the budget screens: state warnings, check badges, figure lines. */
import type { BalanceCheck } from '@app/domain';
import { useLingui } from '@lingui/react/macro';
import { Alert, Badge, Group, Text } from '@mantine/core';
import type { ReactNode } from 'react';
import { Amount } from '../../ui/Amount.tsx';
import { budgetMessages, checkLabels } from './labels.ts';

/** The read-only reason of a budget screen: closed wins over approved. */
export function BudgetStateAlert({ closed, approved }: { closed: boolean; approved?: boolean }) {
  const { i18n } = useLingui();
  if (closed)
    return (
      <Alert color="yellow" variant="light" data-testid="budget-closed-warning" py={8}>
        {i18n._(budgetMessages.closedWarning)}
      </Alert>
    );
  if (approved)
    return (
      <Alert color="blue" variant="light" data-testid="budget-approved-warning" py={8}>
        {i18n._(budgetMessages.approvedWarning)}
      </Alert>
    );
  return null;
}

/** The balance checks as pass/fail badges (`data-check` and `data-ok` for tests). */
export function CheckBadges({ checks }: { checks: Record<BalanceCheck, boolean> }) {
  const { t, i18n } = useLingui();
  return (
    <Group gap="xs" data-testid="balance-checks">
      {(['total', 'title1', 'title3'] as const).map((key) => (
        <Badge
          key={key}
          size="lg"
          radius="sm"
          variant="light"
          color={checks[key] ? 'green' : 'red'}
          data-testid={`check-${key}`}
          data-ok={checks[key] ? 'true' : 'false'}
          leftSection={checks[key] ? '✓' : '✗'}
          style={{ textTransform: 'none', fontWeight: 500 }}
          title={checks[key] ? t`erfüllt` : t`nicht erfüllt`}
        >
          {i18n._(checkLabels[key])}
        </Badge>
      ))}
    </Group>
  );
}

/** A label and an amount on one line (figure boxes: totals, surplus). */
export function FigureLine({ label, cents, strong, testId }: { label: ReactNode; cents: number; strong?: boolean; testId?: string }) {
  return (
    <Group justify="space-between" wrap="nowrap" gap="md">
      <Text size="sm" fw={strong ? 700 : undefined}>
        {label}
      </Text>
      <Amount cents={cents} size="sm" fw={strong ? 700 : undefined} data-testid={testId} style={{ fontVariantNumeric: 'tabular-nums', whiteSpace: 'nowrap' }} />
    </Group>
  );
}
