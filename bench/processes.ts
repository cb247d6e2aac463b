/**
 * The bench's server processes: the app (appServer.ts) and the floor (floorServer.ts) each run in a
 * process of their own, as in production, so autocannon's work is not in their event loop.
 */
import { fork } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import type { FastifyInstance } from 'fastify';
import { childEnv } from './env.ts';
import { BENCH_PASSWORD } from './generate.ts';

/** Forks a server script of this folder with `env` added; resolves with its address once it listens. */
export async function forkServer(script: string, env: Record<string, string> = {}): Promise<{ base: string; pid: number; stop: () => void }> {
  const child = fork(fileURLToPath(new URL(script, import.meta.url)), [], { execArgv: ['--import', 'tsx'], env: childEnv(env) });
  const port = await new Promise<number>((resolve, reject) => {
    child.once('message', (m) => resolve((m as { port: number }).port));
    child.once('exit', (code) => reject(new Error(`bench server ${script} exited (${code})`)));
  });
  return { base: `http://127.0.0.1:${port}`, pid: child.pid ?? 0, stop: () => child.disconnect() };
}

/** The child's side: listens on a free port, tells the parent, and closes (then `close`) once the parent lets go. */
export async function serveUntilDisconnected(app: FastifyInstance, close: () => Promise<unknown>): Promise<void> {
  await app.listen({ port: 0, host: '127.0.0.1' });
  const address = app.server.address();
  process.send?.({ port: typeof address === 'object' && address ? address.port : 0 });
  process.on('disconnect', () => {
    void app
      .close()
      .then(close)
      .finally(() => process.exit(0));
  });
}

/** A bench user's token from the app at `base` (the generator's password). */
export function benchLogin(base: string) {
  return async (username: string): Promise<string> => {
    const res = await fetch(`${base}/api/Authenticate/login`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ username, password: BENCH_PASSWORD }),
    });
    return ((await res.json()) as { token: string }).token;
  };
}
