import type { UserListInput } from '@app/domain';
import { entityRoutes, pageParams } from './entity.ts';
import { bool, defined, num, param, type RestRequest, type RestRoute, row, scopeOf, text } from './params.ts';

/**
 * The chart scope: the department (`departmentId`, or `superDepartmentId` as the spec's client
 * sends for chart items), the year and an optional area.
 */
function chartScope(req: RestRequest) {
  return defined({
    departmentId: num(param(req, 'departmentId') ?? param(req, 'superDepartmentId')),
    year: num(param(req, 'year')) as number,
    area: num(param(req, 'area')) as 1 | 2 | 3 | undefined,
  });
}

/** The department deciding an administrator's rights, when sent. */
function adminScope(req: RestRequest) {
  return defined({ departmentId: num(param(req, 'departmentId') ?? param(req, 'superDepartmentId')) });
}

/** The entity fields of a write body, without the scope keys the body may carry. */
function fields(req: RestRequest): Record<string, unknown> {
  const { departmentId: _d, superDepartmentId: _s, year: _y, area: _a, id: _i, ...rest } = req.body;
  return rest;
}

function listFilters(req: RestRequest) {
  return defined({
    ...pageParams(req),
    ...chartScope(req),
    description: text(req.query.description),
    part: num(req.query.part) as 1 | 2 | undefined,
  });
}

const chart: RestRoute[] = [
  ...entityRoutes('ChartOfAccounts/Titles', {
    list: (c, req) => c.chart.titles.list(listFilters(req)),
    template: (c, req) => c.chart.titles.template(chartScope(req)),
    get: (c, id, req) => c.chart.titles.get({ id, ...adminScope(req) }),
    create: (c, req) => c.chart.titles.create({ ...fields(req), ...chartScope(req) } as never),
    update: (c, id, req) => c.chart.titles.update({ ...fields(req), ...adminScope(req), id } as never),
    patch: (c, id, req) => c.chart.titles.patch({ ...fields(req), ...adminScope(req), id }),
    remove: (c, id, req) => c.chart.titles.delete({ id, ...adminScope(req) }),
  }),
  ...entityRoutes('ChartOfAccounts/Categories', {
    list: (c, req) => c.chart.categories.list(listFilters(req)),
    template: (c, req) => c.chart.categories.template(chartScope(req)),
    get: (c, id, req) => c.chart.categories.get({ id, ...adminScope(req) }),
    create: (c, req) => c.chart.categories.create({ ...fields(req), ...chartScope(req) } as never),
    update: (c, id, req) => c.chart.categories.update({ ...fields(req), ...adminScope(req), id } as never),
    patch: (c, id, req) => c.chart.categories.patch({ ...fields(req), ...adminScope(req), id }),
    remove: (c, id, req) => c.chart.categories.delete({ id, ...adminScope(req) }),
  }),
  // the picker and the exact lookup first: static segments before `:id`
  row('GET', 'ChartOfAccounts/Chapters/pick', (c, req) =>
    c.chart.chapters.pick(defined({ ...listFilters(req), chapter: text(req.query.chapter), title: num(req.query.title) })),
  ),
  row('GET', 'ChartOfAccounts/Chapters/byCode', (c, req) => c.chart.chapters.byCode({ ...chartScope(req), chapter: text(req.query.chapter) ?? '' })),
  ...entityRoutes('ChartOfAccounts/Chapters', {
    list: (c, req) => c.chart.chapters.list(defined({ ...listFilters(req), chapter: text(req.query.chapter), title: num(req.query.title) })),
    template: (c, req) => c.chart.chapters.template(chartScope(req)),
    get: (c, id, req) => c.chart.chapters.get({ id, ...adminScope(req) }),
    create: (c, req) => c.chart.chapters.create({ ...fields(req), ...chartScope(req) } as never),
    update: (c, id, req) => c.chart.chapters.update({ ...fields(req), ...adminScope(req), id } as never),
    patch: (c, id, req) => c.chart.chapters.patch({ ...fields(req), ...adminScope(req), id }),
    remove: (c, id, req) => c.chart.chapters.delete({ id, ...adminScope(req) }),
  }),
  row('GET', 'ChartOfAccounts/Status', (c, req) => c.chart.status(chartScope(req))),
  row('GET', 'ChartOfAccounts/ETS', (c, req) => c.chart.ets(defined({ part: num(req.query.part) as 1 | 2 | undefined }))),
  row('GET', 'ChartOfAccounts/Export', (c, req) =>
    c.chart.export(
      defined({
        year: num(req.query.year) as number,
        area: num(req.query.area) as 1 | 2 | 3 | undefined,
        part: num(req.query.part) as 1 | 2 | undefined,
        titleFrom: num(req.query.titleFrom),
        titleTo: num(req.query.titleTo),
        withCategories: bool(req.query.withCategories),
      }),
    ),
  ),
  row('POST', 'ChartOfAccounts', (c, req) =>
    c.chart.copy(
      defined({
        ...adminScope(req),
        area: num(param(req, 'area')) as 1 | 2 | 3,
        year: num(param(req, 'year')) as number,
        test: bool(param(req, 'test')),
        chapters: bool(param(req, 'chapters')),
        categories: bool(param(req, 'categories')),
        titles: bool(param(req, 'titles')),
        amendETS: bool(param(req, 'amendETS')),
        replace: bool(param(req, 'replace')),
      }),
    ),
  ),
  row('POST', 'ChartOfAccounts/Unlock', (c, req) =>
    c.chart.unlock(
      defined({
        ...adminScope(req),
        year: num(param(req, 'year')) as number,
        area: num(param(req, 'area')) as 1 | 2 | 3,
        unlocked: bool(param(req, 'unlocked')),
      }),
    ),
  ),
];

