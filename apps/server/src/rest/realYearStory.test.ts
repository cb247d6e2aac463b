import { createCaller, createContextInner } from '@app/api';
import { testDatabases } from '@app/db/testing';
import { italianIban } from '@app/domain';
import { describe, expect, it } from 'vitest';
import { restTestApp, YEAR } from './testApp.ts';

/**
 * Issue 24 "Done when", walked as one story over REST (euros on the wire) on a brigade of its own,
 * 1S1 "Storybach", created by the supervisor in the demo installation: year Y = YEAR − 1 is its first
 * year (opening cash K1 500,00 and B1 10.000,00; manual residues from Y−1: revenue 1-1-001 400,00 and
 * expense 2-1-003 300,00), Y+1 = YEAR has a small forecast. In Y: revenues 2.800,00 (1-1-001, B1),
 * 2.000,00 (1-1-002, K1) and 350,00 of the active residue (B1); expenses: 1 cash 120,00 on 2-1-001 booked
 * by mistake and cancelled, 2 a bill of 1.200,00 on 2-1-003 in two instalments (600,00 paid on B1, 600,00
 * open at 31.12.), 3 a bill of 1.100,00 booked on 2-1-006 that belongs on 2-1-001, 4 a bill of 250,00 on
 * 2-1-003 (3 and 4 paid by one homebanking order registered on 15.07.), 5 240,00 in cash on the passive
 * residue. Year end: determined (1-1-001 200,00 still to collect, 2-1-003 600,00 owed, the rest 0), carried
 * into Y+1.
 * Then: the carried instalment is paid in cash on 20.01. of Y+1 (POST Payments/Settle); bill 3 is moved to
 * 2-1-001 (POST Movements/Expenses), which overspends it; the budget correction +100,00 on 2-1-001 /
 * −100,00 on 2-1-006 is refused on the determined lines (ChapterHasResidue), the determinations are
 * cleared (PUT Budget/Residues/Final, amount null), the correction saved, the lines determined again; the
 * bank returns bill 4 (POST Payments/Orders/Returned): its residue of 600,00 no longer covers 850,00 owed,
 * approval is refused and FinalBalance/Errors names 2-1-003 with residue, minimum and maximum; bill 4 is
 * paid again in cash (POST Payments/Settle); the final account is approved (PUT FinalBalance/Approve).
 * At the end the final report's identities hold with the figures worked out by hand below, every record
 * number of the year is a row of the cash journal or the chapter register (the cancelled one as a row of
 * 0), and the ETS report and the union's statistics agree with the final report where they share figures.
 *
 * The homebanking order is stored and registered through tRPC with a clock in July of Y (a
 * registration's date paid may not be before the order was made); every other step runs today.
 */
const Y = YEAR - 1;
const N = YEAR;

/** Euros as sent and read on the wire, from cents (no float drift). */
const eur = (cents: number) => cents / 100;

