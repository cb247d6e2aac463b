import { Badge } from '@mantine/core';
import type { ReactNode } from 'react';

/** A small badge marking a list row's state (locked user, inactive account or supplier); nothing while the state is off. */
export function RowFlag({ on, color, children }: { on: boolean; color: string; children: ReactNode }) {
  return on ? (
    <Badge size="xs" color={color} variant="light">
      {children}
    </Badge>
  ) : null;
}
