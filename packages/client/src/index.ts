import type { AppRouter } from '@app/api';
import { centsToEuros, parseAmount } from '@app/domain';
import { randomUUID } from 'node:crypto';
import { createTRPCClient, httpLink, retryLink, type TRPCClient, type TRPCLink } from '@trpc/client';

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
  /** How often a call answered 503 DatabaseUnavailable is sent again (default 3; 0: never). */
  retries?: number;
}

function trpcUrl(url: string): string {
  return `${url.replace(/\/+$/, '')}/trpc`;
}

/**
 * Every mutation call gets an idempotency key (issue 26), kept in its operation's context: each attempt
 * of the call sends it as `Idempotency-Key`, so the server stores the save once however often it is
 * sent. A call may bring its own: `mutate(input, { context: { idempotencyKey } })`.
 */
const keyEachSave: TRPCLink<AppRouter> =
  () =>
  ({ next, op }) =>
    next(op.type === 'mutation' && !op.context.idempotencyKey ? { ...op, context: { ...op.context, idempotencyKey: randomUUID() } } : op);

/** The business code of a failed call (the server's `data.appCode`). */
function appCode(error: unknown): unknown {
  return (error as { data?: { appCode?: unknown } } | null)?.data?.appCode;
}

/**
 * A client typed by the server's router: `await client.budget.chapters.query({ departmentId, year })`.
 * A call answered 503 DatabaseUnavailable is sent again up to `retries` times (default 3, after 1, 2
 * and 4 s): a read as it is, a save with its key (stored once).
 */
export function createClient({ url, token, retries = 3 }: ClientOptions): Client {
  return createTRPCClient<AppRouter>({
    links: [
      keyEachSave,
      retryLink({ retry: ({ error, attempts }) => appCode(error) === 'DatabaseUnavailable' && attempts <= retries, retryDelayMs: (n) => 1000 * 2 ** (n - 1) }),
      httpLink({
        url: trpcUrl(url),
        headers: ({ op }) => ({
          ...(token ? { Authorization: `Bearer ${token}` } : {}),
          ...(typeof op.context.idempotencyKey === 'string' ? { 'Idempotency-Key': op.context.idempotencyKey } : {}),
        }),
      }),
    ],
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
