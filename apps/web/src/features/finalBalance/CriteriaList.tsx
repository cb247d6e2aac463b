import { FINAL_BALANCE_CRITERIA, type FinalBalance } from '@app/domain';
import { useLingui } from '@lingui/react/macro';
import { Group, Stack, Text, ThemeIcon } from '@mantine/core';
import { criterionLabels } from './labels.ts';

/**
 * The final-account criteria (DOMAIN decision 16), one line each with a pass (green ✓) or fail
 * (red ✗) icon; `data-state` passed / failed for tests.
 */
export function CriteriaList({ balance }: { balance: Pick<FinalBalance, 'criteria'> }) {
  const { t, i18n } = useLingui();
  return (
    <Stack gap={5} data-testid="final-criteria">
      {FINAL_BALANCE_CRITERIA.map((key, i) => {
        const passed = balance.criteria[i] === 1;
        const color = passed ? 'green' : 'red';
        return (
          <Group key={key} gap="sm" wrap="nowrap" justify="space-between" data-testid={`criterion-${key}`} data-state={passed ? 'passed' : 'failed'}>
            <Group gap={8} wrap="nowrap">
              <ThemeIcon size={20} radius="xl" variant="light" color={color} aria-hidden>
                <Text size="xs" fw={700} c={color} lh={1}>
                  {passed ? '✓' : '✗'}
                </Text>
              </ThemeIcon>
              <Text size="sm">{i18n._(criterionLabels[key])}</Text>
            </Group>
            <Text size="sm" c={passed ? 'dimmed' : 'red'} fw={passed ? undefined : 600} style={{ whiteSpace: 'nowrap' }}>
              {passed ? t`erfüllt` : t`nicht erfüllt`}
            </Text>
          </Group>
        );
      })}
    </Stack>
  );
}
