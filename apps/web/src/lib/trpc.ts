import type { AppRouter } from '@app/api';
import { QueryClient } from '@tanstack/react-query';
import { createTRPCClient, httpBatchLink, httpLink, retryLink, splitLink, type TRPCLink } from '@trpc/client';
import { observable } from '@trpc/server/observable';
import { createTRPCOptionsProxy } from '@trpc/tanstack-react-query';
import { clearSession, getToken } from './session.ts';
import { isSignedOutError, shouldRetryQuery } from './errors.ts';
import { idempotencyHeader, idempotencyKeyLink, saveRetryDelayMs, shouldRetrySave } from './saveKeys.ts';

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
    // every save carries a key of its own; a save answered 503 is sent again with the same key (saveKeys.ts)
    idempotencyKeyLink,
    retryLink({ retry: ({ op, error, attempts }) => shouldRetrySave(op, error, attempts), retryDelayMs: saveRetryDelayMs }),
    // saves and calls that check a password go alone (the server refuses the latter in a batch; a save's
    // key is a header of its own request); batches of reads hold at most 10
    splitLink({
      condition: (op) => op.type === 'mutation' || UNBATCHED.has(op.path),
      true: httpLink({ url: '/trpc', headers: ({ op }) => ({ ...authHeaders(), ...idempotencyHeader(op) }) }),
      false: httpBatchLink({ url: '/trpc', headers: authHeaders, maxItems: 10 }),
    }),
  ],
});

export const trpc = createTRPCOptionsProxy<AppRouter>({ client: trpcClient, queryClient });
