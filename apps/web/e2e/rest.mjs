/** REST calls of the specs for setup steps and checks (every demo user's password is `demo`). */
import { e2eEnv } from './env.mjs';

const PASSWORD = 'demo';

/**
 * REST calls against the server at `base` (a spec's own server; `rest` below is the runner's): `call(user,
 * method, path, body)` as `user` (password `demo`) for setup steps answers `{ status, json }`. The tokens are
 * kept by user: one sign-in (an argon2 check on the server) per user and spec file, not one per call; a
 * session the spec ended meanwhile (401) signs in again.
 */
export function restAt(base) {
  const tokens = new Map();
  const token = async (user, fresh) => {
    if (fresh || !tokens.has(user)) {
      const login = await fetch(`${base}/api/Authenticate/login`, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ username: user, password: PASSWORD }),
      });
      tokens.set(user, (await login.json()).token);
    }
    return tokens.get(user);
  };
  return async (user, method, path, body) => {
    const call = async (bearer) =>
      fetch(`${base}/api/${path}`, {
        method,
        headers: { authorization: `Bearer ${bearer}`, ...(body ? { 'content-type': 'application/json' } : {}) },
        ...(body ? { body: JSON.stringify(body) } : {}),
      });
    let res = await call(await token(user, false));
    if (res.status === 401) res = await call(await token(user, true));
    return { status: res.status, json: await res.json() };
  };
}

/** A REST call to the runner's server as `user` (restAt). */
export const rest = restAt(e2eEnv.baseUrl);
