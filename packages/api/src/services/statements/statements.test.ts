import { execRows, schema } from '@app/db';
import type { StatementDecision, StatementImportResult } from '@app/domain';
import { and, eq, sql } from 'drizzle-orm';
import { expect, it } from 'vitest';
import { CURRENT_YEAR, departmentId, describeOnDatabases, expectAppError, signInAs } from '../../test-utils.ts';
import { camtXml, type CamtEntry } from './camtBuilder.ts';

const { accounts, suppliers } = schema;

const PREV = CURRENT_YEAR - 1;
/** The order is made on 10.06. of the booked demo year, the statements come in on 20.06. (registration: not after today). */
const ORDER_DAY = new Date(`${PREV}-06-10T09:00:00Z`);
const STATEMENT_DAY = new Date(`${PREV}-06-20T17:00:00Z`);
const D = (day: number) => `${PREV}-06-${String(day).padStart(2, '0')}`;
const IBAN = 'IT60X0542811101000000123456';

/**
 * Bank statements on PGlite and PostgreSQL: FF Eppan (102, open payments) in the booked demo year on a bank
 * account of its own (B9, the statements' IBAN, nothing else booked on it). Bills A (supplier 1001, 600,00 +
 * 900,00), B (1002, 300,50) and D (1001, 250,00) in a stored order, C (1003, 123,45) open; a rule "Gemeinde
 * Lana → 11001". Statement 1 (11.–14.06.) pays the order's transfers A1 and B as one batch, C by amount and
 * IBAN, books the municipality's contribution by the rule and a donation with the chapter typed; statement 2
 * (15.–19.06.) returns B and brings a credit the cashier skips; a second order is paid by its MsgId.
 */
