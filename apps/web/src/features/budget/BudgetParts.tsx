/** Small pieces shared by the budget screens: balance checks, figure lines (the state warnings: ui/BudgetStateAlert). */
import { type BalanceCheck, type BalanceCheckResult, balanceChecks, formatAmount } from '@app/domain';
import type { I18n } from '@lingui/core';
import { msg } from '@lingui/core/macro';
import { useLingui } from '@lingui/react/macro';
import { Group, Stack, Text, ThemeIcon } from '@mantine/core';
import type { ReactNode } from 'react';
import { Amount } from '../../ui/Amount.tsx';
import { checkLabels } from './labels.ts';

/** How a failing check reads: which side is larger and by how much (`difference` = revenue side - expense side). */
export function checkDifferenceText(i18n: I18n, difference: number): string {
  const amount = formatAmount(Math.abs(difference));
  return difference < 0 ? i18n._(msg`Ausgaben übersteigen Einnahmen um ${amount}`) : i18n._(msg`Einnahmen übersteigen Ausgaben um ${amount}`);
}

/**
 * The forecast balance checks, one line each: met (green ✓), failed (red ✗ with "by how much"), or
 * neutral (grey –) while the forecast holds no amount yet: nothing to check, nothing to approve.
 * `data-state` (ok, failed, neutral) and `data-ok` for tests.
 */
export function BalanceChecks({ checks, empty }: { checks: Record<BalanceCheck, BalanceCheckResult>; empty: boolean }) {
  const { t, i18n } = useLingui();
  return (
    <Stack gap={4} maw={720} data-testid="balance-checks" data-state={empty ? 'neutral' : undefined}>
      {balanceChecks.map((key) => {
        const check = checks[key];
        const state = empty ? 'neutral' : check.ok ? 'ok' : 'failed';
        const color = state === 'ok' ? 'green' : state === 'failed' ? 'red' : 'gray';
        return (
          <Group
            key={key}
            gap="sm"
            wrap="nowrap"
            justify="space-between"
            data-testid={`check-${key}`}
            data-state={state}
            data-ok={state === 'ok' ? 'true' : 'false'}
          >
            <Group gap={8} wrap="nowrap" style={{ minWidth: 0 }}>
              <ThemeIcon size={20} radius="xl" variant="light" color={color} aria-hidden>
                <Text size="xs" fw={700} c={color} lh={1}>
                  {state === 'ok' ? '✓' : state === 'failed' ? '✗' : '–'}
                </Text>
              </ThemeIcon>
              <Text size="sm">{i18n._(checkLabels[key])}</Text>
            </Group>
            <Text
              size="sm"
              c={state === 'failed' ? 'red' : 'dimmed'}
              fw={state === 'failed' ? 600 : undefined}
              ta="right"
              style={{ whiteSpace: 'nowrap', fontVariantNumeric: 'tabular-nums' }}
              data-testid={`check-${key}-text`}
            >
              {state === 'neutral' ? t`keine Beträge` : state === 'ok' ? t`erfüllt` : checkDifferenceText(i18n, check.difference)}
            </Text>
          </Group>
        );
      })}
    </Stack>
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
