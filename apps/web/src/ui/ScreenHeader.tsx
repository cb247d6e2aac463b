import { Group, Title } from '@mantine/core';
import type { ReactNode } from 'react';

/** A screen's title (test id `screen-title`) with its subtitle line below and its buttons on the right. */
export function ScreenHeader({ title, subtitle, actions }: { title: ReactNode; subtitle?: ReactNode; actions?: ReactNode }) {
  return (
    <Group justify="space-between" align="flex-end" wrap="nowrap">
      <div>
        <Title order={2} data-testid="screen-title">
          {title}
        </Title>
        {subtitle}
      </div>
      {actions}
    </Group>
  );
}
