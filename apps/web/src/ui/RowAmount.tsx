import { useLingui } from '@lingui/react/macro';
import { Text } from '@mantine/core';
import { Amount } from './Amount.tsx';

/**
 * The amount of a read-only position or transfer row. On a cancelled record (DOMAIN decision 27,
 * `cancelled`) it is the amount the row was booked at, struck through and dimmed: it counts 0 (the
 * totals say so); a dash when it is not known (cancelled before the amounts were kept).
 */
export function RowAmount({
  cents,
  cancelled,
  testId,
  title,
}: {
  cents: number | null | undefined;
  cancelled: boolean;
  testId: string;
  /** The struck amount's hint when the record's word needs another form ("annullato" for a transfer). */
  title?: string;
}) {
  const { t } = useLingui();
  if (!cancelled) return <Amount cents={cents ?? 0} size="sm" data-testid={testId} />;
  if (cents === null || cents === undefined)
    return (
      <Text span size="sm" c="dimmed" title={t`Betrag vor der Stornierung nicht bekannt`} data-testid={testId} data-cancelled="true">
        –
      </Text>
    );
  return (
    <span title={title ?? t`storniert: zählt 0`}>
      <Amount cents={cents} size="sm" c="dimmed" td="line-through" data-testid={testId} data-cancelled="true" />
    </span>
  );
}
