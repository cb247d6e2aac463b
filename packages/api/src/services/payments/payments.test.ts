import { schema } from '@app/db';
import { type MovementSaveInput, type OrderRequestInput, type PayableItem } from '@app/domain';
import type { z } from 'zod';
import { and, eq } from 'drizzle-orm';
import { XSD, xmlFiles } from '@app/reports/bankFile/xmllint';
import { expect, it } from 'vitest';
import { CURRENT_YEAR, departmentId, describeOnDatabases, expectAppError, signInAs } from '../../test-utils.ts';

const { accounts, budgetHeads, departments, suppliers } = schema;

const YEAR = CURRENT_YEAR;
const JUNE = new Date(`${YEAR}-06-15T10:00:00Z`);
const JULY = new Date(`${YEAR}-07-10T09:00:00Z`);

/**
 * Payments on PGlite and PostgreSQL: FF Eppan (102, open payments allowed) in the current year with a
 * forecast approved here (11001 10.000,00; 21006 6.000,00, 21001 4.000,00). Bills on the bank account
 * B1: A (supplier 1001, two instalments 600,00 + 900,00 over 21006 1.000,00 and 21001 500,00), B (1002,
 * 300,50 on 21006), C (1004, a German IBAN with BIC: foreign), D (1005, no IBAN); E (1001) on the cash K1.
 */
