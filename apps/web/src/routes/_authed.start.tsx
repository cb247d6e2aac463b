import { createFileRoute } from '@tanstack/react-router';
import { z } from 'zod';
import { StartPage } from '../features/scope/StartPage.tsx';
import { queryClient, trpc } from '../lib/trpc.ts';

export const Route = createFileRoute('/_authed/start')({
  validateSearch: z.object({ year: z.number().int().optional() }),
  loader: () => queryClient.ensureQueryData(trpc.scope.list.queryOptions()),
  component: StartPage,
});
