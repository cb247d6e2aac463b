import { createFileRoute, redirect } from '@tanstack/react-router';

/** Deeper sub-paths of the forecast details go back to the summary. */
export const Route = createFileRoute('/_authed/dept/$dept/year/$year/budget/forecast/details/$')({
  beforeLoad: ({ params }) => {
    throw redirect({ to: '/dept/$dept/year/$year/budget/forecast/details', params: { dept: params.dept, year: params.year }, replace: true });
  },
});
