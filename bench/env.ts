/** The one place in bench/ that reads process.env. */
export const benchEnv = {
  /** The PostgreSQL database the generator fills and the load runs against (regenerated each run). */
  databaseUrl: process.env.BENCH_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/bench',
  /** Seconds of load per call. */
  seconds: Number(process.env.BENCH_SECONDS ?? 5),
};
