import { schema } from '@app/db';
import { eq } from 'drizzle-orm';
import { expect, it } from 'vitest';
import { CURRENT_YEAR, departmentId, describeOnDatabases, expectAppError, signInAs } from '../test-utils.ts';

const { accountBalances, departments } = schema;

const YEAR = CURRENT_YEAR;
const PREV = YEAR - 1;
const JUNE = new Date(`${YEAR}-06-15T10:00:00Z`);

/**
 * One first-year rule (issue 24 item 9, DOMAIN decision 25) on PGlite and PostgreSQL: the demo
 * installation starts in PREV; brigade 1AB joins in YEAR, its second year, without a typed first year.
 * Its opening cash, its manual residues and its previous-year forecast amounts are typed in YEAR — the
 * first year it has a budget — and in no other year; a typed `firstYear` overrides the books.
 */
describeOnDatabases('one first year per department', (get) => {
  const as = signInAs(get, '10.41', JUNE);

  async function joiningBrigade() {
    const sup = await as('supervisor');
    const created = await sup.departments.create({
      departmentId: await departmentId(get(), '000'),
      code: '1AB',
      name1Deu: 'Freiwillige Feuerwehr',
      name2Deu: 'Kardaun',
      name1Ita: 'Vigili del Fuoco Volontari',
      name2Ita: 'Cardano',
    });
    expect(created.firstYear).toBeNull();
    return { sup, id: created.id };
  }

  it('a brigade created in the second year of the installation types its opening cash, residues and last year’s figures there', async () => {
    const { sup, id } = await joiningBrigade();
    const year = { departmentId: id, year: YEAR };
    const earlier = { departmentId: id, year: PREV };
    // nothing on its books yet: the year asked about is its first
    expect((await sup.scope.status(year)).isFirstYear).toBe(true);

    // the forecast of its first year takes last year's amounts as typed
    expect(await sup.budget.forecast.get({ ...year, part: 2 })).toMatchObject({ isPreviousYearBudgetEditable: true, positions: [] });
    const forecast = await sup.budget.forecast.save({ ...year, part: 2, positions: [{ chapter: '21003', amountCurrYear: 50_000, amountPrevYear: 41_234 }] });
    expect(forecast.positions.map((p) => [p.chapter, p.amountCurrYear, p.amountPrevYear])).toEqual([['21003', 50_000, 41_234]]);
    // from now on YEAR is its first year, PREV (before its books began) is not
    expect((await sup.scope.status(year)).isFirstYear).toBe(true);
    expect((await sup.scope.status(earlier)).isFirstYear).toBe(false);
    expect(await sup.budget.forecast.get({ ...earlier, part: 2 })).toMatchObject({ isPreviousYearBudgetEditable: false });

    // opening cash: typed in YEAR (BalanceNotEditable before issue 24: the installation began in PREV)
    const cash = await sup.accounts.create({ ...year, code: 'K1', descriptionDeu: 'Kassa', descriptionIta: 'Cassa', type: 1 });
    expect(await sup.accountBalances.get(year)).toMatchObject({ editable: true, isFirstYear: true });
    const saved = await sup.accountBalances.save({ ...year, accounts: [{ accountId: cash.id, initialBalance: 123_456 }] });
    expect(saved.accounts.map((a) => [a.accountCode, a.initialBalance, a.movementsBalance, a.finalBalance])).toEqual([['K1', 123_456, 0, 123_456]]);
    expect(saved.totals).toEqual({ initialBalance: 123_456, movementsBalance: 0, finalBalance: 123_456 });
    // the cash journal of the year opens with it
    expect((await sup.digests.cashJournal({ ...year, accountId: cash.id })).dateFromBalance).toBe(123_456);
    // the year before is not its first: read-only, refused, nothing written
    expect(await sup.accountBalances.get(earlier)).toMatchObject({ editable: false, isFirstYear: false });
    await expectAppError(sup.accountBalances.save({ ...earlier, accounts: [{ accountId: cash.id, initialBalance: 1 }] }), 'BalanceNotEditable');
    expect(await get().db.select().from(accountBalances).where(eq(accountBalances.accountId, cash.id))).toEqual([
      { accountId: cash.id, year: YEAR, initialBalance: 123_456 },
    ]);

    // manual residues: in YEAR, from before the system; not in PREV
    expect(await sup.residues.manualList(year)).toMatchObject({ isFirstYear: true, editable: true });
    const residue = await sup.residues.manualSave({ ...year, chapterYear: PREV, chapter: '21006', amount: 7_500, note: 'Rechnung 2025' });
    expect(residue).toMatchObject({ chapterYear: PREV, chapter: '21006', amount: 7_500, used: 0 });
    expect(await sup.residues.manualList(earlier)).toEqual({ rows: [], isFirstYear: false, isBudgetClosed: false, editable: false });
    await expectAppError(sup.residues.manualSave({ ...earlier, chapterYear: PREV - 1, chapter: '21006', amount: 1 }), 'Forbidden');

    // a typed first year wins over the books: PREV becomes its first year, YEAR derives
    await get().db.update(departments).set({ firstYear: PREV }).where(eq(departments.id, id));
    expect((await sup.scope.status(earlier)).isFirstYear).toBe(true);
    expect((await sup.scope.status(year)).isFirstYear).toBe(false);
    expect(await sup.budget.forecast.get({ ...year, part: 2 })).toMatchObject({ isPreviousYearBudgetEditable: false });
    await expectAppError(sup.accountBalances.save({ ...year, accounts: [{ accountId: cash.id, initialBalance: 1 }] }), 'BalanceNotEditable');
    await get().db.update(departments).set({ firstYear: null }).where(eq(departments.id, id));
    expect((await sup.scope.status(year)).isFirstYear).toBe(true);
  });

  it('opening balances typed before any forecast keep their year as the first', async () => {
    const sup = await as('supervisor');
    const created = await sup.departments.create({
      departmentId: await departmentId(get(), '000'),
      code: '1AC',
      name1Deu: 'Freiwillige Feuerwehr',
      name2Deu: 'Steinegg',
      name1Ita: 'Vigili del Fuoco Volontari',
      name2Ita: 'Collepietra',
    });
    const year = { departmentId: created.id, year: YEAR };
    const bank = await sup.accounts.create({ ...year, code: 'B1', descriptionDeu: 'Bank', descriptionIta: 'Banca', type: 2 });
    expect((await sup.scope.status({ departmentId: created.id, year: PREV })).isFirstYear).toBe(true);
    await sup.accountBalances.save({ ...year, accounts: [{ accountId: bank.id, initialBalance: 5_000 }] });
    // the typed balance is on its books: PREV is no longer a first year, so nothing typed there could hide it
    expect((await sup.scope.status({ departmentId: created.id, year: PREV })).isFirstYear).toBe(false);
    await expectAppError(
      sup.accountBalances.save({ departmentId: created.id, year: PREV, accounts: [{ accountId: bank.id, initialBalance: 1 }] }),
      'BalanceNotEditable',
    );
    await sup.budget.forecast.save({ ...year, part: 1, positions: [{ chapter: '11001', amountCurrYear: 5_000 }] });
    expect((await sup.accountBalances.get(year)).accounts.map((a) => [a.accountCode, a.initialBalance])).toEqual([['B1', 5_000]]);
  });
});
