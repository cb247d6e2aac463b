import { schema } from '@app/db';
import { testDatabases } from '@app/db/testing';
import { todayIso } from '@app/domain';
import { and, eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { paymentRoutes } from './payments.ts';
import { restTestApp, YEAR } from './testApp.ts';

/**
 * Spec 3 §7 payments over REST, euros on the wire: FF Eppan (102, open payments allowed, CBI CUC set
 * here) in YEAR with a forecast approved here; one open bill of 1.234,56 € and one of 99,99 € on the
 * bank account B1 are stored in an order, exported and registered.
 */
for (const target of testDatabases()) {
  describe(`REST payments [${target.name}]`, () => {
    const t = restTestApp(target, { ipPrefix: '10.8.13', signIn: ['zwei'], departments: true });
    const call = (method: 'GET' | 'POST', url: string, payload?: object) => t.call('zwei', method, url, payload);
    const scope = () => ({ departmentId: t.dept('102'), year: YEAR });
    const query = () => `departmentId=${t.dept('102')}&year=${YEAR}`;
    const today = todayIso();
    const state = { account: 0, orderId: 0, payments: [] as { paymentId: number; movementId: number }[] };
    const expectError = async (
      res: Promise<{ statusCode: number; json: () => { details: { Message: string; Field?: string; Params?: Record<string, unknown> } } }>,
      status: number,
      message: string,
    ) => {
      const answer = await res;
      expect(answer.statusCode).toBe(status);
      expect(answer.json().details.Message).toBe(message);
      return answer.json().details;
    };

    it('every payments path of spec 3 §7 has a row', () => {
      expect(paymentRoutes.map((r) => `${r.method} ${r.path}`)).toEqual(
        expect.arrayContaining([
          'GET Payments/Orders',
          'POST Payments/Open',
          'POST Payments/Payables',
          'POST Payments/Orders',
          'POST Payments/Orders/Export',
          'GET Payments/Orders/Unregistered',
          'POST Payments/Orders/Registered',
          'POST Payments/Orders/Returned',
          'POST Payments/Settle',
          'DELETE Payments/Settle',
        ]),
      );
    });

    it('two open bills are booked on B1 (forecast approved, CBI CUC set)', async () => {
      const forecast: [number, Record<string, number>][] = [
        [1, { '11001': 9000 }],
        [2, { '21006': 6000, '21001': 3000 }],
      ];
      for (const [part, amounts] of forecast) {
        const positions = Object.entries(amounts).map(([chapter, amountCurrYear]) => ({ chapter, amountCurrYear }));
        expect((await t.call('zwei', 'PUT', 'Budget/Forecast', { ...scope(), part, positions })).statusCode).toBe(200);
      }
      expect((await call('GET', `Budget/Forecast/Approve?${query()}&approval=${YEAR}-01-12`)).statusCode).toBe(200);
      await t.handle.db
        .update(schema.departments)
        .set({ cbiCuc: 'Z9Y8X7W6' })
        .where(eq(schema.departments.id, t.dept('102')));
      const [account] = await t.handle.db
        .select({ id: schema.accounts.id })
        .from(schema.accounts)
        .where(and(eq(schema.accounts.departmentId, t.dept('102')), eq(schema.accounts.code, 'B1')));
      const [supplier] = await t.handle.db
        .select({ id: schema.suppliers.id })
        .from(schema.suppliers)
        .where(and(eq(schema.suppliers.departmentId, t.dept('102')), eq(schema.suppliers.code, 1003)));
      state.account = account?.id ?? 0;
      for (const [documentNumber, amount] of [
        ['W-1', 1234.56],
        ['W-2', 99.99],
      ] as const) {
        const res = await call('POST', 'Movements', {
          ...scope(),
          type: 2,
          recordDate: `${YEAR}-04-02`,
          documentDate: `${YEAR}-04-01`,
          documentNumber,
          supplierId: supplier?.id,
          accountId: state.account,
          positions: [{ chapter: '21006', amount }],
        });
        expect(res.statusCode, res.body).toBe(200);
        const saved = res.json() as { id: number; payments: { id: number; amount: number }[] };
        expect(saved.payments.map((p) => p.amount)).toEqual([amount]);
        state.payments.push({ paymentId: saved.payments[0]?.id ?? 0, movementId: saved.id });
      }
    });

    it('POST Payments/Open and Payments/Payables answer in euros', async () => {
      const open = await call('POST', 'Payments/Open', { ...scope(), supplierFrom: 1003, supplierTo: 1003 });
      expect(open.statusCode, open.body).toBe(200);
      expect(open.json()).toMatchObject({ count: 2, total: 1334.55, suppliers: [{ supplierCode: 1003, total: 1334.55 }] });
      const payables = await call('POST', 'Payments/Payables', { ...scope(), paymentRange: 1, accountId: state.account });
      expect(payables.statusCode, payables.body).toBe(200);
      expect((payables.json() as { payment: { amount: number }; doHomeBank: boolean }[]).map((p) => [p.payment.amount, p.doHomeBank])).toEqual([
        [1234.56, true],
        [99.99, true],
      ]);
      const details = await expectError(call('POST', 'Payments/Payables', { ...scope(), paymentRange: 1 }), 400, 'InvalidValue');
      expect(details.Field).toBe('accountId');
    });

    it('POST Payments/Orders/Export builds the file; POST Payments/Orders stores it once', async () => {
      const request = { ...scope(), paymentRange: 1, accountId: state.account, toPay: state.payments, groupInvoices: false, filename: 'rest' };
      const missing = await expectError(call('POST', 'Payments/Orders', { ...request, filename: '' }), 400, 'InvalidValue');
      expect(missing.Field).toBe('filename');
      const exported = await call('POST', 'Payments/Orders/Export', request);
      expect(exported.statusCode, exported.body).toBe(200);
      // the file carries IBANs: no cache keeps it (issue 26)
      expect(exported.headers['cache-control']).toBe('no-store');
      const file = exported.json() as { orderNumber: number; electronic: { fileName: string; content: string }; humanReadable: { total: number } };
      expect(file.orderNumber).toBe(1);
      expect(file.electronic.fileName).toBe('rest.xml');
      expect(file.electronic.content).toContain('<CtrlSum>1334.55</CtrlSum>');
      expect(file.electronic.content).toContain('<NbOfTxs>2</NbOfTxs>');
      expect(file.humanReadable.total).toBe(1334.55);
      const stored = await call('POST', 'Payments/Orders', { ...request, orderNumber: file.orderNumber });
      expect(stored.statusCode, stored.body).toBe(200);
      expect(stored.json()).toMatchObject({ orderNumber: 1, count: 2, total: 1334.55, registered: false, msgId: `FWH-102-${YEAR}-000001` });
      state.orderId = stored.json().id;
      await expectError(call('POST', 'Payments/Orders', request), 409, 'PaymentInOrder');
      const again = await call('POST', 'Payments/Orders/Export', { ...scope(), paymentRange: 1, order: { id: state.orderId } });
      expect(again.json()).toMatchObject({ stored: true, msgId: `FWH-102-${YEAR}-000001` });
    });

    it('GET Payments/Orders and Payments/Orders/Unregistered; POST Payments/Orders/Registered answers the protocol once', async () => {
      const orders = await call('GET', `Payments/Orders?${query()}&unregisteredOnly=true`);
      expect(orders.json()).toEqual([expect.objectContaining({ id: state.orderId, orderNumber: 1, total: 1334.55 })]);
      const order = await call('GET', `Payments/Orders/Unregistered?${query()}&orderId=${state.orderId}`);
      expect(order.statusCode, order.body).toBe(200);
      expect((order.json() as { payments: { payment: { amount: number } }[] }).payments.map((p) => p.payment.amount)).toEqual([1234.56, 99.99]);
      await expectError(call('GET', `Payments/Orders/Unregistered?${query()}&orderId=999999`), 404, 'OrderNotFound');
      const registered = await call('POST', 'Payments/Orders/Registered', {
        ...scope(),
        order: state.orderId,
        datePaid: today,
        payments: state.payments.slice(0, 1),
      });
      expect(registered.statusCode, registered.body).toBe(200);
      expect(registered.json()).toMatchObject({
        executedTotal: 1234.56,
        notExecutedTotal: 99.99,
        operator: { username: 'zwei' },
        order: { registered: true, total: 1234.56 },
      });
      expect((registered.json() as { items: { amount: number; executed: boolean }[] }).items.map((i) => [i.amount, i.executed])).toEqual([
        [1234.56, true],
        [99.99, false],
      ]);
      await expectError(
        call('POST', 'Payments/Orders/Registered', { ...scope(), orderId: state.orderId, datePaid: today, payments: [] }),
        409,
        'OrderRegistered',
      );
      await expectError(call('GET', `Payments/Orders/Unregistered?${query()}&orderId=${state.orderId}`), 409, 'OrderRegistered');
      await expectError(t.call('zwei', 'DELETE', `Payments/Orders?${query()}&orderId=${state.orderId}`), 409, 'OrderRegistered');
      const chapter = await call('GET', `Budget/Chapter?${query()}&chapter=21006`);
      expect(chapter.json()).toMatchObject({ payments: 1234.56, openPayments: 99.99 });
    });

    it('POST Payments/Orders/Returned of an order paid in the year before, without the carry-over into YEAR: ResiduesNotCarried, nothing written', async () => {
      // the order as if the bank had executed it on 20.12. of the year before (a December transfer returned in January)
      const [executed] = state.payments;
      const lastDecember = `${YEAR - 1}-12-20`;
      const paidOn = async (date: string) => {
        await t.handle.db.update(schema.paymentOrders).set({ datePaid: date }).where(eq(schema.paymentOrders.id, state.orderId));
        await t.handle.db
          .update(schema.movementPayments)
          .set({ datePaid: date })
          .where(eq(schema.movementPayments.id, executed?.paymentId ?? 0));
      };
      await paidOn(lastDecember);
      const body = { ...scope(), order: { id: state.orderId }, paymentId: executed?.paymentId, date: today };
      expect(await expectError(call('POST', 'Payments/Orders/Returned', body), 409, 'ResiduesNotCarried')).toMatchObject({
        Field: 'returnedOn',
        Params: { year: YEAR, previousYear: YEAR - 1 },
      });
      const [item] = await t.handle.db
        .select({ returnedOn: schema.paymentOrderItems.returnedOn })
        .from(schema.paymentOrderItems)
        .where(eq(schema.paymentOrderItems.paymentId, executed?.paymentId ?? 0));
      expect(item?.returnedOn).toBeNull();
      const [pay] = await t.handle.db
        .select({ datePaid: schema.movementPayments.datePaid })
        .from(schema.movementPayments)
        .where(eq(schema.movementPayments.id, executed?.paymentId ?? 0));
      expect(pay?.datePaid).toBe(lastDecember);
      await paidOn(today);
    });

    it('POST Payments/Orders/Returned (order, paymentId, date): open again, the protocol shows it (POST Payments/Orders/Protocol)', async () => {
      const [executed] = state.payments;
      const returned = await call('POST', 'Payments/Orders/Returned', {
        ...scope(),
        order: { id: state.orderId },
        paymentId: executed?.paymentId,
        date: today,
      });
      expect(returned.statusCode, returned.body).toBe(200);
      expect(returned.json()).toMatchObject({ executedTotal: 1234.56, notExecutedTotal: 0, returnedTotal: 1234.56, datePaid: today });
      expect((returned.json() as { items: { amount: number; returnedOn: string | null }[] }).items.map((i) => [i.amount, i.returnedOn])).toEqual([
        [1234.56, today],
      ]);
      const protocol = await call('POST', 'Payments/Orders/Protocol', { ...scope(), orderId: state.orderId });
      expect(protocol.json()).toEqual(returned.json());
      const again = { ...scope(), orderId: state.orderId, paymentId: executed?.paymentId, date: today };
      expect(await expectError(call('POST', 'Payments/Orders/Returned', again), 400, 'InvalidValue')).toMatchObject({ Field: 'paymentId' });
      const chapter = await call('GET', `Budget/Chapter?${query()}&chapter=21006`);
      expect(chapter.json()).toMatchObject({ payments: 0, openPayments: 1334.55 });
    });

    it('POST Payments/Settle pays an open instalment by hand on the cash account; DELETE Payments/Settle opens it again', async () => {
      const [, open] = state.payments;
      const [cash] = await t.handle.db
        .select({ id: schema.accounts.id })
        .from(schema.accounts)
        .where(and(eq(schema.accounts.departmentId, t.dept('102')), eq(schema.accounts.code, 'K1')));
      const body = { ...scope(), movementId: open?.movementId, paymentId: open?.paymentId, datePaid: today, accountId: cash?.id, note: 'bar' };
      await expectError(call('POST', 'Payments/Settle', { ...body, datePaid: `${YEAR}-03-31` }), 400, 'InvalidDate');
      const paid = await call('POST', 'Payments/Settle', body);
      expect(paid.statusCode, paid.body).toBe(200);
      expect(paid.json()).toMatchObject({ amount: 99.99, datePaid: today, accountCode: 'K1', note: 'bar' });
      expect((await call('GET', `Budget/Chapter?${query()}&chapter=21006`)).json()).toMatchObject({ payments: 99.99, openPayments: 1234.56 });
      await expectError(call('POST', 'Payments/Settle', body), 400, 'InvalidValue');

      const reopen = `Payments/Settle?${query()}&movementId=${open?.movementId}&paymentId=${open?.paymentId}`;
      const reopened = await t.call('zwei', 'DELETE', reopen);
      expect(reopened.statusCode, reopened.body).toBe(200);
      expect(reopened.json()).toMatchObject({ amount: 99.99, datePaid: null, accountId: null, note: '' });
      expect((await call('GET', `Budget/Chapter?${query()}&chapter=21006`)).json()).toMatchObject({ payments: 0, openPayments: 1334.55 });
      await expectError(t.call('zwei', 'DELETE', reopen), 400, 'InvalidValue');
    });
  });
}
