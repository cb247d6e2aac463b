import { useLingui } from '@lingui/react/macro';
import { Group, TextInput } from '@mantine/core';
import { AmountInput } from '../../ui/AmountInput.tsx';
import { DateInput } from '../../ui/DateInput.tsx';

/** The head of a budget change or the adjustment (the adjustment adds the actual surplus). */
export interface ChangeHead {
  approved: string | null;
  notes: string;
  surplusActual?: number | null;
}

export interface ChangeHeadFieldsProps {
  /** `change` or `adjustment`: the fields' data-testid prefix (`change-approved`, `adjustment-notes` …). */
  kind: 'change' | 'adjustment';
  head: ChangeHead;
  onChange: (patch: Partial<ChangeHead>) => void;
  /** The approval date's message (already translated); null: none. */
  dateError: string | null | undefined;
  /** Leaving the date field (marks it touched, so "required" shows). */
  onDateBlur?: () => void;
  readOnly?: boolean;
}

/**
 * The head fields of a budget change and of the adjustment: approval date (required), the actual
 * administrative surplus (adjustment only, when `head.surplusActual` is given) and notes. Used by
 * the new-change form, the change editor and the adjustment (create and edit).
 */
export function ChangeHeadFields({ kind, head, onChange, dateError, onDateBlur, readOnly = false }: ChangeHeadFieldsProps) {
  const { t } = useLingui();
  return (
    <Group align="flex-start" gap="sm" wrap="nowrap">
      <DateInput
        label={t`Genehmigungsdatum`}
        name="approved"
        withAsterisk
        w={170}
        value={head.approved}
        onChange={(approved) => onChange({ approved })}
        {...(onDateBlur ? { onBlur: onDateBlur } : {})}
        error={dateError}
        {...(readOnly ? { readOnly } : {})}
        data-testid={`${kind}-approved`}
      />
      {head.surplusActual !== undefined ? (
        <AmountInput
          label={t`Tatsächlicher Verwaltungsüberschuss`}
          name="surplusActual"
          w={300}
          value={head.surplusActual}
          onChange={(surplusActual) => onChange({ surplusActual })}
          {...(readOnly ? { readOnly } : {})}
          data-testid={`${kind}-surplus-actual`}
        />
      ) : null}
      <TextInput
        label={t`Anmerkungen`}
        name="notes"
        style={{ flex: 1 }}
        maxLength={200}
        value={head.notes}
        onChange={(e) => onChange({ notes: e.currentTarget.value })}
        {...(readOnly ? { readOnly } : {})}
        data-testid={`${kind}-notes`}
      />
    </Group>
  );
}
