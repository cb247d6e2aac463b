import { createFileRoute } from '@tanstack/react-router';
import { z } from 'zod';
import { loadScreen } from '../features/shell/screenLoader.ts';
import { templateQuery } from '../features/templates/queries.ts';
import { TemplatePositionsScreen } from '../features/templates/TemplatePositionsScreen.tsx';
import { RouteErrorPage } from '../ui/RouteErrorPage.tsx';
import { RoutePending } from '../ui/RoutePending.tsx';

const CodeParam = z.coerce.number().int().positive();

export const Route = createFileRoute('/_authed/dept/$dept/year/$year/movementTemplates/$code')({
  params: { parse: ({ code }) => ({ code: CodeParam.parse(code) }), stringify: ({ code }) => ({ code: String(code) }) },
  loader: ({ params, cause }) => loadScreen({ params, cause }, 'movementTemplates', (scope) => [templateQuery(scope, params.code)], { errorsOnScreen: true }),
  pendingComponent: RoutePending,
  errorComponent: RouteErrorPage,
  component: TemplatesPositionsRoute,
});

function TemplatesPositionsRoute() {
  const { code } = Route.useParams();
  return <TemplatePositionsScreen key={code} code={code} />;
}
