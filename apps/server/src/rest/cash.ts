import { pageParams } from './entity.ts';
import { defined, nonEmptyText, num, param, type RestRoute, row, scopedBody, scopeOf } from './params.ts';

/**
 * Spec 3 §7: account transfers and account balances (cash). Amounts travel as euros and are integer
 * cents inside (the procedures' schemas, money.ts); the spec's field names on the wire.
 */

export const cashRoutes: RestRoute[] = [
  // GET: the transfers picker (paged, `search`), or one transfer with `recordNumber`
  row('GET', 'Accounts/Transfers', (c, req) => {
    const recordNumber = num(req.query.recordNumber);
    if (recordNumber !== undefined) return c.accountTransfers.get({ ...scopeOf(req), recordNumber });
    return c.accountTransfers.list(defined({ ...scopeOf(req), ...pageParams(req), search: nonEmptyText(req.query.search) }));
  }),
  // POST: accountIdFrom, accountIdTo, recordDate, amount, note (with id or recordNumber: that transfer changed)
  row('POST', 'Accounts/Transfers', (c, req) => c.accountTransfers.save({ ...scopedBody(req), ...scopeOf(req) } as never)),
  // DELETE: body id (or recordNumber): the latest is deleted, an earlier one cancelled (DOMAIN decision 1)
  row('DELETE', 'Accounts/Transfers', (c, req) =>
    c.accountTransfers.delete(defined({ ...scopeOf(req), id: num(param(req, 'id')), recordNumber: num(param(req, 'recordNumber')) })),
  ),
  // ours: editable, next record number, the active accounts
  row('GET', 'Accounts/Transfers/Context', (c, req) => c.accountTransfers.context(scopeOf(req))),
  row('GET', 'Accounts/Balance', (c, req) => c.accountBalances.get(scopeOf(req))),
  // POST: body accounts (accountId, accountCode, initialBalance); answers the balances
  row('POST', 'Accounts/Balance', (c, req) => c.accountBalances.save({ ...scopedBody(req), ...scopeOf(req) } as never)),
  row('GET', 'Accounts/Balance/Total', (c, req) => c.accountBalances.total(scopeOf(req))),
];
