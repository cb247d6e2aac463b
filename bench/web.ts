/**
 * The web client in a browser (issue 29 "Speed for a whole union", the web part): starts the built app (apps/web/dist,
 * `npm run build` first) on a fresh embedded database with the fixture demo data, drives Debian's Chromium and reports
 *
 * - the sign-in page: first contentful paint, the sign-in form shown, and the JavaScript it loaded;
 * - sign-in to a scope's home painted (kassier, department 101, 3 s after the form showed: a user typing), and the
 *   JavaScript loaded after the form showed (the idle prefetch of the signed-in frame and the home's);
 * - typing in the forecast editor (expenses of the scope's year) with ~400 rows: per key (performance.mark at the
 *   keydown, measured from the event's timeStamp), the time to the end of the key's events (the text inserted, event
 *   handlers, React's render and commit: a task posted at the keydown), to the end of the work it causes (that task
 *   forces style and layout) and to the next frame (requestAnimationFrame, then a task: painted), p50 and p95.
 *
 * The fixture has 14 expense chapters in the forecast of department 101; the bench adds chapters to the department
 * chart of that year (as supervisor) and saves a forecast with one position per chapter (as kassier) first, through the
 * API, up to BENCH_WEB_ROWS (default 400).
 *
 *   npm run build && node --import tsx bench/web.ts        # BENCH_WEB_ROWS=400 BENCH_WEB_KEYS=80
 *   WEB_DIST=/tmp/dist-main node --import tsx bench/web.ts  # another build (`npx vite build --outDir …` in apps/web)
 *   BENCH_WEB_PROFILE=/tmp/typing.cpuprofile …               # a CPU profile of the typing (a build with --minify false reads best)
 *   BENCH_WEB_TRACE=/tmp/typing.json …                        # a timeline trace of the typing (events, style, layout, paint)
 *
 * JS bytes: the sum over the script responses of their gzipped bodies (gzip -9 here: the server sends them
 * uncompressed, as a proxy in front of it would compress them) and of their bytes as sent.
 */
