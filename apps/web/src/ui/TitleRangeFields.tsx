import { useLingui } from '@lingui/react/macro';
import { Group, NumberInput } from '@mantine/core';

export interface TitleRange {
  titleFrom: number | null;
  titleTo: number | null;
}

/**
 * „Titel von“ and „Titel bis“ of the print forms (budget and chart prints): whole titles 1 to 9, an
 * empty field is an open bound; `error` shows under „bis“ (the range's order).
 */
export function TitleRangeFields({
  values,
  onChange,
  error,
}: {
  values: TitleRange;
  onChange: (patch: Partial<TitleRange>) => void;
  error?: string | undefined;
}) {
  const { t } = useLingui();
  const title = (v: string | number) => (v === '' || v === null ? null : Number(v));
  const fields = [
    { key: 'titleFrom', label: t`Titel von`, testId: 'print-title-from', error: undefined },
    { key: 'titleTo', label: t`Titel bis`, testId: 'print-title-to', error },
  ] as const;
  return (
    <Group gap="sm" align="flex-start">
      {fields.map((field) => (
        <NumberInput
          key={field.key}
          size="sm"
          w={110}
          label={field.label}
          data-testid={field.testId}
          min={1}
          max={9}
          allowDecimal={false}
          allowNegative={false}
          value={values[field.key] ?? ''}
          error={field.error}
          onChange={(v) => onChange({ [field.key]: title(v) })}
        />
      ))}
    </Group>
  );
}
