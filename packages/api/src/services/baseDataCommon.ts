import { likeEscape } from '@app/db';

export { parseOrFail, permissionArea } from './access.ts';

/**
 * A PATCH: the keys sent replace those of the entity; nested objects (bankInfo, commander, ...)
 * are merged one level deep. The result is checked again by the caller with the full schema.
 */
export function mergePatch<T extends object>(entity: T, patch: Record<string, unknown>, omit: readonly string[] = ['id', 'departmentId', 'year']): T {
  const out: Record<string, unknown> = { ...(entity as Record<string, unknown>) };
  for (const [key, value] of Object.entries(patch)) {
    if (omit.includes(key) || value === undefined) continue;
    const current = out[key];
    out[key] =
      current && typeof current === 'object' && !Array.isArray(current) && value && typeof value === 'object' && !Array.isArray(value)
        ? { ...current, ...value }
        : value;
  }
  return out as T;
}

/** Case-insensitive "contains" pattern for ILIKE, with the wildcards of the text escaped. */
export function containsPattern(text: string): string {
  return `%${likeEscape(text)}%`;
}

/** Case-insensitive "starts with" pattern for ILIKE. */
export function prefixPattern(text: string): string {
  return `${likeEscape(text)}%`;
}
