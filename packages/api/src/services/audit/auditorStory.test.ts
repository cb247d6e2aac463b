import { schema } from '@app/db';
import { eq } from 'drizzle-orm';
import { expect, it } from 'vitest';
import { CURRENT_YEAR, accountIdOf, departmentId, describeOnDatabases, expectAppError, signInAs } from '../../test-utils.ts';
import { verifyAuditChains } from '../auditChain.ts';

const { departments, suppliers } = schema;

/** The demo's previous year of FF Eppan (102), booked while it was the current one. */
const Y = CURRENT_YEAR - 1;
const JUNE = new Date(`${Y}-06-20T10:00:00Z`);

/**
 * Issue 27's "Done when", through the API on PGlite and PostgreSQL: the cashier `zwei` changes a chapter's budget,
 * cancels an earlier record and registers a payment order; the auditor `revisor` (linked to 101 and 102, read-only)
 * answers "who changed this chapter's budget and when, who cancelled record N, who registered order K" from the trail
 * alone, cannot write, and the chains verify.
 */
type Caller = Awaited<ReturnType<ReturnType<typeof signInAs>>>;

/** The bill's instalments in a payment order of the account, stored and registered as paid. */
async function orderRegistered(
  c: Caller,
  o: { departmentId: number; year: number; accountId: number; paymentDate: string; datePaid: string },
  bill: { id: number; payments: { id: number }[] },
) {
  const toPay = bill.payments.map((p) => ({ paymentId: p.id, movementId: bill.id }));
  const scope = { departmentId: o.departmentId, year: o.year };
  const stored = await c.payments.store({
    ...scope,
    paymentRange: 1,
    accountId: o.accountId,
    filename: 'story',
    groupInvoices: false,
    paymentDate: o.paymentDate,
    toPay,
  });
  await c.payments.register({ ...scope, orderId: stored.id, datePaid: o.datePaid, payments: toPay });
  return stored;
}

describeOnDatabases('the auditor answers who did what', (get) => {
  const as = signInAs(get, '10.127', JUNE);
  const ids = { dept: 0, bank: 0, cancelled: 0, order: 0, orderNumber: 0 };
  const scope = () => ({ departmentId: ids.dept, year: Y });

  it('the cashier changes 2-1-006, cancels an earlier record and registers an order', async () => {
    const c = await as('zwei');
    ids.dept = await departmentId(get(), '102');
    ids.bank = await accountIdOf(get(), '102', 'B1');
    await get().db.update(departments).set({ cbiCuc: 'C1D2E3F4' }).where(eq(departments.id, ids.dept));
    const change = await c.budget.changes.create({ ...scope(), approved: `${Y}-06-15` });
    await c.budget.changes.save({
      ...scope(),
      recordNumber: change.recordNumber,
      approved: `${Y}-06-15`,
      positions: [
        { chapter: '21006', amount: 50_000 },
        { chapter: '11001', amount: 50_000 },
      ],
    });
    const expense = (note: string) =>
      c.movements.save({
        ...scope(),
        kind: 'expenses',
        type: 1,
        recordDate: `${Y}-06-18`,
        documentDate: `${Y}-06-17`,
        accountId: ids.bank,
        positions: [{ chapter: '21006', amount: 4_200, note }],
      });
    const first = await expense('zu stornieren');
    await expense('bleibt');
    const cancel = await c.movements.delete({ ...scope(), kind: 'expenses', recordNumber: first.recordNumber });
    expect(cancel.cancelled).toBe(true);
    ids.cancelled = first.recordNumber;
    const [supplier] = await get().db.select({ id: suppliers.id }).from(suppliers).where(eq(suppliers.departmentId, ids.dept)).orderBy(suppliers.code).limit(1);
    const bill = await c.movements.save({
      ...scope(),
      kind: 'expenses',
      type: 2,
      recordDate: `${Y}-06-19`,
      documentDate: `${Y}-06-18`,
      documentNumber: 'RE-127',
      supplierId: supplier!.id,
      accountId: ids.bank,
      positions: [{ chapter: '21003', amount: 7_656, note: 'Handschuhe' }],
      payments: [{ amount: 7_656, dateDue: `${Y}-06-25`, datePaid: null }],
    });
    const stored = await orderRegistered(c, { ...scope(), accountId: ids.bank, paymentDate: `${Y}-06-23`, datePaid: `${Y}-06-20` }, bill);
    ids.order = stored.id;
    ids.orderNumber = stored.orderNumber;
  });

  it('the auditor finds who changed the chapter’s budget and when, who cancelled the record, who registered the order', async () => {
    const r = await as('revisor');
    const list = (filters: Record<string, unknown>) => r.audit.list({ departmentId: ids.dept, page: 1, pageSize: 50, ...filters });
    // the chapter's budget: the change that names 2-1-006, by whom and when
    const changes = (await list({ entity: 'budgetChange', year: Y })).entities.filter((row) =>
      JSON.stringify((row.changes as { input?: unknown } | null)?.input ?? null).includes('"21006"'),
    );
    expect(changes.map((row) => [row.userName, row.action])).toEqual([['zwei', 'changed']]);
    expect(Date.parse(changes[0]!.at)).toBeGreaterThan(Date.now() - 10 * 60_000);
    // the record cancelled
    const cancelled = await list({ recordNumber: ids.cancelled, action: 'cancelled' });
    expect(cancelled.entities.map((row) => [row.userName, row.entity, row.recordNumber])).toEqual([['zwei', 'movement', ids.cancelled]]);
    // the order registered
    const registered = await list({ entity: 'paymentOrder', recordNumber: ids.orderNumber, action: 'registered' });
    expect(registered.entities.map((row) => [row.userName, row.entityId])).toEqual([['zwei', String(ids.order)]]);
    // a department he is not linked to shows him nothing
    const foreign = await r.audit.list({ departmentId: await departmentId(get(), '201'), page: 1, pageSize: 50 });
    expect(foreign.total).toBe(0);
  });

  it('the auditor writes nothing, and the chains verify', async () => {
    const r = await as('revisor');
    await expectAppError(r.movements.delete({ ...scope(), kind: 'expenses', recordNumber: ids.cancelled + 1 }), 'ReadOnlyAccess');
    expect((await verifyAuditChains(get().db)).broken).toEqual([]);
  });
});
