/**
 * PartControl — the choice of the chart part (1 revenues "Einnahmen", 2 expenses "Ausgaben") as a
 * segmented control, optionally with "Alle" (both parts, value null) in front. The labels come
 * from chartLabels (partLabels) and the catalog, so every screen names the parts the same way.
 *
 *   <PartControl value={part} onChange={setPart} testId="part" fullWidth />                 // editors
 *   <PartControl withAll value={partOrNull} onChange={setPartOrNull} testId="print-part" />  // filters, prints
 *
 * Props: `value` / `onChange` (Part, or Part | null with `withAll`), `withAll` ("Alle" = null),
 * `label` (default "Teil" above the control; null for none), `size` (default sm; the label
 * follows it), `fullWidth` (stretch to the column, as in editors), `disabled`, `testId`.
 */
import type { Part } from '@app/domain';
import { useLingui } from '@lingui/react/macro';
import { type MantineSize, SegmentedControl, Stack, Text } from '@mantine/core';
import type { ReactNode } from 'react';
import { partLabels } from './chartLabels.ts';

interface PartControlCommon {
  /** Text above the control; default "Teil", null for none. */
  label?: ReactNode;
  size?: MantineSize;
  /** Stretch the control to the width of its column (editors); otherwise as wide as its labels. */
  fullWidth?: boolean;
  disabled?: boolean;
  testId?: string;
}

export type PartControlProps = PartControlCommon &
  ({ withAll?: false; value: Part; onChange: (part: Part) => void } | { withAll: true; value: Part | null; onChange: (part: Part | null) => void });

const ALL = 'all';

export function PartControl(props: PartControlProps) {
  const { t, i18n } = useLingui();
  const { size = 'sm', fullWidth = false, disabled, testId } = props;
  const label = props.label === undefined ? t`Teil` : props.label;
  const parts = ([1, 2] as const).map((p) => ({ value: String(p), label: i18n._(partLabels[p]) }));

  function change(v: string) {
    if (props.withAll) props.onChange(v === ALL ? null : (Number(v) as Part));
    else props.onChange(Number(v) as Part);
  }

  const control = (
    <SegmentedControl
      size={size}
      disabled={disabled}
      data-testid={testId}
      style={fullWidth || label === null ? undefined : { alignSelf: 'flex-start' }}
      value={props.value === null ? ALL : String(props.value)}
      onChange={change}
      data={props.withAll ? [{ value: ALL, label: t`Alle` }, ...parts] : parts}
    />
  );
  if (label === null) return control;
  return (
    <Stack gap={size === 'xs' ? 2 : 3}>
      <Text size={size} fw={500}>
        {label}
      </Text>
      {control}
    </Stack>
  );
}
