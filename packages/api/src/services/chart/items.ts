import { likeEscape } from '@app/db';
import { ilike, or, type SQL } from 'drizzle-orm';
import { fail } from '../../errors.ts';
import { isUniqueViolation } from '../dbErrors.ts';

// Helpers shared by the titles, categories and chapters of the chart.

/** Case-insensitive "contains" filter over the description columns; undefined without a text. */
export function descriptionFilter(text: string | undefined, ...columns: Parameters<typeof ilike>[0][]): SQL | undefined {
  if (!text) return undefined;
  const pattern = `%${likeEscape(text)}%`;
  return or(...columns.map((c) => ilike(c, pattern)));
}

/** A unique violation of a chart item is ChartItemExists (with the kind of item); anything else is rethrown. */
export function existsOr<T>(error: unknown, item: string): T {
  if (isUniqueViolation(error)) fail('ChartItemExists', { params: { item } });
  throw error;
}

/** The given keys only (a PATCH body's undefined values do not overwrite). */
export function defined<T extends object>(o: T): Partial<T> {
  return Object.fromEntries(Object.entries(o).filter(([, v]) => v !== undefined)) as Partial<T>;
}
