import { useLingui } from '@lingui/react/macro';
import { Badge, Tooltip } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { trpc } from '../../lib/trpc.ts';

/** "Demo" in the top bar while the database holds the demo data (the server's demo marker). */
export function DemoBadge() {
  const { t } = useLingui();
  const info = useQuery({ ...trpc.system.info.queryOptions(), staleTime: 5 * 60_000 });
  if (!info.data?.demo) return null;
  const explanation = t`Demo-Datenbank mit Beispieldaten. Die Demo-Benutzer supervisor, admin, kassier und zwei melden sich mit dem Passwort „demo“ an. Für den echten Betrieb eine leere Datenbank verwenden.`;
  return (
    <Tooltip label={explanation} multiline w={300} withArrow>
      <Badge color="orange" variant="light" size="md" radius="sm" tabIndex={0} data-testid="demo-badge" style={{ flexShrink: 0, cursor: 'help' }}>
        {t`Demo`}
      </Badge>
    </Tooltip>
  );
}
