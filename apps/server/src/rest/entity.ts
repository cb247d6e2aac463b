import { type RestRequest, type RestRoute, row } from './params.ts';

type Caller = Parameters<RestRoute['call']>[0];

/** The procedures behind one generic entity endpoint; absent ones get no route. */
export interface EntityProcedures {
  list?: (c: Caller, req: RestRequest) => Promise<unknown>;
  get?: (c: Caller, id: number, req: RestRequest) => Promise<unknown>;
  template?: (c: Caller, req: RestRequest) => Promise<unknown>;
  create?: (c: Caller, req: RestRequest) => Promise<unknown>;
  update?: (c: Caller, id: number, req: RestRequest) => Promise<unknown>;
  patch?: (c: Caller, id: number, req: RestRequest) => Promise<unknown>;
  remove?: (c: Caller, id: number, req: RestRequest) => Promise<unknown>;
}

function idOf(req: RestRequest): number {
  const n = Number(req.params.id);
  return Number.isInteger(n) ? n : Number.NaN;
}

/**
 * The generic entity shape of spec 2 §7: GET {endpoint} (page, pageSize -> entities, page,
 * totalPages), GET {endpoint}/new, GET {endpoint}/{id}, POST {endpoint}, PUT {endpoint}/{id},
 * PATCH {endpoint}/{id}, DELETE {endpoint}/{id}.
 */
export function entityRoutes(endpoint: string, p: EntityProcedures): RestRoute[] {
  const routes: RestRoute[] = [];
  const { list, template, get, create, update, patch, remove } = p;
  if (list) routes.push(row('GET', endpoint, (c, req) => list(c, req)));
  if (template) routes.push(row('GET', `${endpoint}/new`, (c, req) => template(c, req)));
  if (get) routes.push(row('GET', `${endpoint}/:id`, (c, req) => get(c, idOf(req), req)));
  if (create) routes.push(row('POST', endpoint, (c, req) => create(c, req)));
  if (update) routes.push(row('PUT', `${endpoint}/:id`, (c, req) => update(c, idOf(req), req)));
  if (patch) routes.push(row('PATCH', `${endpoint}/:id`, (c, req) => patch(c, idOf(req), req)));
  if (remove) routes.push(row('DELETE', `${endpoint}/:id`, (c, req) => remove(c, idOf(req), req)));
  return routes;
}

/** Paging parameters of a collection read (`page`, `pageSize` as query strings). */
export function pageParams(req: RestRequest): { page?: number; pageSize?: number } {
  const out: { page?: number; pageSize?: number } = {};
  if (req.query.page !== undefined && req.query.page !== '') out.page = Number(req.query.page);
  if (req.query.pageSize !== undefined && req.query.pageSize !== '') out.pageSize = Number(req.query.pageSize);
  return out;
}
