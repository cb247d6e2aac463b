import { useLingui } from '@lingui/react/macro';
import { Button, Group, Text } from '@mantine/core';

/**
 * The footer of an editing dialog (payments, position detail): the keys hint "Enter: übernehmen ·
 * Esc: schließen", Cancel and, unless read-only, Accept.
 */
export function DialogFooter({ onCancel, onAccept, acceptTestId }: { onCancel: () => void; onAccept?: (() => void) | undefined; acceptTestId: string }) {
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
          <Button onClick={onAccept} data-testid={acceptTestId}>
            {t`Übernehmen`}
          </Button>
        ) : null}
      </Group>
    </Group>
  );
}
