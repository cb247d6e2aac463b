/**
 * The bookings part of the bench data set (issue 11 "Performance"): for each booking department an
 * approved forecast of the booking year on every chapter of its area's chart and `movementsPerDepartment`
 * movements, bulk-written like the demo seed (packages/db/src/seed/bookings.ts): one statement per
 * department with data-modifying CTEs over JSON rows writes heads, positions, transfer positions,
 * instalments and their shares (splitInstalments, DOMAIN decision 4); the record counters stand at
 * the last numbers. Deterministic (PRNG seeded by department code).
 *
 * Mix per department: ~30 % revenues (type 0, 1-2 positions), ~62 % PaymentDone (1-5 positions, one
 * instalment paid on the record date), ~5 % PaymentOpen (1-3 positions, two instalments, the second
 * open), ~3 % TransferExpense (an expense line to 13001). Record dates run over the working days of
 * the year up to yesterday, numbers gap-free by date. Budgets leave every expense line at most ~60 %
 * used plus 50,000 EUR headroom, so the bench's own saves never hit AvailableExceeded.
 */
import { addDays, MovementType, splitInstalments } from '@app/domain';
import { type Tx, schema } from '@app/db';
import { and, eq, inArray, sql } from 'drizzle-orm';

const { budgetHeads, chapterBudgets, chapters, departments, movements, movementPayments, movementPaymentShares, movementPositions } = schema;
const { movementTransferPositions, recordCounters, accounts, suppliers } = schema;

/** Headroom on every expense line for the bench's own saves (cents). */
const HEADROOM = 5_000_000;

