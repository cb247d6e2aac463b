import { type LoginResult, readsOnly } from '@app/domain';
import { useSyncExternalStore } from 'react';
import { type AuthStorages, clearAuth, readAuth, type StoredAuth, writeAuth } from './authStorage.ts';

/** The signed-in user held in memory and mirrored to browser storage. */
let current: StoredAuth | null = null;
let loaded = false;
const listeners = new Set<() => void>();
const signedOutListeners = new Set<() => void>();

function storages(): AuthStorages {
  return { local: window.localStorage, session: window.sessionStorage };
}

function emit(): void {
  for (const listener of listeners) listener();
}

export function getAuth(): StoredAuth | null {
  if (!loaded) {
    current = readAuth(storages());
    loaded = true;
  }
  return current;
}

export function getToken(): string | null {
  return getAuth()?.token ?? null;
}

export function setAuth(result: LoginResult, remember: boolean): StoredAuth {
  const auth: StoredAuth = {
    token: result.token,
    expiresAt: result.expiresAt,
    userId: result.userId,
    username: result.username,
    fullname: result.fullname,
    accessLevel: result.accessLevel,
    language: result.language,
    mainDepartmentId: result.mainDepartmentId,
    remember,
  };
  writeAuth(storages(), auth);
  current = auth;
  loaded = true;
  emit();
  return auth;
}

export function updateAuth(patch: Partial<Pick<StoredAuth, 'language' | 'fullname'>>): void {
  const auth = getAuth();
  if (!auth) return;
  current = { ...auth, ...patch };
  writeAuth(storages(), current);
  emit();
}

/** Forgets the sign-in (both storages) and tells the listeners (the router goes back to `/`). */
/** The user of the session that was just cleared (see useRequiredAuth). */
let lastSignedIn: StoredAuth | null = null;

export function clearSession(): void {
  const wasSignedIn = getAuth() !== null;
  if (wasSignedIn) lastSignedIn = getAuth();
  clearAuth(storages());
  current = null;
  loaded = true;
  emit();
  if (wasSignedIn) for (const listener of signedOutListeners) listener();
}

export function onSignedOut(listener: () => void): () => void {
  signedOutListeners.add(listener);
  return () => signedOutListeners.delete(listener);
}

function subscribe(listener: () => void): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

export function useAuth(): StoredAuth | null {
  return useSyncExternalStore(subscribe, getAuth, () => null);
}

/**
 * The signed-in user inside the authenticated part of the app (the route guard ensures one).
 * While signing out, the screens still mounted render once more before the app leaves for `/`:
 * they get the last signed-in user instead of failing.
 */
export function useRequiredAuth(): StoredAuth {
  const auth = useAuth() ?? lastSignedIn;
  if (!auth) throw new Error('Not signed in');
  return auth;
}

/** The signed-in user reads only (the auditor, issue 27): every screen opens read-only, the server refuses his writes. */
export function useReadsOnly(): boolean {
  const auth = useAuth();
  return auth !== null && readsOnly(auth);
}
