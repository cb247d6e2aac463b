import { execRows, schema } from '@app/db';
import { and, count, eq, sql } from 'drizzle-orm';
import { expect, it } from 'vitest';
import { expectInvalid } from '../../test-fields.ts';
import { accountIdOf, CURRENT_YEAR, departmentId, describeOnDatabases, expectAppError, signInAs } from '../../test-utils.ts';

const { accountBalances, accountTransfers, budgetHeads, suppliers } = schema;

const YEAR = CURRENT_YEAR;
const PREV = YEAR - 1;
const JUNE = new Date(`${YEAR}-06-15T10:00:00Z`);

/**
 * Account transfers and balances on PGlite and PostgreSQL (spec 3 §2, DOMAIN decisions 1, 2, 8, 12).
 * The scope is FF Eppan (102): its first year in the system is PREV (the demo's previous year, forecast
 * approved, a year of demo bookings), so initial balances are typed there and carried into YEAR. Two
 * test accounts T1 (bank) and T2 (cash) start empty, so every figure on them is a hand calculation.
 */
describeOnDatabases('cash: account transfers and balances', (get) => {
  const as = signInAs(get, '10.12', JUNE);
  const deptId = (code: string) => departmentId(get(), code);
  async function scope(year = YEAR, code = '102') {
    return { departmentId: await deptId(code), year };
  }
  const accountId = (code: string, dept = '102') => accountIdOf(get(), dept, code);
  /** The first chapter of the part and title 1 with a budget line of 102 in PREV. */
  async function chapterOf(part: 1 | 2) {
    const [row] = await execRows<{ chapter: string }>(
      get().db,
      sql`select c.chapter from chapter_budgets l join chapters c on c.id = l.chapter_id
          where l.department_id = ${await deptId('102')} and l.year = ${PREV} and l.chapter_year = ${PREV} and c.chapter like ${`${part}1%`}
          order by c.chapter limit 1`,
    );
    if (!row) throw new Error(`no chapter of part ${part}`);
    return row.chapter;
  }
  async function transferCount() {
    const [row] = await get().db.select({ n: count() }).from(accountTransfers);
    return row?.n ?? 0;
  }
  type Caller = Awaited<ReturnType<typeof as>>;
  async function balanceOf(c: Caller, code: string, year: number) {
    const balances = await c.accountBalances.get(await scope(year));
    const row = balances.accounts.find((a) => a.accountCode === code);
    return row && [row.initialBalance, row.movementsBalance, row.finalBalance];
  }
  async function transfer(from: string, to: string, amount: number, extra: Record<string, unknown> = {}) {
    return {
      ...(await scope()),
      recordDate: `${YEAR}-02-10`,
      accountIdFrom: await accountId(from),
      accountIdTo: await accountId(to),
      amount,
      note: `${from} -> ${to}`,
      ...extra,
    };
  }

  it('the demo seed: typed initial balances keep every account at or above zero on every day of the first year, with transfers', async () => {
    const lowest = await execRows<{ code: string; account: string; lowest: string; transfers: number | string }>(
      get().db,
      sql`with flows as (
            select m.account_id, m.record_date as day, p.amount from movement_positions p join movements m on m.id = p.movement_id
              where m.type = 0 and m.year = ${PREV} and not m.cancelled
            union all select m.account_id, pay.date_paid, -pay.amount from movement_payments pay join movements m on m.id = pay.movement_id
              where pay.date_paid is not null and m.year = ${PREV} and not m.cancelled
            union all select account_from_id, record_date, -amount from account_transfers where year = ${PREV}
            union all select account_to_id, record_date, amount from account_transfers where year = ${PREV}),
          days as (select account_id, day, sum(amount) as amount from flows group by account_id, day),
          running as (select account_id, sum(amount) over (partition by account_id order by day) as balance from days)
          select d.code, a.code as account, (b.initial_balance + min(r.balance))::text as lowest,
            (select count(*) from account_transfers t where t.department_id = d.id and t.year = ${PREV}) as transfers
          from running r join accounts a on a.id = r.account_id join departments d on d.id = a.department_id
          join account_balances b on b.account_id = a.id and b.year = ${PREV}
          group by d.id, d.code, a.code, b.initial_balance order by d.code, a.code`,
    );
    expect(lowest.length).toBe(14);
    for (const row of lowest) {
      expect(Number(row.lowest), `${row.code} ${row.account}`).toBeGreaterThanOrEqual(0);
      expect(Number(row.transfers)).toBe(4);
    }
  });

  it('initial balances are typed in the first year only; the next year starts with its final balance', async () => {
    const c = await as('zwei');
    const first = await scope(PREV);
    await c.accounts.create({ ...first, code: 'T1', descriptionDeu: 'Testbank', descriptionIta: 'Banca test', type: 2 });
    await c.accounts.create({ ...first, code: 'T2', descriptionDeu: 'Testkassa', descriptionIta: 'Cassa test', type: 1 });
    const t1 = await accountId('T1');
    const before = await c.accountBalances.get(first);
    expect(before).toMatchObject({ editable: true, isFirstYear: true, isBudgetClosed: false });
    expect(before.accounts.map((a) => [a.type, a.accountCode])).toEqual([
      [1, 'K1'],
      [1, 'T2'],
      [2, 'B1'],
      [2, 'T1'],
    ]);
    // the demo seed typed initial balances for K1 and B1
    expect(before.accounts.filter((a) => a.accountCode < 'T').every((a) => a.initialBalance > 0 && a.finalBalance > 0)).toBe(true);

    const saved = await c.accountBalances.save({ ...first, accounts: [{ accountId: t1, accountCode: 't1', initialBalance: 100_000 }] });
    expect(saved.accounts.find((a) => a.accountCode === 'T1')).toMatchObject({ initialBalance: 100_000, movementsBalance: 0, finalBalance: 100_000 });
    expect(saved.totals.initialBalance).toBe(before.totals.initialBalance + 100_000);
    expect(saved.totals.finalBalance).toBe(saved.accounts.reduce((sum, a) => sum + a.finalBalance, 0));

    // a later year: read-only, its initial balances are the previous year's final balances
    const next = await c.accountBalances.get(await scope());
    expect(next).toMatchObject({ editable: false, isFirstYear: false });
    expect(next.accounts.map((a) => a.initialBalance)).toEqual(saved.accounts.map((a) => a.finalBalance));
    await expectAppError(c.accountBalances.save({ ...(await scope()), accounts: [{ accountId: t1, initialBalance: 1 }] }), 'BalanceNotEditable');

    // bad input names the field, writes nothing
    await expectInvalid(c.accountBalances.save({ ...first, accounts: [{ accountId: t1, accountCode: 'K1', initialBalance: 5 }] }), 'accounts.0.accountCode');
    await expectInvalid(
      c.accountBalances.save({ ...first, accounts: [{ accountId: await accountId('K1', '101'), initialBalance: 5 }] }),
      'accounts.0.accountId',
    );
    await expectAppError(c.accountBalances.save({ ...first, accounts: [{ accountId: t1, initialBalance: 0.5 }] }), 'InvalidValue');
    const rows = await get().db.select().from(accountBalances).where(eq(accountBalances.accountId, t1));
    expect(rows).toEqual([{ accountId: t1, year: PREV, initialBalance: 100_000 }]);
    // another department's standard user
    const kassier = await as('kassier');
    await expectAppError(kassier.accountBalances.get(first), 'DepartmentNotAllowed');
    await expectAppError(kassier.accountBalances.save({ ...first, accounts: [{ accountId: t1, initialBalance: 0 }] }), 'DepartmentNotAllowed');
  });

  it('the cash of an account to the cent: revenues, payments done, open and paid instalments, transfers, initial balance', async () => {
    const c = await as('zwei');
    const first = await scope(PREV);
    const [t1, t2] = [await accountId('T1'), await accountId('T2')];
    const [revenue, expense] = [await chapterOf(1), await chapterOf(2)];
    const totalBefore = (await c.accountBalances.total(first)).cashBalance;
    const [supplier] = await get()
      .db.select({ id: suppliers.id })
      .from(suppliers)
      .where(eq(suppliers.departmentId, first.departmentId))
      .orderBy(suppliers.code)
      .limit(1);
    const expenseHead = { ...first, kind: 'expenses' as const, documentDate: `${PREV}-05-02`, accountId: t1, confirmAvailableExceeded: true };

    await c.movements.save({
      ...first,
      kind: 'revenues',
      type: 0,
      recordDate: `${PREV}-05-02`,
      accountId: t1,
      positions: [{ chapter: revenue, amount: 25_075 }],
    });
    await c.movements.save({ ...expenseHead, type: 1, recordDate: `${PREV}-05-03`, positions: [{ chapter: expense, amount: 10_050 }] });
    const open = await c.movements.save({
      ...expenseHead,
      type: 2,
      recordDate: `${PREV}-05-04`,
      supplierId: supplier?.id ?? null,
      positions: [{ chapter: expense, amount: 30_000 }],
      payments: [
        { amount: 20_000, dateDue: `${PREV}-06-01`, datePaid: `${PREV}-06-03` },
        { amount: 10_000, dateDue: `${PREV}-12-01`, datePaid: null },
      ],
    });
    // an open payment never paid moves no cash
    await c.movements.save({
      ...expenseHead,
      type: 2,
      recordDate: `${PREV}-05-05`,
      supplierId: supplier?.id ?? null,
      positions: [{ chapter: expense, amount: 5_000 }],
    });
    const a = await c.accountTransfers.save({ ...first, recordDate: `${PREV}-07-01`, accountIdFrom: t1, accountIdTo: t2, amount: 4_000, note: 'Bargeld' });
    const b = await c.accountTransfers.save({ ...first, recordDate: `${PREV}-07-02`, accountIdFrom: t2, accountIdTo: t1, amount: 999 });
    await c.accountTransfers.save({ ...first, recordDate: `${PREV}-07-03`, accountIdFrom: t1, accountIdTo: t2, amount: 1 });
    expect(b.recordNumber).toBe(a.recordNumber + 1);
    // an earlier transfer is cancelled: it counts nothing
    expect(await c.accountTransfers.delete({ ...first, id: b.id })).toEqual({ deleted: false, cancelled: true, recordNumber: b.recordNumber });

    // T1: 1.000,00 + 250,75 - 100,50 - 200,00 (paid instalment) - 40,00 - 0,01 = 910,24; T2: 40,00 + 0,01
    expect(await balanceOf(c, 'T1', PREV)).toEqual([100_000, -8_976, 91_024]);
    expect(await balanceOf(c, 'T2', PREV)).toEqual([0, 4_001, 4_001]);
    expect((await c.accountBalances.total(first)).cashBalance).toBe(totalBefore + 91_024 - 100_000 + 4_001);
    // the next year starts there
    expect(await balanceOf(c, 'T1', YEAR)).toEqual([91_024, 0, 91_024]);

    // the second instalment is paid: 100,00 more out of T1
    await c.movements.save({
      ...expenseHead,
      recordNumber: open.recordNumber,
      type: 2,
      recordDate: `${PREV}-05-04`,
      supplierId: supplier?.id ?? null,
      positions: [{ chapter: expense, amount: 30_000 }],
      payments: [
        { amount: 20_000, dateDue: `${PREV}-06-01`, datePaid: `${PREV}-06-03` },
        { amount: 10_000, dateDue: `${PREV}-12-01`, datePaid: `${PREV}-12-01` },
      ],
    });
    expect(await balanceOf(c, 'T1', PREV)).toEqual([100_000, -18_976, 81_024]);
    const yearTotal = (await c.accountBalances.total(await scope())).cashBalance;
    const nextYear = await c.accountBalances.get(await scope());
    expect(nextYear.totals).toEqual({ initialBalance: yearTotal, movementsBalance: 0, finalBalance: yearTotal });
    expect(yearTotal).toBe((await c.accountBalances.get(first)).totals.finalBalance);
    // the home card shows the same figure
    expect((await c.overview.home(await scope())).bookings.cashBalance).toBe(yearTotal);
  });

  it('refuses every bad transfer with its error name and writes nothing', async () => {
    const c = await as('zwei');
    const before = await transferCount();
    await expectAppError(c.accountTransfers.save(await transfer('K1', 'B1', 100, { recordDate: `${YEAR + 1}-01-01` })), 'DateAfter31.12');
    await expectAppError(c.accountTransfers.save(await transfer('K1', 'B1', 100, { recordDate: `${YEAR - 1}-12-31` })), 'InvalidDate');
    await expectAppError(c.accountTransfers.save(await transfer('K1', 'B1', 100, { recordDate: `${YEAR}-06-16` })), 'InvalidDate');
    // not a date at all: refused by the input schema, naming the field
    await expectInvalid(c.accountTransfers.save(await transfer('K1', 'B1', 100, { recordDate: `${YEAR}-02-30` })), 'recordDate');
    await expectInvalid(c.accountTransfers.save(await transfer('K1', 'K1', 100)), 'accountIdTo');
    await expectInvalid(c.accountTransfers.save(await transfer('K1', 'B1', 0)), 'amount');
    await expectInvalid(c.accountTransfers.save(await transfer('K1', 'B1', -100)), 'amount');
    await expectInvalid(c.accountTransfers.save({ ...(await transfer('K1', 'B1', 100)), accountIdFrom: await accountId('K1', '101') }), 'accountIdFrom');
    await expectInvalid(c.accountTransfers.save({ ...(await transfer('K1', 'B1', 100)), accountIdTo: 999_999 }), 'accountIdTo');
    await expectAppError(c.accountTransfers.save(await transfer('K1', 'B1', 100, { recordNumber: 2, asNew: true })), 'InvalidRecordNumber');
    await expectAppError(c.accountTransfers.save(await transfer('K1', 'B1', 100, { recordNumber: 7 })), 'RecordNotFound');
    await expectAppError(c.accountTransfers.get({ ...(await scope()), recordNumber: 1 }), 'RecordNotFound');
    await expectAppError(c.accountTransfers.delete({ ...(await scope()), recordNumber: 1 }), 'RecordNotFound');
    const kassier = await as('kassier');
    await expectAppError(kassier.accountTransfers.save(await transfer('K1', 'B1', 100)), 'DepartmentNotAllowed');
    await expectAppError(kassier.accountTransfers.list({ ...(await scope()) }), 'DepartmentNotAllowed');
    expect(await transferCount()).toBe(before);
  });

  it('numbers stay gap-free: the latest is deleted and its number reused, an earlier one cancelled', async () => {
    const c = await as('zwei');
    const s = await scope();
    expect((await c.accountTransfers.context(s)).nextRecordNumber).toBe(1);
    const one = await c.accountTransfers.save(await transfer('B1', 'K1', 50_000, { note: 'Bargeld für das Fest' }));
    expect(one).toMatchObject({
      recordNumber: 1,
      recordDate: `${YEAR}-02-10`,
      amount: 50_000,
      note: 'Bargeld für das Fest',
      cancelled: false,
      isLatest: true,
      isEditable: true,
      accountFrom: { id: await accountId('B1'), code: 'B1', type: 2 },
      accountTo: { id: await accountId('K1'), code: 'K1', type: 1, descriptionDeu: 'Kassa', descriptionIta: 'Cassa' },
    });
    const two = await c.accountTransfers.save(await transfer('K1', 'B1', 20_000));
    const three = await c.accountTransfers.save(await transfer('K1', 'B1', 300, { recordNumber: 3, asNew: true }));
    expect([two.recordNumber, three.recordNumber]).toEqual([2, 3]);
    await expectAppError(c.accountTransfers.save(await transfer('K1', 'B1', 1, { recordNumber: 2, asNew: true })), 'RecordNumberUsed');
    // the latest goes, its number comes back
    expect(await c.accountTransfers.delete({ ...s, recordNumber: 3 })).toEqual({ deleted: true, cancelled: false, recordNumber: 3 });
    expect((await c.accountTransfers.save(await transfer('K1', 'B1', 700))).recordNumber).toBe(3);
    // an earlier one is cancelled: number kept, amount 0, no longer editable
    expect(await c.accountTransfers.delete({ ...s, recordNumber: 2 })).toEqual({ deleted: false, cancelled: true, recordNumber: 2 });
    expect(await c.accountTransfers.get({ ...s, recordNumber: 2 })).toMatchObject({ amount: 0, cancelled: true, isLatest: false, isEditable: false });
    await expectInvalid(c.accountTransfers.save(await transfer('K1', 'B1', 1, { recordNumber: 2 })), 'recordNumber');
    // an edit keeps the number
    const edited = await c.accountTransfers.save(await transfer('B1', 'K1', 45_000, { recordNumber: 1, note: 'korrigiert' }));
    expect(edited).toMatchObject({ id: one.id, recordNumber: 1, amount: 45_000, note: 'korrigiert', isLatest: false });
    const page = await c.accountTransfers.list({ ...s, pageSize: 2 });
    expect(page).toMatchObject({ total: 3, totalPages: 2, page: 1 });
    expect(page.entities.map((t) => [t.recordNumber, t.amount, t.cancelled])).toEqual([
      [3, 700, false],
      [2, 0, true],
    ]);
    expect((await c.accountTransfers.list({ ...s, search: 'korrig' })).entities.map((t) => t.recordNumber)).toEqual([1]);
    expect((await c.accountTransfers.list({ ...s, search: `10.02.${YEAR}` })).total).toBe(3);
    expect((await c.accountTransfers.list({ ...s, search: '3' })).entities.map((t) => t.recordNumber)).toEqual([3]);
    expect((await c.accountTransfers.context(s)).nextRecordNumber).toBe(4);
    // K1 and B1 of the year: +450,00 -7,00 on K1, the reverse on B1 (the cancelled one counts nothing)
    const k1 = await balanceOf(c, 'K1', YEAR);
    const b1 = await balanceOf(c, 'B1', YEAR);
    expect([k1?.[1], b1?.[1]]).toEqual([44_300, -44_300]);
    // once the later one is gone, the cancelled record is the latest: deleted too, its number given back
    expect(await c.accountTransfers.delete({ ...s, recordNumber: 3 })).toMatchObject({ deleted: true });
    expect(await c.accountTransfers.delete({ ...s, recordNumber: 2 })).toEqual({ deleted: true, cancelled: false, recordNumber: 2 });
    expect((await c.accountTransfers.context(s)).nextRecordNumber).toBe(2);
    expect((await balanceOf(c, 'K1', YEAR))?.[1]).toBe(45_000);
  });

  it('concurrent saves of one scope get unique gap-free numbers', async () => {
    const c = await as('zwei');
    const s = await scope();
    const next = (await c.accountTransfers.context(s)).nextRecordNumber;
    const inputs = await Promise.all(Array.from({ length: 10 }, (_, i) => transfer(i % 2 ? 'K1' : 'B1', i % 2 ? 'B1' : 'K1', 100 + i)));
    const saved = await Promise.all(inputs.map((input) => c.accountTransfers.save(input)));
    expect(saved.map((t) => t.recordNumber).sort((a, b) => a - b)).toEqual(Array.from({ length: 10 }, (_, i) => next + i));
    // back to what the next tests expect: the ten latest are deleted one by one, numbers given back
    for (const n of Array.from({ length: 10 }, (_, i) => next + 9 - i))
      expect(await c.accountTransfers.delete({ ...s, recordNumber: n })).toMatchObject({ deleted: true, recordNumber: n });
    expect((await c.accountTransfers.context(s)).nextRecordNumber).toBe(next);
  });

  it('an account with money on it stays active (AccountHasBalance); at zero it can go, used or not, and keeps its history', async () => {
    const c = await as('zwei');
    const s = await scope();
    const t2 = await accountId('T2');
    await expectAppError(c.accounts.patch({ ...s, id: t2, inactive: true }), 'AccountHasBalance');
    expect((await c.accounts.get({ ...s, id: t2 })).canInactivate).toBe(false);
    await c.accountTransfers.save(await transfer('T2', 'T1', 4_001, { recordDate: `${YEAR}-03-01` }));
    expect((await c.accounts.get({ ...s, id: t2 })).canInactivate).toBe(true);
    // in the previous year the money was still there
    expect((await c.accounts.get({ ...(await scope(PREV)), id: t2 })).canInactivate).toBe(false);
    expect(await c.accounts.patch({ ...s, id: t2, inactive: true })).toMatchObject({ inactive: true, canInactivate: true });
    expect(await balanceOf(c, 'T2', YEAR)).toEqual([4_001, -4_001, 0]);
    expect((await c.accountBalances.get(s)).accounts.find((a) => a.accountCode === 'T2')?.inactive).toBe(true);
    expect((await c.accountTransfers.context(s)).accounts.map((a) => a.code)).not.toContain('T2');
    await expectInvalid(c.accountTransfers.save(await transfer('T1', 'T2', 1)), 'accountIdTo');
    // an inactive account keeps its zero initial balance
    await expectInvalid(c.accountBalances.save({ ...(await scope(PREV)), accounts: [{ accountId: t2, initialBalance: 1 }] }), 'accounts.0.initialBalance');
  });

  it('a closed budget makes transfers and balances read-only (BudgetClosed)', async () => {
    const c = await as('zwei');
    const s = await scope();
    const first = await scope(PREV);
    const close = (year: number, date: string | null) =>
      get()
        .db.update(budgetHeads)
        .set({ finalApproved: date })
        .where(and(eq(budgetHeads.departmentId, s.departmentId), eq(budgetHeads.year, year)));
    await close(YEAR, `${YEAR}-04-30`);
    await close(PREV, `${YEAR}-03-30`);
    try {
      const before = await transferCount();
      await expectAppError(c.accountTransfers.save(await transfer('K1', 'B1', 100)), 'BudgetClosed');
      await expectAppError(c.accountTransfers.delete({ ...s, recordNumber: 4 }), 'BudgetClosed');
      expect(await c.accountTransfers.get({ ...s, recordNumber: 1 })).toMatchObject({ isEditable: false });
      expect(await c.accountTransfers.context(s)).toMatchObject({ isBudgetClosed: true, isEditable: false });
      expect(await c.accountBalances.get(first)).toMatchObject({ editable: false, isBudgetClosed: true, isFirstYear: true });
      await expectAppError(c.accountBalances.save({ ...first, accounts: [{ accountId: await accountId('T1'), initialBalance: 0 }] }), 'BudgetClosed');
      expect(await transferCount()).toBe(before);
    } finally {
      await close(YEAR, null);
      await close(PREV, null);
    }
  });
});
