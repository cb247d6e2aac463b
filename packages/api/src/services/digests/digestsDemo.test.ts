import { execRows } from '@app/db';
import { sql } from 'drizzle-orm';
import { expect, it } from 'vitest';
import { accountIdOf, CURRENT_YEAR, departmentId, describeOnDatabases, expectAppError, signInAs } from '../../test-utils.ts';
import { addResidueLine } from '../bookings.testkit.ts';

const PREV = CURRENT_YEAR - 1;
const NOW = new Date(`${CURRENT_YEAR}-06-15T10:00:00Z`);

/**
 * The digests on the demo data of FF Eppan (102) in the previous year (a year of bookings: revenues,
 * bills in instalments some still open, transfers to title 3, account transfers, reservations):
 * every digest reconciles with the figures the other modules compute — the cash journal's final
 * balance with Accounts/Balance, every chapter register's rows with Budget/Chapter's box, the supplier
 * digests with the open payments.
 */
describeOnDatabases('digests on the demo data', (get) => {
  const as = signInAs(get, '10.31', NOW);
  const scope = async () => ({ departmentId: await departmentId(get(), '102'), year: PREV });

  it('the cash journal of every account ends at the account balance of services/cash; the running balance steps row by row', async () => {
    const c = await as('zwei');
    const s = await scope();
    const balances = await c.accountBalances.get(s);
    expect(balances.accounts.length).toBeGreaterThan(1);
    for (const account of balances.accounts) {
      const journal = await c.digests.cashJournal({ ...s, accountId: account.accountId });
      expect(journal.dateFromBalance, account.accountCode).toBe(account.initialBalance);
      expect(journal.movementsBalance, account.accountCode).toBe(account.movementsBalance);
      expect(journal.finalBalance, account.accountCode).toBe(account.finalBalance);
      let running = journal.dateFromBalance;
      for (const row of journal.movements) {
        running += row.amount;
        expect(row.finalBalance).toBe(running);
      }
      expect(running).toBe(account.finalBalance);
      const dates = journal.movements.map((r) => r.recordDate);
      expect([...dates].sort()).toEqual(dates);
    }
    // the bank account by code: revenues, paid instalments and transfers all there
    const b1 = await c.digests.cashJournal({ ...s, accountCode: 'B1' });
    expect(new Set(b1.movements.map((r) => r.kind))).toEqual(new Set(['revenue', 'paymentDone', 'paymentOpen', 'accountTransfer']));
    expect(b1.totalProfit - b1.totalLoss).toBe(b1.movementsBalance);
  });

  it('a chapter register for every line of the year: the rows of each figure sum to the box', async () => {
    const c = await as('zwei');
    const s = await scope();
    const list = await c.digests.chaptersList({ ...s, withMovements: true });
    expect(list.chapters.length).toBeGreaterThan(5);
    let rows = 0;
    for (const d of list.chapters) {
      const sum = (figure: string) => d.movements.filter((r) => r.figure === figure).reduce((t, r) => t + r.amount, 0);
      expect([sum('budgetChanges'), sum('payments'), sum('openPayments'), sum('reservations')], d.chapter).toEqual([
        d.balance.budgetChanges,
        d.balance.payments,
        d.balance.openPayments,
        d.balance.reservations,
      ]);
      expect(d.totals).toEqual({
        budgetChanges: d.balance.budgetChanges,
        payments: d.balance.payments,
        openPayments: d.balance.openPayments,
        reservations: d.balance.reservations,
      });
      const last = d.movements.at(-1);
      if (last) expect(last.finalBalance, d.chapter).toBe(d.balance.availableAfterPlannedExpenses);
      const single = await c.budget.chapter({ ...s, chapter: d.chapter });
      expect(d.balance).toEqual(single);
      rows += d.movements.length;
    }
    expect(rows).toBeGreaterThan(80);
  });

  it('the supplier digests: paid and not paid add up to the scope`s open payments', async () => {
    const c = await as('zwei');
    const s = await scope();
    const list = await c.digests.suppliersList({ ...s });
    expect(list.suppliers.length).toBeGreaterThan(0);
    const [open] = await execRows<{ open: string }>(
      get().db,
      sql`select coalesce(sum(pay.amount), 0)::text as open from movement_payments pay join movements m on m.id = pay.movement_id
          where m.department_id = ${s.departmentId} and m.year = ${PREV} and m.supplier_id is not null and pay.date_paid is null`,
    );
    expect(list.totals.totalNotPaid).toBe(Math.round(Number(open?.open) * 100));
    expect(list.totals.totalNotPaid).toBeGreaterThan(0);
    for (const d of list.suppliers) {
      expect(d.totalSum).toBe(d.totalPaid + d.totalNotPaid);
      expect(d.movements.reduce((t, r) => t + r.paid, 0)).toBe(d.totalPaid);
      const one = await c.digests.supplier({ ...s, supplierCode: d.supplierCode });
      expect(one).toEqual(d);
    }
  });

  it('availabilities: per title and part the totals of the chapters', async () => {
    const c = await as('zwei');
    const s = await scope();
    const a = await c.digests.availabilities(s);
    expect(a.parts.map((p) => p.part)).toEqual([1, 2]);
    for (const part of a.parts) {
      expect(part.totals.budgetFinal).toBe(part.titles.reduce((t, x) => t + x.totals.budgetFinal, 0));
      for (const title of part.titles) {
        expect(title.descriptionDeu).not.toBe('');
        expect(title.totals.payments).toBe(title.chapters.reduce((t, x) => t + x.payments, 0));
      }
    }
  });

  it('a residue line of the current year: the bills carried from the previous year, paid there or still open, sum to its box', async () => {
    const c = await as('zwei');
    const s = await scope();
    // the expense chapter of the previous year with the most unpaid instalments
    const [open] = await execRows<{ chapter: string; payment_id: number | string; amount: string }>(
      get().db,
      sql`select c.chapter, min(pay.id) as payment_id, sum(sh.amount)::text as amount
          from movement_payments pay join movement_payment_shares sh on sh.payment_id = pay.id
          join movement_positions p on p.id = sh.position_id join movements m on m.id = p.movement_id
          join chapter_budgets l on l.id = p.chapter_budget_id join chapters c on c.id = l.chapter_id
          where m.department_id = ${s.departmentId} and m.year = ${PREV} and pay.date_paid is null and not m.cancelled
          group by c.chapter order by count(*) desc, c.chapter limit 1`,
    );
    if (!open) throw new Error('the demo has no open bill');
    const before = await c.digests.chapter({ ...s, chapter: open.chapter });
    const current = { departmentId: s.departmentId, year: CURRENT_YEAR };
    const [paidOn] = await execRows<{ account_id: number | string; amount: string }>(
      get().db,
      sql`select m.account_id, pay.amount::text as amount from movement_payments pay join movements m on m.id = pay.movement_id where pay.id = ${open.payment_id}`,
    );
    const accountId = Number(paidOn?.account_id);
    const instalment = Math.round(Number(paidOn?.amount) * 100);
    const openBefore = [(await c.digests.cashJournal({ ...s, accountId })).openPayments, (await c.digests.cashJournal({ ...current, accountId })).openPayments];
    expect(openBefore[1]).toBe(openBefore[0]);
    expect(openBefore[0]).toBeGreaterThanOrEqual(instalment);
    await addResidueLine(get(), current, open.chapter, 100_000);
    // one of the carried instalments is paid in January of the current year
    await get().db.execute(sql`update movement_payments set date_paid = ${`${CURRENT_YEAR}-01-15`} where id = ${open.payment_id}`);
    const residue = await c.digests.chapter({ ...current, chapter: open.chapter, chapterYear: PREV });
    const box = await c.budget.chapter({ ...current, chapter: open.chapter, chapterYear: PREV });
    expect(residue.balance).toEqual(box);
    expect(box.payments + box.openPayments).toBe(Math.round(Number(open.amount) * 100));
    expect(box.payments).toBeGreaterThan(0);
    const sum = (figure: string) => residue.movements.filter((r) => r.figure === figure).reduce((t, r) => t + r.amount, 0);
    expect([sum('payments'), sum('openPayments')]).toEqual([box.payments, box.openPayments]);
    expect(new Set(residue.movements.map((r) => r.recordYear))).toEqual(new Set([PREV]));
    expect(residue.movements.at(-1)?.finalBalance).toBe(box.availableAfterPlannedExpenses);
    // its cash leaves in the year paid: the current year's journal of its account lists it, the previous year's not
    const journalNow = await c.digests.cashJournal({ ...current, accountId });
    expect(journalNow.movements.filter((r) => r.paymentId === Number(open.payment_id)).map((r) => r.recordDate)).toEqual([`${CURRENT_YEAR}-01-15`]);
    const journalPrev = await c.digests.cashJournal({ ...s, accountId });
    expect(journalPrev.movements.some((r) => r.paymentId === Number(open.payment_id))).toBe(false);
    // not yet paid: open at the end of the previous year still, no longer in the current year
    expect([journalPrev.openPayments, journalNow.openPayments]).toEqual([openBefore[0], (openBefore[1] ?? 0) - instalment]);
    for (const [journal, scopeOf] of [
      [journalNow, current],
      [journalPrev, s],
    ] as const) {
      const balance = (await c.accountBalances.get(scopeOf)).accounts.find((a) => a.accountId === accountId);
      expect([journal.dateFromBalance, journal.finalBalance]).toEqual([balance?.initialBalance, balance?.finalBalance]);
    }
    // in its own year the instalment paid in January stays open
    const after = await c.digests.chapter({ ...s, chapter: open.chapter });
    expect([after.balance.payments, after.balance.openPayments]).toEqual([before.balance.payments, before.balance.openPayments]);
    expect(after.totals).toEqual(before.totals);
  });

  it('Standard users only for their departments', async () => {
    const c = await as('kassier');
    const s = await scope();
    await expectAppError(c.digests.cashJournal({ ...s, accountId: await accountIdOf(get(), '102', 'K1') }), 'DepartmentNotAllowed');
    await expectAppError(c.digests.chapter({ ...s, chapter: '21001' }), 'DepartmentNotAllowed');
    const own = { departmentId: await departmentId(get(), '101'), year: PREV };
    // an account of another department is not found in one's own scope
    await expectAppError(c.digests.cashJournal({ ...own, accountId: await accountIdOf(get(), '102', 'K1') }), 'RecordNotFound');
  });
});
