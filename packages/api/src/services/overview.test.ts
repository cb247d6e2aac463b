import { execRows } from '@app/db';
import { overviewCsv } from '@app/reports';
import { sql } from 'drizzle-orm';
import { expect, it } from 'vitest';
import { CURRENT_YEAR, departmentId, describeOnDatabases, expectAppError, signInAs } from '../test-utils.ts';
import { figureSources } from './ledger/chapterFigures.ts';
import { cashSources } from './ledger/cashSources.ts';

const YEAR = CURRENT_YEAR;
const PREV = YEAR - 1;
const JUNE = new Date(`${YEAR}-06-15T10:00:00Z`);

describeOnDatabases('overview (home pages)', (get) => {
  const as = signInAs(get, '10.11', JUNE);
  const deptId = (code: string) => departmentId(get(), code);
  async function scope(code: string, year = YEAR) {
    return { departmentId: await deptId(code), year };
  }
  const pos = (chapter: string, amountCurrYear: number) => ({ chapter, amountCurrYear });
  const chg = (chapter: string, amount: number) => ({ chapter, amount });
  const codes = (rows: { code: string }[]) => rows.map((r) => r.code);

  it('the previous year: every demo forecast approved and balanced, totals by hand', async () => {
    const c = await as('supervisor');
    const list = await c.overview.departments({ ...(await scope('000', PREV)), pageSize: 30 });
    expect(codes(list.entities)).toEqual(['000', '100', '101', '102', '200', '201', '202']);
    expect(list.total).toBe(7);
    // 101 Leifers (105 % of the department plan): revenues 84.625,00 * 1,05, expenses 90.525,00 * 1,05
    expect(list.entities.find((r) => r.code === '101')).toEqual({
      departmentId: await deptId('101'),
      code: '101',
      nameDeu: 'Freiwillige Feuerwehr Leifers',
      nameIta: 'Corpo dei Vigili del Fuoco Volontari Laives',
      area: 3,
      revenues: 8_885_625,
      expenses: 9_505_125,
      surplusUsed: 619_500,
      balance: 0,
      state: 'approved',
      isBalanced: true,
      approval: `${PREV - 1}-12-15`,
      closed: false,
      finalApproval: null,
      lastChange: null,
    });
    // 102 Eppan (100 %) and 100 Bozen (district plan 38.340,00 / 42.340,00 at 110 %)
    expect(list.entities.find((r) => r.code === '102')).toMatchObject({ revenues: 8_462_500, expenses: 9_052_500, surplusUsed: 590_000, state: 'approved' });
    expect(list.entities.find((r) => r.code === '100')).toMatchObject({
      area: 2,
      revenues: 4_217_400,
      expenses: 4_657_400,
      surplusUsed: 440_000,
      state: 'approved',
    });
    expect(list.entities.every((r) => r.isBalanced && r.approval === `${PREV - 1}-12-15`)).toBe(true);
    // the revenues the screen shows and sorts by include the surplus used (a balanced forecast looks balanced)
    const byRevenues = await c.overview.departments({ ...(await scope('000', PREV)), pageSize: 30, sort: 'revenues', dir: 'desc' });
    const withSurplus = (r: { revenues: number; surplusUsed: number }) => r.revenues + r.surplusUsed;
    expect(codes(byRevenues.entities)).toEqual(codes([...list.entities].sort((a, b) => withSurplus(b) - withSurplus(a) || a.code.localeCompare(b.code))));
    // the final account's state: its approval day once approved
    await execRows(get().db, sql`update budget_heads set final_approved = ${`${YEAR}-03-20`} where department_id = ${await deptId('102')} and year = ${PREV}`);
    const closed = (await c.overview.departments({ ...(await scope('000', PREV)), pageSize: 30 })).entities.find((r) => r.code === '102');
    expect(closed).toMatchObject({ closed: true, finalApproval: `${YEAR}-03-20` });
    await execRows(get().db, sql`update budget_heads set final_approved = null where department_id = ${await deptId('102')} and year = ${PREV}`);
    expect(list.districts).toEqual([
      { code: '100', nameDeu: 'Bezirksfeuerwehrverband Bozen', nameIta: 'Unione distrettuale VV.F. Bolzano' },
      { code: '200', nameDeu: 'Bezirksfeuerwehrverband Meran', nameIta: 'Unione distrettuale VV.F. Merano' },
    ]);
  });

  it('the cashier home walks through the steps of the year (101)', async () => {
    const c = await as('kassier');
    const s = await scope('101');
    let home = await c.overview.home(s);
    expect(home.forecast).toMatchObject({ code: '101', revenues: 0, expenses: 0, state: 'noForecast', approval: null, lastChange: null });
    expect(home.step).toBe('enterForecast');
    expect(home.changes).toEqual({ total: 0, hasAdjustment: false, latest: [] });
    // no bookings yet: not available, but the cash of the previous year is carried over (Accounts/Balance/Total)
    const carried = (await c.accountBalances.get({ ...s, year: PREV })).totals.finalBalance;
    expect(carried).toBeGreaterThan(0);
    expect(home.bookings).toEqual({ available: false, cashBalance: carried, revenuesPaid: 0, expensesPaid: 0, openPayments: 0, reservations: 0 });
    expect((await c.accountBalances.total(s)).cashBalance).toBe(carried);

    // revenues 10.000 (title 1) + 2.000 (title 2) + 500 (title 3) and no expenses: unbalanced
    await c.budget.forecast.save({ ...s, part: 1, positions: [pos('11001', 1_000_000), pos('12001', 200_000), pos('13001', 50_000)] });
    home = await c.overview.home(s);
    expect(home.forecast).toMatchObject({ revenues: 1_250_000, expenses: 0, balance: 1_250_000, state: 'unbalanced', isBalanced: false });
    expect(home.forecast.checks).toEqual({
      total: { ok: false, difference: 1_250_000 },
      title1: { ok: true, difference: 1_000_000 },
      title3: { ok: false, difference: 50_000 },
    });
    expect(home.step).toBe('balanceForecast');

    // expenses 9.000 (title 1) + 3.000 (title 2) + 500 (title 3): balanced, the approval is missing
    await c.budget.forecast.save({ ...s, part: 2, positions: [pos('21001', 900_000), pos('22002', 300_000), pos('23001', 50_000)] });
    home = await c.overview.home(s);
    expect(home.forecast).toMatchObject({ revenues: 1_250_000, expenses: 1_250_000, surplusUsed: 0, balance: 0, state: 'balanced', isBalanced: true });
    expect(home.forecast.checks).toEqual({
      total: { ok: true, difference: 0 },
      title1: { ok: true, difference: 100_000 },
      title3: { ok: true, difference: 0 },
    });
    expect(home.step).toBe('approvalMissing');
    // the same figures as the forecast summary
    const summary = await c.budget.forecast.summary(s);
    expect([summary.totals.revenues, summary.totals.expenses, summary.totals.surplus]).toEqual([
      home.forecast.revenues,
      home.forecast.expenses,
      home.forecast.balance,
    ]);

    await c.budget.forecast.approve({ ...s, approval: `${YEAR}-02-20` });
    home = await c.overview.home(s);
    expect(home.forecast).toMatchObject({ state: 'approved', approval: `${YEAR}-02-20` });
    expect(home.step).toBe('adjustmentOpen');

    // a change on 1.3. (21001 -100,00, 21003 +100,00) and the adjustment on 10.5. (21001 -200,00, 22002 +200,00)
    const change = await c.budget.changes.create({ ...s, approved: `${YEAR}-03-01`, notes: 'Atemschutz' });
    await c.budget.changes.save({
      ...s,
      recordNumber: change.recordNumber,
      approved: `${YEAR}-03-01`,
      notes: 'Atemschutz',
      positions: [chg('21001', -10_000), chg('21003', 10_000)],
    });
    await c.budget.adjustment.create({ ...s, approved: `${YEAR}-05-10`, notes: 'Vollversammlung', surplusActual: 0 });
    await c.budget.adjustment.save({
      ...s,
      approved: `${YEAR}-05-10`,
      notes: 'Vollversammlung',
      surplusActual: 0,
      positions: [chg('21001', -20_000), chg('22002', 20_000)],
    });
    home = await c.overview.home(s);
    expect(home.step).toBe('finalAccountOpen');
    expect(home.changes).toEqual({
      total: 2,
      hasAdjustment: true,
      latest: [
        { recordNumber: -1, approved: `${YEAR}-05-10`, notes: 'Vollversammlung', revenues: 0, expenses: 0, positions: 2 },
        { recordNumber: 1, approved: `${YEAR}-03-01`, notes: 'Atemschutz', revenues: 0, expenses: 0, positions: 2 },
      ],
    });
    // the forecast totals stay the initial budget; the last change is the adjustment
    expect(home.forecast).toMatchObject({ revenues: 1_250_000, expenses: 1_250_000, lastChange: { recordNumber: -1, approved: `${YEAR}-05-10` } });
  });

  it("after the year's 31.12. the home leads to its year end: the residues, then the final account (not the adjustment)", async () => {
    const c = await as('zwei');
    const s = await scope('201', PREV);
    // the fixture's previous year: approved, open, no adjustment, residues not determined; today is in June of YEAR
    let home = await c.overview.home(s);
    expect(home.changes.hasAdjustment).toBe(false);
    expect(home.step).toBe('residuesOpen');
    const lines = sql`department_id = ${s.departmentId} and year = ${PREV}`;
    const [one] = await execRows<{ id: number }>(get().db, sql`select id from chapter_budgets where ${lines} order by id limit 1`);
    await execRows(get().db, sql`update chapter_budgets set final_residue = 0 where ${lines} and id <> ${one?.id}`);
    expect((await c.overview.home(s)).step).toBe('residuesOpen'); // one line still without its residue
    await execRows(get().db, sql`update chapter_budgets set final_residue = 0 where ${lines}`);
    home = await c.overview.home(s);
    expect(home.step).toBe('finalApprovalOpen');
    await execRows(get().db, sql`update chapter_budgets set final_residue = null where ${lines}`);
    // the current year still runs: the adjustment
    expect((await c.overview.home(await scope('201'))).step).not.toMatch(/residuesOpen|finalApprovalOpen/);
  });

  it('the bookings card fills from the booking sources (chapter figures and cash balance)', async () => {
    const { db } = get();
    const c = await as('kassier');
    const s = await scope('101');
    await db.execute(
      sql`create table test_home_bookings (chapter_budget_id integer, payments numeric(14,2), open_payments numeric(14,2), reservations numeric(14,2))`,
    );
    await db.execute(sql`create table test_home_cash (account_id integer, year integer, amount numeric(14,2))`);
    const [k1, foreignAccount] = await Promise.all(
      [s.departmentId, await deptId('102')].map(async (dept) =>
        Number((await execRows<{ id: number }>(db, sql`select id from accounts where department_id = ${dept} and code = 'K1'`))[0]?.id ?? 0),
      ),
    );
    const line = async (code: string, dept = s.departmentId, year = YEAR) =>
      Number(
        (
          await execRows<{ id: number }>(
            db,
            sql`select l.id from chapter_budgets l join chapters c on c.id = l.chapter_id
                               where l.department_id = ${dept} and l.year = ${year} and c.chapter = ${code}`,
          )
        )[0]?.id ?? 0,
      );
    const rev = await line('11001');
    const exp = await line('21001');
    const foreign = await line('11001', await deptId('102'), PREV);
    expect(Math.min(rev, exp, foreign)).toBeGreaterThan(0);
    // 11001 received 4.000,00; 21001 paid 1.500,00, open 250,50, reserved 100,00; another scope's line is ignored
    await db.execute(
      sql`insert into test_home_bookings values (${rev}, 4000.00, 0, 0), (${exp}, 1500.00, 250.50, 100.00), (${foreign}, 999.00, 999.00, 999.00)`,
    );
    await db.execute(
      sql`insert into test_home_cash values (${k1}, ${YEAR}, 2300.00), (${k1}, ${YEAR}, 200.00), (${k1}, ${PREV}, 77.00), (${foreignAccount}, ${YEAR}, 999.00)`,
    );
    const before = (await c.accountBalances.total(s)).cashBalance;
    figureSources.push({ name: 'test', select: () => sql`select chapter_budget_id, payments, open_payments, reservations from test_home_bookings` });
    cashSources.push({
      name: 'test',
      // a one-department scope here (the union's dashboard asks with departmentYears)
      select: (sc) =>
        'departmentYears' in sc
          ? sql`select account_id, year, amount from test_home_cash where false`
          : sql`select account_id, year, amount from test_home_cash where year between ${sc.yearFrom} and ${sc.yearTo}`,
    });
    try {
      expect((await c.overview.home(s)).bookings).toEqual({
        available: true,
        // 2.300,00 + 200,00 this year, 77,00 of the previous year carried; another department's account ignored
        cashBalance: before + 257_700,
        revenuesPaid: 400_000,
        expensesPaid: 150_000,
        openPayments: 25_050,
        reservations: 10_000,
      });
      expect((await c.accountBalances.total(s)).cashBalance).toBe(before + 257_700);
    } finally {
      figureSources.pop();
      cashSources.pop();
      await db.execute(sql`drop table test_home_bookings`);
      await db.execute(sql`drop table test_home_cash`);
    }
  });

  it('the union list: states, status and district filters, sorting and paging in one query', async () => {
    const zwei = await as('zwei');
    // 102: revenues only (unbalanced); 201: 1.000,00 each side (balanced, not approved)
    await zwei.budget.forecast.save({ ...(await scope('102')), part: 1, positions: [pos('11001', 500_000)] });
    await zwei.budget.forecast.save({ ...(await scope('201')), part: 1, positions: [pos('11001', 100_000)] });
    await zwei.budget.forecast.save({ ...(await scope('201')), part: 2, positions: [pos('21001', 100_000)] });

    const c = await as('supervisor');
    const s = await scope('000');
    const all = await c.overview.departments({ ...s, pageSize: 30 });
    expect(all.entities.map((r) => [r.code, r.state, r.revenues, r.expenses, r.isBalanced])).toEqual([
      ['000', 'noForecast', 0, 0, false],
      ['100', 'noForecast', 0, 0, false],
      ['101', 'approved', 1_250_000, 1_250_000, true],
      ['102', 'unbalanced', 500_000, 0, false],
      ['200', 'noForecast', 0, 0, false],
      ['201', 'balanced', 100_000, 100_000, true],
      ['202', 'noForecast', 0, 0, false],
    ]);
    // the SQL balance flag agrees with the forecast summary's checks of every department (an empty forecast is not balanced)
    for (const row of all.entities) {
      const summary = await c.budget.forecast.summary({ departmentId: row.departmentId, year: YEAR });
      expect(row.isBalanced, row.code).toBe(row.state !== 'noForecast' && Object.values(summary.isBalanced).every(Boolean));
      expect(row.balance, row.code).toBe(summary.totals.surplus);
    }

    const by = async (input: Record<string, unknown>) => codes((await c.overview.departments({ ...s, pageSize: 30, ...input })).entities);
    expect(await by({ status: 'notApproved' })).toEqual(['000', '100', '102', '200', '201', '202']);
    expect(await by({ status: 'approved' })).toEqual(['101']);
    expect(await by({ status: 'unbalanced' })).toEqual(['102']);
    expect(await by({ status: 'noForecast' })).toEqual(['000', '100', '200', '202']);
    expect(await by({ district: '100' })).toEqual(['100', '101', '102']);
    expect(await by({ district: '200', status: 'notApproved' })).toEqual(['200', '201', '202']);
    expect(await by({ sort: 'revenues', dir: 'desc' })).toEqual(['101', '102', '201', '000', '100', '200', '202']);
    expect(await by({ sort: 'state', dir: 'desc' })).toEqual(['101', '201', '102', '000', '100', '200', '202']);
    expect(await by({ sort: 'approval', dir: 'asc', status: 'notApproved', district: '100' })).toEqual(['100', '102']);
    expect(await by({ sort: 'lastChange', dir: 'desc' })).toEqual(['101', '000', '100', '102', '200', '201', '202']);
    // Bezirksfeuerwehrverband Meran < Freiwillige Feuerwehr Algund < Freiwillige Feuerwehr Lana
    expect(await by({ sort: 'name', dir: 'asc', district: '200' })).toEqual(['200', '202', '201']);
    expect(await by({ sort: 'code', dir: 'desc' })).toEqual(['202', '201', '200', '102', '101', '100', '000']);

    const page2 = await c.overview.departments({ ...s, page: 2, pageSize: 3 });
    expect(codes(page2.entities)).toEqual(['102', '200', '201']);
    expect([page2.total, page2.totalPages, page2.page]).toEqual([7, 3, 2]);
    const past = await c.overview.departments({ ...s, page: 4, pageSize: 3 });
    expect([past.entities.length, past.total]).toEqual([0, 7]);
    await expectAppError(c.overview.departments({ ...s, district: '000' }), 'InvalidValue');
  });

  it('who sees what: the linked departments, or all for whoever may write departments there', async () => {
    const kassier = await as('kassier');
    const own = await kassier.overview.departments({ ...(await scope('101')), pageSize: 30 });
    expect(codes(own.entities)).toEqual(['101']);
    expect(own.districts.map((d) => d.code)).toEqual(['100']);
    await expectAppError(kassier.overview.departments(await scope('102')), 'DepartmentNotAllowed');
    await expectAppError(kassier.overview.home(await scope('102')), 'DepartmentNotAllowed');

    const zwei = await as('zwei');
    expect(codes((await zwei.overview.departments({ ...(await scope('102')), pageSize: 30 })).entities)).toEqual(['102', '201']);

    const admin = await as('admin');
    // in the union scope an administrator writes departments, so reads all; in the district only the linked ones
    expect((await admin.overview.departments({ ...(await scope('000')), pageSize: 30 })).total).toBe(7);
    expect(codes((await admin.overview.departments({ ...(await scope('100')), pageSize: 30 })).entities)).toEqual(['000', '100']);
  });

  it('CSV export: the whole filtered, sorted list with a fixed name per language', async () => {
    const c = await as('supervisor');
    const s = await scope('000');
    const data = await c.overview.departmentsExport({ ...s, status: 'notApproved', district: '200', sort: 'revenues', dir: 'desc', language: 'de' });
    expect(data.fileName).toBe('feuerwehren-uebersicht.csv');
    const lines = overviewCsv(data)
      .replace(/^\uFEFF/, '')
      .split('\r\n');
    expect(lines).toEqual([
      'Code;Name;Bereich;Einnahmen;Ausgaben;Verwendeter Überschuss;Differenz;Status;Ausgeglichen;Genehmigt am;Letzte Änderung;Änderung vom',
      '201;Freiwillige Feuerwehr Lana;Feuerwehr;1000,00;1000,00;0,00;0,00;Ausgeglichen, nicht genehmigt;ja;;;',
      '200;Bezirksfeuerwehrverband Meran;Bezirk;0,00;0,00;0,00;0,00;Kein Voranschlag;nein;;;',
      '202;Freiwillige Feuerwehr Algund;Feuerwehr;0,00;0,00;0,00;0,00;Kein Voranschlag;nein;;;',
    ]);
    const it = await c.overview.departmentsExport({ ...s, district: '100', language: 'it' });
    expect(it.fileName).toBe('panoramica-corpi.csv');
    const itLines = overviewCsv(it)
      .replace(/^\uFEFF/, '')
      .split('\r\n');
    expect(itLines[0]).toBe('Codice;Nome;Ambito;Entrate;Uscite;Avanzo applicato;Differenza;Stato;In pareggio;Approvato il;Ultima variazione;Variazione del');
    expect(itLines.slice(1)).toEqual([
      '100;Unione distrettuale VV.F. Bolzano;Distretto;0,00;0,00;0,00;0,00;Nessun bilancio di previsione;no;;;',
      `101;Corpo dei Vigili del Fuoco Volontari Laives;Corpo;12500,00;12500,00;0,00;0,00;Approvato;sì;20.02.${YEAR};Assestamento;10.05.${YEAR}`,
      '102;Corpo dei Vigili del Fuoco Volontari Appiano;Corpo;5000,00;0,00;0,00;5000,00;Non in pareggio;no;;;',
    ]);
  });
});