import { spawn, type ChildProcess } from 'node:child_process';
import { existsSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { gzipSync } from 'node:zlib';
import { type Browser, chromium, type Page } from 'playwright-core';
import { benchEnv } from './env.ts';

const repoRoot = resolve(dirname(fileURLToPath(import.meta.url)), '..');
const { webRows: rows, webKeys: keys, chromiumPath } = benchEnv;
const PASSWORD = 'demo';
/** The time on the sign-in page before signing in (a user typing name and password). */
const typingPauseMs = 3000;

function freePort(): Promise<number> {
  return new Promise((done, fail) => {
    const server = createServer();
    server.once('error', fail);
    server.listen(0, '127.0.0.1', () => {
      const address = server.address();
      const port = typeof address === 'object' && address ? address.port : 0;
      server.close(() => done(port));
    });
  });
}

/** The server as the e2e runner starts it (apps/web/e2e/server.mjs): tsx, production, PGlite in a temporary directory. */
async function startServer(): Promise<{ base: string; stop: () => Promise<void> }> {
  const dbDir = mkdtempSync(join(tmpdir(), 'fwh-bench-web-'));
  const port = await freePort();
  const base = `http://127.0.0.1:${port}`;
  const env = benchEnv.childEnv({
    PORT: String(port),
    HOST: '127.0.0.1',
    DATABASE_URL: `pglite:${join(dbDir, 'db')}`,
    DEMO_DATA: 'fixture',
    NODE_ENV: 'production',
    LOG_LEVEL: 'warn',
  });
  const server: ChildProcess = spawn(process.execPath, ['--import', 'tsx', 'apps/server/src/main.ts'], {
    cwd: repoRoot,
    env,
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let output = '';
  server.stdout?.on('data', (d: Buffer) => (output += d.toString()));
  server.stderr?.on('data', (d: Buffer) => (output += d.toString()));
  const stop = async () => {
    if (server.exitCode === null && server.signalCode === null) {
      const exited = new Promise((r) => server.once('exit', r));
      server.kill('SIGTERM');
      await exited;
    }
    rmSync(dbDir, { recursive: true, force: true });
  };
  const deadline = Date.now() + 300_000;
  for (;;) {
    if (server.exitCode !== null) {
      await stop();
      throw new Error(`server exited: ${output}`);
    }
    const ok = await fetch(`${base}/health`).then(
      (r) => r.ok,
      () => false,
    );
    if (ok) return { base, stop };
    if (Date.now() > deadline) {
      await stop();
      throw new Error(`server not healthy: ${output}`);
    }
    await new Promise((r) => setTimeout(r, 300));
  }
}

/** tRPC over HTTP (no batching, no transformer) as `token`'s user. */
async function trpc<T>(base: string, token: string | null, path: string, input: unknown, kind: 'query' | 'mutation'): Promise<T> {
  const headers: Record<string, string> = { 'content-type': 'application/json', ...(token ? { authorization: `Bearer ${token}` } : {}) };
  const res =
    kind === 'query'
      ? await fetch(`${base}/trpc/${path}?input=${encodeURIComponent(JSON.stringify(input))}`, { headers })
      : await fetch(`${base}/trpc/${path}`, { method: 'POST', headers, body: JSON.stringify(input) });
  const body = (await res.json()) as { result?: { data: T }; error?: unknown };
  if (!res.ok || !body.result) throw new Error(`${path}: ${res.status} ${JSON.stringify(body.error)}`);
  return body.result.data;
}

const login = async (base: string, username: string) =>
  (await trpc<{ token: string }>(base, null, 'auth.login', { username, password: PASSWORD, remember: false }, 'mutation')).token;

interface ForecastPart {
  isEditable: boolean;
  positions: {
    chapterId: number;
    chapter: string;
    amountCurrYear: number;
    reminder: boolean;
    notes: string;
    chapterDescriptionDeu: string;
    chapterDescriptionIta: string;
  }[];
}

/** Department 101's id and latest year, and its forecast of expenses grown to `rows` positions (chapters added as needed). */
async function prepareForecast(base: string): Promise<{ year: number; rows: number }> {
  const kassier = await login(base, 'kassier');
  const scopes = (await (await fetch(`${base}/api/Scopes`, { headers: { authorization: `Bearer ${kassier}` } })).json()) as {
    departments: { id: number; code: string }[];
    years: number[];
  };
  const department = scopes.departments.find((d) => d.code === '101');
  if (!department) throw new Error('department 101 not in the fixture');
  const year = Math.max(...scopes.years);
  const scope = { departmentId: department.id, year };
  const forecast = await trpc<ForecastPart>(base, kassier, 'budget.forecast.get', { ...scope, part: 2 }, 'query');
  if (!forecast.isEditable) throw new Error(`the forecast ${year} of 101 is not editable`);
  const missing = Math.max(0, rows - forecast.positions.length);
  const supervisor = await login(base, 'supervisor');
  const added: { id: number; chapter: string }[] = [];
  // chapters 21B00 … 21Z99 of title 1 (the demo chart uses digits only)
  for (let i = 0; i < missing; i++) {
    const chapterShort = `${String.fromCharCode(66 + Math.floor(i / 100))}${String(i % 100).padStart(2, '0')}`;
    const name = `Bench ${chapterShort}`;
    added.push(
      await trpc<{ id: number; chapter: string }>(
        base,
        supervisor,
        'chart.chapters.create',
        { ...scope, part: 2, title: 1, chapterShort, descriptionDeu: name, descriptionIta: name, searchKeyDeu: 'BENCH', searchKeyIta: 'BENCH' },
        'mutation',
      ),
    );
  }
  const positions = [
    ...forecast.positions.map(({ chapterId, amountCurrYear, reminder, notes, chapterDescriptionDeu, chapterDescriptionIta }) => ({
      chapterId,
      amountCurrYear,
      reminder,
      notes,
      chapterDescriptionDeu,
      chapterDescriptionIta,
    })),
    ...added.map((c, i) => ({ chapterId: c.id, amountCurrYear: 10_000 + i, reminder: false, notes: '', chapterDescriptionDeu: '', chapterDescriptionIta: '' })),
  ];
  await trpc(base, kassier, 'budget.forecast.save', { ...scope, part: 2, positions }, 'mutation');
  await trpc(base, kassier, 'auth.logout', undefined, 'mutation').catch(() => undefined);
  return { year, rows: positions.length };
}

/** The script responses of a page from now on: bytes as sent and gzipped. */
function countScripts(page: Page) {
  const seen: Promise<{ url: string; raw: number; gzipped: number }>[] = [];
  page.on('response', (response) => {
    if (response.request().resourceType() !== 'script') return;
    seen.push(
      response.body().then(
        (body) => ({ url: response.url(), raw: body.length, gzipped: gzipSync(body, { level: 9 }).length }),
        () => ({ url: response.url(), raw: 0, gzipped: 0 }),
      ),
    );
  });
  return {
    /** The responses so far (and forget them). */
    async take() {
      const all = await Promise.all(seen.splice(0));
      return { files: all.length, raw: all.reduce((t, r) => t + r.raw, 0), gzipped: all.reduce((t, r) => t + r.gzipped, 0) };
    },
  };
}

async function newPage(browser: Browser) {
  const context = await browser.newContext({ viewport: { width: 1366, height: 820 }, locale: 'de-DE', reducedMotion: 'reduce' });
  const page = await context.newPage();
  page.setDefaultTimeout(60_000);
  return { context, page };
}

/*
 * The code run in the page is kept as text: the bench's TypeScript program has Node's types, not the DOM's (the DOM lib
 * would leak into the server's typecheck, tsconfig.typecheck.json includes bench/).
 */

/** performance.now() in the page after the next frame (requestAnimationFrame, then a task: it is painted). */
const afterNextFrame = (page: Page) => page.evaluate<number>('new Promise((r) => requestAnimationFrame(() => setTimeout(() => r(performance.now()), 0)))');

/**
 * A keydown listener (capture, first) that records per key the time from the event to the work done (a task posted
 * at the keydown runs after the key's events and React's render; it forces style and layout) and to the next frame.
 */
const keyProbe = `(() => {
  window.__keys = [];
  window.addEventListener('keydown', (event) => {
    const start = event.timeStamp;
    performance.mark('key-start');
    const entry = { script: NaN, work: NaN, frame: NaN };
    window.__keys.push(entry);
    const channel = new MessageChannel();
    channel.port1.onmessage = () => {
      entry.script = performance.now() - start;
      void document.body.offsetHeight;
      entry.work = performance.now() - start;
      performance.measure('key-work', 'key-start');
    };
    channel.port2.postMessage(null);
    requestAnimationFrame(() => setTimeout(() => { entry.frame = performance.now() - start; }, 0));
  }, true);
})()`;

async function signInPage(browser: Browser, base: string) {
  const { context, page } = await newPage(browser);
  const scripts = countScripts(page);
  await page.goto(`${base}/`);
  await page.locator('input[name="username"]').waitFor();
  const formShown = await afterNextFrame(page);
  const fcp = await page.evaluate<number>("performance.getEntriesByName('first-contentful-paint')[0]?.startTime ?? NaN");
  const signInJs = await scripts.take();

  // a user takes a few seconds to type: the sign-in page fetches the signed-in frame's code meanwhile (when idle)
  await page.waitForTimeout(typingPauseMs);
  await page.locator('input[name="username"]').fill('kassier');
  await page.locator('input[name="password"]').fill(PASSWORD);
  const start = await page.evaluate<number>('performance.now()');
  await page.locator('input[name="password"]').press('Enter');
  await page.waitForURL((url) => /^\/dept\/[^/]+\/year\/\d+\/?$/.test(url.pathname));
  await page.getByTestId('home-status').waitFor();
  const homePainted = await afterNextFrame(page);
  const homeJs = await scripts.take();
  await context.close();
  return { fcp, formShown, signInJs, signInToHome: homePainted - start, homeJs };
}

/** Per key: keydown → the work done (layout forced in a task after the key's events) and → the next frame painted. */
async function typeInForecast(browser: Browser, base: string, year: number) {
  const { context, page } = await newPage(browser);
  await page.goto(`${base}/`);
  await page.locator('input[name="username"]').fill('kassier');
  await page.locator('input[name="password"]').fill(PASSWORD);
  await page.locator('input[name="password"]').press('Enter');
  await page.getByTestId('home-status').waitFor();
  await page.goto(`${base}/dept/101/year/${year}/budget/forecast/details/expenses`);
  const table = page.getByTestId('forecast-positions');
  await table.waitFor();
  const shownRows = await table.locator('input[data-amount-input]').count();
  await page.evaluate(keyProbe);
  const tracing = benchEnv.webTrace ? await context.newCDPSession(page) : null;
  const traceEvents: unknown[] = [];
  if (tracing) {
    tracing.on('Tracing.dataCollected', (e: { value: unknown[] }) => traceEvents.push(...e.value));
    await tracing.send('Tracing.start', { categories: 'devtools.timeline,disabled-by-default-devtools.timeline', transferMode: 'ReportEvents' });
  }
  const profiler = benchEnv.webProfile ? await context.newCDPSession(page) : null;
  if (profiler) {
    await profiler.send('Profiler.enable');
    await profiler.send('Profiler.setSamplingInterval', { interval: 200 });
    await profiler.send('Profiler.start');
  }
  const first = table.locator('input[data-amount-input]').nth(Math.floor(shownRows / 2));
  await first.scrollIntoViewIfNeeded();
  await first.click();
  // digits into one amount (the field selects its text on focus: the first digit replaces it), cleared every 7 keys
  for (let i = 0; i < keys; i++) {
    await page.keyboard.press(i % 8 === 7 ? 'Backspace' : String((i % 9) + 1));
    await page.waitForTimeout(40);
  }
  await page.waitForTimeout(200);
  if (tracing) {
    const done = new Promise((r) => tracing.once('Tracing.tracingComplete', r));
    await tracing.send('Tracing.end');
    await done;
    if (benchEnv.webTrace) writeFileSync(benchEnv.webTrace, JSON.stringify(traceEvents));
  }
  if (profiler && benchEnv.webProfile) writeFileSync(benchEnv.webProfile, JSON.stringify((await profiler.send('Profiler.stop')).profile));
  const measured = await page.evaluate<{ script: number; work: number; frame: number }[]>('window.__keys');
  await context.close();
  const pct = (values: number[], p: number) => {
    const sorted = values.filter(Number.isFinite).sort((a, b) => a - b);
    return sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))] ?? NaN;
  };
  const stats = (values: number[]) => ({ p50: pct(values, 50), p95: pct(values, 95) });
  return {
    rows: shownRows,
    keys: measured.length,
    script: stats(measured.map((k) => k.script)),
    work: stats(measured.map((k) => k.work)),
    frame: stats(measured.map((k) => k.frame)),
  };
}