for (const target of testDatabases(undefined, { pglite: 'both' })) {
  describe(`REST real year story [${target.name}]`, () => {
    const t = restTestApp(target, { ipPrefix: '10.8.24', signIn: ['supervisor'], departments: true });
    const s = {
      dept: 0,
      k1: 0,
      b1: 0,
      supplier: 0,
      orderId: 0,
      bills: {} as Record<string, { id: number; recordNumber: number; payments: { id: number; amount: number; datePaid: string | null; dateDue: string }[] }>,
    };
    const scope = (year: number) => ({ departmentId: s.dept, year });
    const q = (year: number) => `departmentId=${s.dept}&year=${year}`;
    const call = async (method: 'GET' | 'POST' | 'PUT' | 'DELETE' | 'PATCH', url: string, body?: unknown) => {
      const res = await t.call('supervisor', method, url, body);
      return {
        status: res.statusCode,
        json: res.json() as Record<string, unknown> & { details?: { Message: string; Field?: string; Params?: Record<string, unknown> } },
      };
    };
    const ok = async <T = Record<string, unknown>>(method: 'GET' | 'POST' | 'PUT' | 'DELETE' | 'PATCH', url: string, body?: unknown): Promise<T> => {
      const res = await call(method, url, body);
      expect(res.status, `${method} ${url}: ${JSON.stringify(res.json)}`).toBe(200);
      return res.json as T;
    };
    /** A tRPC caller signed in as the supervisor with the clock at `now` (the order's July). */
    const callerAt = async (now: Date, ip: string) => {
      const db = t.handle.db;
      const login = await createCaller(await createContextInner({ db, ip, now: () => now })).auth.login({
        username: 'supervisor',
        password: 'demo',
        remember: false,
      });
      return createCaller(await createContextInner({ db, ip, token: login.token, now: () => now }));
    };
    const chapterBox = (year: number, chapter: string, chapterYear: number) =>
      ok<{ budgetFinal: number; payments: number; openPayments: number; availableAfterDonePayments: number }>(
        'GET',
        `Budget/Chapter?${q(year)}&chapter=${chapter}&chapterYear=${chapterYear}`,
      );
    interface ResiduePosition {
      chapter: { chapter: string; chapterYear: number };
      budget: { budgetId: number; finalResidue: number | null };
      isDetermined: boolean;
      minimum: number;
      maximum: number;
      isOutOfBounds: boolean;
    }
    const residues = async (source: 1 | 2) => (await ok<{ positions: ResiduePosition[] }>('GET', `Budget/Residues/Final?${q(Y)}&source=${source}`)).positions;
    const lineId = async (source: 1 | 2, chapter: string) => {
      const line = (await residues(source)).find((p) => p.chapter.chapter === chapter);
      expect(line, chapter).toBeDefined();
      return line?.budget.budgetId ?? 0;
    };
    const determine = (source: 1 | 2, positions: { budgetId: number; amount: number | null }[]) =>
      ok('PUT', `Budget/Residues/Final?${q(Y)}`, { budgetType: source, positions });
    const expense = (documentNumber: string, chapter: string, amount: number, payments: unknown[]) => ({
      ...scope(Y),
      type: 2,
      recordDate: `${Y}-05-05`,
      documentDate: `${Y}-05-02`,
      documentNumber,
      accountId: s.b1,
      supplierId: s.supplier,
      positions: [{ chapter, amount: eur(amount), note: documentNumber }],
      payments,
      confirmAvailableExceeded: true,
    });

    it('the brigade 1S1 with its first year Y: accounts, a supplier, opening cash, forecasts of Y and Y+1, manual residues', async () => {
      const union = t.dept('000');
      const dept = await ok<{ id: number }>('POST', `Departments?departmentId=${union}`, {
        code: '1S1',
        name1Deu: 'Freiwillige Feuerwehr',
        name2Deu: 'Storybach',
        name1Ita: 'Vigili del Fuoco Volontari',
        name2Ita: 'Rio della Storia',
        openPaymentsAllowed: true,
        siaNumber: 'S1234',
        cbiCuc: 'S1T2O3R4',
      });
      s.dept = dept.id;
      for (const [code, type, de, it] of [
        ['K1', 1, 'Kassa', 'Cassa'],
        ['B1', 2, 'Bank', 'Banca'],
      ] as const) {
        const bankInfo = { iban: type === 2 ? (italianIban('08234', '58210', '4242')?.iban ?? '') : '', bankName: '', swift: '' };
        const account = await ok<{ id: number }>('POST', `Accounts?${q(Y)}`, { code, type, descriptionDeu: de, descriptionIta: it, bankInfo });
        if (code === 'K1') s.k1 = account.id;
        else s.b1 = account.id;
      }
      const supplier = await ok<{ id: number; bankInfo: { iban: string } }>('POST', `Suppliers?${q(Y)}`, {
        code: 1,
        searchKey: 'Schlauch',
        name1: 'Schlauchbau Story',
        location: 'Bozen',
        bankInfo: { bankKey: '0604511601', accountNumber: '2424' },
      });
      expect(supplier.bankInfo.iban).toMatch(/^IT\d{2}[A-Z]0604511601000000002424$/);
      s.supplier = supplier.id;

      for (const [part, positions] of [
        [1, { '11001': 300_000, '11002': 200_000 }],
        [2, { '21001': 100_000, '21003': 250_000, '21006': 150_000 }],
      ] as const)
        await ok('PUT', `Budget/Forecast?${q(Y)}&part=${part}`, {
          positions: Object.entries(positions).map(([chapter, amount]) => ({ chapter, amountCurrYear: eur(amount) })),
        });
      expect(await ok('GET', `Budget/Forecast/Approve?${q(Y)}&approval=${Y}-01-15`)).toBe(true);
      // Y is the brigade's first year: its opening cash and the residues from before the system are typed
      const balances = await ok<{ totals: { initialBalance: number } }>('POST', `Accounts/Balance?${q(Y)}`, {
        accounts: [
          { accountId: s.k1, initialBalance: eur(50_000) },
          { accountId: s.b1, initialBalance: eur(1_000_000) },
        ],
      });
      expect(balances.totals.initialBalance).toBe(eur(1_050_000));
      await ok('POST', `Budget/Residues?${q(Y)}`, { chapterYear: Y - 1, chapter: '11001', amount: eur(40_000), note: 'Gemeinde Rest' });
      await ok('POST', `Budget/Residues?${q(Y)}`, { chapterYear: Y - 1, chapter: '21003', amount: eur(30_000), note: 'Schläuche Rest' });

      for (const part of [1, 2] as const)
        await ok('PUT', `Budget/Forecast?${q(N)}&part=${part}`, { positions: [{ chapter: part === 1 ? '11001' : '21001', amountCurrYear: eur(100_000) }] });
      expect(await ok('GET', `Budget/Forecast/Approve?${q(N)}&approval=${N}-01-10`)).toBe(true);
    });

    it('Y is booked: three revenues, a cancelled cash expense, three bills, a payment on the passive residue', async () => {
      const revenue = (chapter: string, chapterYear: number, amount: number, accountId: number, date: string) =>
        ok('POST', 'Movements', { ...scope(Y), type: 0, recordDate: date, accountId, positions: [{ chapter, chapterYear, amount: eur(amount) }] });
      await revenue('11001', Y, 280_000, s.b1, `${Y}-03-10`);
      await revenue('11002', Y, 200_000, s.k1, `${Y}-04-10`);
      await revenue('11001', Y - 1, 35_000, s.b1, `${Y}-04-20`);

      const cash = await ok<{ recordNumber: number }>('POST', 'Movements', {
        ...scope(Y),
        type: 1,
        recordDate: `${Y}-05-04`,
        documentDate: `${Y}-05-04`,
        accountId: s.k1,
        positions: [{ chapter: '21001', amount: eur(12_000), note: 'falsch gebucht' }],
      });
      expect(cash.recordNumber).toBe(1);
      const bill = async (key: string, body: unknown) => {
        s.bills[key] = await ok('POST', 'Movements', body);
      };
      await bill(
        'E2',
        expense('RE-2', '21003', 120_000, [
          { amount: eur(60_000), dateDue: `${Y}-06-01`, datePaid: `${Y}-06-01` },
          { amount: eur(60_000), dateDue: `${Y}-12-31`, datePaid: null },
        ]),
      );
      await bill('E3', expense('RE-3', '21006', 110_000, [{ amount: eur(110_000), dateDue: `${Y}-07-15`, datePaid: null }]));
      await bill('E4', expense('RE-4', '21003', 25_000, [{ amount: eur(25_000), dateDue: `${Y}-07-15`, datePaid: null }]));
      const residuePayment = await ok<{ recordNumber: number }>('POST', 'Movements', {
        ...scope(Y),
        type: 1,
        recordDate: `${Y}-06-20`,
        documentDate: `${Y}-06-18`,
        accountId: s.k1,
        positions: [{ chapter: '21003', chapterYear: Y - 1, amount: eur(24_000) }],
      });
      expect([s.bills.E2?.recordNumber, s.bills.E3?.recordNumber, s.bills.E4?.recordNumber, residuePayment.recordNumber]).toEqual([2, 3, 4, 5]);
      // expense 1 was a mistake: not the latest, so it is cancelled and keeps its number
      await ok('DELETE', `Movements/Expenses?${q(Y)}&recordNumber=1`);
      const cancelled = await ok<{ cancelled: boolean; positions: { chapter: string; amount: number }[] }>('GET', `Movements/Expenses?${q(Y)}&recordNumber=1`);
      expect(cancelled).toMatchObject({ cancelled: true, positions: [{ chapter: '21001', amount: 0 }] });
    });

    it('bills 3 and 4 are paid by a homebanking order made in July and registered as paid on 15.07.', async () => {
      const toPay = ['E3', 'E4'].map((k) => ({ movementId: s.bills[k]?.id ?? 0, paymentId: s.bills[k]?.payments[0]?.id ?? 0 }));
      const july = await callerAt(new Date(`${Y}-07-10T09:00:00Z`), '10.8.24.201');
      const order = await july.payments.store({ ...scope(Y), paymentRange: 1, accountId: s.b1, toPay, groupInvoices: false, filename: 'story' });
      s.orderId = order.id;
      const registrar = await callerAt(new Date(`${Y}-07-16T09:00:00Z`), '10.8.24.202');
      const protocol = await registrar.payments.register({ ...scope(Y), orderId: order.id, datePaid: `${Y}-07-15`, payments: toPay });
      expect(protocol.executedTotal).toBe(135_000);
      expect(await chapterBox(Y, '21006', Y)).toMatchObject({ payments: eur(110_000), openPayments: 0 });
      expect(await chapterBox(Y, '21003', Y)).toMatchObject({ payments: eur(85_000), openPayments: eur(60_000) });
    });

    it('year end: every line determined, carried into Y+1', async () => {
      const current = await residues(1);
      const id = (chapter: string) => current.find((p) => p.chapter.chapter === chapter)?.budget.budgetId ?? 0;
      await determine(1, [
        { budgetId: id('11001'), amount: eur(20_000) },
        { budgetId: id('11002'), amount: 0 },
        { budgetId: id('21001'), amount: 0 },
        { budgetId: id('21003'), amount: eur(60_000) },
        { budgetId: id('21006'), amount: 0 },
      ]);
      // the residues from before the system: 50,00 of the active residue written off, 60,00 of the passive saved
      await determine(2, [
        { budgetId: await lineId(2, '11001'), amount: 0 },
        { budgetId: await lineId(2, '21003'), amount: 0 },
      ]);
      expect((await residues(1)).every((p) => p.isDetermined)).toBe(true);
      const carried = await ok<{ linesCreated: number }>('PUT', `Budget/Residues/CarryOver?${q(N)}`);
      expect(carried.linesCreated).toBe(2);
      expect(await chapterBox(N, '21003', Y)).toMatchObject({ budgetFinal: eur(60_000), payments: 0, openPayments: eur(60_000) });
    });

    it('20.01. of Y+1: the carried instalment is paid in cash (POST Payments/Settle); Y keeps it owed at 31.12.', async () => {
      const carried = s.bills.E2?.payments.find((p) => p.datePaid === null);
      const paid = await ok('POST', 'Payments/Settle', {
        ...scope(N),
        movementId: s.bills.E2?.id,
        paymentId: carried?.id,
        datePaid: `${N}-01-20`,
        accountId: s.k1,
        note: 'bar bezahlt',
      });
      expect(paid).toMatchObject({ amount: eur(60_000), datePaid: `${N}-01-20`, accountCode: 'K1', year: Y });
      expect(await chapterBox(N, '21003', Y)).toMatchObject({ payments: eur(60_000), openPayments: 0 });
      expect(await chapterBox(Y, '21003', Y)).toMatchObject({ payments: eur(85_000), openPayments: eur(60_000) });
      const k1 = await ok<{ movementsBalance: number; movements: { recordNumber: number; amount: number; recordDate: string }[] }>(
        'GET',
        `Digests/CashJournal?${q(N)}&accountCode=K1`,
      );
      expect(k1.movements.map((r) => [r.recordDate, r.recordNumber, r.amount])).toEqual([[`${N}-01-20`, 2, eur(-60_000)]]);
    });

    it('bill 3 is moved to 2-1-001 where it belongs (POST Movements/Expenses): 2-1-001 is overspent by 100,00', async () => {
      const e3 = s.bills.E3;
      const body = {
        ...expense('RE-3', '21001', 110_000, [{ amount: eur(110_000), dateDue: `${Y}-07-15`, datePaid: `${Y}-07-15` }]),
        recordNumber: e3?.recordNumber,
      };
      await ok('POST', 'Movements/Expenses', body);
      expect(await chapterBox(Y, '21001', Y)).toMatchObject({ budgetFinal: eur(100_000), payments: eur(110_000), availableAfterDonePayments: eur(-10_000) });
      expect(await chapterBox(Y, '21006', Y)).toMatchObject({ payments: 0, availableAfterDonePayments: eur(150_000) });
      const errors = await ok<{
        criteria: number[];
        exceededAvailabilities: { chapter: string }[];
        residues: { chapter: string; finalResidue: number; minimum: number; maximum: number }[];
      }>('GET', `FinalBalance/Errors?${q(Y)}`);
      expect(errors.exceededAvailabilities.map((r) => r.chapter)).toEqual(['21001']);
      expect(errors.residues).toMatchObject([{ chapter: '21001', finalResidue: 0, minimum: 0, maximum: 0 }]);
    });

    it('the budget correction is refused on the determined lines, the determinations cleared, the correction saved, the lines determined again', async () => {
      const change = await ok<{ recordNumber: number }>('POST', 'Budget/Changes', { ...scope(Y), approved: `${Y}-12-10`, notes: 'Berichtigung' });
      const positions = [
        { chapter: '21001', amount: eur(10_000) },
        { chapter: '21006', amount: eur(-10_000) },
      ];
      const put = () => call('PUT', `Budget/Changes?${q(Y)}&recordNumber=${change.recordNumber}`, { approved: `${Y}-12-10`, notes: 'Berichtigung', positions });
      const refused = await put();
      expect(refused.status).toBe(409);
      expect(refused.json.details?.Message).toBe('ChapterHasResidue');
      const ids = { '21001': await lineId(1, '21001'), '21006': await lineId(1, '21006') };
      await determine(1, [
        { budgetId: ids['21001'], amount: null },
        { budgetId: ids['21006'], amount: null },
      ]);
      expect((await residues(1)).filter((p) => !p.isDetermined).map((p) => p.chapter.chapter)).toEqual(['21001', '21006']);
      const saved = await put();
      expect(saved.status, JSON.stringify(saved.json)).toBe(200);
      expect(await chapterBox(Y, '21001', Y)).toMatchObject({ budgetFinal: eur(110_000), availableAfterDonePayments: 0 });
      await determine(1, [
        { budgetId: ids['21001'], amount: 0 },
        { budgetId: ids['21006'], amount: 0 },
      ]);
      const errors = await ok<{ criteria: number[] }>('GET', `FinalBalance/Errors?${q(Y)}`);
      expect(errors.criteria).toEqual([1, 1, 1, 1, 1, 1]);
    });

    it('the bank returns bill 4 (POST Payments/Orders/Returned): 2-1-003 no longer fits, approval refused, FinalBalance/Errors names it', async () => {
      const e4 = s.bills.E4?.payments[0];
      const returned = await ok<{ returnedTotal: number }>('POST', 'Payments/Orders/Returned', {
        ...scope(Y),
        orderId: s.orderId,
        paymentId: e4?.id,
        date: `${Y}-08-01`,
      });
      expect(returned.returnedTotal).toBe(eur(25_000));
      expect(await chapterBox(Y, '21003', Y)).toMatchObject({ payments: eur(60_000), openPayments: eur(85_000) });
      const errors = await ok<{ criteria: number[]; residues: Record<string, unknown>[] }>('GET', `FinalBalance/Errors?${q(Y)}`);
      expect(errors.criteria).toEqual([0, 1, 1, 1, 0, 1]);
      // 600,00 determined; it must cover 850,00 owed; at most budget 2.500,00 − paid 600,00
      expect(errors.residues).toMatchObject([{ chapter: '21003', chapterYear: Y, finalResidue: eur(60_000), minimum: eur(85_000), maximum: eur(190_000) }]);
      const refused = await call('PUT', `FinalBalance/Approve?${q(Y)}`, { approval: `${N}-03-20` });
      expect(refused.status).toBe(409);
      expect(await ok<{ approval: string | null }>('GET', `FinalBalance?${q(Y)}`)).toMatchObject({ approval: null });
    });

    it('bill 4 is paid again in cash in December (POST Payments/Settle) and the final account approved', async () => {
      const e4 = s.bills.E4;
      await ok('POST', 'Payments/Settle', { ...scope(Y), movementId: e4?.id, paymentId: e4?.payments[0]?.id, datePaid: `${Y}-12-15`, accountId: s.k1 });
      expect((await ok<{ criteria: number[] }>('GET', `FinalBalance/Errors?${q(Y)}`)).criteria).toEqual([1, 1, 1, 1, 1, 1]);
      expect(await ok('PUT', `FinalBalance/Approve?${q(Y)}`, { approval: `${N}-03-20` })).toBe(true);
      // the carry-over into Y+1 is still true: every figure carried is what Y determined
      expect(await ok('GET', `Budget/Residues/CarryOver/Status?${q(N)}`)).toMatchObject({ outOfDate: false });
    });

    it('the final report: every identity holds to the cent with the figures worked out by hand', async () => {
      type Amounts = {
        initialForecast: number;
        forecastIncreased: number;
        forecastDecreased: number;
        finalForecast: number;
        movements: number;
        finalResidue: number;
        result: number;
        difference: number;
      };
      type Line = Amounts & { chapter: string; chapterYear: number; part: number };
      const report = await ok<{
        date: string;
        currentManagement: { part: number; titlesDetails: { chapters: Line[]; totals: Amounts }[]; initialSurplus: Amounts; total: Amounts }[];
        residuesManagement: { part: number; chapters: Line[]; total: Amounts }[];
        summary: {
          profits: { chapter: string; amount: number }[];
          profitsTotals: number;
          losses: { chapter: string; amount: number }[];
          lossesTotals: number;
          finalCashBalance: number;
          finalSurplus: number;
        };
        results: Record<string, number | null>;
        cashBalanceDetails: { accounts: { accountCode: string; finalBalance: number }[]; finalBalance: number };
      }>('POST', 'FinalBalance/Report', { ...scope(Y), currentManagement: true, residues: true, summary: true, protocol: true });
      expect(report.date).toBe(`${N}-03-20`);

      // by hand: opening cash 500,00 + 10.000,00; collected 2.800 + 2.000 + 350; paid 600 + 1.100 + 250 + 240 (+ 0 cancelled)
      const opening = 1_050_000;
      const collected = 280_000 + 200_000 + 35_000;
      const paid = 60_000 + 110_000 + 25_000 + 24_000;
      // K1: 500 + 2.000 − 240 − 250 (bill 4 paid again); B1: 10.000 + 2.800 + 350 − 600 − 1.100 − 250 + 250 (returned)
      const k1 = 50_000 + 200_000 - 24_000 - 25_000;
      const b1 = 1_000_000 + 280_000 + 35_000 - 60_000 - 110_000 - 25_000 + 25_000;
      expect(k1 + b1).toBe(opening + collected - paid);
      expect(report.cashBalanceDetails.accounts.map((a) => [a.accountCode, a.finalBalance])).toEqual([
        ['K1', eur(k1)],
        ['B1', eur(b1)],
      ]);
      // the chapter lines as the story left them: [initial, +, −, final, movements, residue, result, difference]
      const row = (a: Amounts) =>
        [a.initialForecast, a.forecastIncreased, a.forecastDecreased, a.finalForecast, a.movements, a.finalResidue, a.result, a.difference].map((v) =>
          Math.round(v * 100),
        );
      const current = report.currentManagement.flatMap((p) => p.titlesDetails.flatMap((ti) => ti.chapters));
      expect(Object.fromEntries(current.map((l) => [l.chapter, row(l)]))).toEqual({
        '11001': [300_000, 0, 0, 300_000, 280_000, 20_000, 300_000, 0],
        '11002': [200_000, 0, 0, 200_000, 200_000, 0, 200_000, 0],
        '21001': [100_000, 10_000, 0, 110_000, 110_000, 0, 110_000, 0],
        '21003': [250_000, 0, 0, 250_000, 85_000, 60_000, 145_000, 105_000],
        '21006': [150_000, 0, -10_000, 140_000, 0, 0, 0, 140_000],
      });
      const residueLines = report.residuesManagement.flatMap((p) => p.chapters);
      expect(Object.fromEntries(residueLines.map((l) => [`${l.chapterYear}/${l.chapter}`, row(l)]))).toEqual({
        [`${Y - 1}/11001`]: [40_000, 0, 0, 40_000, 35_000, 0, 35_000, 5_000],
        [`${Y - 1}/21003`]: [30_000, 0, 0, 30_000, 24_000, 0, 24_000, 6_000],
      });
      // the part totals are the sums of their lines (no surplus applied in this forecast)
      const [revenuePart, expensePart] = report.currentManagement;
      expect(row(revenuePart?.initialSurplus as Amounts)).toEqual([0, 0, 0, 0, 0, 0, 0, 0]);
      expect(row(revenuePart?.total as Amounts)).toEqual([500_000, 0, 0, 500_000, 480_000, 20_000, 500_000, 0]);
      expect(row(expensePart?.total as Amounts)).toEqual([500_000, 10_000, -10_000, 500_000, 195_000, 60_000, 255_000, 245_000]);
      // summary: the write-off of the active residue (collected 350,00 of 400,00) and the saving on the passive one (paid 240,00 of 300,00)
      expect(report.summary).toMatchObject({
        profits: [{ chapter: '21003', amount: eur(6_000) }],
        profitsTotals: eur(6_000),
        losses: [{ chapter: '11001', amount: eur(5_000) }],
        lossesTotals: eur(5_000),
      });

      const revenues = 280_000 + 20_000 + 200_000; // collected + final residue of the current lines
      const expenses = 110_000 + 85_000 + 60_000; // paid + final residue of the current lines
      const totalActive = opening + 40_000 + revenues + 6_000;
      const finalSurplus = totalActive - 30_000 - expenses - 5_000;
      const finalCash = k1 + b1;
      // the two readings of the surplus agree: the report's chain and cash + residues still to collect − residues owed
      expect(finalSurplus).toBe(finalCash + 20_000 - 60_000);
      expect(report.results).toEqual({
        initialCashBalance: eur(opening),
        activeResidues: eur(40_000),
        revenues: eur(revenues),
        profits: eur(6_000),
        totalActive: eur(totalActive),
        passiveResidues: eur(30_000),
        expenses: eur(expenses),
        losses: eur(5_000),
        finalCashBalance: eur(finalCash),
        finalActiveResidues: eur(20_000),
        finalPassiveResidues: eur(60_000),
        finalSurplus: eur(finalSurplus),
        nextYearSurplusForecast: 0,
      });
      expect(report.summary.finalCashBalance).toBe(eur(finalCash));
      expect(report.summary.finalSurplus).toBe(eur(finalSurplus));
      expect(report.cashBalanceDetails.finalBalance).toBe(eur(finalCash));

      // the same cash from the cash journals (their own query) and the accounts' balances
      const journal = async (code: string) =>
        ok<{ dateFromBalance: number; totalProfit: number; totalLoss: number; finalBalance: number }>('GET', `Digests/CashJournal?${q(Y)}&accountCode=${code}`);
      const [jk1, jb1] = [await journal('K1'), await journal('B1')];
      expect([jk1.dateFromBalance, jk1.totalProfit, jk1.totalLoss, jk1.finalBalance]).toEqual([eur(50_000), eur(200_000), eur(49_000), eur(k1)]);
      expect([jb1.dateFromBalance, jb1.totalProfit, jb1.totalLoss, jb1.finalBalance]).toEqual([eur(1_000_000), eur(340_000), eur(195_000), eur(b1)]);
      // Y+1 opens with Y's closing cash
      const next = await ok<{ totals: { initialBalance: number } }>('GET', `Accounts/Balance?${q(N)}`);
      expect(next.totals.initialBalance).toBe(eur(finalCash));
    });

    it('every record number of Y is a row of the cash journal or the chapter register (the cancelled one as a row of 0)', async () => {
      type Row = { kind: string; movementKind: string | null; recordNumber: number; amount: number; cancelled: boolean };
      const rows: Row[] = [];
      for (const code of ['K1', 'B1']) rows.push(...(await ok<{ movements: Row[] }>('GET', `Digests/CashJournal?${q(Y)}&accountCode=${code}`)).movements);
      for (const [chapter, chapterYear] of [
        ['11001', Y],
        ['11002', Y],
        ['21001', Y],
        ['21003', Y],
        ['21006', Y],
        ['11001', Y - 1],
        ['21003', Y - 1],
      ] as const)
        rows.push(...(await ok<{ movements: Row[] }>('GET', `Digests/Chapters?${q(Y)}&chapter=${chapter}&chapterYear=${chapterYear}`)).movements);
      const numbers = (pick: (r: Row) => boolean) => [...new Set(rows.filter(pick).map((r) => r.recordNumber))].sort((a, b) => a - b);
      expect(numbers((r) => r.movementKind === 'revenues')).toEqual([1, 2, 3]);
      expect(numbers((r) => r.movementKind === 'expenses')).toEqual([1, 2, 3, 4, 5]);
      expect(numbers((r) => r.kind === 'budgetChange')).toEqual([1]);
      const cancelled = rows.filter((r) => r.cancelled);
      expect(cancelled.length).toBeGreaterThanOrEqual(2); // on K1 and on 2-1-001
      expect(cancelled.every((r) => r.movementKind === 'expenses' && r.recordNumber === 1 && r.amount === 0)).toBe(true);
      // the counters agree: the lists hold exactly these numbers
      const list = async (kind: string) =>
        ((await ok<{ entities: { recordNumber: number }[] }>('GET', `Movements/${kind}?${q(Y)}&pageSize=100`)).entities ?? [])
          .map((m) => m.recordNumber)
          .sort((a, b) => a - b);
      expect(await list('Revenues')).toEqual([1, 2, 3]);
      expect(await list('Expenses')).toEqual([1, 2, 3, 4, 5]);
    });

    it('the ETS report and the union statistics agree with the final report', async () => {
      const { results: r } = await ok<{
        results: Record<
          | 'initialCashBalance'
          | 'finalCashBalance'
          | 'activeResidues'
          | 'passiveResidues'
          | 'finalActiveResidues'
          | 'finalPassiveResidues'
          | 'revenues'
          | 'expenses',
          number
        >;
      }>('POST', 'FinalBalance/Report', {
        ...scope(Y),
        currentManagement: false,
        residues: false,
        summary: false,
        protocol: false,
      });
      const c = (euros: number) => Math.round(euros * 100);
      const collected = 280_000 + 200_000 + 35_000;
      const paid = 60_000 + 110_000 + 25_000 + 24_000;
      type EtsAmount = { currYear: number; prevYear: number | null };
      const ets = await ok<
        Record<'managementTotalProfit' | 'managementTotalLoss' | 'assetsTotalProfit' | 'assetsTotalLoss' | 'totalBalance' | 'cash' | 'bankDeposits', EtsAmount>
      >('POST', 'FinalBalance/ETSReport', scope(Y));
      // receipts and payments of the year (every chapter year), their balance = the cash the year gained, the cash at 31.12.
      expect(c(ets.managementTotalProfit.currYear + ets.assetsTotalProfit.currYear)).toBe(collected);
      expect(c(ets.managementTotalLoss.currYear + ets.assetsTotalLoss.currYear)).toBe(paid);
      expect(c(ets.totalBalance.currYear)).toBe(c(r.finalCashBalance - r.initialCashBalance));
      expect([c(ets.cash.currYear), c(ets.bankDeposits.currYear)]).toEqual([201_000, 1_145_000]);
      expect(c(ets.cash.currYear + ets.bankDeposits.currYear)).toBe(c(r.finalCashBalance));

      const csv = await t.app.inject({
        method: 'GET',
        url: `/api/statistics?deptFrom=1S1&deptTo=1S1&yearFrom=${Y}&yearTo=${Y}`,
        headers: t.auth('supervisor'),
      });
      expect(csv.statusCode, csv.body).toBe(200);
      const lines = csv.body
        .replace(/^\uFEFF/, '')
        .trim()
        .split(/\r?\n/);
      expect(lines).toHaveLength(2);
      const values = (lines[1] ?? '').split(';');
      // the 15 figures after code, name, year and area (statisticsCsv), `1234,56`
      const [
        revInitial,
        revChanges,
        revFinal,
        revPaid,
        expInitial,
        expChanges,
        expFinal,
        expPaid,
        revResidues,
        revResiduesPaid,
        revFinalResidues,
        openPayments,
        expResidues,
        expResiduesPaid,
        expFinalResidues,
      ] = values.slice(4).map((v) => Math.round(Number(v.replace(',', '.')) * 100));
      expect(values.slice(0, 4)).toEqual(['1S1', 'Freiwillige Feuerwehr Storybach', String(Y), '3']);
      expect([revInitial, revChanges, revFinal, revPaid, expInitial, expChanges, expFinal, expPaid]).toEqual([
        500_000, 0, 500_000, 480_000, 500_000, 0, 500_000, 195_000,
      ]);
      expect([revResidues, revResiduesPaid, revFinalResidues, openPayments, expResidues, expResiduesPaid, expFinalResidues]).toEqual([
        40_000, 35_000, 20_000, 60_000, 30_000, 24_000, 60_000,
      ]);
      // where they share figures with the final report
      expect([revResidues, expResidues, revFinalResidues, expFinalResidues]).toEqual(
        [r.activeResidues, r.passiveResidues, r.finalActiveResidues, r.finalPassiveResidues].map(c),
      );
      // the residue lines were determined 0, so every final residue is a current line's
      expect([(revPaid ?? 0) + (revFinalResidues ?? 0), (expPaid ?? 0) + (expFinalResidues ?? 0)]).toEqual([c(r.revenues), c(r.expenses)]);
      expect((revPaid ?? 0) + (revResiduesPaid ?? 0) - (expPaid ?? 0) - (expResiduesPaid ?? 0)).toBe(c(r.finalCashBalance - r.initialCashBalance));
    });
  });
}
