/** The one place in bench/ that reads process.env. */
export const benchEnv = {
  /** The PostgreSQL database the generator fills and the load runs against (regenerated each run). */
  databaseUrl: process.env.BENCH_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/bench',
  /** Seconds of load per call. */
  seconds: Number(process.env.BENCH_SECONDS ?? 5),
  /** Movements of each booking department in the booking year (issue 11: 1,500). */
  movementsPerDepartment: Number(process.env.BENCH_MOVEMENTS ?? 1500),
  /** `all`: every fire brigade (297) gets the movements, not only the 20 measured ones (union-sized tables). */
  bookingDepartments: process.env.BENCH_BOOKING_DEPARTMENTS === 'all' ? ('all' as const) : ('measured' as const),
  /** Earlier years given a copy of the booking year's budgets and bookings (issue 29: 9, so 10 years exist). */
  yearsBack: Number(process.env.BENCH_YEARS_BACK ?? 0),
  /** Downloads and bare runs of each statistics case of the union group (each takes seconds to a minute on its data). */
  statisticsRuns: Number(process.env.BENCH_STATISTICS_RUNS ?? 1),
  /** Audit rows of each department (issue 27: a brigade's year of saves, as its 1,500 movements). */
  auditRowsPerDepartment: Number(process.env.BENCH_AUDIT_ROWS ?? 1500),
  /** bench/web.ts: positions in the forecast editor it types in (issue 29: ~400 rows). */
  webRows: Number(process.env.BENCH_WEB_ROWS ?? 400),
  /** bench/web.ts: keys typed and measured. */
  webKeys: Number(process.env.BENCH_WEB_KEYS ?? 80),
  /** bench/web.ts: the browser (Debian's package chromium). */
  chromiumPath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
  /** bench/web.ts: a client built elsewhere (the server's own WEB_DIST, passed on), e.g. main's for a before/after. */
  webDist: process.env.WEB_DIST,
  /** bench/web.ts: write a CPU profile of the typing (Chrome's .cpuprofile, for DevTools) to this file. */
  webProfile: process.env.BENCH_WEB_PROFILE,
  /** bench/web.ts: write a timeline trace of the typing (Chrome trace events, JSON) to this file. */
  webTrace: process.env.BENCH_WEB_TRACE,
  /** This process's environment, for the server bench/web.ts starts. */
  childEnv: (overrides: Record<string, string>) => ({ ...process.env, ...overrides }),
  /** floorServer.ts: the floor on an in-memory PGlite (the embedded database's floor, readsPglite.ts). */
  floorOnPglite: process.env.BENCH_FLOOR_PGLITE === '1',
  /** readsPglite.ts: the PGlite data directory the bench database was restored into. */
  pgliteDir: process.env.BENCH_PGLITE_DIR ?? '/tmp/bench-pglite',
  /** bench/start.ts: timed starts of each kind (the median is reported). */
  startRuns: Number(process.env.BENCH_START_RUNS ?? 5),
  /** bench/start.ts: the PGlite data directory `npm start` runs on (seeded by the first, untimed start). */
  startDatabaseUrl: process.env.BENCH_START_DATABASE_URL ?? 'pglite:/tmp/bench-start-db',
  /** bench/documents.ts: the PostgreSQL server the attach runs against (its database `bench_documents` is recreated). */
  documentsPostgresUrl: process.env.BENCH_DOCUMENTS_POSTGRES_URL ?? 'postgres://postgres@127.0.0.1:5432',
  /** bench/documents.ts: the checkout whose server is measured (another worktree, e.g. main's, for a before/after). */
  documentsRoot: process.env.BENCH_DOCUMENTS_ROOT,
  /** bench/documents.ts: attaches of the large file per database (the median is reported). */
  documentsRuns: Number(process.env.BENCH_DOCUMENTS_RUNS ?? 3),
  /** bench/documents.ts: the large file's size in bytes (8 MB). */
  documentsBytes: Number(process.env.BENCH_DOCUMENTS_BYTES ?? 8 * 1024 * 1024),
};

/** The environment of a forked bench server: this process's, with `extra` on top. */
export function childEnv(extra: Record<string, string>): Record<string, string | undefined> {
  return { ...process.env, ...extra };
}
