import { Trans, useLingui } from '@lingui/react/macro';
import { Alert, Anchor, Text } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { Link, useLocation } from '@tanstack/react-router';
import { trpc } from '../../lib/trpc.ts';
import { areaLabel } from './areaLabel.ts';
import { rewriteScopePath } from './scopePath.ts';
import { useScope } from './useScope.ts';

/**
 * The scope's year has no chart of accounts for the department's area yet (a new year the union has
 * just created): says so and links to the latest year that is ready (the server's landing rule),
 * keeping the current screen. Renders nothing once the chart exists.
 */
export function YearNotReadyNotice() {
  const { i18n } = useLingui();
  const { department, year, status } = useScope();
  const location = useLocation();
  const landing = useQuery({ ...trpc.scope.landing.queryOptions({ departmentId: department.id }), enabled: !status.hasChartOfAccounts });
  if (status.hasChartOfAccounts) return null;
  const ready = landing.data?.latestReadyYear ?? null;
  const area = i18n._(areaLabel(department.area));
  return (
    <Alert color="yellow" variant="light" py={8} data-testid="year-not-ready" title={<Trans>Haushaltsjahr {year} noch nicht bereit</Trans>}>
      <Text size="sm">
        <Trans>
          Für {year} gibt es noch keinen Kontenplan ({area}). Haushaltsvoranschlag und Verwaltung sind erst möglich, wenn er angelegt ist.
        </Trans>
      </Text>
      {ready !== null && ready !== year ? (
        <Anchor
          size="sm"
          fw={600}
          mt={4}
          display="inline-block"
          data-testid="year-not-ready-link"
          renderRoot={(props) => <Link {...props} to={rewriteScopePath(location.pathname, { dept: department.code, year: ready })} />}
        >
          <Trans>Zum Haushaltsjahr {ready} wechseln</Trans>
        </Anchor>
      ) : null}
    </Alert>
  );
}
