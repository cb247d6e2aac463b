/** PostgreSQL error codes as both drivers report them (postgres.js and PGlite put `code` on the error). */
function pgCode(error: unknown): string | undefined {
  let current: unknown = error;
  for (let depth = 0; depth < 4 && current && typeof current === 'object'; depth++) {
    const code = (current as { code?: unknown }).code;
    if (typeof code === 'string' && /^[0-9A-Z]{5}$/.test(code)) return code;
    current = (current as { cause?: unknown }).cause;
  }
  return undefined;
}

/** A unique constraint was violated (a concurrent insert of the same business key). */
export function isUniqueViolation(error: unknown): boolean {
  return pgCode(error) === '23505';
}

/** A foreign key still points at the row (delete of something in use). */
export function isForeignKeyViolation(error: unknown): boolean {
  return pgCode(error) === '23503';
}
