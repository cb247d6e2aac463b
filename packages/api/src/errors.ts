import { isDatabaseUnavailable } from '@app/db';
import { AppError, type ErrorCode, errorStatus } from '@app/domain';
import { TRPCError } from '@trpc/server';
import type { TRPC_ERROR_CODE_KEY } from '@trpc/server/rpc';

function trpcCodeFor(status: number): TRPC_ERROR_CODE_KEY {
  switch (status) {
    case 400:
      return 'BAD_REQUEST';
    case 401:
      return 'UNAUTHORIZED';
    case 403:
      return 'FORBIDDEN';
    case 404:
      return 'NOT_FOUND';
    case 409:
      return 'CONFLICT';
    case 413:
      return 'PAYLOAD_TOO_LARGE';
    case 415:
      return 'UNSUPPORTED_MEDIA_TYPE';
    case 429:
      return 'TOO_MANY_REQUESTS';
    case 503:
      return 'SERVICE_UNAVAILABLE';
    default:
      return 'INTERNAL_SERVER_ERROR';
  }
}

/** Wraps a business error as the TRPCError the procedures throw. */
export function toTrpcError(error: AppError): TRPCError {
  return new TRPCError({ code: trpcCodeFor(errorStatus[error.code]), message: error.code, cause: error });
}

/** Throws a business error. */
export function fail(code: ErrorCode, options: ConstructorParameters<typeof AppError>[1] = {}): never {
  throw toTrpcError(new AppError(code, options));
}

export interface ErrorInfo {
  code: ErrorCode;
  status: number;
  field?: string;
  params?: Record<string, string | number>;
}

interface ZodLikeIssue {
  path: PropertyKey[];
  message: string;
}

function zodIssues(cause: unknown): ZodLikeIssue[] | null {
  if (cause && typeof cause === 'object' && 'issues' in cause && Array.isArray((cause as { issues: unknown }).issues)) {
    return (cause as { issues: ZodLikeIssue[] }).issues;
  }
  return null;
}

/** The business code of any error a procedure may throw (used by the formatter and the REST adapter). */
export function errorInfo(error: TRPCError): ErrorInfo {
  const cause = error.cause;
  if (cause instanceof AppError) {
    const info: ErrorInfo = { code: cause.code, status: errorStatus[cause.code] };
    if (cause.field !== undefined) info.field = cause.field;
    if (cause.params !== undefined) info.params = cause.params;
    return info;
  }
  // an answer that failed its output schema is the server's fault: a 500, never InvalidValue (and
  // answerBeforeCommit rolled its write back)
  const issues = error.code === 'INTERNAL_SERVER_ERROR' ? null : zodIssues(cause);
  if (issues) {
    const first = issues[0];
    const info: ErrorInfo = { code: 'InvalidValue', status: 400 };
    if (first) info.field = first.path.map(String).join('.');
    return info;
  }
  // a lost database connection that reached here unmapped (the procedures' middleware maps them first)
  if (isDatabaseUnavailable(cause)) return { code: 'DatabaseUnavailable', status: 503 };
  switch (error.code) {
    case 'UNAUTHORIZED':
      return { code: 'NotAuthenticated', status: 401 };
    case 'FORBIDDEN':
      return { code: 'Forbidden', status: 403 };
    case 'NOT_FOUND':
      return { code: 'NotFound', status: 404 };
    case 'BAD_REQUEST':
    case 'PARSE_ERROR':
      return { code: 'InvalidValue', status: 400 };
    default:
      throw error;
  }
}

/** Like errorInfo, but never throws: unknown errors give null (a real 500). */
export function safeErrorInfo(error: TRPCError): ErrorInfo | null {
  try {
    return errorInfo(error);
  } catch {
    return null;
  }
}
