import { schema } from '@app/db';
import { testDatabases } from '@app/db/testing';
import { and, eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { residueRoutes } from './residues.ts';
import { restTestApp, YEAR } from './testApp.ts';

/**
 * Spec 3 §7 residues over REST, euros on the wire. FF Eppan (102) in YEAR with a forecast approved
 * here: revenues 11001 5.000,00; expenses 21003 1.000,00, 21006 4.000,00 (= 5.000,00); on 21003 a
 * payment of 300,00 and a reservation of 400,00 of which 100,00 used. The carry-over runs in YEAR+1,
 * the manual residues in the demo's first year YEAR−1.
 */
for (const target of testDatabases()) {
  describe(`REST residues [${target.name}]`, () => {
    const t = restTestApp(target, { ipPrefix: '10.8.15', signIn: ['zwei'], departments: true });
    const call = (method: 'GET' | 'POST' | 'PUT' | 'DELETE', url: string, payload?: object) => t.call('zwei', method, url, payload);
    const q = (year = YEAR) => `departmentId=${t.dept('102')}&year=${year}`;
    const scope = (year = YEAR) => ({ departmentId: t.dept('102'), year });
    const ok = async (method: 'GET' | 'POST' | 'PUT' | 'DELETE', url: string, payload?: object) => {
      const res = await call(method, url, payload);
      expect(res.statusCode, res.body).toBe(200);
      return res.json();
    };
    const refused = async (method: 'GET' | 'POST' | 'PUT' | 'DELETE', url: string, payload: object | undefined, status: number, message: string) => {
      const res = await call(method, url, payload);
      expect([res.statusCode, res.json().details?.Message], res.body).toEqual([status, message]);
    };
    type Position = { chapter: { chapter: string }; budget: Record<string, number | null>; amount: number; minimum: number; maximum: number };
    const byChapter = (positions: Position[], chapter: string) => positions.find((p) => p.chapter.chapter === chapter) as Position;

    it('every Budget/Residues path of spec 3 §7 has a row', () => {
      const rows = residueRoutes.map((r) => `${r.method} ${r.path}`);
      for (const path of [
        'GET Budget/Residues/CarryOver',
        'PUT Budget/Residues/CarryOver',
        'GET Budget/Residues/CarryOver/Report',
        'GET Budget/Residues/CarryOver/Status',
        'GET Budget/Residues/Final',
        'PUT Budget/Residues/Final',
        'GET Budget/Residues/Export',
        'GET Budget/Residues',
        'POST Budget/Residues',
        'DELETE Budget/Residues',
      ]) {
        expect(rows).toContain(path);
      }
    });

    it('the year: forecast approved, a payment and a reservation on 21003', async () => {
      await ok('PUT', 'Budget/Forecast', { ...scope(), part: 1, positions: [{ chapter: '11001', amountCurrYear: 5000 }] });
      await ok('PUT', 'Budget/Forecast', {
        ...scope(),
        part: 2,
        positions: [
          { chapter: '21003', amountCurrYear: 1000 },
          { chapter: '21006', amountCurrYear: 4000 },
        ],
      });
      await ok('GET', `Budget/Forecast/Approve?${q()}&approval=${YEAR}-01-15`);
      const [k1] = await t.handle.db
        .select({ id: schema.accounts.id })
        .from(schema.accounts)
        .where(and(eq(schema.accounts.departmentId, t.dept('102')), eq(schema.accounts.code, 'K1')));
      await ok('POST', 'Movements', {
        ...scope(),
        kind: 'expenses',
        type: 1,
        recordDate: `${YEAR}-03-01`,
        documentDate: `${YEAR}-03-01`,
        accountId: k1?.id,
        positions: [{ chapter: '21003', amount: 300 }],
      });
      await ok('POST', 'Reservations', { ...scope(), recordDate: `${YEAR}-03-02`, chapterYear: YEAR, chapter: '21003', amountBooked: 400, amountUsed: 100 });
    });

    it('GET Budget/Residues/Final answers the positions in euros; PUT checks the bounds and saves', async () => {
      const final = await ok('GET', `Budget/Residues/Final?${q()}&source=1`);
      expect(final).toMatchObject({ source: 1, isBudgetClosed: false, allDetermined: false });
      // 21003: 1.000,00 - 300,00 = 700,00 available, 300,00 reserved (flag 1)
      expect(byChapter(final.positions, '21003')).toMatchObject({
        budget: { allocated: 1000, payments: 300, available: 700, reservations: 300, openPayments: 0, flag: 1, finalResidue: null },
        minimum: 300,
        maximum: 700,
        proposal: 300,
        amount: 300,
        isDetermined: false,
        isEditable: true,
      });
      const id = (chapter: string) => byChapter(final.positions, chapter).budget.budgetId as number;
      // below the lower bound (open payments + reservations together): InvalidValue with the bounds in euros
      const below = await call('PUT', 'Budget/Residues/Final', { ...scope(), budgetType: 1, positions: [{ budgetId: id('21003'), amount: 299.99 }] });
      expect([below.statusCode, below.json().details]).toMatchObject([
        400,
        { Message: 'InvalidValue', Field: 'positions.0.amount', Params: { chapter: '21003', minimum: 300, maximum: 700, problem: 'belowMinimum' } },
      ]);
      const above = await call('PUT', 'Budget/Residues/Final', { ...scope(), budgetType: 1, positions: [{ budgetId: id('21003'), amount: 700.01 }] });
      expect([above.statusCode, above.json().details]).toEqual([
        400,
        {
          Message: 'InvalidValue',
          Field: 'positions.0.amount',
          Params: { chapter: '21003', chapterYear: YEAR, minimum: 300, maximum: 700, problem: 'aboveMaximum' },
        },
      ]);
      const saved = await ok('PUT', 'Budget/Residues/Final', {
        ...scope(),
        budgetType: 1,
        positions: [
          { budgetId: id('11001'), amount: 5000 },
          // a whole position as the screen holds it
          { ...byChapter(final.positions, '21003'), amount: 350.5 },
          { budgetId: id('21006'), amount: 0 },
        ],
      });
      expect(saved.allDetermined).toBe(true);
      expect(saved.positions.map((p: Position) => [p.chapter.chapter, p.budget.finalResidue])).toEqual([
        ['11001', 5000],
        ['21003', 350.5],
        ['21006', 0],
      ]);
    });

    it('PUT Budget/Residues/Final with amount null clears a line (decision 23); sent again it is determined', async () => {
      const final = await ok('GET', `Budget/Residues/Final?${q()}&source=1`);
      const line21006 = byChapter(final.positions, '21006');
      const cleared = await ok('PUT', 'Budget/Residues/Final', { ...scope(), budgetType: 1, positions: [{ ...line21006, amount: null }] });
      expect(cleared.allDetermined).toBe(false);
      expect(cleared.positions.map((p: Position & { isDetermined: boolean }) => [p.chapter.chapter, p.budget.finalResidue, p.isDetermined])).toEqual([
        ['11001', 5000, true],
        ['21003', 350.5, true],
        ['21006', null, false],
      ]);
      const again = await ok('PUT', 'Budget/Residues/Final', { ...scope(), budgetType: 1, positions: [{ budgetId: line21006.budget.budgetId, amount: 0 }] });
      expect([again.allDetermined, byChapter(again.positions, '21006').budget.finalResidue]).toEqual([true, 0]);
    });

    it('GET Budget/Residues/Export filters by source and residue', async () => {
      const data = await ok('GET', `Budget/Residues/Export?${q()}&source=0&includeWithResidue=true&includeWithoutResidue=false&detailed=true`);
      expect(data.isDetailed).toBe(true);
      expect(data.positions.map((p: Position) => [p.chapter.chapter, p.amount])).toEqual([
        ['11001', 5000],
        ['21003', 350.5],
      ]);
      expect(data.groups.map((g: { part: number; totals: { finalResidue: number } }) => [g.part, g.totals.finalResidue])).toEqual([
        [1, 5000],
        [2, 350.5],
      ]);
    });

    it('Budget/Residues/CarryOver in the next year: the boolean, the run, the report', async () => {
      expect(await ok('GET', `Budget/Residues/CarryOver?${q(YEAR + 1)}`)).toBe(true);
      expect(await ok('PUT', `Budget/Residues/CarryOver?${q(YEAR + 1)}`, {})).toEqual({
        linesCreated: 2,
        linesUpdated: 0,
        linesRemoved: 0,
        linesKept: 0,
        reservationsCarried: 1,
        reservationsUpdated: 0,
        instalmentsMoved: 0,
      });
      expect(await ok('PUT', `Budget/Residues/CarryOver?${q(YEAR + 1)}`, {})).toMatchObject({ linesCreated: 0, linesUpdated: 0, reservationsCarried: 0 });
      const report = await ok('GET', `Budget/Residues/CarryOver/Report?${q(YEAR + 1)}`);
      expect(
        report.rows.map((r: { year: number; chapter: string; previousYear: number; currentYear: number }) => [
          r.year,
          r.chapter,
          r.previousYear,
          r.currentYear,
        ]),
      ).toEqual([
        [YEAR, '11001', 5000, 5000],
        [YEAR, '21003', 350.5, 350.5],
      ]);
      expect(report.totals).toEqual({ previousYear: 5350.5, currentYear: 5350.5 });
      // the first year has no previous year to carry
      expect(await ok('GET', `Budget/Residues/CarryOver?${q(YEAR - 1)}`)).toBe(false);
    });

    it('GET Budget/Residues/CarryOver/Status: out of date once YEAR changes after the carry-over; a re-run brings YEAR+1 in line', async () => {
      expect(await ok('GET', `Budget/Residues/CarryOver/Status?${q(YEAR + 1)}`)).toMatchObject({
        possible: true,
        previousYear: YEAR,
        year: YEAR + 1,
        carriedBefore: true,
        outOfDate: false,
        lines: [],
        reservations: [],
      });
      // YEAR changes: 21003 determined lower (still above its reservation's 300,00), 11001 nothing left
      const final = await ok('GET', `Budget/Residues/Final?${q()}&source=1`);
      const id = (chapter: string) => byChapter(final.positions, chapter).budget.budgetId;
      await ok('PUT', 'Budget/Residues/Final', {
        ...scope(),
        budgetType: 1,
        positions: [
          { budgetId: id('11001'), amount: 0 },
          { budgetId: id('21003'), amount: 320 },
        ],
      });
      const stale = await ok('GET', `Budget/Residues/CarryOver/Status?${q(YEAR + 1)}`);
      expect(stale).toMatchObject({ possible: true, carriedBefore: true, outOfDate: true, reservations: [] });
      expect(
        stale.lines.map((l: { chapter: string; chapterYear: number; carried: number; current: number; action: string }) => [
          l.chapter,
          l.chapterYear,
          l.carried,
          l.current,
          l.action,
        ]),
      ).toEqual([
        ['11001', YEAR, 5000, 0, 'remove'],
        ['21003', YEAR, 350.5, 320, 'update'],
      ]);
      expect(await ok('GET', `Budget/Residues/CarryOver?${q(YEAR + 1)}`)).toBe(true);
      expect(await ok('PUT', `Budget/Residues/CarryOver?${q(YEAR + 1)}`, {})).toEqual({
        linesCreated: 0,
        linesUpdated: 1,
        linesRemoved: 1,
        linesKept: 0,
        reservationsCarried: 0,
        reservationsUpdated: 0,
        instalmentsMoved: 0,
      });
      expect(await ok('GET', `Budget/Residues/CarryOver/Status?${q(YEAR + 1)}`)).toMatchObject({ outOfDate: false, lines: [], reservations: [] });
      const report = await ok('GET', `Budget/Residues/CarryOver/Report?${q(YEAR + 1)}`);
      expect(report.rows.map((r: { chapter: string; currentYear: number }) => [r.chapter, r.currentYear])).toEqual([['21003', 320]]);
    });

    it('Budget/Residues: manual residues of the first year (GET, POST with the spec year, DELETE by id)', async () => {
      expect(await ok('GET', `Budget/Residues?${q(YEAR - 1)}`)).toEqual({ rows: [], isFirstYear: true, isBudgetClosed: false, editable: true });
      const saved = await ok('POST', `Budget/Residues?${q(YEAR - 1)}`, { year: YEAR - 2, chapter: '21006', amount: 1234.56, notes: 'aus 2024' });
      expect(saved).toMatchObject({ year: YEAR - 2, chapterYear: YEAR - 2, chapter: '21006', amount: 1234.56, note: 'aus 2024', used: 0, isDeletable: true });
      const list = await ok('GET', `Budget/Residues?${q(YEAR - 1)}&search=21006`);
      expect(list.rows.map((r: { id: number; amount: number }) => [r.id, r.amount])).toEqual([[saved.id, 1234.56]]);
      await refused('POST', `Budget/Residues?${q()}`, { year: YEAR - 1, chapter: '21006', amount: 1 }, 403, 'Forbidden');
      expect(await ok('DELETE', `Budget/Residues?${q(YEAR - 1)}`, { id: saved.id })).toEqual({ deleted: true, id: saved.id });
      await refused('DELETE', `Budget/Residues?${q(YEAR - 1)}`, { id: saved.id }, 404, 'ResiduelNotFound');
    });
  });
}
