import type { AppRouter } from '@app/api';
import { MutationCache, QueryCache, QueryClient } from '@tanstack/react-query';
import { createTRPCClient, httpBatchLink } from '@trpc/client';
import { createTRPCOptionsProxy } from '@trpc/tanstack-react-query';
import { clearSession, getToken } from '../features/auth/session.ts';
import { appCodeOf, isSignedOutError } from './errors.ts';

/** Any call answered with NotAuthenticated signs the user out. */
function onAnyError(error: unknown): void {
  if (isSignedOutError(error)) clearSession();
}

export const queryClient = new QueryClient({
  queryCache: new QueryCache({ onError: onAnyError }),
  mutationCache: new MutationCache({ onError: onAnyError }),
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