const kb = (bytes: number) => `${(bytes / 1024).toFixed(1)} KB`;
const ms = (value: number) => `${value.toFixed(1)} ms`;

async function main() {
  // WEB_DIST (the server's own setting, passed on): bench a client built elsewhere, e.g. main's for a before/after
  const dist = benchEnv.webDist ?? join(repoRoot, 'apps/web/dist');
  if (!existsSync(join(dist, 'index.html'))) throw new Error(`${dist} has no index.html: npm run build first`);
  const { base, stop } = await startServer();
  const browser = await chromium.launch({
    executablePath: chromiumPath,
    args: ['--no-sandbox', '--disable-gpu', '--disable-background-networking', '--disable-component-update', '--disable-sync', '--disable-quic'],
  });
  try {
    const prepared = await prepareForecast(base);
    const load = await signInPage(browser, base);
    const typing = await typeInForecast(browser, base, prepared.year);
    const total = { gzipped: load.signInJs.gzipped + load.homeJs.gzipped, raw: load.signInJs.raw + load.homeJs.raw };
    console.log(`sign-in page: first contentful paint ${ms(load.fcp)}, form shown at ${ms(load.formShown)}`);
    console.log(`  JS ${kb(load.signInJs.gzipped)} gzipped (${kb(load.signInJs.raw)} as sent), ${load.signInJs.files} files`);
    console.log(`sign-in -> home painted: ${ms(load.signInToHome)} (signed in ${typingPauseMs / 1000} s after the form showed)`);
    console.log(
      `  JS on the way ${kb(load.homeJs.gzipped)} gzipped (${load.homeJs.files} files); with the sign-in page ${kb(total.gzipped)} gzipped (${kb(total.raw)} as sent)`,
    );
    console.log(
      `forecast editor, ${typing.rows} rows, ${typing.keys} keys: script p50 ${ms(typing.script.p50)} p95 ${ms(typing.script.p95)}; work (with style and layout) p50 ${ms(typing.work.p50)} p95 ${ms(typing.work.p95)}; next frame p50 ${ms(typing.frame.p50)} p95 ${ms(typing.frame.p95)}`,
    );
    console.log(JSON.stringify({ ...load, total, typing }));
  } finally {
    await browser.close();
    await stop();
  }
}

await main();
