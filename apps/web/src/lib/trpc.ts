import type { AppRouter } from '@app/api';
import { QueryClient } from '@tanstack/react-query';
import { createTRPCClient, httpBatchLink, httpLink, splitLink, type TRPCLink } from '@trpc/client';
import { observable } from '@trpc/server/observable';
import { createTRPCOptionsProxy } from '@trpc/tanstack-react-query';
import { clearSession, getToken } from './session.ts';
import { isSignedOutError, shouldRetryQuery } from './errors.ts';

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
      // Business errors (refusals, validation) are final; network trouble is retried once, a database outage a few times.
      retry: shouldRetryQuery,
    },
  },
});

const UNBATCHED = new Set(['auth.login', 'auth.changePasswordAndLogin', 'auth.changePassword']);

function authHeaders(): Record<string, string> {
  const token = getToken();
  return token ? { Authorization: `Bearer ${token}` } : {};
}

export const trpcClient = createTRPCClient<AppRouter>({
  links: [
    signOutWhenRejected,
    // calls that check a password go alone (the server refuses them in a batch); batches hold at most 10
    splitLink({
      condition: (op) => UNBATCHED.has(op.path),
      true: httpLink({ url: '/trpc', headers: authHeaders }),
      false: httpBatchLink({ url: '/trpc', headers: authHeaders, maxItems: 10 }),
    }),
  ],
});

export const trpc = createTRPCOptionsProxy<AppRouter>({ client: trpcClient, queryClient });
