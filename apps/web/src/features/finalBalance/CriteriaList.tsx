import { FINAL_BALANCE_CRITERIA, type FinalBalance, type FinalBalanceCriterion } from '@app/domain';
import { useLingui } from '@lingui/react/macro';
import { Group, Stack, Text, ThemeIcon } from '@mantine/core';
import { Link } from '@tanstack/react-router';
import { useScope } from '../scope/useScope.ts';
import { criterionLabels } from './labels.ts';

/** Where a failed criterion is fixed (the residue determination, or the budget changes to approve). */
const fixPaths: Partial<Record<FinalBalanceCriterion, 'residues/determination' | 'budget/changes/edit'>> = {
  unpaidBills: 'residues/determination',
  reservations: 'residues/determination',
  residues: 'residues/determination',
  budgetChanges: 'budget/changes/edit',
  // an overspent line is fixed by raising its budget (decision 23: it is never determined as it stands)
  exceededAvailabilities: 'budget/changes/edit',
};

/**
 * The final-account criteria (DOMAIN decision 16), one line each with a pass (green ✓) or fail
 * (red ✗) icon; a failed one links to the screen where it is fixed; `data-state` passed / failed for tests.
 */
export function CriteriaList({ balance }: { balance: Pick<FinalBalance, 'criteria'> }) {
  const { t, i18n } = useLingui();
  const { department, year } = useScope();
  const params = { dept: department.code, year: String(year) };
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
            <Group gap="sm" wrap="nowrap">
              {!passed && fixPaths[key] === 'residues/determination' ? (
                <Link
                  to="/dept/$dept/year/$year/residues/determination"
                  params={params}
                  style={{ fontSize: 'var(--mantine-font-size-sm)', color: 'var(--mantine-color-anchor)', textDecoration: 'none' }}
                  data-testid={`criterion-${key}-fix`}
                >
                  {t`Rückstände feststellen`}
                </Link>
              ) : !passed && fixPaths[key] === 'budget/changes/edit' ? (
                <Link
                  to="/dept/$dept/year/$year/budget/changes/edit"
                  params={params}
                  style={{ fontSize: 'var(--mantine-font-size-sm)', color: 'var(--mantine-color-anchor)', textDecoration: 'none' }}
                  data-testid={`criterion-${key}-fix`}
                >
                  {t`Haushaltsänderungen`}
                </Link>
              ) : null}
              <Text size="sm" c={passed ? 'dimmed' : 'red'} fw={passed ? undefined : 600} style={{ whiteSpace: 'nowrap' }}>
                {passed ? t`erfüllt` : t`nicht erfüllt`}
              </Text>
            </Group>
          </Group>
        );
      })}
    </Stack>
  );
}
