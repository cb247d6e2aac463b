import { DEMO_DATA_MODES } from '@app/db/seed';
import { z } from 'zod';

/** The one place that reads process.env for the server. */
const EnvSchema = z.object({
  PORT: z.coerce.number().int().min(0).max(65535).default(3000),
  HOST: z.string().default('0.0.0.0'),
  DATABASE_URL: z.string().min(1).default('pglite:./data/db'),
  /** A read-only PostgreSQL (a streaming replica) for the queries (issue 29); unset: everything on DATABASE_URL. */
  DATABASE_READ_URL: z
    .string()
    .trim()
    .regex(/^postgres(ql)?:\/\//, 'DATABASE_READ_URL must be a postgres:// address (a replica of DATABASE_URL)')
    .optional(),
  LOG_LEVEL: z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']).default('info'),
  /** `auto`: demo data only into an empty embedded PGlite; `always`: into any empty database; `never`. */
  SEED_DEMO: z.enum(['auto', 'always', 'never']).default('auto'),
  /**
   * Which demo is seeded: `living` (default: the previous year closed but in 201, the current year approved and booked
   * up to a week ago, relative to today) or `fixture` (the unit and e2e tests' data: the previous year open, the current
   * year without a budget).
   */
  DEMO_DATA: z.enum(DEMO_DATA_MODES, { error: () => `DEMO_DATA must be one of ${DEMO_DATA_MODES.join(', ')}` }).default('living'),
  /** A Supervisor created at start while the database has no user (must change the password at sign-in). */
  INITIAL_SUPERVISOR: z.string().trim().optional(),
  INITIAL_SUPERVISOR_PASSWORD: z.string().optional(),
  WEB_DIST: z.string().optional(),
  /** Proxies trusted for X-Forwarded-For/-Proto: unset (none), a hop count, or their addresses (comma-separated). */
  TRUST_PROXY: z.string().trim().optional(),
  /** The largest receipt a user may attach, in bytes (issue 28); 10 MB by default. */
  DOCUMENT_MAX_BYTES: z.coerce
    .number()
    .int()
    .min(1024)
    .max(200 * 1024 * 1024)
    .default(10 * 1024 * 1024),
  /** Browser origins allowed to call the API (comma-separated); unset: no CORS. */
  CORS_ORIGINS: z
    .string()
    .optional()
    .transform((v) =>
      (v ?? '')
        .split(',')
        .map((s) => s.trim())
        .filter(Boolean),
    ),
});

export type Env = z.infer<typeof EnvSchema>;

export function readEnv(source: Record<string, string | undefined> = process.env): Env {
  const cleaned = Object.fromEntries(Object.entries(source).filter(([, v]) => v !== undefined && v !== ''));
  return EnvSchema.parse(cleaned);
}

/**
 * Knobs of the REST fuzz test (rest/fuzz.test.ts): `FUZZ_SEED` and `FUZZ_RUNS` (random requests per
 * path) widen a local run, `FUZZ_TRACE=<file>` writes the time per path and all findings,
 * `FUZZ_SHOW` how many findings the assertion lists.
 */
export function readFuzzEnv(source: Record<string, string | undefined> = process.env): { seed: number; runs: number; trace: string | undefined; show: number } {
  return {
    seed: Number(source.FUZZ_SEED ?? 20260),
    runs: Number(source.FUZZ_RUNS ?? 30),
    trace: source.FUZZ_TRACE || undefined,
    show: Number(source.FUZZ_SHOW ?? 40),
  };
}
