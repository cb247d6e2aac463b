import { Center, Loader } from '@mantine/core';

/** Shown by a route whose loader takes longer than the router's pendingMs (1 s) — the screen's data is on its way. */
export function RoutePending() {
  return (
    <Center mih={160} data-testid="route-pending">
      <Loader size="sm" />
    </Center>
  );
}
