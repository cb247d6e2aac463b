/** Scope paths `/dept/{code}/year/{year}/...` (spec 1 §2) and the choice of a scope after sign-in. */

export interface ScopeRef {
  dept: string;
  year: number;
}

export interface ScopeChoices {
  departments: ReadonlyArray<{ code: string }>;
  /** Ascending, as scope.list answers. */
  years: readonly number[];
}

const SCOPE_PATH = /^\/dept\/([^/]+)\/year\/([^/]+)(\/.*)?$/;

export function scopePath(scope: ScopeRef, rest = ''): string {
  const tail = rest.replace(/^\/+/, '').replace(/\/+$/, '');
  return `/dept/${encodeURIComponent(scope.dept)}/year/${scope.year}${tail ? `/${tail}` : ''}`;
}

/** Splits a path into its scope and the rest (`budget/forecast/details`), or null outside a scope. */
export function parseScopePath(pathname: string): { dept: string; year: string; rest: string } | null {
  const m = SCOPE_PATH.exec(pathname);
  if (!m) return null;
  return { dept: decodeURIComponent(m[1] ?? ''), year: m[2] ?? '', rest: (m[3] ?? '').replace(/^\/+/, '').replace(/\/+$/, '') };
}

/** The same screen in another scope; outside a scope, the new scope's home. */
export function rewriteScopePath(pathname: string, scope: ScopeRef): string {
  const parsed = parseScopePath(pathname);
  return scopePath(scope, parsed?.rest ?? '');
}

/** A year parameter as a number, or null when it is not a plain four-digit year. */
export function parseYearParam(text: string): number | null {
  return /^\d{4}$/.test(text) ? Number(text) : null;
}

export function latestYear(years: readonly number[]): number | null {
  return years.length === 0 ? null : Math.max(...years);
}

/** The year to start with: the last one used if it still exists, else the latest. */
export function defaultYear(years: readonly number[], last: ScopeRef | null): number | null {
  if (last && years.includes(last.year)) return last.year;
  return latestYear(years);
}

/**
 * Where a user goes after sign-in: with exactly one department straight into it in `year` (the
 * server's landing year: latest with a chart of accounts, or the remembered one); with several (or
 * none) to the department chooser, which starts in that year.
 */
export function landingPath(choices: ScopeChoices, year: number | null): string {
  const only = choices.departments.length === 1 ? choices.departments[0] : undefined;
  if (only && year !== null) return scopePath({ dept: only.code, year });
  if (choices.departments.length > 1 && year !== null) return `/start?year=${year}`;
  return '/start';
}

/** The year remembered by this browser to send to the server's landing rule (only an existing one). */
export function rememberedYearFor(choices: ScopeChoices, last: ScopeRef | null): number | undefined {
  if (!last || !choices.years.includes(last.year)) return undefined;
  const only = choices.departments.length === 1 ? choices.departments[0] : undefined;
  if (only && last.dept !== only.code) return undefined;
  return last.year;
}

/** Is this scope one the user may open (department linked, year existing)? */
export function isAllowedScope(choices: ScopeChoices, scope: ScopeRef): boolean {
  return choices.departments.some((d) => d.code === scope.dept) && choices.years.includes(scope.year);
}
