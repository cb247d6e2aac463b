import { AccessLevel } from '@app/domain';
import { Trans, useLingui } from '@lingui/react/macro';
import { Anchor, Badge, Group, Paper, Stack, Table, Text, Title } from '@mantine/core';
import { getRouteApi, Link, useNavigate } from '@tanstack/react-router';
import { useRequiredAuth } from '../../lib/session.ts';
import { areaLabel } from './areaLabel.ts';
import { departmentName } from './departments.ts';
import { FirstSetup } from './FirstSetup.tsx';
import { readLastScope } from './lastScope.ts';
import { defaultYear } from './scopePath.ts';

const route = getRouteApi('/_authed/start');

/** For users with several departments: choose one (the year comes from the year picker). */
export function StartPage() {
  const { i18n } = useLingui();
  const auth = useRequiredAuth();
  const scopes = route.useLoaderData();
  const search = route.useSearch();
  const navigate = useNavigate();
  const last = readLastScope(auth.username);
  const year = search.year !== undefined && scopes.years.includes(search.year) ? search.year : defaultYear(scopes.years, last);

  if (scopes.departments.length === 0 && auth.accessLevel === AccessLevel.Supervisor) return <FirstSetup />;
  if (scopes.departments.length === 0 || year === null) {
    return (
      <Paper withBorder p="xl" maw={560} mx="auto" mt="xl" data-testid="start-empty">
        <Text size="sm">
          <Trans>Ihrem Benutzer ist keine Feuerwehr zugeordnet. Bitte wenden Sie sich an den Landesverband.</Trans>
        </Text>
      </Paper>
    );
  }

  return (
    <Stack gap="md" maw={760}>
      <div>
        <Title order={2}>
          <Trans>Feuerwehr wählen</Trans>
        </Title>
        <Text size="sm" c="dimmed">
          <Trans>Haushaltsjahr {year}. Das Jahr kann oben geändert werden.</Trans>
        </Text>
      </div>
      <Paper withBorder radius="sm">
        <Table highlightOnHover verticalSpacing={6} data-testid="department-chooser">
          <Table.Thead>
            <Table.Tr>
              <Table.Th w={70}>
                <Trans>Code</Trans>
              </Table.Th>
              <Table.Th>
                <Trans>Name</Trans>
              </Table.Th>
              <Table.Th w={150}>
                <Trans>Art</Trans>
              </Table.Th>
            </Table.Tr>
          </Table.Thead>
          <Table.Tbody>
            {scopes.departments.map((d) => (
              <Table.Tr
                key={d.id}
                style={{ cursor: 'pointer' }}
                onClick={() => void navigate({ to: '/dept/$dept/year/$year', params: { dept: d.code, year: String(year) } })}
              >
                <Table.Td>
                  <Text size="sm" ff="monospace">
                    {d.code}
                  </Text>
                </Table.Td>
                <Table.Td>
                  <Group gap="xs" wrap="nowrap">
                    <Anchor
                      size="sm"
                      fw={500}
                      data-testid={`choose-${d.code}`}
                      onClick={(event) => event.stopPropagation()}
                      renderRoot={(props) => <Link {...props} to="/dept/$dept/year/$year" params={{ dept: d.code, year: String(year) }} />}
                    >
                      {departmentName(d, i18n.locale)}
                    </Anchor>
                    {last?.dept === d.code ? (
                      <Badge size="xs" variant="light" color="gray">
                        <Trans>zuletzt verwendet</Trans>
                      </Badge>
                    ) : null}
                  </Group>
                </Table.Td>
                <Table.Td>
                  <Text size="sm" c="dimmed">
                    {i18n._(areaLabel(d.area))}
                  </Text>
                </Table.Td>
              </Table.Tr>
            ))}
          </Table.Tbody>
        </Table>
      </Paper>
    </Stack>
  );
}
