/**
 * The paperclip beside a record that has receipts (issue 28): in the record picker, the chapter register and
 * the cash journal. It says how many are attached (the count shown from two on, the title always); no receipt,
 * no mark.
 */
import { useLingui } from '@lingui/react/macro';
import { Group, Text } from '@mantine/core';
import { PaperclipIcon } from '../../ui/icons.tsx';

export function ReceiptsMark({ count }: { count: number | undefined }) {
  const { t } = useLingui();
  if (!count) return null;
  const title = count === 1 ? t`1 Beleg angehängt` : t`${count} Belege angehängt`;
  return (
    <Group
      component="span"
      gap={1}
      wrap="nowrap"
      c="dimmed"
      title={title}
      aria-label={title}
      data-testid="receipts-mark"
      data-count={count}
      style={{ flex: 'none' }}
    >
      <PaperclipIcon size={14} />
      {count > 1 ? (
        <Text span size="xs">
          {count}
        </Text>
      ) : null}
    </Group>
  );
}
