import type { AppRouter } from '@app/api';
import { QueryClient } from '@tanstack/react-query';
import { createTRPCClient, httpBatchLink, type TRPCLink } from '@trpc/client';
import { observable } from '@trpc/server/observable';
import { createTRPCOptionsProxy } from '@trpc/tanstack-react-query';
import { clearSession, getToken } from '../features/auth/session.ts';
import { appCodeOf, isSignedOutError } from './errors.ts';

/** Any call answered with NotAuthenticated (queries, mutations, direct client calls) signs the user out. */
const signOutWhenRejected: TRPCLink<AppRouter> = () => {
  return ({ next, op }) =>
    observable((observer) =>
      next(op).subscribe({
        next: (value) => observer.next(value),
        error: (error) => {
          if (isSignedOutError(error)) clearSession();
          observer.error(error);
        },
        complete: () => observer.complete(),
      }),
    );
};

export const queryClient = new QueryClient({
  defaultOptions: {
    queries: {
      staleTime: 30_000,
      refetchOnWindowFocus: false,
      // Business errors (refusals, validation) are final; only retry network trouble once.
      retry: (failureCount, error) => appCodeOf(error) === null && failureCount < 1,
    },
  },
});

export const trpcClient = createTRPCClient<AppRouter>({
  links: [
    signOutWhenRejected,
    httpBatchLink({
      url: '/trpc',
      headers() {
        const token = getToken();
        return token ? { Authorization: `Bearer ${token}` } : {};
      },
    }),
  ],
});

export const trpc = createTRPCOptionsProxy<AppRouter>({ client: trpcClient, queryClient });
