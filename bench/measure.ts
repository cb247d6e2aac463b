/**
 * Measuring helpers of the bench: HTTP load through autocannon with every latency kept (so p95 is
 * exact, autocannon itself reports p97.5), bare calls one at a time, and bare calls from N
 * concurrent workers (the same concurrency as the HTTP load, without HTTP).
 */
import autocannon from 'autocannon';

export function percentile(sorted: readonly number[], p: number): number {
  return sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))] ?? 0;
}

export interface LoadResult {
  p50: number;
  p95: number;
  p99: number;
  /** Answers per second (any status). */
  rps: number;
  non2xx: number;
  /** Status and body of the first non-2xx answer (to see why). */
  firstError?: string;
}

function summarize(latencies: number[], seconds: number, non2xx: number, firstError?: string): LoadResult {
  const sorted = [...latencies].sort((a, b) => a - b);
  return {
    p50: percentile(sorted, 50),
    p95: percentile(sorted, 95),
    p99: percentile(sorted, 99),
    rps: latencies.length / seconds,
    non2xx,
    ...(firstError ? { firstError } : {}),
  };
}

export interface LoadOptions {
  url: string;
  method?: 'GET' | 'POST';
  connections: number;
  seconds: number;
  /** Requests per second of each connection (paced, open-loop-ish); none: as fast as the answers come. */
  connectionRate?: number;
  /** Path, headers and body of connection `i` (0-based): each connection may call as another user or scope. */
  request: (i: number) => { path?: string; headers?: Record<string, string>; body?: string };
}

/** autocannon for `seconds` with `connections` connections; latencies in ms per answer. */
export async function load(opts: LoadOptions): Promise<LoadResult> {
  const latencies: number[] = [];
  let non2xx = 0;
  let firstError: string | undefined;
  let next = 0;
  await autocannon({
    url: opts.url,
    method: opts.method ?? 'GET',
    connections: opts.connections,
    duration: opts.seconds,
    ...(opts.connectionRate ? { connectionRate: opts.connectionRate } : {}),
    setupClient: (client) => {
      const { path, headers, body } = opts.request(next++);
      // setRequests, not setRequest: autocannon goes back to its request list after the first request
      client.setRequests([
        {
          method: opts.method ?? 'GET',
          ...(path ? { path } : {}),
          headers: { ...(body === undefined ? {} : { 'content-type': 'application/json' }), ...headers },
          ...(body === undefined ? {} : { body }),
        },
      ]);
      let lastBody = '';
      client.on('body', (buffer: Buffer) => {
        lastBody = buffer.toString();
      });
      client.on('response', (status: number, _bytes: number, responseTime: number) => {
        latencies.push(responseTime);
        if (status < 200 || status >= 300) {
          non2xx++;
          firstError ??= `${status} ${lastBody.slice(0, 300)}`;
        }
      });
    },
  });
  return summarize(latencies, opts.seconds, non2xx, firstError);
}

/** `fn` called `n` times one after the other: latencies sorted (ms). */
export async function sequential(fn: () => Promise<unknown>, n: number): Promise<number[]> {
  const times: number[] = [];
  for (let i = 0; i < n; i++) {
    const t = performance.now();
    await fn();
    times.push(performance.now() - t);
  }
  return times.sort((a, b) => a - b);
}

/** Times each call of `fn(worker)`, counting failures; `result` summarises them over `seconds`. */
function timedCalls(fn: (worker: number) => Promise<unknown>) {
  const latencies: number[] = [];
  let failed = 0;
  let firstError: string | undefined;
  return {
    async call(w: number): Promise<void> {
      const t = performance.now();
      try {
        await fn(w);
      } catch (error) {
        failed++;
        firstError ??= String(error);
      }
      latencies.push(performance.now() - t);
    },
    result: (seconds: number): LoadResult => summarize(latencies, seconds, failed, firstError),
  };
}

/** `workers` concurrent loops calling `fn(worker)` for `seconds` (the bare counterpart of `load`). */
export async function concurrent(fn: (worker: number) => Promise<unknown>, workers: number, seconds: number): Promise<LoadResult> {
  const calls = timedCalls(fn);
  const end = performance.now() + seconds * 1000;
  await Promise.all(
    Array.from({ length: workers }, async (_, w) => {
      while (performance.now() < end) await calls.call(w);
    }),
  );
  return calls.result(seconds);
}

/**
 * `workers` writers each calling `fn(worker)` once per `everyMs`, their ticks spread evenly over the
 * period (writer w starts at w·everyMs/workers): people booking side by side, not a synchronised
 * burst (autocannon's connectionRate starts every connection at the same instant). Open loop: a late
 * answer does not delay the writer's next tick beyond the answer itself.
 */
export async function staggered(fn: (worker: number) => Promise<unknown>, workers: number, seconds: number, everyMs = 1000): Promise<LoadResult> {
  const calls = timedCalls(fn);
  const start = performance.now();
  const end = start + seconds * 1000;
  const sleep = (until: number) => new Promise((r) => setTimeout(r, Math.max(0, until - performance.now())));
  await Promise.all(
    Array.from({ length: workers }, async (_, w) => {
      for (let tick = start + (w * everyMs) / workers; tick < end; tick += everyMs) {
        await sleep(tick);
        await calls.call(w);
      }
    }),
  );
  return calls.result(seconds);
}

export const ms = (v: number): string => (v >= 10 ? v.toFixed(0) : v.toFixed(1));
