import { addDays, type BudgetChapter, Part } from '@app/domain';
import { expect, it } from 'vitest';
import { CURRENT_YEAR, departmentId, describeOnDatabases, expectAppError, signInAs } from '../../test-utils.ts';

/**
 * Overview/Year (issue 30) on the demo fixture's booked previous year: every figure drawn equals the books as their
 * own reads answer them — the titles' sums equal the sums of Budget/Chapters, the month-end balances equal the cash
 * journal's balance up to each month's last day, December equals Accounts/Balance, the instalments due equal
 * Payments/Open up to 30 days ahead, the criteria equal FinalBalance's.
 */
const PREV = CURRENT_YEAR - 1;
const TODAY = `${PREV}-12-20`;
const NOW = new Date(`${TODAY}T10:00:00Z`);

const lastDay = (year: number, month: number) => new Date(Date.UTC(year, month, 0)).toISOString().slice(0, 10);

describeOnDatabases('Overview/Year: the year at a glance equals the books', (get) => {
  const as = signInAs(get, '10.30', NOW);

  async function allChapters(c: Awaited<ReturnType<typeof as>>, scope: { departmentId: number; year: number }): Promise<BudgetChapter[]> {
    const out: BudgetChapter[] = [];
    for (const part of [Part.Revenues, Part.Expenses]) {
      for (let page = 1; ; page++) {
        const p = await c.budget.chapters({ ...scope, part, page, pageSize: 100 });
        out.push(...p.entities);
        if (page >= p.totalPages) break;
      }
    }
    return out;
  }

  for (const code of ['101', '102']) {
    it(`${code}: titles, tight chapters, month ends, due instalments and criteria as the books answer them`, async () => {
      const c = await as('supervisor');
      const scope = { departmentId: await departmentId(get(), code), year: PREV };
      const view = await c.overview.year(scope);
      expect(view).toMatchObject({ departmentId: scope.departmentId, year: PREV, date: TODAY });

      // titles: the sums of Budget/Chapters per part and title, the part's row their total
      const chapters = await allChapters(c, scope);
      expect(chapters.length).toBeGreaterThan(10);
      for (const part of [Part.Revenues, Part.Expenses]) {
        const ofPart = chapters.filter((ch) => ch.part === part);
        const titles = [...new Set(ofPart.map((ch) => ch.title))].sort((a, b) => a - b);
        const rows = view.titles.filter((t) => t.part === part);
        expect(rows.map((t) => t.title)).toEqual([...titles, null]);
        for (const row of rows) {
          const of = row.title === null ? ofPart : ofPart.filter((ch) => ch.title === row.title);
          const total = (pick: (ch: BudgetChapter) => number) => of.reduce((s, ch) => s + pick(ch), 0);
          expect(row).toEqual({
            part,
            title: row.title,
            budgetFinal: total((ch) => ch.budgetFinal),
            payments: total((ch) => ch.payments),
            openPayments: total((ch) => ch.openPayments),
            reservations: total((ch) => ch.reservations),
            availability: total((ch) => (part === Part.Expenses ? ch.availableAfterPlannedExpenses : ch.toReceive)),
          });
        }
        // a booked year: something is paid or collected in every part
        expect(rows.at(-1)!.payments).toBeGreaterThan(0);
      }

      // the tight chapters: each as Budget/Chapters has it; the first five use the highest shares; every exceeded one listed
      const expenses = chapters.filter((ch) => ch.part === Part.Expenses);
      const used = (ch: BudgetChapter) => ch.payments + ch.openPayments + ch.reservations;
      expect(view.tightChapters.length).toBeGreaterThanOrEqual(Math.min(5, expenses.filter((ch) => ch.budgetFinal > 0).length));
      for (const t of view.tightChapters) {
        const ch = expenses.find((e) => e.chapterId === t.chapterId)!;
        expect(t).toMatchObject({ chapter: ch.chapter, budgetFinal: ch.budgetFinal, used: used(ch), availability: ch.availableAfterPlannedExpenses });
        expect(t.exceeded).toBe(ch.availableAfterPlannedExpenses < 0);
      }
      const listed = new Set(view.tightChapters.map((t) => t.chapterId));
      for (const ch of expenses.filter((e) => e.availableAfterPlannedExpenses < 0)) expect(listed.has(ch.chapterId)).toBe(true);
      const lowestListedShare = Math.min(...view.tightChapters.slice(0, 5).map((t) => t.usedPerMille ?? Number.MAX_SAFE_INTEGER));
      for (const ch of expenses.filter((e) => !listed.has(e.chapterId) && e.budgetFinal > 0)) {
        expect(Math.floor((used(ch) * 1000) / ch.budgetFinal)).toBeLessThanOrEqual(lowestListedShare);
      }

      // month ends: the cash journal's balance up to each month's last day; December is Accounts/Balance's final balance
      const balances = await c.accountBalances.get(scope);
      expect(view.accounts.length).toBeGreaterThan(0);
      for (const account of view.accounts) {
        for (let month = 1; month <= 12; month++) {
          const journal = await c.digests.cashJournal({ ...scope, accountId: account.accountId, dateFrom: `${PREV}-01-01`, dateTo: lastDay(PREV, month) });
          expect(account.monthEnds[month - 1], `${account.accountCode} ${month}`).toBe(journal.finalBalance);
        }
        const final = balances.accounts.find((b) => b.accountId === account.accountId)!;
        expect(account.monthEnds[11]).toBe(final.finalBalance);
        expect(account.initialBalance).toBe(final.initialBalance);
      }
      expect(view.cashMonthEnds[11]).toBe(view.accounts.reduce((s, a) => s + a.monthEnds[11]!, 0));
      // the year's cash moved: some month differs from the one before
      expect(new Set(view.cashMonthEnds).size).toBeGreaterThan(1);

      // the instalments due: Payments/Open up to 30 days ahead (102 pays in instalments, 101 does not)
      if (code === '102') {
        const open = await c.payments.open({ ...scope, dateDueTo: addDays(TODAY, 30) });
        expect(view.openPaymentsAllowed).toBe(true);
        expect(open.count).toBeGreaterThan(0);
        expect(view.due.length + view.dueMore).toBe(open.count);
        expect(view.dueMore).toBe(0);
        expect(view.due.reduce((s, d) => s + d.amount, 0)).toBe(open.total);
        expect(view.due.every((d) => d.dateDue !== null && d.dateDue <= addDays(TODAY, 30))).toBe(true);
        expect(view.due.every((d) => d.overdue === d.dateDue! < TODAY)).toBe(true);
        expect(view.due.map((d) => d.dateDue)).toEqual([...view.due.map((d) => d.dateDue)].sort());
      } else {
        expect(view).toMatchObject({ openPaymentsAllowed: false, due: [], dueMore: 0 });
      }

      // the criteria: FinalBalance's flags in its order
      const fb = await c.finalBalance.get(scope);
      expect(view.criteria.map((k) => (k.passed ? 1 : 0))).toEqual(fb.criteria);
    });
  }

  it('a Standard user sees only his departments (DepartmentNotAllowed for another)', async () => {
    const c = await as('kassier');
    const own = await c.overview.year({ departmentId: await departmentId(get(), '101'), year: PREV });
    expect(own.titles.length).toBeGreaterThan(2);
    await expectAppError(c.overview.year({ departmentId: await departmentId(get(), '102'), year: PREV }), 'DepartmentNotAllowed');
  });
});
