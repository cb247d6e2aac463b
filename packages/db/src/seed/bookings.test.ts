import { splitInstalments } from '@app/domain';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { DbHandle } from '../client.ts';
import { execRows, toCents } from '../rows.ts';
import { testDatabases } from '../testing.ts';
import { type BookingScope, planBookings } from './bookings.ts';
import { demoForecast } from './budget.ts';

const YEAR = 2026;
const PREV = YEAR - 1;
const TODAY = `${YEAR}-03-01`;

/** A fire brigade's scope as the seed builds it (the demo forecast of area 3 at 100 %). */
function brigade(openPaymentsAllowed: boolean): BookingScope {
  const { lines } = demoForecast(3, 100);
  return {
    departmentId: 5,
    code: '102',
    year: PREV,
    openPaymentsAllowed,
    lines: new Map(lines.map((l, i) => [l.chapter, { id: i + 1, budget: l.amount }])),
    accounts: { K1: 1, B1: 2 },
    suppliers: new Map([1001, 1002, 1003, 1004, 1005].map((code) => [code, { id: code, paymentTerm: 30 }])),
  };
}

describe('planBookings', () => {
  it('is deterministic: the same scope gives the same year', () => {
    expect(planBookings(brigade(true), TODAY)).toEqual(planBookings(brigade(true), TODAY));
  });

  it('books nothing after today and leaves what falls due after it open, numbers still gap-free', () => {
    const today = `${PREV}-06-30`;
    const planned = planBookings(brigade(true), today);
    expect(planned.length).toBeGreaterThan(30);
    expect(planned.every((m) => m.recordDate <= today && m.payments.every((p) => p.datePaid === null || p.datePaid <= today))).toBe(true);
    for (const kind of ['revenues', 'expenses'] as const) {
      const numbers = planned.filter((m) => m.kind === kind).map((m) => m.recordNumber);
      expect(numbers).toEqual(numbers.map((_, i) => i + 1));
    }
    expect(planBookings(brigade(true), `${PREV}-01-01`)).toEqual([]);
  });

  it('books PaymentOpen only where open payments are allowed', () => {
    expect(planBookings(brigade(false), TODAY).some((m) => m.type === 2)).toBe(false);
    expect(planBookings(brigade(true), TODAY).filter((m) => m.type === 2).length).toBeGreaterThan(5);
  });
});

