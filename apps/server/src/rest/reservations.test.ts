import { schema } from '@app/db';
import { testDatabases } from '@app/db/testing';
import { and, eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { reservationRoutes } from './reservations.ts';
import { restTestApp, YEAR } from './testApp.ts';

/**
 * Spec 3 §7 reservations over REST, euros on the wire. The scope is FF Eppan (102) in YEAR with a
 * small forecast approved here: revenues 11001 5.000,00; expenses 21003 1.000,00, 21006 4.000,00.
 */
for (const target of testDatabases()) {
  describe(`REST reservations [${target.name}]`, () => {
    const t = restTestApp(target, { ipPrefix: '10.8.4', signIn: ['zwei', 'kassier'], departments: true });
    const call = (method: 'GET' | 'POST' | 'PUT' | 'DELETE', url: string, payload?: object, user = 'zwei') => t.call(user, method, url, payload);
    const q = () => `departmentId=${t.dept('102')}&year=${YEAR}`;
    const scope = () => ({ departmentId: t.dept('102'), year: YEAR });
    let reservationId = 0;

    it('every reservations path of spec 3 §7 has a row', () => {
      const rows = reservationRoutes.map((r) => `${r.method} ${r.path}`);
      for (const path of ['GET Reservations/List', 'POST Reservations/List', 'GET Reservations', 'POST Reservations', 'DELETE Reservations']) {
        expect(rows).toContain(path);
      }
    });

    it('reserves before approval: BudgetNotApproved; the forecast is approved', async () => {
      const early = await call('POST', 'Reservations', {
        ...scope(),
        recordDate: `${YEAR}-02-01`,
        chapterYear: YEAR,
        chapter: '21003',
        amountBooked: 1,
        amountUsed: 0,
      });
      expect(early.statusCode).toBe(409);
      expect(early.json().details.Message).toBe('BudgetNotApproved');
      const part = async (n: 1 | 2, positions: { chapter: string; amountCurrYear: number }[]) =>
        expect((await call('PUT', 'Budget/Forecast', { ...scope(), part: n, positions })).statusCode).toBe(200);
      await part(1, [{ chapter: '11001', amountCurrYear: 5000 }]);
      await part(2, [
        { chapter: '21003', amountCurrYear: 1000 },
        { chapter: '21006', amountCurrYear: 4000 },
      ]);
      const approved = await call('GET', `Budget/Forecast/Approve?${q()}&approval=${YEAR}-01-15`);
      expect(approved.statusCode, approved.body).toBe(200);
    });

    it('POST Reservations saves in euros with the nested chapter; GET reads it by record number or id', async () => {
      const res = await call('POST', 'Reservations', {
        ...scope(),
        recordDate: `${YEAR}-03-02`,
        note: 'Atemschutzgeräte',
        chapter: { chapterYear: YEAR, chapter: '2-1-003', descriptionDeu: 'ignored' },
        amountBooked: 400,
        amountUsed: 100.5,
        closed: false,
      });
      expect(res.statusCode, res.body).toBe(200);
      const saved = res.json();
      reservationId = saved.id;
      expect(saved).toMatchObject({
        recordNumber: 1,
        recordDate: `${YEAR}-03-02`,
        note: 'Atemschutzgeräte',
        chapter: { chapter: '21003', chapterYear: YEAR },
        amountBooked: 400,
        amountUsed: 100.5,
        amountUnused: 299.5,
        usedByPositions: 0,
        closed: false,
        cancelled: false,
        originalAmount: 400,
        isLatest: true,
        isEditable: true,
      });
      // 1.000,00 - 299,50 reserved = 700,50
      expect(saved.budget).toMatchObject({ budgetFinal: 1000, reservations: 299.5, availableAfterPlannedExpenses: 700.5 });
      expect((await call('GET', `Reservations?${q()}&recordNumber=1`)).json()).toEqual(saved);
      expect((await call('GET', `Reservations?${q()}&id=${saved.id}`)).json()).toEqual(saved);
      expect((await call('GET', `Budget/Chapter?${q()}&chapter=21003`)).json()).toMatchObject({ reservations: 299.5, availableAfterPlannedExpenses: 700.5 });
    });

    it('a movement position uses the reservation: used, unused and the chapter in euros', async () => {
      const [account] = await t.handle.db
        .select({ id: schema.accounts.id })
        .from(schema.accounts)
        .where(and(eq(schema.accounts.departmentId, t.dept('102')), eq(schema.accounts.code, 'K1')));
      const movement = await call('POST', 'Movements/Expenses', {
        ...scope(),
        type: 1,
        recordDate: `${YEAR}-04-05`,
        documentDate: `${YEAR}-04-01`,
        accountId: account?.id,
        positions: [{ chapter: '21003', amount: 50.25, reservationId }],
      });
      expect(movement.statusCode, movement.body).toBe(200);
      expect(movement.json().positions[0]).toMatchObject({ reservationId, reservationRecordNumber: 1, reservationAmount: 50.25 });
      const read = (await call('GET', `Reservations?${q()}&recordNumber=1`)).json();
      // used 100,50 typed + 50,25 by the position = 150,75 of 400,00
      expect(read).toMatchObject({ amountUsed: 150.75, amountUnused: 249.25, usedByPositions: 50.25 });
      // 1.000,00 - 50,25 paid - 249,25 reserved = 700,50: the position spent what was reserved
      expect(read.budget).toMatchObject({ payments: 50.25, reservations: 249.25, availableAfterPlannedExpenses: 700.5 });

      const list = await call('GET', `Reservations/List?${q()}&chapterId=${read.chapter.chapterId}&openOnly=true`);
      expect(list.statusCode, list.body).toBe(200);
      expect(list.json()).toMatchObject({ total: 1, entities: [{ recordNumber: 1, amountBooked: 400, amountUsed: 150.75, amountUnused: 249.25 }] });
      const print = await call('POST', 'Reservations/List', { ...scope(), chapter: '21003', open: true, closed: false });
      expect(print.statusCode, print.body).toBe(200);
      expect(print.json().totals).toEqual({ amountBooked: 400, amountUsed: 150.75, amountUnused: 249.25 });
      expect((await call('POST', 'Reservations/List', { ...scope(), open: false, closed: true })).json()).toEqual({
        rows: [],
        totals: { amountBooked: 0, amountUsed: 0, amountUnused: 0 },
      });
    });

    it('refusals carry the spec codes and fields; the latest reservation is deleted by its id', async () => {
      const base = { ...scope(), recordDate: `${YEAR}-03-05`, chapterYear: YEAR, chapter: '21006', amountUsed: 0 };
      const cents = await call('POST', 'Reservations', { ...base, amountBooked: 1.005 });
      expect(cents.statusCode).toBe(400);
      expect(cents.json().details).toMatchObject({ Message: 'InvalidValue', Field: 'amountBooked' });
      const below = await call('POST', 'Reservations', { ...base, amountBooked: 10, amountUsed: 10.01 });
      expect(below.statusCode).toBe(400);
      expect(below.json().details).toMatchObject({ Message: 'InvalidValue', Field: 'amountBooked' });
      const usedBelow = await call('POST', 'Reservations', { ...base, id: reservationId, chapter: '21003', amountBooked: 400, amountUsed: 50 });
      // what the positions use, in euros as every amount on the wire
      expect(usedBelow.json().details).toEqual({ Message: 'InvalidValue', Field: 'amountUsed', Params: { usedByPositions: 50.25 } });
      const revenue = await call('POST', 'Reservations', { ...base, chapter: '11001', amountBooked: 10 });
      expect(revenue.statusCode).toBe(409);
      expect(revenue.json().details).toMatchObject({ Message: 'chapterNotAvailable', Field: 'chapter' });
      const used = await call('DELETE', `Reservations?${q()}`, { id: reservationId });
      expect(used.statusCode).toBe(409);
      expect(used.json().details).toEqual({ Message: 'CannotDeleteUsed', Field: 'id', Params: { recordNumber: 1, amountUsed: 150.75 } });
      const other = await call('GET', `Reservations/List?${q()}`, undefined, 'kassier');
      expect(other.statusCode).toBe(403);
      const unknown = await call('GET', `Reservations?${q()}&recordNumber=42`);
      expect(unknown.statusCode).toBe(404);
      expect(unknown.json().details.Message).toBe('RecordNotFound');

      const second = await call('POST', 'Reservations', { ...base, amountBooked: 25.5 });
      expect(second.json()).toMatchObject({ recordNumber: 2, amountBooked: 25.5, amountUnused: 25.5 });
      expect((await call('GET', `Reservations/Context?${q()}`)).json()).toMatchObject({ isEditable: true, nextRecordNumber: 3 });
      // an earlier one is cancelled and keeps the amount it was booked at (originalAmount, in euros), counting 0
      const third = await call('POST', 'Reservations', { ...base, amountBooked: 1 });
      const cancelled = await call('DELETE', `Reservations?${q()}`, { id: second.json().id });
      expect(cancelled.json()).toEqual({ deleted: false, cancelled: true, recordNumber: 2 });
      expect((await call('GET', `Reservations?${q()}&recordNumber=2`)).json()).toMatchObject({
        amountBooked: 0,
        amountUnused: 0,
        cancelled: true,
        originalAmount: 25.5,
      });
      expect((await call('GET', `Reservations?${q()}&recordNumber=3`)).json()).toMatchObject({ cancelled: false, originalAmount: 1 });
      const deleted = await call('DELETE', `Reservations?${q()}`, { id: third.json().id });
      expect(deleted.json()).toEqual({ deleted: true, cancelled: false, recordNumber: 3 });
      expect((await call('GET', `Budget/Chapter?${q()}&chapter=21006`)).json().reservations).toBe(0);
    });
  });
}
