import { num, type RestRoute, row, scopeOf } from './params.ts';

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
  row('POST', 'Authenticate/login', (c, req) =>
    c.auth.login({ username: req.body.username as string, password: req.body.password as string, remember: req.body.remember === true }),
  ),
  row('POST', 'Auth/changePasswordAndLogin', (c, req) => c.auth.changePasswordAndLogin(credentials(req.body))),
  row('POST', 'auth/changePassword', (c, req) => c.auth.changePassword(credentials(req.body))),
  row('POST', 'auth/logout', (c) => c.auth.logout()),
  row('GET', 'auth/me', (c) => c.auth.me()),
  row('GET', 'Scopes', (c) => c.scope.list()),
  row('GET', 'Scopes/Status', (c, req) => c.scope.status(scopeOf(req))),
  row('POST', 'FinancialYears', (c, req) => {
    const departmentId = num(req.query.departmentId ?? req.body.departmentId);
    return c.years.create({ year: num(req.query.year ?? req.body.year) as number, ...(departmentId !== undefined ? { departmentId } : {}) });
  }),
  row('GET', 'FinancialYears', (c) => c.years.list()),
];
