import { AccessLevelSchema, Language } from '@app/domain';
import { z } from 'zod';

/** The one fixed key under which a sign-in is kept (localStorage when remembered, else sessionStorage). */
export const AUTH_STORAGE_KEY = 'fwh.auth';

export const StoredAuth = z.object({
  token: z.string().min(1),
  expiresAt: z.string(),
  userId: z.number().int(),
  username: z.string(),
  fullname: z.string(),
  accessLevel: AccessLevelSchema,
  language: Language,
  mainDepartmentId: z.number().int().nullable(),
  remember: z.boolean(),
});
export type StoredAuth = z.infer<typeof StoredAuth>;

export interface AuthStorages {
  local: Pick<Storage, 'getItem' | 'setItem' | 'removeItem'>;
  session: Pick<Storage, 'getItem' | 'setItem' | 'removeItem'>;
}

function parse(raw: string | null): StoredAuth | null {
  if (!raw) return null;
  try {
    const result = StoredAuth.safeParse(JSON.parse(raw));
    return result.success ? result.data : null;
  } catch {
    return null;
  }
}

/** Reads the stored sign-in: the tab's session first, then a remembered one. Expired ones are dropped. */
export function readAuth(storages: AuthStorages, now: Date = new Date()): StoredAuth | null {
  const auth = parse(storages.session.getItem(AUTH_STORAGE_KEY)) ?? parse(storages.local.getItem(AUTH_STORAGE_KEY));
  if (!auth) return null;
  const expires = Date.parse(auth.expiresAt);
  if (Number.isFinite(expires) && expires <= now.getTime()) {
    clearAuth(storages);
    return null;
  }
  return auth;
}

/** Stores a sign-in in exactly one place: localStorage when remembered, sessionStorage otherwise. */
export function writeAuth(storages: AuthStorages, auth: StoredAuth): void {
  clearAuth(storages);
  const target = auth.remember ? storages.local : storages.session;
  target.setItem(AUTH_STORAGE_KEY, JSON.stringify(auth));
}

export function clearAuth(storages: AuthStorages): void {
  storages.local.removeItem(AUTH_STORAGE_KEY);
  storages.session.removeItem(AUTH_STORAGE_KEY);
}
