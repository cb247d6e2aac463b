import { createFileRoute } from '@tanstack/react-router';
import { z } from 'zod';
import { TemplatePositionsScreen } from '../features/templates/TemplatePositionsScreen.tsx';

const CodeParam = z.coerce.number().int().positive();

export const Route = createFileRoute('/_authed/dept/$dept/year/$year/movementTemplates/$code')({
  params: { parse: ({ code }) => ({ code: CodeParam.parse(code) }), stringify: ({ code }) => ({ code: String(code) }) },
  component: TemplatesPositionsRoute,
});

function TemplatesPositionsRoute() {
  const { code } = Route.useParams();
  return <TemplatePositionsScreen key={code} code={code} />;
}
