import { z } from 'zod';
import type { ScopeRef } from './scopePath.ts';

const LastScope = z.object({ dept: z.string(), year: z.number().int() });

function key(username: string): string {
  return `fwh.lastScope.${username}`;
}

/** The scope last used by this user in this browser. */
export function readLastScope(username: string): ScopeRef | null {
  try {
    const raw = window.localStorage.getItem(key(username));
    if (!raw) return null;
    const parsed = LastScope.safeParse(JSON.parse(raw));
    return parsed.success ? parsed.data : null;
  } catch {
    return null;
  }
}

export function writeLastScope(username: string, scope: ScopeRef): void {
  try {
    window.localStorage.setItem(key(username), JSON.stringify(scope));
  } catch {
    // not remembered; harmless
  }
}
