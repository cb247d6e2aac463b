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
};
