/**
 * MasterList — the list half of every master-data screen (spec 2 §2): title, the "Neu" button,
 * a compact filter row and the DataTable. ArrowDown in a filter field moves into the table; the
 * first filter field gets the focus. In picker dialogs pass `newDisabled` (spec: no new there). The
 * auditor (issue 27), who writes nothing, gets no "Neu".
 *
 *   <MasterList title={t`Lieferanten`} onNew={() => list.openEditor('new')}
 *     filters={<><TextInput label={t`Code`} {...list.filterProps('code')} /></>}>
 *     <DataTable ... />
 *   </MasterList>
 */
import { Trans } from '@lingui/react/macro';
import { Button, Group, Paper, Stack, Title } from '@mantine/core';
import { type KeyboardEvent, type ReactNode, useEffect, useRef } from 'react';
import { useReadsOnly } from '../lib/session.ts';

export interface MasterListProps {
  title: ReactNode;
  filters?: ReactNode;
  onNew?: () => void;
  newDisabled?: boolean;
  /** More buttons next to "Neu". */
  actions?: ReactNode;
  children: ReactNode;
  maw?: number;
}

export function MasterList({ title, filters, onNew, newDisabled, actions, children, maw = 1200 }: MasterListProps) {
  const filterRef = useRef<HTMLDivElement>(null);
  const auditor = useReadsOnly();

  useEffect(() => {
    filterRef.current?.querySelector<HTMLInputElement>('input:not([disabled])')?.focus();
  }, []);

  function onFilterKey(event: KeyboardEvent<HTMLDivElement>) {
    if (event.key !== 'ArrowDown' || event.defaultPrevented) return;
    const target = event.target as HTMLElement;
    if (target.getAttribute('aria-expanded') === 'true') return; // an open select handles its own arrows
    const row = filterRef.current?.parentElement?.querySelector<HTMLElement>('tr[data-row]');
    if (row) {
      event.preventDefault();
      row.focus();
    }
  }

  return (
    <Stack gap="sm" maw={maw}>
      <Group justify="space-between" wrap="nowrap">
        <Title order={2} data-testid="screen-title">
          {title}
        </Title>
        <Group gap="xs" wrap="nowrap">
          {actions}
          {onNew && !auditor ? (
            <Button size="sm" onClick={onNew} disabled={newDisabled} data-testid="list-new">
              <Trans>Neu</Trans>
            </Button>
          ) : null}
        </Group>
      </Group>
      {filters ? (
        <Paper withBorder radius="sm" px="sm" py={8} ref={filterRef} onKeyDown={onFilterKey} data-testid="list-filters">
          <Group gap="sm" align="flex-end" wrap="wrap">
            {filters}
          </Group>
        </Paper>
      ) : null}
      {children}
    </Stack>
  );
}
