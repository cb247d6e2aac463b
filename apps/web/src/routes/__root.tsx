import { createRootRoute, Outlet } from '@tanstack/react-router';
import { RouteErrorPage } from '../ui/RouteErrorPage.tsx';

export const Route = createRootRoute({
  component: Outlet,
  errorComponent: RouteErrorPage,
});
