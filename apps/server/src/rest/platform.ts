import { num, type RestRoute, scopeOf } from './params.ts';

function credentials(body: Record<string, unknown>) {
  return {
    username: body.username as string,
    password: body.password as string,
    newPassword: body.newPassword as string,
    newPasswordRepeat: body.newPasswordRepeat as string,
    remember: body.remember === true,
  };
}

/** Spec 1 §7: the auth and scope calls. */
export const platformRoutes: RestRoute[] = [
  {
    method: 'POST',
    path: 'Authenticate/login',
    call: (c, req) => c.auth.login({ username: req.body.username as string, password: req.body.password as string, remember: req.body.remember === true }),
  },
  { method: 'POST', path: 'Auth/changePasswordAndLogin', call: (c, req) => c.auth.changePasswordAndLogin(credentials(req.body)) },
  { method: 'POST', path: 'auth/changePassword', call: (c, req) => c.auth.changePassword(credentials(req.body)) },
  { method: 'POST', path: 'auth/logout', call: (c) => c.auth.logout() },
  { method: 'GET', path: 'auth/me', call: (c) => c.auth.me() },
  { method: 'GET', path: 'Scopes', call: (c) => c.scope.list() },
  { method: 'GET', path: 'Scopes/Status', call: (c, req) => c.scope.status(scopeOf(req)) },
  {
    method: 'POST',
    path: 'FinancialYears',
    call: (c, req) => {
      const departmentId = num(req.query.departmentId ?? req.body.departmentId);
      return c.years.create({ year: num(req.query.year ?? req.body.year) as number, ...(departmentId !== undefined ? { departmentId } : {}) });
    },
  },
  { method: 'GET', path: 'FinancialYears', call: (c) => c.years.list() },
];
