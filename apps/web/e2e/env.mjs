/**
 * The one place in the e2e runner and specs that reads process.env. run.mjs sets E2E_BASE_URL and
 * E2E_SCREENSHOT_DIR for the specs; the rest are knobs of a local run.
 */
const env = process.env;

export const e2eEnv = {
  /** The server the specs drive (run.mjs starts it on a free port). */
  baseUrl: env.E2E_BASE_URL ?? 'http://127.0.0.1:3000',
  screenshotDir: env.E2E_SCREENSHOT_DIR ?? 'test-results/screenshots',
  chromiumPath: env.CHROMIUM_PATH ?? '/usr/bin/chromium',
  /** A client built elsewhere (`npx vite build --outDir /tmp/x` in apps/web), e.g. for e2e runs side by side; unset: apps/web/dist. */
  webDist: env.WEB_DIST || undefined,
  serverLogLevel: env.E2E_SERVER_LOG_LEVEL ?? 'warn',
  /**
   * How many servers and spec runners run side by side (run.mjs), each with its own database; default 2. Measured on
   * this machine's 2 cores (04.12.): the whole e2e took 1,074 s in two shards, while three shards took 1,595–1,741 s
   * (each spec 1.5–3× slower: the waits of three browsers and three servers crowd the cores) and one shard's third of
   * the specs alone 386 s.
   */
  shards: Math.max(1, Number(env.E2E_SHARDS) || 2),
  /** A regex of screen paths: 95-layout takes screenshots of the matching screens. */
  layoutShots: env.E2E_LAYOUT_SHOTS || undefined,
  /** Set: 95-layout logs each screen it walks. */
  layoutTrace: Boolean(env.E2E_LAYOUT_TRACE),
};

/** This process's environment with `overrides` on top (an `undefined` override removes the variable), for a spawned process. */
export function childEnv(overrides = {}) {
  const merged = { ...env, ...overrides };
  return Object.fromEntries(Object.entries(merged).filter(([, value]) => value !== undefined));
}
