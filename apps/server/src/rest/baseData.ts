import { entityRoutes, pageParams } from './entity.ts';
import { bool, defined, num, param, type RestRequest, type RestRoute, row, text } from './params.ts';

/** The scope department: query or body (the spec's default query params). */
function departmentOf(req: RestRequest): number {
  return num(req.query.departmentId ?? req.body.departmentId) as number;
}
/** The scope year (query or body): the accounts' balances and `canInactivate` are of that year. */
function yearOf(req: RestRequest): number {
  return num(param(req, 'year')) as number;
}
function optionalDepartmentOf(req: RestRequest): { departmentId?: number } {
  const id = num(req.query.departmentId ?? req.body.departmentId);
  return id === undefined ? {} : { departmentId: id };
}

function body(req: RestRequest): Record<string, unknown> {
  const { year: _year, ...rest } = req.body;
  return rest;
}

const departments: RestRoute[] = [
  ...entityRoutes('Departments', {
    list: (c, req) =>
      c.departments.list(
        defined({
          ...pageParams(req),
          ...optionalDepartmentOf(req),
          code: text(req.query.code),
          name: text(req.query.name),
          codeFrom: text(req.query.codeFrom),
          codeTo: text(req.query.codeTo),
        }),
      ),
    template: (c) => c.departments.template(),
    get: (c, id, req) => c.departments.get({ id, ...optionalDepartmentOf(req) }),
    create: (c, req) => c.departments.create({ ...body(req), departmentId: departmentOf(req) } as never),
    update: (c, id, req) => c.departments.update({ ...body(req), id, departmentId: departmentOf(req) } as never),
    patch: (c, id, req) => c.departments.patch({ ...body(req), id, departmentId: departmentOf(req) }),
    remove: (c, id, req) => c.departments.delete({ id, departmentId: departmentOf(req) }),
  }),
  row('GET', 'Departments/briefs/search', (c, req) =>
    c.departments.search(
      defined({
        ...pageParams(req),
        ...optionalDepartmentOf(req),
        filter: text(req.query.filter),
        language: text(req.query.language) as 'de' | 'it' | undefined,
      }),
    ),
  ),
  row('GET', 'Admin/Departments', (c, req) =>
    c.departments.adminList(
      defined({
        ...pageParams(req),
        departmentId: departmentOf(req),
        code: text(req.query.code),
        name: text(req.query.name),
        codeFrom: text(req.query.codeFrom),
        codeTo: text(req.query.codeTo),
      }),
    ),
  ),
];

function supplierFilter(req: RestRequest) {
  const q = req.query;
  return defined({
    ...pageParams(req),
    departmentId: departmentOf(req),
    code: num(q.code),
    searchKey: text(q.searchKey),
    location: text(q.location),
    province: text(q.province),
    country: text(q.country),
    active: bool(q.active),
    codeFrom: num(q.codeFrom),
    codeTo: num(q.codeTo),
    nameFrom: text(q.nameFrom),
    nameTo: text(q.nameTo),
    sort: text(q.sort) as 'code' | 'searchKey' | undefined,
  });
}

const suppliers: RestRoute[] = [
  ...entityRoutes('Suppliers', {
    list: (c, req) => c.suppliers.list(supplierFilter(req)),
    template: (c, req) => c.suppliers.template({ departmentId: departmentOf(req) }),
    get: (c, id, req) => c.suppliers.get({ id, departmentId: departmentOf(req) }),
    create: (c, req) => c.suppliers.create({ ...body(req), departmentId: departmentOf(req) } as never),
    update: (c, id, req) => c.suppliers.update({ ...body(req), id, departmentId: departmentOf(req) } as never),
    patch: (c, id, req) => c.suppliers.patch({ ...body(req), id, departmentId: departmentOf(req) }),
    remove: (c, id, req) => c.suppliers.delete({ id, departmentId: departmentOf(req) }),
  }),
  row('GET', 'Suppliers/briefs/search', (c, req) =>
    c.suppliers.search(
      defined({
        ...pageParams(req),
        departmentId: departmentOf(req),
        search: text(req.query.searchKey ?? req.query.code ?? req.query.search) ?? '',
        language: text(req.query.language) as 'de' | 'it' | undefined,
        includeInactive: bool(req.query.includeInactive),
        location: text(req.query.location),
        province: text(req.query.province),
        country: text(req.query.country),
      }),
    ),
  ),
  row('GET', 'Suppliers/briefs', (c, req) => c.suppliers.briefs(supplierFilter(req))),
];

const banks: RestRoute[] = [
  ...entityRoutes('Banks', {
    list: (c, req) =>
      c.banks.list(
        defined({
          ...pageParams(req),
          abi: text(req.query.abi),
          cab: text(req.query.cab),
          routingCode: text(req.query.routingCode),
          name: text(req.query.name),
          location: text(req.query.location),
        }),
      ),
    template: (c) => c.banks.template(),
    get: (c, id) => c.banks.get({ id }),
    create: (c, req) => c.banks.create({ ...body(req), ...optionalDepartmentOf(req) } as never),
    update: (c, id, req) => c.banks.update({ ...body(req), id, ...optionalDepartmentOf(req) } as never),
    patch: (c, id, req) => c.banks.patch({ ...body(req), id, ...optionalDepartmentOf(req) }),
    remove: (c, id, req) => c.banks.delete({ id, ...optionalDepartmentOf(req) }),
  }),
  row('GET', 'Banks/find', (c, req) => c.banks.find({ key: text(req.query.key) ?? '' })),
  // CSV as the request body (text/csv or text/plain) or JSON { csv }
  row('POST', 'Banks/import', (c, req) =>
    c.banks.import({ csv: (typeof req.body.csv === 'string' ? req.body.csv : req.body.text) as string, ...optionalDepartmentOf(req) }),
  ),
];

const accounts: RestRoute[] = [
  ...entityRoutes('Accounts', {
    list: (c, req) =>
      c.accounts.list(
        defined({
          ...pageParams(req),
          departmentId: departmentOf(req),
          year: yearOf(req),
          description: text(req.query.description),
          type: num(req.query.type) as 1 | 2 | 3 | undefined,
          includeInactive: bool(req.query.includeInactive),
        }),
      ),
    template: (c, req) => c.accounts.template({ departmentId: departmentOf(req) }),
    get: (c, id, req) => c.accounts.get({ id, departmentId: departmentOf(req), year: yearOf(req) }),
    create: (c, req) => c.accounts.create(defined({ ...body(req), departmentId: departmentOf(req), year: num(param(req, 'year')) }) as never),
    update: (c, id, req) => c.accounts.update({ ...body(req), id, departmentId: departmentOf(req), year: yearOf(req) } as never),
    patch: (c, id, req) => c.accounts.patch({ ...body(req), id, departmentId: departmentOf(req), year: yearOf(req) }),
    remove: (c, id, req) => c.accounts.delete({ id, departmentId: departmentOf(req) }),
  }),
  row('GET', 'Accounts/briefs', (c, req) => c.accounts.briefs(defined({ departmentId: departmentOf(req), includeInactive: bool(req.query.includeInactive) }))),
];

/** Spec 2 §7: departments, suppliers, banks and accounts. */
export const baseDataRoutes: RestRoute[] = [...departments, ...suppliers, ...banks, ...accounts];