for (const database of testDatabases(undefined, { pglite: 'both' })) {
  describe(`the demo bookings on ${database.name}`, () => {
    let handle: DbHandle;
    const rows = <T>(query: ReturnType<typeof sql>) => execRows<T>(handle.db, query);
    beforeAll(async () => {
      handle = await database.create({ demo: { year: YEAR, today: TODAY } });
    });
    afterAll(async () => {
      await handle?.close();
    });

    it('gives every department 80-150 movements in the approved year and none in the year not approved', async () => {
      const counts = await rows<{ code: string; year: number; n: number }>(
        sql`select d.code, m.year, count(*)::int as n from movements m join departments d on d.id = m.department_id group by 1, 2 order by 1`,
      );
      expect(counts.map((c) => c.code)).toEqual(['000', '100', '101', '102', '200', '201', '202']);
      for (const c of counts) {
        expect(c.year).toBe(PREV);
        expect(c.n).toBeGreaterThanOrEqual(80);
        expect(c.n).toBeLessThanOrEqual(150);
      }
      const [approved] = await rows<{ n: number }>(sql`select count(*)::int as n from budget_heads where year = ${YEAR} and forecast_approved is not null`);
      expect(approved?.n).toBe(0);
    });

    it('numbers records gap-free by record date per department, year and kind, with the counters at the last number', async () => {
      const list = await rows<{ department_id: number; year: number; kind: string; record_number: number; record_date: string }>(
        sql`select department_id, year, kind, record_number, record_date::text from movements order by department_id, year, kind, record_number`,
      );
      const counters = await rows<{ department_id: number; year: number; kind: string; last: number }>(
        sql`select department_id, year, kind, last from record_counters where kind in ('revenue', 'expense')`,
      );
      const groups = new Map<string, typeof list>();
      for (const m of list) {
        const key = `${m.department_id}/${m.year}/${m.kind === 'revenues' ? 'revenue' : 'expense'}`;
        groups.set(key, [...(groups.get(key) ?? []), m]);
      }
      expect(counters).toHaveLength(groups.size);
      for (const [key, group] of groups) {
        expect(group.map((m) => m.record_number)).toEqual(group.map((_, i) => i + 1));
        expect(group.map((m) => m.record_date)).toEqual(group.map((m) => m.record_date).sort());
        expect(counters.find((c) => `${c.department_id}/${c.year}/${c.kind}` === key)?.last).toBe(group.length);
      }
    });

    it('keeps the dates in the year, not after today, documents not after their record', async () => {
      const [bad] = await rows<{ records: number; documents: number; paid: number }>(sql`select
        (select count(*)::int from movements where record_date not between make_date(year, 1, 1) and make_date(year, 12, 31) or record_date > ${TODAY}::date) as records,
        (select count(*)::int from movements where document_date is null and type <> 0 or document_date > record_date) as documents,
        (select count(*)::int from movement_payments p join movements m on m.id = p.movement_id
          where p.date_paid is not null and (p.date_paid not between m.record_date and make_date(m.year, 12, 31) or p.date_paid > ${TODAY}::date)) as paid`);
      expect(bad).toEqual({ records: 0, documents: 0, paid: 0 });
    });

    it('books each type with the fields and payments DOMAIN.md gives it', async () => {
      const list = await rows<{
        code: string;
        open_allowed: boolean;
        kind: string;
        type: number;
        record_date: string;
        supplier_id: number | null;
        account_id: number | null;
        document_number: string;
        template_code: number | null;
        positions: string;
        transfers: number;
        payments: { amount: string; date_due: string; date_paid: string | null }[] | null;
      }>(sql`select d.code, d.open_payments_allowed as open_allowed, m.kind, m.type, m.record_date::text, m.supplier_id, m.account_id, m.document_number, m.template_code,
          (select coalesce(sum(amount), 0)::text from movement_positions where movement_id = m.id) as positions,
          (select count(*)::int from movement_transfer_positions where movement_id = m.id) as transfers,
          (select json_agg(json_build_object('amount', amount::text, 'date_due', date_due, 'date_paid', date_paid) order by sort) from movement_payments where movement_id = m.id) as payments
        from movements m join departments d on d.id = m.department_id`);
      for (const m of list) {
        const payments = m.payments ?? [];
        expect(m.kind).toBe(m.type === 0 || m.type === 5 ? 'revenues' : 'expenses');
        if (m.type === 3) {
          expect([m.account_id, m.supplier_id, m.template_code, m.document_number, toCents(m.positions), payments.length]).toEqual([
            null,
            null,
            null,
            '',
            0,
            0,
          ]);
          expect(m.transfers).toBeGreaterThan(0);
          continue;
        }
        expect(m.account_id).not.toBeNull();
        expect(m.transfers).toBe(0);
        if (m.type === 0) expect([m.supplier_id, payments.length]).toEqual([null, 0]);
        else expect(payments.reduce((s, p) => s + toCents(p.amount), 0)).toBe(toCents(m.positions));
        if (m.type === 1 || m.type === 4) expect(payments).toEqual([{ amount: expect.any(String), date_due: m.record_date, date_paid: m.record_date }]);
        if (m.type === 2) expect([m.open_allowed, m.supplier_id === null]).toEqual([true, false]);
        if (m.type === 4) expect([m.code, m.supplier_id, m.document_number]).toEqual(['000', null, '']);
      }
      expect(new Set(list.map((m) => m.type))).toEqual(new Set([0, 1, 2, 3, 4]));
    });

    it('moves withholding tax from expense chapters to title-3 revenue chapters only', async () => {
      const sides = await rows<{ from_chapter: string; to_chapter: string }>(sql`select cf.chapter as from_chapter, ct.chapter as to_chapter
        from movement_transfer_positions t
        join chapter_budgets lf on lf.id = t.from_chapter_budget_id join chapters cf on cf.id = lf.chapter_id
        join chapter_budgets lt on lt.id = t.to_chapter_budget_id join chapters ct on ct.id = lt.chapter_id`);
      expect(sides.length).toBeGreaterThan(30);
      expect(sides.every((s) => s.from_chapter.startsWith('2') && s.to_chapter.startsWith('13'))).toBe(true);
    });

    it('writes the shares of every instalment exactly as splitInstalments spreads them', async () => {
      const list = await rows<{
        id: number;
        positions: string[];
        payments: string[];
        shares: { payment: number; position: number; amount: string }[];
      }>(sql`select m.id,
          (select json_agg(amount::text order by sort) from movement_positions where movement_id = m.id) as positions,
          (select json_agg(amount::text order by sort) from movement_payments where movement_id = m.id) as payments,
          (select json_agg(json_build_object('payment', pay.sort, 'position', p.sort, 'amount', s.amount::text))
             from movement_payment_shares s join movement_payments pay on pay.id = s.payment_id join movement_positions p on p.id = s.position_id
            where pay.movement_id = m.id) as shares
        from movements m where exists (select 1 from movement_payments where movement_id = m.id)`);
      expect(list.length).toBeGreaterThan(400);
      for (const m of list) {
        const split = splitInstalments(m.positions.map(toCents), m.payments.map(toCents));
        const written = m.payments.map((_, i) => m.positions.map((_, j) => toCents(m.shares.find((s) => s.payment === i && s.position === j)?.amount ?? null)));
        expect(written, `movement ${m.id}`).toEqual(split);
      }
    });

    it('stays inside the forecasts: expense chapters below their budget, revenues at 90-100 %, title 3 balanced', async () => {
      const lines = await rows<{ code: string; chapter: string; budget: string; paid: string; open: string }>(sql`with f as (
          select p.chapter_budget_id as line, p.amount as paid, 0::numeric as open from movement_positions p join movements m on m.id = p.movement_id where m.kind = 'revenues'
          union all
          select p.chapter_budget_id, case when pay.date_paid is null then 0 else s.amount end, case when pay.date_paid is null then s.amount else 0 end
            from movement_payment_shares s join movement_payments pay on pay.id = s.payment_id join movement_positions p on p.id = s.position_id
          union all
          select x.line, t.amount, 0 from movement_transfer_positions t cross join lateral (values (t.from_chapter_budget_id), (t.to_chapter_budget_id)) as x(line))
        select d.code, c.chapter, l.budget_initial::text as budget, coalesce(sum(f.paid), 0)::text as paid, coalesce(sum(f.open), 0)::text as open
        from chapter_budgets l join chapters c on c.id = l.chapter_id join departments d on d.id = l.department_id left join f on f.line = l.id
        group by 1, 2, 3`);
      expect(lines.length).toBeGreaterThan(100);
      for (const l of lines) {
        const [budget, used] = [toCents(l.budget), toCents(l.paid) + toCents(l.open)];
        if (l.chapter.startsWith('2')) expect(used, `${l.code} ${l.chapter}`).toBeLessThanOrEqual(Math.floor(budget * 0.98));
        else expect(used / budget, `${l.code} ${l.chapter}`).toBeGreaterThanOrEqual(0.9);
        if (l.chapter.startsWith('1')) expect(used, `${l.code} ${l.chapter}`).toBeLessThanOrEqual(budget);
      }
      for (const code of new Set(lines.map((l) => l.code))) {
        const title3 = (part: string) =>
          lines.filter((l) => l.code === code && l.chapter.startsWith(`${part}3`)).reduce((s, l) => s + toCents(l.paid) + toCents(l.open), 0);
        expect(title3('1'), code).toBe(title3('2'));
      }
    });

    it('gives 102 bills in two and three instalments, some paid and some still open', async () => {
      const bills = await rows<{
        n: number;
        paid: number;
        open: number;
      }>(sql`select count(*)::int as n, count(p.date_paid)::int as paid, (count(*) - count(p.date_paid))::int as open
        from movements m join departments d on d.id = m.department_id join movement_payments p on p.movement_id = m.id
        where d.code = '102' and m.type = 2 group by m.id having count(*) > 1`);
      expect(bills.some((b) => b.n === 3 && b.paid > 0 && b.open > 0)).toBe(true);
      expect(bills.some((b) => b.n === 2 && b.paid > 0 && b.open > 0)).toBe(true);
      expect(bills.some((b) => b.open === 0)).toBe(true);
    });

    it("gives only 102 a foreign supplier's and an IBAN-less supplier's open year-end bills, numbered last", async () => {
      const open = await rows<{ code: string; supplier: number; iban: string; swift: string; record_number: number; last: number; due: string[] }>(
        sql`select d.code, s.code as supplier, s.iban, s.swift, m.record_number, c.last,
          array_agg(p.date_due::text order by p.sort) filter (where p.date_paid is null) as due
        from movements m join departments d on d.id = m.department_id join suppliers s on s.id = m.supplier_id
        join movement_payments p on p.movement_id = m.id
        join record_counters c on c.department_id = m.department_id and c.year = m.year and c.kind = 'expense'
        where s.code in (1006, 1007) group by 1, 2, 3, 4, 5, 6 order by 2`,
      );
      const last = open[0]?.last ?? 0;
      expect(open.map((o) => [o.code, o.supplier, o.iban, o.swift, o.record_number, o.due])).toEqual([
        ['102', 1006, 'AT533400000000471122', 'RZOOAT2L', last - 1, [`${YEAR}-01-18`, `${YEAR}-02-17`]],
        ['102', 1007, '', '', last, [`${YEAR}-01-22`]],
      ]);
    });
  });
}
