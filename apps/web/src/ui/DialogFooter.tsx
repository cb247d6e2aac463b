import { useLingui } from '@lingui/react/macro';
import { Button, Group, Text } from '@mantine/core';

/**
 * The footer of an editing dialog (payments, position detail): the keys hint "Enter: übernehmen ·
 * Esc: schließen", Cancel and, unless read-only, Accept.
 */
export function DialogFooter({
  onCancel,
  onAccept,
  acceptTestId,
  acceptLabel,
  loading,
}: {
  onCancel: () => void;
  onAccept?: (() => void) | undefined;
  acceptTestId: string;
  /** The accept button's words (default "Übernehmen"). */
  acceptLabel?: string;
  loading?: boolean;
}) {
  const { t } = useLingui();
  return (
    <Group justify="space-between" mt="md">
      <Text size="sm" c="dimmed">
        {t`Enter: übernehmen · Esc: schließen`}
      </Text>
      <Group gap="sm">
        <Button variant="default" onClick={onCancel}>
          {t`Abbrechen`}
        </Button>
        {onAccept ? (
          <Button onClick={onAccept} loading={loading} data-testid={acceptTestId}>
            {acceptLabel ?? t`Übernehmen`}
          </Button>
        ) : null}
      </Group>
    </Group>
  );
}
