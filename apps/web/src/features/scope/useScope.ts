import { useSuspenseQuery } from '@tanstack/react-query';
import { getRouteApi } from '@tanstack/react-router';
import { trpc } from '../../lib/trpc.ts';
import { useRequiredAuth } from '../../lib/session.ts';
import { scopeMenu } from './scopeMenu.ts';

const scopeRoute = getRouteApi('/_authed/dept/$dept/year/$year');

/** The resolved scope inside `/dept/$dept/year/$year/...` (department, year, live status, menu). */
export function useScope() {
  const auth = useRequiredAuth();
  const { department, year } = scopeRoute.useLoaderData();
  const { data: status } = useSuspenseQuery(trpc.scope.status.queryOptions({ departmentId: department.id, year }));
  return { department, year, status, menu: scopeMenu(auth.accessLevel, department, status) };
}
