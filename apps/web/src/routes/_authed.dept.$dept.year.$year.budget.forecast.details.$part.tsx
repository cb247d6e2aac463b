import { createFileRoute, redirect } from '@tanstack/react-router';
import { ForecastPartEditor } from '../features/budget/ForecastPartEditor.tsx';

/** details/revenues and details/expenses open the chapter editor; any other sub-path goes back to the summary. */
export const Route = createFileRoute('/_authed/dept/$dept/year/$year/budget/forecast/details/$part')({
  beforeLoad: ({ params }) => {
    if (params.part !== 'revenues' && params.part !== 'expenses')
      throw redirect({ to: '/dept/$dept/year/$year/budget/forecast/details', params: { dept: params.dept, year: params.year }, replace: true });
  },
  component: ForecastPartRoute,
});

function ForecastPartRoute() {
  const { part } = Route.useParams();
  return <ForecastPartEditor key={part} part={part === 'revenues' ? 1 : 2} />;
}
