import { schema } from '@app/db';
import { testDatabases } from '@app/db/testing';
import { and, eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { restTestApp, YEAR } from './testApp.ts';

const { accounts, movementPayments, paymentOrderItems, paymentOrders, suppliers } = schema;

/**
 * A paid bill on the wrong chapter over REST (issue 24 item 3, DOMAIN decision 22), euros on the wire:
 * FF Eppan (102) in the demo's approved year Y; a bill of 12,34 € on 2-1-003 whose instalment an order
 * of Y registered as paid on 03.06. (the order written here as the registration leaves it). POST
 * Movements/Expenses corrects the position's chapter and note; an amount is PaymentInOrder.
 */
for (const target of testDatabases()) {
  describe(`REST paid bill correction [${target.name}]`, () => {
    const t = restTestApp(target, { ipPrefix: '10.8.44', signIn: ['zwei'], departments: true });
    const Y = YEAR - 1;
    const scope = () => ({ departmentId: t.dept('102'), year: Y });
    const state = { body: {} as Record<string, unknown>, recordNumber: 0, dateDue: '' };

    it('a bill of 12,34 € paid by a registered order', async () => {
      const db = t.handle.db;
      const [account] = await db
        .select({ id: accounts.id })
        .from(accounts)
        .where(and(eq(accounts.departmentId, t.dept('102')), eq(accounts.code, 'B1')));
      const [supplier] = await db
        .select({ id: suppliers.id })
        .from(suppliers)
        .where(eq(suppliers.departmentId, t.dept('102')))
        .limit(1);
      state.body = {
        ...scope(),
        type: 2,
        recordDate: `${Y}-06-01`,
        documentDate: `${Y}-06-01`,
        documentNumber: 'REST-1',
        accountId: account?.id,
        supplierId: supplier?.id,
        positions: [{ chapter: '21003', amount: 12.34, note: 'Schläuche' }],
        confirmAvailableExceeded: true,
      };
      const saved = await t.call('zwei', 'POST', 'Movements/Expenses', state.body);
      expect(saved.statusCode, saved.body).toBe(200);
      const bill = saved.json() as { id: number; recordNumber: number; payments: { id: number; dateDue: string }[] };
      state.recordNumber = bill.recordNumber;
      state.dateDue = bill.payments[0]?.dateDue ?? '';
      const paymentId = bill.payments[0]?.id ?? 0;
      const [order] = await db
        .insert(paymentOrders)
        .values({
          ...scope(),
          orderNumber: 90,
          accountId: account?.id ?? 0,
          paymentRange: 1,
          paymentDate: `${Y}-06-02`,
          filename: 'rest',
          msgId: `FWH-102-${Y}-000090`,
          registeredAt: new Date(`${Y}-06-03T10:00:00Z`),
          datePaid: `${Y}-06-03`,
        })
        .returning({ id: paymentOrders.id });
      await db.insert(paymentOrderItems).values({ orderId: order?.id ?? 0, paymentId, movementId: bill.id });
      await db
        .update(movementPayments)
        .set({ datePaid: `${Y}-06-03` })
        .where(eq(movementPayments.id, paymentId));
    });

    it('POST Movements/Expenses moves the position to 2-1-001 with its note; an amount is PaymentInOrder', async () => {
      const body = { ...state.body, recordNumber: state.recordNumber, payments: [{ amount: 12.34, dateDue: state.dateDue, datePaid: `${Y}-06-03` }] };
      const changedAmount = await t.call('zwei', 'POST', 'Movements/Expenses', {
        ...body,
        positions: [{ chapter: '21003', amount: 12.35, note: 'Schläuche' }],
      });
      expect(changedAmount.statusCode).toBe(409);
      expect(changedAmount.json().details).toMatchObject({ Message: 'PaymentInOrder', Field: 'positions.0.amount', Params: { orderNumber: 90, orderYear: Y } });
      const moved = await t.call('zwei', 'POST', 'Movements/Expenses', { ...body, positions: [{ chapter: '2-1-001', amount: 12.34, note: 'Atemschutz' }] });
      expect(moved.statusCode, moved.body).toBe(200);
      const read = await t.call('zwei', 'GET', `Movements/Expenses?departmentId=${t.dept('102')}&year=${Y}&recordNumber=${state.recordNumber}`);
      expect(read.json()).toMatchObject({
        positions: [{ chapter: '21001', amount: 12.34, note: 'Atemschutz', paid: 12.34, open: 0 }],
        payments: [{ amount: 12.34, datePaid: `${Y}-06-03` }],
        bankOrder: { orderNumber: 90, orderYear: Y, registered: true },
      });
    });
  });
}
