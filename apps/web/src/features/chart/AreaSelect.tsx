import type { Area } from '@app/domain';
import { useLingui } from '@lingui/react/macro';
import { Select } from '@mantine/core';
import { areaLabel } from '../scope/areaLabel.ts';

/** Chooses the area of a chart (Landesverband, Bezirk, Feuerwehr). */
export function AreaSelect({
  value,
  onChange,
  label,
  testId = 'area-select',
  w = 170,
  size = 'xs',
}: {
  value: Area;
  onChange: (area: Area) => void;
  label?: string;
  testId?: string;
  w?: number;
  size?: 'xs' | 'sm';
}) {
  const { t, i18n } = useLingui();
  return (
    <Select
      size={size}
      w={w}
      label={label ?? t`Bereich`}
      allowDeselect={false}
      data-testid={testId}
      value={String(value)}
      onChange={(v) => v && onChange(Number(v) as Area)}
      data={([1, 2, 3] as const).map((a) => ({ value: String(a), label: i18n._(areaLabel(a)) }))}
    />
  );
}
