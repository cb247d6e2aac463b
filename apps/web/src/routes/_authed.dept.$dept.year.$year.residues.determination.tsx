import { createFileRoute } from '@tanstack/react-router';
import { z } from 'zod';
import { DeterminationScreen } from '../features/residues/DeterminationScreen.tsx';
import { residueFinalQuery } from '../features/residues/queries.ts';
import { loadScreen } from '../features/shell/screenLoader.ts';
import { RouteErrorPage } from '../ui/RouteErrorPage.tsx';
import { RoutePending } from '../ui/RoutePending.tsx';

/** `?source=1|2`: the table of that source; without it the source step. */
const searchSchema = z.object({
  source: z.coerce
    .number()
    .pipe(z.union([z.literal(1), z.literal(2)]))
    .optional()
    .catch(undefined),
});

export const Route = createFileRoute('/_authed/dept/$dept/year/$year/residues/determination')({
  validateSearch: searchSchema,
  loaderDeps: ({ search }) => ({ source: search.source }),
  loader: ({ params, cause, deps }) =>
    loadScreen({ params, cause }, 'residues/determination', (scope) => (deps.source ? [residueFinalQuery(scope, deps.source)] : [])),
  pendingComponent: RoutePending,
  errorComponent: RouteErrorPage,
  component: DeterminationScreen,
});
