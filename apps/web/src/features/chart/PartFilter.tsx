import type { Part } from '@app/domain';
import { useLingui } from '@lingui/react/macro';
import { SegmentedControl, Stack, Text } from '@mantine/core';
import { useSearch } from '@tanstack/react-router';
import { partLabels } from '../../ui/chartLabels.ts';
import { useSearchUpdate } from '../../ui/useMasterList.ts';

/** The part filter of a chart list in the URL (`?part=1`): all, revenues or expenses. */
export function usePartFilter(): Part | undefined {
  const search = useSearch({ strict: false }) as Record<string, unknown>;
  const p = Number(search['part']);
  return p === 1 || p === 2 ? p : undefined;
}

export function PartFilter() {
  const { t, i18n } = useLingui();
  const part = usePartFilter();
  const update = useSearchUpdate();
  return (
    <Stack gap={2}>
      <Text size="xs" fw={500}>
        {t`Teil`}
      </Text>
      <SegmentedControl
        size="xs"
        data-testid="filter-part"
        value={part ? String(part) : 'all'}
        onChange={(v) => void update((prev) => ({ ...prev, part: v === 'all' ? undefined : Number(v), page: undefined }), { replace: true })}
        data={[
          { value: 'all', label: t`Alle` },
          { value: '1', label: i18n._(partLabels[1]) },
          { value: '2', label: i18n._(partLabels[2]) },
        ]}
      />
    </Stack>
  );
}
