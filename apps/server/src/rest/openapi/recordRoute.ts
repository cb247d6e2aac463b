import type { RestRequest, RestRoute } from '../params.ts';

/**
 * What one /api row does with a request, found by running it on a recording request and caller
 * (never on the database): which procedures it calls, which query, path and body values it reads,
 * and whether it passes the whole body on. The OpenAPI document is built from this, so a row added
 * to the table is documented without a hand-written description.
 */
export interface RouteUse {
  procedures: string[];
  query: string[];
  params: string[];
  body: string[];
  /** The row spreads the body into the procedure input (every input field may come in the body). */
  wholeBody: boolean;
}

/** Thrown by the recording caller after a procedure was named: the row stops there. */
const STOP = Symbol('recorded');

function recordingCaller(procedures: Set<string>): unknown {
  const at = (path: string[]): unknown =>
    new Proxy(() => undefined, {
      get: (_target, key) => (typeof key === 'string' && key !== 'then' ? at([...path, key]) : undefined),
      apply: () => {
        procedures.add(path.join('.'));
        return Promise.reject(STOP);
      },
    });
  return at([]);
}

function recordingValues(read: Set<string>, values: Record<string, string>, onSpread?: () => void): Record<string, unknown> {
  return new Proxy({} as Record<string, unknown>, {
    get: (_target, key) => {
      if (typeof key !== 'string') return undefined;
      read.add(key);
      return Object.hasOwn(values, key) ? values[key] : undefined;
    },
    has: (_target, key) => {
      if (typeof key === 'string') read.add(key);
      return false;
    },
    ownKeys: () => {
      onSpread?.();
      return [];
    },
  });
}

async function runOnce(route: RestRoute, given: Record<string, string>, use: RouteUse & { seen: Set<string> }): Promise<void> {
  const procedures = new Set<string>();
  const query = new Set<string>();
  const body = new Set<string>();
  const params = new Set<string>();
  const req: RestRequest = {
    query: recordingValues(query, given) as Record<string, string | undefined>,
    body: recordingValues(body, given, () => (use.wholeBody = true)),
    params: recordingValues(params, given) as Record<string, string | undefined>,
  };
  try {
    await route.call(recordingCaller(procedures) as Parameters<RestRoute['call']>[0], req);
  } catch (error) {
    if (error !== STOP && procedures.size === 0) throw new Error(`${route.method} ${route.path}: the row fails before naming a procedure`, { cause: error });
  }
  for (const p of procedures) if (!use.procedures.includes(p)) use.procedures.push(p);
  for (const [set, list] of [
    [query, use.query],
    [body, use.body],
    [params, use.params],
  ] as const) {
    for (const key of set) {
      use.seen.add(key);
      if (!list.includes(key)) list.push(key);
    }
  }
}

/**
 * Runs the row with nothing given, then with every value it read given ('1'), until it reads no new
 * value: a row that picks its procedure by a value (`recordNumber` given: one record, else the list)
 * names both.
 */
export async function recordRoute(route: RestRoute): Promise<RouteUse> {
  const use = { procedures: [], query: [], params: [], body: [], wholeBody: false, seen: new Set<string>() } as RouteUse & { seen: Set<string> };
  await runOnce(route, {}, use);
  for (let round = 0; round < 3; round++) {
    const before = use.seen.size;
    await runOnce(route, Object.fromEntries([...use.seen].map((k) => [k, '1'])), use);
    if (use.seen.size === before) break;
  }
  const { seen: _seen, ...out } = use;
  return out;
}