function prng(seed: string): () => number {
  let h = 2166136261;
  for (const c of seed) h = Math.imul(h ^ c.charCodeAt(0), 16777619);
  return () => {
    h = (h + 0x6d2b79f5) | 0;
    let t = Math.imul(h ^ (h >>> 15), 1 | h);
    t = (t + Math.imul(t ^ (t >>> 7), 61 | t)) ^ t;
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

/** Working days (Mon-Fri) of `year` from 2 January up to `last` (inclusive). */
function workingDays(year: number, last: string): string[] {
  const days: string[] = [];
  for (let d = `${year}-01-02`; d <= last && d.startsWith(`${year}-`); d = addDays(d, 1)) {
    const weekday = new Date(`${d}T00:00:00Z`).getUTCDay();
    if (weekday !== 0 && weekday !== 6) days.push(d);
  }
  return days;
}

interface Planned {
  kind: 'revenues' | 'expenses';
  type: number;
  recordDate: string;
  documentDate: string | null;
  documentNumber: string;
  supplierId: number | null;
  accountId: number | null;
  positions: { line: number; amount: number; note: string }[];
  transfers: { from: number; to: number; amount: number; note: string }[];
  payments: { amount: number; dateDue: string; datePaid: string | null }[];
}

export interface BookingsOptions {
  year: number;
  /** Record dates up to this day (ISO). */
  lastDay: string;
  movementsPerDepartment: number;
}

/** Writes the approved forecasts and movements of the given (area-3) departments; answers the number of movements. */
export async function generateBookings(tx: Tx, departmentIds: number[], opts: BookingsOptions): Promise<number> {
  const { year } = opts;
  const chart = await tx
    .select({ id: chapters.id, chapter: chapters.chapter, part: chapters.part, title: chapters.title })
    .from(chapters)
    .where(and(eq(chapters.area, 3), eq(chapters.year, year)))
    .orderBy(chapters.chapter);
  const depts = await tx.select({ id: departments.id, code: departments.code }).from(departments).where(inArray(departments.id, departmentIds));
  const accountRows = await tx
    .select({ id: accounts.id, departmentId: accounts.departmentId, code: accounts.code })
    .from(accounts)
    .where(inArray(accounts.departmentId, departmentIds));
  const supplierRows = await tx
    .select({ id: suppliers.id, departmentId: suppliers.departmentId })
    .from(suppliers)
    .where(inArray(suppliers.departmentId, departmentIds));
  await tx.update(departments).set({ openPaymentsAllowed: true }).where(inArray(departments.id, departmentIds));
  const days = workingDays(year, opts.lastDay);
  let written = 0;
  for (const dept of depts) {
    const random = prng(`bench/${dept.code}/${year}`);
    const pick = <T>(values: readonly T[]): T => values[Math.floor(random() * values.length)] as T;
    const cents = (min: number, max: number) => Math.round((min + random() * (max - min)) * 100);
    const head = { departmentId: dept.id, year, forecastApproved: `${year - 1}-12-15` };
    await tx.insert(budgetHeads).values(head);
    // the lines first with a placeholder budget (their ids are needed), the budgets once the bookings are planned
    const lines = await tx
      .insert(chapterBudgets)
      .values(chart.map((c) => ({ departmentId: dept.id, year, chapterId: c.id, chapterYear: year, budgetInitial: 0 })))
      .returning({ id: chapterBudgets.id, chapterId: chapterBudgets.chapterId });
    const lineOf = new Map(lines.map((l) => [l.chapterId, l.id]));
    const revenueLines = chart.filter((c) => c.part === 1 && c.title !== 3).map((c) => lineOf.get(c.id) as number);
    const expenseLines = chart.filter((c) => c.part === 2 && c.title !== 3).map((c) => lineOf.get(c.id) as number);
    const taxLine = lineOf.get(chart.find((c) => c.chapter === '13001')?.id ?? -1);
    const bank = accountRows.find((a) => a.departmentId === dept.id && a.code === 'B1')?.id ?? null;
    const cash = accountRows.find((a) => a.departmentId === dept.id && a.code === 'K1')?.id ?? null;
    const supplierIds = supplierRows.filter((s) => s.departmentId === dept.id).map((s) => s.id);

    const planned: Planned[] = [];
    for (let i = 0; i < opts.movementsPerDepartment; i++) {
      const recordDate = days[Math.floor((i * days.length) / opts.movementsPerDepartment)] as string;
      const r = random();
      const positionsOn = (from: number[], max: number, min: number, maxEuro: number) =>
        Array.from({ length: 1 + Math.floor(random() * max) }, (_, j) => ({ line: pick(from), amount: cents(min, maxEuro), note: `Bench ${i + 1}/${j + 1}` }));
      if (r < 0.3) {
        planned.push({
          kind: 'revenues',
          type: MovementType.Revenue,
          recordDate,
          documentDate: null,
          documentNumber: '',
          supplierId: null,
          accountId: random() < 0.3 ? cash : bank,
          positions: positionsOn(revenueLines, 2, 10, 800),
          transfers: [],
          payments: [],
        });
      } else if (r < 0.97 || taxLine === undefined) {
        const open = r >= 0.92;
        const positions = positionsOn(expenseLines, open ? 3 : 5, 5, 400);
        const total = positions.reduce((s, p) => s + p.amount, 0);
        const first = Math.floor(total / 2);
        planned.push({
          kind: 'expenses',
          type: open ? MovementType.PaymentOpen : MovementType.PaymentDone,
          recordDate,
          documentDate: recordDate,
          documentNumber: `RE-${i + 1}`,
          supplierId: open || random() < 0.5 ? pick(supplierIds) : null,
          accountId: bank,
          positions,
          transfers: [],
          payments: open
            ? [
                { amount: first, dateDue: addDays(recordDate, 30), datePaid: recordDate },
                { amount: total - first, dateDue: addDays(recordDate, 60), datePaid: null },
              ]
            : [{ amount: total, dateDue: recordDate, datePaid: recordDate }],
        });
      } else {
        planned.push({
          kind: 'expenses',
          type: MovementType.TransferExpense,
          recordDate,
          documentDate: recordDate,
          documentNumber: '',
          supplierId: null,
          accountId: null,
          positions: [],
          transfers: [{ from: pick(expenseLines), to: taxLine, amount: cents(5, 100), note: `Quellensteuer ${i + 1}` }],
          payments: [],
        });
      }
    }

    // budgets: expense lines at most ~60 % used plus the headroom, revenue lines a little above what came in
    const used = new Map<number, number>();
    const add = (line: number, amount: number) => used.set(line, (used.get(line) ?? 0) + amount);
    for (const m of planned) {
      for (const p of m.positions) add(p.line, p.amount);
      for (const t of m.transfers) {
        add(t.from, t.amount);
        add(t.to, t.amount);
      }
    }
    const budgets = lines.map((l) => {
      const expense = !revenueLines.includes(l.id) && l.id !== taxLine;
      const u = used.get(l.id) ?? 0;
      return { id: l.id, cents: Math.ceil((expense ? u / 0.6 + HEADROOM : u * 1.1) / 10_000) * 10_000 };
    });
    await tx.execute(sql`update ${chapterBudgets} l set budget_initial = x.cents::numeric / 100
      from jsonb_to_recordset(${JSON.stringify(budgets)}::jsonb) as x(id int, cents bigint) where l.id = x.id`);
    written += await writeMovements(tx, dept.id, year, planned);
  }
  return written;
}

/** One statement per department: heads, positions, transfer positions, instalments, shares and the counters (as the demo seed). */
async function writeMovements(tx: Tx, departmentId: number, year: number, planned: Planned[]): Promise<number> {
  const heads: unknown[] = [];
  const positions: unknown[] = [];
  const transfers: unknown[] = [];
  const payments: unknown[] = [];
  const shares: unknown[] = [];
  const counters = { revenues: 0, expenses: 0 };
  for (const [i, m] of planned.entries()) {
    const recordNumber = ++counters[m.kind];
    heads.push({
      i,
      kind: m.kind,
      record_number: recordNumber,
      type: m.type,
      record_date: m.recordDate,
      document_date: m.documentDate,
      document_number: m.documentNumber,
      supplier_id: m.supplierId,
      account_id: m.accountId,
    });
    for (const [sort, p] of m.positions.entries()) positions.push({ i, sort, line: p.line, amount: p.amount, note: p.note });
    for (const [sort, t] of m.transfers.entries()) transfers.push({ i, sort, line_from: t.from, line_to: t.to, amount: t.amount, note: t.note });
    for (const [sort, p] of m.payments.entries()) payments.push({ i, sort, amount: p.amount, date_due: p.dateDue, date_paid: p.datePaid });
    if (m.payments.length > 0) {
      const split = splitInstalments(
        m.positions.map((p) => p.amount),
        m.payments.map((p) => p.amount),
      );
      for (const [payment, row] of split.entries())
        for (const [position, amount] of row.entries()) if (amount > 0) shares.push({ i, payment, position, amount });
    }
  }
  const json = (rows: unknown[]) => sql`${JSON.stringify(rows)}::jsonb`;
  const money = sql.raw('(x.amount::numeric / 100)');
  await tx.execute(sql`set local enable_nestloop = off`);
  await tx.execute(sql`
    with m as (
      insert into ${movements} (department_id, year, kind, record_number, type, record_date, document_date, document_number, supplier_id, account_id)
      select ${departmentId}, ${year}, kind, record_number, type, record_date, document_date, document_number, supplier_id, account_id
      from jsonb_to_recordset(${json(heads)}) as x(i int, kind varchar, record_number int, type smallint, record_date date,
        document_date date, document_number varchar, supplier_id int, account_id int)
      order by i
      returning id, kind, record_number
    ),
    ids as (
      select x.i, m.id from m join jsonb_to_recordset(${json(heads)}) as x(i int, kind varchar, record_number int) using (kind, record_number)
    ),
    p as (
      insert into ${movementPositions} (movement_id, sort, chapter_budget_id, amount, note)
      select ids.id, x.sort, x.line, ${money}, x.note from jsonb_to_recordset(${json(positions)}) as x(i int, sort int, line int, amount bigint, note varchar) join ids using (i)
      returning id, movement_id, sort
    ),
    t as (
      insert into ${movementTransferPositions} (movement_id, sort, from_chapter_budget_id, to_chapter_budget_id, amount, note)
      select ids.id, x.sort, x.line_from, x.line_to, ${money}, x.note
      from jsonb_to_recordset(${json(transfers)}) as x(i int, sort int, line_from int, line_to int, amount bigint, note varchar) join ids using (i)
    ),
    pay as (
      insert into ${movementPayments} (movement_id, sort, amount, date_due, date_paid)
      select ids.id, x.sort, ${money}, x.date_due, x.date_paid from jsonb_to_recordset(${json(payments)}) as x(i int, sort int, amount bigint, date_due date, date_paid date) join ids using (i)
      returning id, movement_id, sort
    ),
    s as (
      insert into ${movementPaymentShares} (payment_id, position_id, amount)
      select pay.id, p.id, ${money} from jsonb_to_recordset(${json(shares)}) as x(i int, payment int, position int, amount bigint)
      join ids using (i) join pay on pay.movement_id = ids.id and pay.sort = x.payment join p on p.movement_id = ids.id and p.sort = x.position
    )
    insert into ${recordCounters} (department_id, year, kind, last)
    values (${departmentId}, ${year}, 'revenue', ${counters.revenues}), (${departmentId}, ${year}, 'expense', ${counters.expenses})`);
  await tx.execute(sql`reset enable_nestloop`);
  return planned.length;
}
