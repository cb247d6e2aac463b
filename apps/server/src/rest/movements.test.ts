import { schema } from '@app/db';
import { testDatabases } from '@app/db/testing';
import { and, eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { movementRoutes } from './movements.ts';
import { restTestApp, YEAR } from './testApp.ts';

/**
 * Spec 3 §7 movements over REST, euros on the wire. The scope is FF Eppan (102) in YEAR with a small
 * forecast approved here: revenues 11001 5.000,00; expenses 21006 3.000,00, 21001 2.000,00.
 */
for (const target of testDatabases()) {
  describe(`REST movements [${target.name}]`, () => {
    const t = restTestApp(target, { ipPrefix: '10.8.3', signIn: ['zwei', 'kassier'], departments: true });
    const call = (method: 'GET' | 'POST' | 'PUT' | 'DELETE', url: string, payload?: object, user = 'zwei') => t.call(user, method, url, payload);
    const dept = () => t.dept('102');
    const q = () => `departmentId=${dept()}&year=${YEAR}`;
    const scope = () => ({ departmentId: dept(), year: YEAR });
    async function idOf(table: typeof schema.accounts | typeof schema.suppliers) {
      const [row] = await t.handle.db.select({ id: table.id }).from(table).where(eq(table.departmentId, dept())).orderBy(table.id).limit(1);
      return row?.id ?? 0;
    }
    async function accountK1() {
      const [row] = await t.handle.db
        .select({ id: schema.accounts.id })
        .from(schema.accounts)
        .where(and(eq(schema.accounts.departmentId, dept()), eq(schema.accounts.code, 'K1')));
      return row?.id ?? 0;
    }

    it('every movements path of spec 3 §7 has a row', () => {
      const rows = movementRoutes.map((r) => `${r.method} ${r.path}`);
      for (const path of [
        'GET Movements/Revenues',
        'GET Movements/Expenses',
        'POST Movements/Revenues',
        'POST Movements/Expenses',
        'POST Movements',
        'POST Movements/ChaptersBefore',
      ]) {
        expect(rows).toContain(path);
      }
    });

    it('books before approval: BudgetNotApproved; the forecast is approved', async () => {
      const early = await call('POST', 'Movements', {
        ...scope(),
        type: 0,
        recordDate: `${YEAR}-02-01`,
        accountId: await accountK1(),
        positions: [{ chapter: '11001', amount: 1 }],
      });
      expect(early.statusCode).toBe(409);
      expect(early.json().details.Message).toBe('BudgetNotApproved');
      expect((await call('PUT', 'Budget/Forecast', { ...scope(), part: 1, positions: [{ chapter: '11001', amountCurrYear: 5000 }] })).statusCode).toBe(200);
      expect(
        (
          await call('PUT', 'Budget/Forecast', {
            ...scope(),
            part: 2,
            positions: [
              { chapter: '21006', amountCurrYear: 3000 },
              { chapter: '21001', amountCurrYear: 2000 },
            ],
          })
        ).statusCode,
      ).toBe(200);
      const approved = await call('GET', `Budget/Forecast/Approve?${q()}&approval=${YEAR}-01-15`);
      expect(approved.statusCode, approved.body).toBe(200);
    });

    it('POST Movements/Expenses saves an open payment in euros; Budget/Chapter carries the booking figures', async () => {
      const res = await call('POST', 'Movements/Expenses', {
        ...scope(),
        type: 2,
        recordDate: `${YEAR}-03-05`,
        documentDate: `${YEAR}-03-01`,
        documentNumber: 'RE-77',
        supplierId: await idOf(schema.suppliers),
        accountId: await accountK1(),
        positions: [
          { chapter: '21006', amount: 600 },
          { chapter: '2-1-001', amount: 400.01, note: 'Toner' },
        ],
        payments: [
          { amount: 300, dateDue: `${YEAR}-04-30`, datePaid: `${YEAR}-05-02` },
          { amount: 700.01, dateDue: `${YEAR}-07-31`, datePaid: null },
        ],
      });
      expect(res.statusCode, res.body).toBe(200);
      const saved = res.json();
      expect(saved).toMatchObject({ kind: 'expenses', recordNumber: 1, type: 2, total: 1000.01, documentNumber: 'RE-77' });
      // 300,00 over 600,00 / 400,01 -> 180,00 / 120,00 paid, the rest open
      expect(saved.positions.map((p: { chapter: string; amount: number; paid: number; open: number }) => [p.chapter, p.amount, p.paid, p.open])).toEqual([
        ['21006', 600, 180, 420],
        ['21001', 400.01, 120, 280.01],
      ]);
      expect(saved.payments.map((p: { amount: number; datePaid: string | null }) => [p.amount, p.datePaid])).toEqual([
        [300, `${YEAR}-05-02`],
        [700.01, null],
      ]);
      // 21006: 3.000,00 - 180,00 paid = 2.820,00; - 420,00 open = 2.400,00
      const chapter = await call('GET', `Budget/Chapter?${q()}&chapter=21006`);
      expect(chapter.json()).toMatchObject({ payments: 180, openPayments: 420, availableAfterDonePayments: 2820, availableAfterPlannedExpenses: 2400 });

      const before = await call('POST', 'Movements/ChaptersBefore', {
        ...scope(),
        movementId: saved.id,
        chapters: ['21006', { chapter: '21001', chapterYear: YEAR }],
      });
      expect(before.statusCode, before.body).toBe(200);
      expect(
        before
          .json()
          .map((c: { chapter: string; payments: number; availableAfterPlannedExpenses: number }) => [c.chapter, c.payments, c.availableAfterPlannedExpenses]),
      ).toEqual([
        ['21006', 0, 3000],
        ['21001', 0, 2000],
      ]);

      const read = await call('POST', 'Movements/Expenses', { ...scope(), recordNumber: 1 });
      expect(read.json()).toEqual(saved);
      const list = await call('GET', `Movements/Expenses?${q()}&search=RE-77`);
      expect(list.json()).toMatchObject({ total: 1, entities: [{ recordNumber: 1, amount: 1000.01, isPaid: false, cancelled: false }] });
    });

    it('POST Movements books a revenue (kind from the type); GET lists and reads it', async () => {
      const res = await call('POST', 'Movements', {
        ...scope(),
        type: 0,
        recordDate: `${YEAR}-03-10`,
        accountId: await accountK1(),
        positions: [{ chapter: '11001', amount: 1234.56 }],
      });
      expect(res.statusCode, res.body).toBe(200);
      expect(res.json()).toMatchObject({ kind: 'revenues', recordNumber: 1, total: 1234.56 });
      expect((await call('GET', `Movements/Revenues?${q()}`)).json().entities.map((e: { amount: number }) => e.amount)).toEqual([1234.56]);
      expect((await call('GET', `Movements/Revenues?${q()}&recordNumber=1`)).json().positions[0]).toMatchObject({ chapter: '11001', amount: 1234.56 });
      // 5.000,00 - 1.234,56
      expect((await call('GET', `Budget/Chapter?${q()}&chapter=11001`)).json()).toMatchObject({ payments: 1234.56, toReceive: 3765.44 });
    });

    it('refusals carry the spec codes; the latest record is deleted', async () => {
      const base = { ...scope(), type: 1, recordDate: `${YEAR}-03-05`, documentDate: `${YEAR}-03-01`, accountId: await accountK1() };
      const cents = await call('POST', 'Movements/Expenses', { ...base, positions: [{ chapter: '21006', amount: 1.005 }] });
      expect(cents.statusCode).toBe(400);
      expect(cents.json().details).toMatchObject({ Message: 'InvalidValue', Field: 'positions.0.amount' });
      const over = await call('POST', 'Movements/Expenses', { ...base, positions: [{ chapter: '21006', amount: 2500 }] });
      expect(over.statusCode).toBe(409);
      expect(over.json().details.Message).toBe('AvailableExceeded');
      const missing = await call('POST', 'Movements/Expenses', { ...base, positions: [{ chapter: '21007', amount: 10 }] });
      expect(missing.json().details.Message).toBe('chapterNotAvailable');
      const late = await call('POST', 'Movements/Expenses', {
        ...base,
        recordDate: `${YEAR}-03-05`,
        documentDate: `${YEAR}-03-06`,
        positions: [{ chapter: '21006', amount: 10 }],
      });
      expect(late.json().details.Message).toBe('DocumentDateAfterRecordDate');
      const unknown = await call('GET', `Movements/Expenses?${q()}&recordNumber=42`);
      expect(unknown.statusCode).toBe(404);
      expect(unknown.json().details.Message).toBe('RecordNotFound');
      const other = await call('GET', `Movements/Expenses?${q()}`, undefined, 'kassier');
      expect(other.statusCode).toBe(403);

      const confirmed = await call('POST', 'Movements/Expenses', { ...base, confirmAvailableExceeded: true, positions: [{ chapter: '21006', amount: 2500 }] });
      expect(confirmed.json()).toMatchObject({ recordNumber: 2, total: 2500 });
      expect((await call('GET', `Budget/Chapter?${q()}&chapter=21006`)).json().availableAfterPlannedExpenses).toBe(-100);
      const deleted = await call('DELETE', `Movements/Expenses?${q()}&recordNumber=2`);
      expect(deleted.json()).toEqual({ deleted: true, cancelled: false, recordNumber: 2 });
      expect((await call('GET', `Budget/Chapter?${q()}&chapter=21006`)).json().availableAfterPlannedExpenses).toBe(2400);
    });
  });
}