describeOnDatabases('bank statements (camt.053)', (get) => {
  const as = signInAs(get, '10.28', STATEMENT_DAY);
  const ids = { dept: 0, B9: 0, A: 0, B: 0, C: 0, D: 0, order: 0, order2: 0 };
  const inst: Record<string, { paymentId: number; movementId: number; amount: number }> = {};
  let msgId = '';
  let msgId2 = '';
  const scope = () => ({ departmentId: ids.dept, year: PREV });
  const ibanOf = async (code: number) => {
    const [row] = await get()
      .db.select({ iban: suppliers.iban, id: suppliers.id })
      .from(suppliers)
      .where(and(eq(suppliers.departmentId, ids.dept), eq(suppliers.code, code)));
    return row!;
  };
  type Caller = Awaited<ReturnType<typeof as>>;
  async function bill(c: Caller, key: string, supplier: number, amounts: number[]) {
    const saved = await c.movements.save({
      ...scope(),
      kind: 'expenses',
      type: 2,
      recordDate: D(5),
      documentDate: D(4),
      documentNumber: `${key}-17`,
      supplierId: (await ibanOf(supplier)).id,
      accountId: ids.B9,
      confirmAvailableExceeded: true,
      positions: [{ chapter: '21003', amount: amounts.reduce((a, b) => a + b, 0), note: key }],
      payments: amounts.map((amount, i) => ({ amount, dateDue: D(25 + i), datePaid: null })),
    });
    ids[key as 'A'] = saved.id;
    saved.payments.forEach((p, i) => (inst[`${key}${i + 1}`] = { paymentId: p.id, movementId: saved.id, amount: p.amount }));
  }
  const statement = (id: string, from: number, to: number, opening: number, entries: CamtEntry[]) =>
    camtXml({
      statementId: id,
      createdAt: `${D(to)}T20:00:00`,
      iban: IBAN,
      from: D(from),
      to: D(to),
      opening: { amount: opening, date: D(from - 1) },
      entries,
    });
  const accept = (index: number, extra: Partial<StatementDecision> = {}) => ({ index, action: 'accept' as const, ...extra });
  const count = async (table: string) => Number((await execRows<{ n: string }>(get().db, sql`select count(*) as n from ${sql.identifier(table)}`))[0]!.n);

  it('sets up the account, the bills, the order and a rule', async () => {
    ids.dept = await departmentId(get(), '102');
    const [account] = await get()
      .db.insert(accounts)
      .values({
        departmentId: ids.dept,
        code: 'B9',
        type: 2,
        descriptionDeu: 'Raika Kontoauszug',
        descriptionIta: 'Raika estratto',
        iban: IBAN,
        swift: 'BPMOIT22XXX',
      })
      .returning({ id: accounts.id });
    ids.B9 = account!.id;
    const c = await as('zwei', ORDER_DAY);
    await bill(c, 'A', 1001, [60_000, 90_000]);
    await bill(c, 'B', 1002, [30_050]);
    await bill(c, 'C', 1003, [12_345]);
    await bill(c, 'D', 1001, [25_000]);
    const order = await c.payments.store({
      ...scope(),
      paymentRange: 1,
      accountId: ids.B9,
      filename: 'juni',
      groupInvoices: false,
      paymentDate: D(11),
      toPay: [inst.A1!, inst.B1!].map(({ paymentId, movementId }) => ({ paymentId, movementId })),
    });
    ids.order = order.id;
    msgId = order.msgId;
    const order2 = await c.payments.store({
      ...scope(),
      paymentRange: 1,
      accountId: ids.B9,
      filename: 'juni2',
      paymentDate: D(16),
      toPay: [{ paymentId: inst.D1!.paymentId, movementId: ids.D }],
    });
    ids.order2 = order2.id;
    msgId2 = order2.msgId;
    expect(msgId).toMatch(/^FWH-102-\d{4}-\d{6}$/);
    const rule = await c.statements.saveRule({ ...scope(), kind: 'revenues', text: 'Gemeinde Lana', chapter: '11001' });
    expect(await c.statements.rules(scope())).toEqual([{ id: rule.id, kind: 'revenues', text: 'Gemeinde Lana', chapter: '11001' }]);
    await expectAppError(c.statements.saveRule({ ...scope(), kind: 'revenues', text: 'x', chapter: '99999' }), 'InvalidValue', { field: 'chapter' });
  });

  let first = '';
  let proposed: StatementImportResult;
  const draftOf = (index: number) => {
    const proposal = proposed.entries[index]!.proposal;
    if (proposal.kind !== 'movement') throw new Error(`line ${index} is no movement`);
    return proposal.draft;
  };

  it('proposes: the order by EndToEndId, an open instalment by amount and IBAN, a revenue by the rule; writes nothing', async () => {
    const c = await as('zwei');
    const hofer = await ibanOf(1001);
    const gruber = await ibanOf(1002);
    const mair = await ibanOf(1003);
    first = statement('S-2025-06-A', 11, 14, 0, [
      {
        creditDebit: 'CRDT',
        bookingDate: D(11),
        acctSvcrRef: 'R1',
        transactions: [{ amount: 500_000, name: 'Gemeinde Lana', iban: 'IT02L1234512345123456789012', remittance: 'Beitrag Feuerwehr' }],
      },
      {
        creditDebit: 'DBIT',
        bookingDate: D(12),
        acctSvcrRef: 'R2',
        transactions: [
          { amount: 60_000, msgId, endToEndId: `${msgId}-0001`, name: 'Pichler', iban: hofer.iban, remittance: 'Nr. A-17' },
          { amount: 30_050, msgId, endToEndId: `${msgId}-0002`, name: 'Gruber', iban: gruber.iban, remittance: 'Nr. B-17' },
        ],
      },
      {
        creditDebit: 'DBIT',
        bookingDate: D(13),
        acctSvcrRef: 'R3',
        transactions: [{ amount: 12_345, name: 'Autowerkstatt Mair', iban: mair.iban, remittance: 'Rechnung' }],
      },
      { creditDebit: 'CRDT', bookingDate: D(14), acctSvcrRef: 'R4', transactions: [{ amount: 7_000, name: 'Anna Huber', remittance: 'Spende' }] },
    ]);
    const before = await count('audit_log');
    proposed = await c.statements.import({ ...scope(), fileName: 'juni.xml', content: first });
    expect(await count('bank_statements')).toBe(0);
    expect(await count('audit_log')).toBe(before);
    expect(proposed).toMatchObject({ accountId: ids.B9, accountCode: 'B9', duplicateOf: null, creditTotal: 507_000, debitTotal: 102_395 });
    expect(proposed.head.closing).toEqual({ amount: 507_000 - 102_395, date: D(14) });
    const [rev, a1, b1, c1, gift] = proposed.entries;
    expect(rev!.proposal).toMatchObject({
      kind: 'movement',
      chapterFrom: 'rule',
      draft: { kind: 'revenues', type: 0, accountId: ids.B9, recordDate: D(11), positions: [{ chapter: '11001', amount: 500_000 }] },
    });
    expect(a1!.proposal).toMatchObject({
      kind: 'registerOrder',
      orderId: ids.order,
      matchedBy: 'endToEndId',
      datePaid: D(12),
      instalments: [{ paymentId: inst.A1!.paymentId, amount: 60_000 }],
    });
    expect(b1!.proposal).toMatchObject({ kind: 'registerOrder', orderId: ids.order, instalments: [{ paymentId: inst.B1!.paymentId, amount: 30_050 }] });
    expect(c1!.proposal).toMatchObject({
      kind: 'settleInstalment',
      matchedBy: ['amount', 'iban'],
      datePaid: D(13),
      accountId: ids.B9,
      instalment: { paymentId: inst.C1!.paymentId },
    });
    expect(gift!.proposal).toMatchObject({ kind: 'movement', chapterFrom: 'none', draft: { positions: [{ chapter: '', amount: 7_000 }] } });
    expect(a1!.alternatives.map((p) => p.kind)).toEqual(['movement']);
  });

  it('a failure in the middle leaves nothing: the edited draft with a chapter not in the chart', async () => {
    const c = await as('zwei');
    const movements = await count('movements');
    const draft = { draft: draftOf(4) };
    await expect(
      c.statements.confirm({
        ...scope(),
        content: first,
        decisions: [
          accept(0),
          accept(1),
          accept(2),
          accept(3),
          accept(4, { draft: { ...scope(), ...draft.draft, positions: [{ chapter: '19999', amount: 7_000 }] } as never }),
        ],
      }),
    ).rejects.toThrow();
    // the refusal names the line
    await expectAppError(
      c.statements.confirm({
        ...scope(),
        content: first,
        decisions: [accept(0), accept(4, { draft: { ...scope(), ...draft.draft, positions: [{ chapter: '19999', amount: 7_000 }] } as never })],
      }),
      'ChapterNotFound',
      { params: { line: 4 } },
    );
    expect(await count('movements')).toBe(movements);
    expect(await count('bank_statements')).toBe(0);
    const order = await c.payments.orders({ ...scope(), unregistered: true } as never);
    expect(order.find((o) => o.id === ids.order)?.registered).toBe(false);
    // a draft without a chapter accepted as proposed is refused too
    await expectAppError(c.statements.confirm({ ...scope(), content: first, decisions: [accept(4)] }), 'InvalidValue', {
      field: 'decisions.0.draft.positions.0.chapter',
    });
  });

  it('confirms exactly the confirmed lines in one transaction; the books agree with the bank', async () => {
    const c = await as('zwei');
    const draft = draftOf(4);
    const done = await c.statements.confirm({
      ...scope(),
      fileName: 'juni.xml',
      content: first,
      decisions: [
        accept(0),
        accept(1),
        accept(2),
        accept(3),
        accept(4, { draft: { ...scope(), ...draft, positions: [{ chapter: '11001', amount: 7_000, note: 'Spende Huber' }] } as never }),
      ],
    });
    expect(done.entries.map((e) => e.outcome)).toEqual(['booked', 'registered', 'registered', 'settled', 'booked']);
    expect(done).toMatchObject({ booked: 5, skipped: 0 });
    const protocol = await c.payments.protocol({ ...scope(), orderId: ids.order });
    expect(protocol.datePaid).toBe(D(12));
    expect(protocol.items.map((i) => [i.paymentId, i.executed])).toEqual(
      expect.arrayContaining([
        [inst.A1!.paymentId, true],
        [inst.B1!.paymentId, true],
      ]),
    );
    const balances = await c.accountBalances.get(scope());
    expect(balances.accounts.find((a) => a.accountCode === 'B9')?.movementsBalance).toBe(507_000 - 102_395);
    const rec = await c.statements.reconciliation({ ...scope(), accountId: ids.B9 });
    expect(rec).toMatchObject({
      date: D(14),
      bankBalance: 404_605,
      bookBalance: 404_605,
      difference: 0,
      unexplained: 0,
      periodFrom: D(11),
      unbooked: [],
      notOnStatement: [],
    });
  });

  it('recognises the statement imported twice and its lines as booked; refuses to confirm it again', async () => {
    const c = await as('zwei');
    const again = await c.statements.import({ ...scope(), content: first });
    expect(again.duplicateOf).toMatchObject({ fileName: 'juni.xml' });
    expect(again.entries.map((e) => e.proposal.kind)).toEqual(Array(5).fill('alreadyBooked'));
    await expectAppError(c.statements.confirm({ ...scope(), content: first, decisions: [accept(0)] }), 'StatementImported');
    // the same statement in another file (another layout, same id and day) is the same statement
    await expectAppError(
      c.statements.confirm({ ...scope(), content: first.replace('<?xml version="1.0" encoding="UTF-8"?>\n', ''), decisions: [] }),
      'StatementImported',
    );
    expect((await c.statements.list(scope())).map((s) => [s.statementId, s.entryCount, s.bookedCount])).toEqual([['S-2025-06-A', 5, 5]]);
  });

  it('a returned transfer undoes the payment; an order by its MsgId; a skipped line and a booking by hand explain the difference', async () => {
    const c = await as('zwei');
    const gruber = await ibanOf(1002);
    const second = statement('S-2025-06-B', 15, 19, 404_605, [
      {
        creditDebit: 'CRDT',
        reversal: true,
        bookingDate: D(15),
        transactions: [{ amount: 30_050, endToEndId: `${msgId}-0002`, name: 'Gruber', iban: gruber.iban, returnReason: 'AC04' }],
      },
      { creditDebit: 'DBIT', bookingDate: D(17), transactions: [{ amount: 25_000, msgId: msgId2, name: 'Pichler' }] },
      { creditDebit: 'CRDT', bookingDate: D(18), transactions: [{ amount: 4_200, name: 'Unbekannt', remittance: 'Rückerstattung' }] },
    ]);
    const proposals = await c.statements.import({ ...scope(), content: second });
    expect(proposals.entries[0]!.proposal).toMatchObject({
      kind: 'returnPayment',
      orderId: ids.order,
      returnedOn: D(15),
      instalments: [{ paymentId: inst.B1!.paymentId, amount: 30_050 }],
    });
    expect(proposals.entries[1]!.proposal).toMatchObject({
      kind: 'registerOrder',
      orderId: ids.order2,
      matchedBy: 'msgId',
      instalments: [{ paymentId: inst.D1!.paymentId }],
    });
    const done = await c.statements.confirm({ ...scope(), content: second, decisions: [accept(0), accept(1), { index: 2, action: 'skip' }] });
    expect(done.entries.map((e) => e.outcome)).toEqual(['returned', 'registered', 'skipped']);
    const protocol = await c.payments.protocol({ ...scope(), orderId: ids.order });
    expect(protocol.items.find((i) => i.paymentId === inst.B1!.paymentId)?.returnedOn).toBe(D(15));
    // a revenue booked by hand on the 16th, on no statement
    const byHand = await c.movements.save({
      ...scope(),
      kind: 'revenues',
      type: 0,
      recordDate: D(16),
      accountId: ids.B9,
      positions: [{ chapter: '11001', amount: 1_000 }],
    });
    const rec = await c.statements.reconciliation({ ...scope(), accountId: ids.B9 });
    expect(rec).toMatchObject({ date: D(19), bankBalance: 404_605 + 30_050 - 25_000 + 4_200, difference: 4_200 - 1_000, unexplained: 0 });
    expect(rec.unbooked.map((l) => [l.amount, l.creditDebit, l.outcome])).toEqual([[4_200, 'CRDT', 'skipped']]);
    expect(rec.notOnStatement.map((b) => [b.source, b.amount, b.movementId])).toEqual([['revenue', 1_000, byHand.id]]);
  });

  it('refuses a statement of an IBAN that is no account of the department, naming it, and a file over the size limit', async () => {
    const c = await as('zwei');
    const foreign = camtXml({ statementId: 'X', createdAt: `${D(19)}T10:00:00`, iban: 'IT40S0542811101000000999999', entries: [] });
    await expectAppError(c.statements.import({ ...scope(), content: foreign }), 'StatementAccount', { params: { iban: 'IT40S0542811101000000999999' } });
    await expectAppError(c.statements.import({ ...scope(), content: 'not xml at all' }), 'StatementFormat', { params: { reason: 'NotXml' } });
    const auditor = await as('revisor');
    await expectAppError(auditor.statements.import({ ...scope(), content: first }), 'ReadOnlyAccess');
  });
});