const years: RestRoute[] = [
  row('GET', 'FinancialYears/Status', (c) => c.years.status()),
  row('PUT', 'FinancialYears/Status', (c, req) =>
    c.years.setStatus({
      ...adminScope(req),
      years: (Array.isArray(req.body.years) ? req.body.years : req.body.years === undefined ? [] : req.body.years) as never,
    }),
  ),
];

const admin: RestRoute[] = [
  ...entityRoutes('Admin/Users', {
    list: (c, req) =>
      c.admin.users.list(
        defined({
          ...pageParams(req),
          ...adminScope(req),
          filter: text(req.query.filter),
          accessLevel: num(req.query.accessLevel) as UserListInput['accessLevel'],
        }),
      ),
    template: (c, req) => c.admin.users.template(adminScope(req)),
    get: (c, id, req) => c.admin.users.get({ id, ...adminScope(req) }),
    create: (c, req) => c.admin.users.create({ ...fields(req), ...adminScope(req) } as never),
    update: (c, id, req) => c.admin.users.update({ ...fields(req), ...adminScope(req), id } as never),
    patch: (c, id, req) => c.admin.users.patch({ ...fields(req), ...adminScope(req), id }),
    remove: (c, id, req) => c.admin.users.delete({ id, ...adminScope(req) }),
  }),
  ...entityRoutes('Admin/UserDepartments', {
    list: (c, req) =>
      c.admin.userDepartments.list(
        defined({
          ...pageParams(req),
          ...defined({ departmentId: num(req.query.departmentId) }),
          superDepartmentId: num(req.query.superDepartmentId),
          onlyOwnDepartment: bool(req.query.onlyOwnDepartment),
          username: text(req.query.username),
          deptCode: text(req.query.deptCode ?? req.query.code),
          userId: num(req.query.userId),
        }),
      ),
    get: (c, id, req) => c.admin.userDepartments.get({ id, ...defined({ departmentId: num(req.query.departmentId) }) }),
    create: (c, req) =>
      c.admin.userDepartments.create({
        ...defined({ departmentId: num(req.query.departmentId) }),
        userId: num(req.body.userId) as number,
        deptId: num(req.body.deptId) as number,
      }),
    update: (c, id, req) =>
      c.admin.userDepartments.update({
        ...defined({ departmentId: num(req.query.departmentId ?? req.body.departmentId) }),
        id,
        userId: num(req.body.userId) as number,
        deptId: num(req.body.deptId) as number,
      }),
    patch: (c, id, req) =>
      c.admin.userDepartments.patch(
        defined({ departmentId: num(req.query.departmentId ?? req.body.departmentId), id, userId: num(req.body.userId), deptId: num(req.body.deptId) }),
      ),
    remove: (c, id, req) => c.admin.userDepartments.delete({ id, ...defined({ departmentId: num(req.query.departmentId ?? req.body.departmentId) }) }),
  }),
  row('GET', 'Admin/DepartmentUsers', (c, req) => c.admin.departmentUsers({ ...pageParams(req), departmentId: num(param(req, 'departmentId')) as number })),
];

const templates: RestRoute[] = [
  row('GET', 'MovementTemplates', (c, req) => c.templates.list(defined({ ...pageParams(req), ...scopeOf(req), description: text(req.query.description) }))),
  row('GET', 'MovementTemplates/:code', (c, req) => c.templates.get({ ...scopeOf(req), code: num(req.params.code) as number })),
  row('POST', 'MovementTemplates', async (c, req) => {
    const created = await c.templates.create({ ...fields(req), ...scopeOf(req) } as never);
    return created.code;
  }),
  row('POST', 'MovementTemplates/save', (c, req) => c.templates.save({ ...fields(req), ...scopeOf(req), code: num(req.body.code) as number } as never)),
  row('DELETE', 'MovementTemplates/:code', (c, req) => c.templates.delete({ ...scopeOf(req), code: num(req.params.code) as number })),
];

/** Spec 2 §7: chart of accounts, financial-year status, users, user-departments, movement templates. */
export const chartAdminRoutes: RestRoute[] = [...chart, ...years, ...admin, ...templates];
