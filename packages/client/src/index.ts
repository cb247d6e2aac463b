import type { AppRouter } from '@app/api';
import { centsToEuros, parseAmount } from '@app/domain';
import { createTRPCClient, httpLink, type TRPCClient } from '@trpc/client';

/**
 * The typed client for scripts: the server's own procedures (the tRPC router of packages/api), typed
 * end to end, over HTTP. Amounts are integer cents here (the REST paths under /api carry euros);
 * `euros()` formats them. Sign in with `signIn`, then `createClient({ url, token })`.
 */

export type { AppRouter };
export type Client = TRPCClient<AppRouter>;

export interface ClientOptions {
  /** The app's address, e.g. `http://localhost:3000` (the procedures answer below `/trpc`). */
  url: string;
  /** A token of `signIn` (or of POST /api/Authenticate/login); absent: only the sign-in calls work. */
  token?: string;
}

function trpcUrl(url: string): string {
  return `${url.replace(/\/+$/, '')}/trpc`;
}

/** A client typed by the server's router: `await client.budget.chapters.query({ departmentId, year })`. */
export function createClient({ url, token }: ClientOptions): Client {
  return createTRPCClient<AppRouter>({
    links: [httpLink({ url: trpcUrl(url), headers: () => (token ? { Authorization: `Bearer ${token}` } : {}) })],
  });
}

export interface SignInOptions {
  url: string;
  username: string;
  password: string;
}

/** Signs in (auth.login) and answers a client with the session's token, the token and the user. */
export async function signIn({ url, username, password }: SignInOptions) {
  const session = await createClient({ url }).auth.login.mutate({ username, password, remember: false });
  return { client: createClient({ url, token: session.token }), token: session.token, user: session };
}

/** Integer cents as euros with two decimals and a dot (`123456` → `1234.56`), for CSV and JSON. */
export function euros(cents: number): string {
  return centsToEuros(cents).toFixed(2);
}

/** What a cashier types (`12,50`, `1.234,56`, `12.5`) as integer cents; null when it is no amount. */
export const centsOf = parseAmount;
