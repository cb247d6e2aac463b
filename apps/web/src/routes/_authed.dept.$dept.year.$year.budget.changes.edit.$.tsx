import { createFileRoute, redirect } from '@tanstack/react-router';

/** Deeper sub-paths of the changes editor go back to the head form. */
export const Route = createFileRoute('/_authed/dept/$dept/year/$year/budget/changes/edit/$')({
  beforeLoad: ({ params }) => {
    throw redirect({ to: '/dept/$dept/year/$year/budget/changes/edit', params: { dept: params.dept, year: params.year }, replace: true });
  },
});