describeOnDatabases('payments', (get) => {
  const as = signInAs(get, '10.13', JUNE);
  const s = async () => ({ departmentId: await departmentId(get(), '102'), year: YEAR });
  const ids = { A: 0, B: 0, C: 0, D: 0, E: 0, B1: 0, K1: 0, order1: 0, order2: 0 };
  const inst: Record<string, { paymentId: number; movementId: number }> = {};

  async function idOf(table: typeof accounts | typeof suppliers, column: 'code', value: string | number): Promise<number> {
    const where = and(eq(table.departmentId, await departmentId(get(), '102')), eq(table[column], value as never));
    const [row] = await get().db.select({ id: table.id }).from(table).where(where);
    if (!row) throw new Error(`no ${String(value)}`);
    return row.id;
  }
  type Caller = Awaited<ReturnType<typeof as>>;
  async function bill(c: Caller, input: Partial<MovementSaveInput>): Promise<void> {
    const saved = await c.movements.save({ ...(await s()), kind: 'expenses', type: 2, recordDate: `${YEAR}-03-05`, accountId: ids.B1, ...input });
    const key = saved.documentNumber.slice(0, 1);
    ids[key as 'A'] = saved.id;
    saved.payments.forEach((p, i) => (inst[`${key}${i + 1}`] = { paymentId: p.id, movementId: saved.id }));
  }
  type OrderRequest = z.input<typeof OrderRequestInput>;
  const newOrder = async (input: Partial<OrderRequest>): Promise<OrderRequest> => ({
    ...(await s()),
    paymentRange: 1,
    accountId: ids.B1,
    filename: 'juni',
    groupInvoices: true,
    ...input,
  });
  const rowsOf = (items: PayableItem[]) => items.map((i) => [i.invoice.documentNumber, i.payment.amount, i.doHomeBank, i.notPayable]);
  async function figures(c: Caller, chapter: string) {
    const f = await c.budget.chapter({ ...(await s()), chapter, chapterYear: YEAR });
    return { payments: f.payments, openPayments: f.openPayments };
  }
  async function cashOf(c: Caller, code: string) {
    return (await c.accountBalances.get(await s())).accounts.find((a) => a.accountCode === code)?.movementsBalance;
  }

  it('bills on the bank account: the forecast is approved, suppliers get a foreign and no IBAN', async () => {
    const c = await as('zwei');
    for (const [part, positions] of [
      [1, [{ chapter: '11001', amountCurrYear: 1_000_000 }]],
      [
        2,
        [
          { chapter: '21006', amountCurrYear: 600_000 },
          { chapter: '21001', amountCurrYear: 400_000 },
        ],
      ],
    ] as const) {
      await c.budget.forecast.save({ ...(await s()), part, positions: [...positions] });
    }
    expect(await c.budget.forecast.approve({ ...(await s()), approval: `${YEAR}-01-10` })).toBe(true);
    ids.B1 = await idOf(accounts, 'code', 'B1');
    ids.K1 = await idOf(accounts, 'code', 'K1');
    await get()
      .db.update(suppliers)
      .set({ iban: 'DE89370400440532013000', swift: 'COBADEFFXXX', isoCode: 'DE' })
      .where(eq(suppliers.id, await idOf(suppliers, 'code', 1004)));
    await get()
      .db.update(suppliers)
      .set({ iban: '' })
      .where(eq(suppliers.id, await idOf(suppliers, 'code', 1005)));
    const supplier = async (code: number) => idOf(suppliers, 'code', code);
    await bill(c, {
      supplierId: await supplier(1001),
      documentNumber: 'A-1',
      documentDate: `${YEAR}-03-01`,
      positions: [
        { chapter: '21006', amount: 100_000 },
        { chapter: '21001', amount: 50_000 },
      ],
      payments: [
        { amount: 60_000, dateDue: `${YEAR}-04-30`, datePaid: null },
        { amount: 90_000, dateDue: `${YEAR}-05-31`, datePaid: null },
      ],
    });
    await bill(c, {
      supplierId: await supplier(1002),
      documentNumber: 'B-7',
      documentDate: `${YEAR}-03-02`,
      positions: [{ chapter: '21006', amount: 30_050 }],
    });
    await bill(c, {
      supplierId: await supplier(1004),
      documentNumber: 'C-3',
      documentDate: `${YEAR}-03-03`,
      positions: [{ chapter: '21001', amount: 20_000 }],
    });
    await bill(c, {
      supplierId: await supplier(1005),
      documentNumber: 'D-9',
      documentDate: `${YEAR}-03-04`,
      positions: [{ chapter: '21006', amount: 10_000 }],
    });
    await bill(c, {
      supplierId: await supplier(1001),
      documentNumber: 'E-2',
      documentDate: `${YEAR}-02-20`,
      accountId: ids.K1,
      positions: [{ chapter: '21001', amount: 5_000 }],
    });
    expect(Object.keys(inst).sort()).toEqual(['A1', 'A2', 'B1', 'C1', 'D1', 'E1']);
  });

  it('Payments/Open: every unpaid instalment by supplier with totals, filtered; named by the date', async () => {
    const c = await as('zwei');
    const all = await c.payments.open(await s());
    expect(all).toMatchObject({ date: `${YEAR}-06-15`, fileName: `15.06.${YEAR}.pdf`, count: 6, total: 215_050 });
    expect(all.suppliers.map((g) => [g.supplierCode, g.rows.map((r) => [r.documentNumber, r.amount, r.accountCode]), g.total])).toEqual([
      [
        1001,
        [
          ['E-2', 5_000, 'K1'],
          ['A-1', 60_000, 'B1'],
          ['A-1', 90_000, 'B1'],
        ],
        155_000,
      ],
      [1002, [['B-7', 30_050, 'B1']], 30_050],
      [1004, [['C-3', 20_000, 'B1']], 20_000],
      [1005, [['D-9', 10_000, 'B1']], 10_000],
    ]);
    const filtered = await c.payments.open({ ...(await s()), accountId: ids.B1, supplierFrom: 1001, supplierTo: 1001, dateDueFrom: `${YEAR}-05-01` });
    expect(filtered.suppliers.flatMap((g) => g.rows.map((r) => [r.documentNumber, r.dateDue, r.amount]))).toEqual([['A-1', `${YEAR}-05-31`, 90_000]]);
    expect((await c.payments.open({ ...(await s()), supplierFrom: 1002, dateDueTo: `${YEAR}-12-31` })).suppliers.map((g) => g.supplierCode)).toEqual([
      1002, 1004, 1005,
    ]);
    expect((await c.payments.open({ ...(await s()), documentDateTo: `${YEAR}-02-28` })).total).toBe(5_000);
  });

  it('Payments/Payables: a domestic order lists the Italian IBANs and the bill without IBAN with its reason; a foreign order the German IBAN', async () => {
    const c = await as('zwei');
    const domestic = await c.payments.payables({ ...(await s()), paymentRange: 1, accountId: ids.B1 });
    expect(rowsOf(domestic)).toEqual([
      ['A-1', 60_000, true, null],
      ['A-1', 90_000, true, null],
      ['B-7', 30_050, true, null],
      ['D-9', 10_000, false, 'NoValidIban'],
    ]);
    expect(domestic[0]?.invoice).toMatchObject({
      recordNumber: 1,
      chapter: '21006',
      accountCode: 'B1',
      issuedBy: { code: 1001, name: 'Feuerwehrtechnik Pichler KG' },
    });
    const foreign = await c.payments.payables({ ...(await s()), paymentRange: 2, accountId: ids.B1 });
    expect(rowsOf(foreign)).toEqual([
      ['C-3', 20_000, true, null],
      ['D-9', 10_000, false, 'NoValidIban'],
    ]);
    expect(foreign[0]?.iban).toBe('DE89370400440532013000');
    await expectAppError(c.payments.payables({ ...(await s()), paymentRange: 1 }), 'InvalidValue');
  });

  it('export of a new order: CucMissing, InvalidValue (filename, account, another account, nothing payable), InvalidDate; then the file', async () => {
    const c = await as('zwei');
    const toPay = [inst.A1, inst.A2, inst.B1, inst.D1] as { paymentId: number; movementId: number }[];
    const sup = await as('supervisor');
    const union = await departmentId(get(), '000');
    // the demo departments carry a CUC (issue 25): cleared, the domestic file is refused
    expect(await c.payments.context(await s())).toMatchObject({ hasCbiCuc: true, takesNewOrders: true });
    await sup.departments.patch({ id: (await s()).departmentId, departmentId: union, cbiCuc: '' });
    expect(await c.payments.context(await s())).toMatchObject({ hasCbiCuc: false });
    await expectAppError(c.payments.export(await newOrder({ toPay })), 'CucMissing');
    await expectAppError(sup.departments.patch({ id: (await s()).departmentId, departmentId: union, cbiCuc: 'ab-12' }), 'InvalidValue');
    expect((await sup.departments.patch({ id: (await s()).departmentId, departmentId: union, cbiCuc: ' a1b2c3d4 ' })).cbiCuc).toBe('A1B2C3D4');
    await expectAppError(c.payments.export(await newOrder({ toPay, filename: ' ' })), 'InvalidValue');
    await expectAppError(c.payments.export(await newOrder({ toPay, accountId: null })), 'InvalidValue');
    await expectAppError(c.payments.export(await newOrder({ toPay: [inst.E1 as never] })), 'InvalidValue');
    await expectAppError(c.payments.export(await newOrder({ toPay: [inst.D1 as never] })), 'InvalidValue');
    await expectAppError(c.payments.export(await newOrder({ toPay, paymentDate: `${YEAR}-06-14` })), 'InvalidDate');
    await get().db.update(accounts).set({ iban: 'IT00X0000000000000000000000' }).where(eq(accounts.id, ids.K1));
    await expectAppError(c.payments.export(await newOrder({ toPay: [inst.E1 as never], accountId: ids.K1 })), 'NoValidIban');

    const exported = await c.payments.export(await newOrder({ toPay, paymentDate: `${YEAR}-06-20` }));
    expect(exported).toMatchObject({ orderNumber: 1, msgId: `FWH-102-${YEAR}-000001`, stored: false });
    expect(exported.electronic.fileName).toBe('juni.xml');
    const xml = exported.electronic.content;
    expect(xml).toContain('<CBIPaymentRequest xmlns="urn:CBI:xsd:CBIPaymentRequest.00.04.00">');
    expect(xml).toContain(`<MsgId>FWH-102-${YEAR}-000001</MsgId>`);
    expect(xml).toContain('<NbOfTxs>2</NbOfTxs>');
    expect(xml).toContain('<CtrlSum>1800.50</CtrlSum>');
    expect(xml.match(/<InstdAmt Ccy="EUR">[0-9.]+<\/InstdAmt>/g)).toEqual(['<InstdAmt Ccy="EUR">1500.00</InstdAmt>', '<InstdAmt Ccy="EUR">300.50</InstdAmt>']);
    expect(xml).toContain('<Id>A1B2C3D4</Id>');
    expect(xml).toContain(`<ReqdExctnDt>${YEAR}-06-20</ReqdExctnDt>`);
    const files = xmlFiles('payments-api-');
    const domesticFile = files.write('domestic', xml);
    expect(files.validate(domesticFile, XSD.cbi)).toMatchObject({ valid: true });
    expect(files.texts(domesticFile, 'EndToEndId')).toEqual([`FWH-102-${YEAR}-000001-0001`, `FWH-102-${YEAR}-000001-0002`]);
    expect(exported.humanReadable).toMatchObject({ count: 2, total: 180_050, notPayableTotal: 10_000, payerAccount: { accountCode: 'B1' } });
    expect(exported.humanReadable.notPayable.map((n) => [n.documentNumber, n.reason])).toEqual([['D-9', 'NoValidIban']]);
    expect(exported.humanReadable.transfers.map((t) => [t.supplierCode, t.amount, t.remittance])).toEqual([
      [1001, 150_000, `Nr. A-1 01.03.${YEAR}`],
      [1002, 30_050, `Nr. B-7 02.03.${YEAR}`],
    ]);
    // nothing stored by the export
    expect(await c.payments.orders(await s())).toEqual([]);
    expect(await c.payments.context(await s())).toMatchObject({ nextOrderNumber: 1, hasCbiCuc: true, defaultFilename: 'homebanking' });
  });

  it('storing takes number 1 and holds the payable instalments; the same instalments again are PaymentInOrder; payables exclude them', async () => {
    const c = await as('zwei');
    const toPay = [inst.A1, inst.A2, inst.B1, inst.D1] as { paymentId: number; movementId: number }[];
    const stored = await c.payments.store(await newOrder({ toPay, paymentDate: `${YEAR}-06-20`, orderNumber: 1 }));
    ids.order1 = stored.id;
    expect(stored).toMatchObject({ orderNumber: 1, year: YEAR, paymentRange: 1, accountCode: 'B1', count: 3, total: 180_050, registered: false });
    expect(stored).toMatchObject({
      msgId: `FWH-102-${YEAR}-000001`,
      paymentDate: `${YEAR}-06-20`,
      orderCreationDate: `${YEAR}-06-15`,
      orderCreationTime: '12:00:00',
    });
    expect(rowsOf(stored.payments)).toEqual([
      ['A-1', 60_000, true, null],
      ['A-1', 90_000, true, null],
      ['B-7', 30_050, true, null],
    ]);
    await expectAppError(c.payments.store(await newOrder({ toPay: [inst.B1 as never] })), 'PaymentInOrder');
    await expectAppError(c.payments.export(await newOrder({ toPay: [inst.A2 as never] })), 'PaymentInOrder');
    await expectAppError(c.payments.store(await newOrder({ orderId: stored.id, toPay })), 'PaymentInOrder');
    expect(rowsOf(await c.payments.payables({ ...(await s()), paymentRange: 1, accountId: ids.B1 }))).toEqual([['D-9', 10_000, false, 'NoValidIban']]);
    // the print still lists them, with their order
    expect((await c.payments.open({ ...(await s()), accountId: ids.B1 })).suppliers[0]?.rows.map((r) => r.orderNumber)).toEqual([1, 1]);

    // a previous order: the same MsgId at every export
    const again = await c.payments.export({ ...(await s()), paymentRange: 1, orderId: stored.id });
    expect(again).toMatchObject({ orderNumber: 1, msgId: `FWH-102-${YEAR}-000001`, stored: true });
    expect(again.electronic.fileName).toBe('juni.xml');
    expect(again.electronic.content).toContain('<CtrlSum>1800.50</CtrlSum>');
    expect((await c.payments.export({ ...(await s()), paymentRange: 1, orderId: stored.id })).electronic.content).toBe(again.electronic.content);
    expect(rowsOf(await c.payments.payables({ ...(await s()), paymentRange: 1, orderId: stored.id }))).toEqual(rowsOf(stored.payments));
  });

  it('two concurrent stores of the same instalment: exactly one succeeds, the other is PaymentInOrder; a stale number is RecordNumberUsed', async () => {
    const [c1, c2] = [await as('zwei'), await as('zwei')];
    const request = await newOrder({ paymentRange: 2, toPay: [inst.C1 as never], filename: 'ausland' });
    const results = await Promise.allSettled([c1.payments.store(request), c2.payments.store(request)]);
    const done = results.filter((r) => r.status === 'fulfilled');
    expect(done).toHaveLength(1);
    ids.order2 = (done[0] as PromiseFulfilledResult<{ id: number }>).value.id;
    const refused = results.find((r) => r.status === 'rejected') as PromiseRejectedResult;
    await expectAppError(Promise.reject(refused.reason), 'PaymentInOrder');
    const foreign = await c1.payments.export({ ...(await s()), paymentRange: 2, orderId: ids.order2 });
    expect(foreign.electronic.content).toContain('<Document xmlns="urn:iso:std:iso:20022:tech:xsd:pain.001.001.03">');
    expect(foreign.electronic.content).toContain('<BIC>COBADEFFXXX</BIC>');
    expect(foreign.electronic.content).toContain('<CtrlSum>200.00</CtrlSum>');
    expect(foreign.msgId).toBe(`FWH-102-${YEAR}-000002`);
    const files = xmlFiles('payments-api-');
    expect(files.validate(files.write('foreign', foreign.electronic.content), XSD.pain001)).toMatchObject({ valid: true });
    await expectAppError(c1.payments.store(await newOrder({ toPay: [inst.E1 as never], accountId: ids.K1, orderNumber: 2 })), 'RecordNumberUsed');
    expect((await c1.payments.orders(await s())).map((o) => [o.orderNumber, o.paymentRange, o.count, o.total])).toEqual([
      [2, 2, 1, 20_000],
      [1, 1, 3, 180_050],
    ]);
  });

  it('after 31.12 of the year no new order of it (OrderAfterYearEnd, nothing written); its stored orders still export', async () => {
    const c = await as('zwei', new Date(`${YEAR + 1}-01-05T09:00:00Z`));
    const before = await c.payments.orders(await s());
    expect(await c.payments.context(await s())).toMatchObject({ takesNewOrders: false, nextOrderNumber: 3 });
    const request = await newOrder({ toPay: [inst.E1 as never], accountId: ids.K1 });
    await expectAppError(c.payments.export(request), 'OrderAfterYearEnd');
    await expectAppError(c.payments.store({ ...request, orderNumber: 3 }), 'OrderAfterYearEnd');
    expect(await c.payments.orders(await s())).toEqual(before);
    expect(await c.payments.context(await s())).toMatchObject({ nextOrderNumber: 3 });
    const again = await c.payments.export({ ...(await s()), paymentRange: 2, orderId: ids.order2, paymentDate: `${YEAR + 1}-01-07` });
    expect(again).toMatchObject({ stored: true, orderNumber: 2 });
    // on 31.12 itself the year still takes one
    const lastDay = await as('zwei', new Date(`${YEAR}-12-31T12:00:00Z`));
    expect(await lastDay.payments.context(await s())).toMatchObject({ takesNewOrders: true });
  });

  it('a movement with an instalment in an order is frozen: no save, no delete (PaymentInOrder)', async () => {
    const c = await as('zwei');
    const movement = await c.movements.get({ ...(await s()), kind: 'expenses', recordNumber: 1 });
    await expectAppError(
      c.movements.save({
        ...(await s()),
        kind: 'expenses',
        recordNumber: 1,
        type: 2,
        recordDate: movement.recordDate,
        documentNumber: 'A-1',
        documentDate: movement.documentDate,
        supplierId: movement.supplier?.id ?? null,
        accountId: ids.B1,
        positions: [{ chapter: '21006', amount: 150_000 }],
      }),
      'PaymentInOrder',
    );
    await expectAppError(c.movements.delete({ ...(await s()), kind: 'expenses', recordNumber: 1 }), 'PaymentInOrder');
    expect((await c.movements.get({ ...(await s()), kind: 'expenses', recordNumber: 1 })).payments).toEqual(movement.payments);
  });

  it('registering: date paid rules, the ticked instalments are paid (chapter figures, cash), the unticked one is payable again; once only', async () => {
    const c = await as('zwei', JULY);
    const order = await c.payments.unregistered({ ...(await s()), orderId: ids.order1 });
    expect(order.payments.map((p) => p.payment.id)).toEqual([inst.A1?.paymentId, inst.A2?.paymentId, inst.B1?.paymentId]);
    expect((await c.payments.orders({ ...(await s()), unregisteredOnly: true })).map((o) => o.orderNumber)).toEqual([2, 1]);
    const register = async (datePaid: string, paid = [inst.A1, inst.A2]) =>
      c.payments.register({ ...(await s()), orderId: ids.order1, datePaid, payments: paid as never });
    await expectAppError(register(`${YEAR}-06-14`), 'InvalidDate');
    await expectAppError(register(`${YEAR}-07-11`), 'InvalidDate');
    await expectAppError(register(''), 'InvalidValue');
    await expectAppError(register(`${YEAR}-07-01`, [inst.C1]), 'InvalidValue');
    await expectAppError(c.payments.register({ ...(await s()), orderId: 999_999, datePaid: `${YEAR}-07-01`, payments: [] }), 'OrderNotFound');

    const before = { f21006: await figures(c, '21006'), f21001: await figures(c, '21001'), cash: await cashOf(c, 'B1') };
    const protocol = await register(`${YEAR}-07-01`);
    expect(protocol).toMatchObject({
      operator: { username: 'zwei' },
      datePaid: `${YEAR}-07-01`,
      executedTotal: 150_000,
      notExecutedTotal: 30_050,
      order: { orderNumber: 1, registered: true, datePaid: `${YEAR}-07-01`, count: 2, total: 150_000 },
    });
    expect(protocol.items.map((i) => [i.movementRecord, i.supplierCode, i.invoiceNumber, i.invoiceDate, i.amount, i.executed])).toEqual([
      [1, 1001, 'A-1', `${YEAR}-03-01`, 60_000, true],
      [1, 1001, 'A-1', `${YEAR}-03-01`, 90_000, true],
      [2, 1002, 'B-7', `${YEAR}-03-02`, 30_050, false],
    ]);
    // A's 1.000,00 on 21006 and 500,00 on 21001 move from open to paid; the cash of B1 goes down by 1.500,00
    expect(await figures(c, '21006')).toEqual({ payments: before.f21006.payments + 100_000, openPayments: before.f21006.openPayments - 100_000 });
    expect(await figures(c, '21001')).toEqual({ payments: before.f21001.payments + 50_000, openPayments: before.f21001.openPayments - 50_000 });
    expect(await cashOf(c, 'B1')).toBe((before.cash ?? 0) - 150_000);
    expect((await c.movements.get({ ...(await s()), kind: 'expenses', recordNumber: 1 })).payments.map((p) => p.datePaid)).toEqual([
      `${YEAR}-07-01`,
      `${YEAR}-07-01`,
    ]);
    // B left the order: payable again
    expect(rowsOf(await c.payments.payables({ ...(await s()), paymentRange: 1, accountId: ids.B1 }))).toEqual([
      ['B-7', 30_050, true, null],
      ['D-9', 10_000, false, 'NoValidIban'],
    ]);
    await expectAppError(register(`${YEAR}-07-02`), 'OrderRegistered');
    // a paid instalment stays in the registered order: its movement stays frozen
    await expectAppError(c.movements.delete({ ...(await s()), kind: 'expenses', recordNumber: 1 }), 'PaymentInOrder');
    await expectAppError(c.payments.unregistered({ ...(await s()), orderId: ids.order1 }), 'OrderRegistered');
    await expectAppError(c.payments.export({ ...(await s()), paymentRange: 1, orderId: ids.order1 }), 'OrderRegistered');
    expect((await c.payments.orders({ ...(await s()), unregisteredOnly: true })).map((o) => o.orderNumber)).toEqual([2]);
  });

  it('an order of the previous year is registered from the current year (DOMAIN decision 11)', async () => {
    // stored in December of its year (after 31.12 the year takes no new order: OrderAfterYearEnd)
    const december = await as('zwei', new Date(`${YEAR - 1}-12-20T10:00:00Z`));
    const previous = { ...(await s()), year: YEAR - 1 };
    const [item] = (await december.payments.payables({ ...previous, paymentRange: 1, accountId: ids.B1 })).filter((p) => p.doHomeBank);
    if (!item) throw new Error('the demo year has no payable bill on B1');
    const toPay = [{ paymentId: item.payment.id, movementId: item.invoice.movementId }];
    await expectAppError((await as('zwei')).payments.store({ ...previous, paymentRange: 1, accountId: ids.B1, filename: 'juni', toPay }), 'OrderAfterYearEnd');
    const stored = await december.payments.store({ ...previous, paymentRange: 1, accountId: ids.B1, filename: 'dezember', toPay });
    expect(stored).toMatchObject({ year: YEAR - 1, orderNumber: 1, msgId: `FWH-102-${YEAR - 1}-000001`, total: item.payment.amount });
    const c = await as('zwei', JULY);
    expect((await c.payments.orders({ ...(await s()), unregisteredOnly: true })).map((o) => [o.year, o.orderNumber])).toEqual([
      [YEAR, 2],
      [YEAR - 1, 1],
    ]);
    const protocol = await c.payments.register({ ...(await s()), orderId: stored.id, datePaid: `${YEAR}-07-02`, payments: toPay });
    expect(protocol).toMatchObject({ executedTotal: item.payment.amount, notExecutedTotal: 0, order: { year: YEAR - 1, registered: true } });
    const movement = await c.movements.get({ ...previous, kind: 'expenses', recordNumber: item.invoice.recordNumber });
    expect(movement.payments.find((p) => p.id === item.payment.id)?.datePaid).toBe(`${YEAR}-07-02`);
  });

  it('a stored order is cancelled before registration: its instalments are payable again, its number is never reused', async () => {
    const c = await as('zwei', JULY);
    const scope = await s();
    await expectAppError(c.payments.cancel({ ...scope, orderId: ids.order1 }), 'OrderRegistered');
    expect(await c.payments.cancel({ ...scope, orderId: ids.order2 })).toMatchObject({
      orderNumber: 2,
      cancelled: true,
      registered: false,
      count: 0,
      total: 0,
    });
    expect(rowsOf(await c.payments.payables({ ...scope, paymentRange: 2, accountId: ids.B1 }))).toEqual([
      ['C-3', 20_000, true, null],
      ['D-9', 10_000, false, 'NoValidIban'],
    ]);
    await expectAppError(c.payments.cancel({ ...scope, orderId: ids.order2 }), 'OrderNotFound');
    await expectAppError(c.payments.export({ ...scope, paymentRange: 2, orderId: ids.order2 }), 'OrderNotFound');
    await expectAppError(c.payments.register({ ...scope, orderId: ids.order2, datePaid: `${YEAR}-07-01`, payments: [] }), 'OrderNotFound');
    expect(await c.payments.orders({ ...scope, unregisteredOnly: true })).toEqual([]);
    const next = await c.payments.store(await newOrder({ paymentRange: 2, toPay: [inst.C1 as never], filename: 'ausland' }));
    expect(next).toMatchObject({ orderNumber: 3, msgId: `FWH-102-${YEAR}-000003`, total: 20_000 });
    ids.order2 = next.id;
  });

  it('closed budget: BudgetClosed; other departments: DepartmentNotAllowed; without open payments: Forbidden', async () => {
    const c = await as('zwei', JULY);
    const scope = await s();
    const head = and(eq(budgetHeads.departmentId, scope.departmentId), eq(budgetHeads.year, YEAR));
    await get()
      .db.update(budgetHeads)
      .set({ finalApproved: `${YEAR}-07-01` })
      .where(head);
    await expectAppError(c.payments.store(await newOrder({ toPay: [inst.B1 as never] })), 'BudgetClosed');
    await expectAppError(c.payments.register({ ...scope, orderId: ids.order2, datePaid: `${YEAR}-07-01`, payments: [] }), 'BudgetClosed');
    await get().db.update(budgetHeads).set({ finalApproved: null }).where(head);
    const kassier = await as('kassier', JULY);
    await expectAppError(kassier.payments.orders(scope), 'DepartmentNotAllowed');
    await expectAppError(kassier.payments.orders({ departmentId: await departmentId(get(), '101'), year: YEAR }), 'Forbidden');
    expect((await get().db.select({ cbiCuc: departments.cbiCuc }).from(departments).where(eq(departments.id, scope.departmentId)))[0]?.cbiCuc).toBe('A1B2C3D4');
  });
});
