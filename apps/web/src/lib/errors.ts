import { type ErrorCode, formatChapter, isErrorCode } from '@app/domain';

/**
 * The business code of an error from a tRPC call (`error.data.appCode`, set by the server's error
 * formatter). Anything else (network failure, a real 500) gives null.
 */
export function appCodeOf(error: unknown): ErrorCode | null {
  if (!error || typeof error !== 'object') return null;
  const data = (error as { data?: unknown }).data;
  if (!data || typeof data !== 'object') return null;
  const code = (data as { appCode?: unknown }).appCode;
  return isErrorCode(code) ? code : null;
}

/** The field an InvalidValue error names, if any. */
export function errorFieldOf(error: unknown): string | null {
  if (!error || typeof error !== 'object') return null;
  const data = (error as { data?: unknown }).data;
  if (!data || typeof data !== 'object') return null;
  const field = (data as { field?: unknown }).field;
  return typeof field === 'string' && field !== '' ? field : null;
}

/** The values an error names for its message (`data.params`: chapter, bounds, years, ...); {} when none. */
export function errorParamsOf(error: unknown): Record<string, unknown> {
  const params = (error as { data?: { params?: unknown } } | null)?.data?.params;
  return params && typeof params === 'object' ? (params as Record<string, unknown>) : {};
}

/** The chapter codes an error names (`params.chapter`, comma-separated), formatted (`2-1-001, 2-1-003`); '' when none. */
export function errorChapters(error: unknown): string {
  const params = (error as { data?: { params?: { chapter?: unknown } | null } } | null)?.data?.params;
  const raw = typeof params?.chapter === 'string' ? params.chapter : '';
  return raw
    .split(',')
    .filter(Boolean)
    .map((c) => formatChapter(c))
    .join(', ');
}

/** The lines an AvailableExceeded names (`chapter` "21002,21005/2025") with their excess in cents (`excess` "41810,500"). */
export function exceededLines(params: Record<string, unknown>): { chapter: string; chapterYear: number | null; excess: number | null }[] {
  const chapters = typeof params.chapter === 'string' ? params.chapter.split(',').filter(Boolean) : [];
  const excess = typeof params.excess === 'string' ? params.excess.split(',') : [];
  return chapters.map((named, i) => {
    const [chapter = named, year] = named.split('/');
    const cents = Number(excess[i]);
    return { chapter, chapterYear: year ? Number(year) : null, excess: excess[i] !== undefined && Number.isFinite(cents) ? cents : null };
  });
}

/** Codes that mean "the session is gone": the client signs out. */
export function isSignedOutError(error: unknown): boolean {
  const code = appCodeOf(error);
  return code === 'NotAuthenticated' || code === 'SessionExpired';
}

/**
 * Whether TanStack Query tries a failed read again: network trouble once, a database outage
 * (503 DatabaseUnavailable) up to three times (after 1, 2 and 4 s: the server is back within
 * seconds); business errors (refusals, validation) never.
 */
export function shouldRetryQuery(failureCount: number, error: unknown): boolean {
  const code = appCodeOf(error);
  if (code === 'DatabaseUnavailable') return failureCount < 3;
  return code === null && failureCount < 1;
}
