import { type SQL, sql } from 'drizzle-orm';

/** A comma-separated list of bound values, for `in (...)` (the caller handles an empty list). */
export function sqlList(values: readonly (number | string)[]): SQL {
  return sql.join(
    values.map((v) => sql`${v}`),
    sql`, `,
  );
}
