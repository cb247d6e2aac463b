import { describe, expect, it } from 'vitest';
import { AUTH_STORAGE_KEY, type AuthStorages, clearAuth, readAuth, type StoredAuth, writeAuth } from './authStorage.ts';

function memory(): AuthStorages & { dump: () => { local: Record<string, string>; session: Record<string, string> } } {
  const make = () => {
    const map = new Map<string, string>();
    return {
      map,
      getItem: (k: string) => map.get(k) ?? null,
      setItem: (k: string, v: string) => void map.set(k, v),
      removeItem: (k: string) => void map.delete(k),
    };
  };
  const local = make();
  const session = make();
  return { local, session, dump: () => ({ local: Object.fromEntries(local.map), session: Object.fromEntries(session.map) }) };
}

const auth = (remember: boolean, expiresAt = '2099-01-01T00:00:00.000Z'): StoredAuth => ({
  token: 't0k3n',
  expiresAt,
  userId: 3,
  username: 'kassier',
  fullname: 'Karl Kassier',
  accessLevel: 2,
  language: 'de',
  mainDepartmentId: 4,
  remember,
});

describe('auth storage', () => {
  it('remembered: localStorage under the fixed key only', () => {
    const s = memory();
    writeAuth(s, auth(true));
    expect(Object.keys(s.dump().local)).toEqual([AUTH_STORAGE_KEY]);
    expect(s.dump().session).toEqual({});
    expect(readAuth(s)?.token).toBe('t0k3n');
  });
  it('not remembered: sessionStorage only, replacing a remembered one', () => {
    const s = memory();
    writeAuth(s, auth(true));
    writeAuth(s, auth(false));
    expect(s.dump().local).toEqual({});
    expect(Object.keys(s.dump().session)).toEqual([AUTH_STORAGE_KEY]);
  });
  it('drops expired, malformed and cleared sign-ins', () => {
    const s = memory();
    writeAuth(s, auth(true, '2020-01-01T00:00:00.000Z'));
    expect(readAuth(s, new Date('2026-01-01'))).toBeNull();
    expect(s.dump().local).toEqual({});
    s.session.setItem(AUTH_STORAGE_KEY, '{not json');
    expect(readAuth(s)).toBeNull();
    s.session.setItem(AUTH_STORAGE_KEY, JSON.stringify({ token: '' }));
    expect(readAuth(s)).toBeNull();
    writeAuth(s, auth(false));
    clearAuth(s);
    expect(readAuth(s)).toBeNull();
  });
});
