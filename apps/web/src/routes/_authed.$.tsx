import { createFileRoute } from '@tanstack/react-router';
import { NotFoundPage } from '../features/shell/NotFoundPage.tsx';

export const Route = createFileRoute('/_authed/$')({
  component: NotFoundPage,
});
