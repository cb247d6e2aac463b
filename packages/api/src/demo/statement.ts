import { type Db, execRows, schema, toCents } from '@app/db';
import { addDays } from '@app/domain';
import { and, desc, eq, isNull, sql } from 'drizzle-orm';
import { orderTransfers } from '../services/payments/orders.ts';
import { camtXml, type CamtEntry } from '../services/statements/camtBuilder.ts';
import { bookBalance } from '../services/statements/reconcile.ts';
import { ORDER_BRIGADE, paymentScope } from './living.ts';

const { accounts, departments, paymentOrders } = schema;

/** A credit of the demo statement and the chapter its revenue is booked on (what the cashier chooses on import). */
export interface DemoRevenue {
  name: string;
  remittance: string;
  amount: number;
  chapter: string;
}

export interface DemoStatement {
  fileName: string;
  content: string;
  /** The demo order the statement pays (all its transfers, with their EndToEndIds). */
  orderId: number;
  revenues: DemoRevenue[];
}

/**
 * The bank's statement of the month for the living demo's FF Eppan (issue 28 demo; 102, account B1), built from the
 * demo data for `today`: the stored, unregistered homebanking order paid as one batch booking today (a transaction
 * per transfer, with the order's MsgId and each transfer's EndToEndId), and two credits — the municipality's
 * contribution and a sponsor — to be booked as revenues on the chapters of the last revenues on B1 (of an earlier
 * year in the first days of January, when the year has none yet). It starts on
 * the day after B1's last booking (at the earliest the first of the month), with the book balance of the day
 * before as its opening balance, so after the order is registered and the two revenues booked, bank and books
 * agree. Null when the demo has no such order (another day, another data set).
 */
export async function demoStatement(db: Db, today: string): Promise<DemoStatement | null> {
  const year = Number(today.slice(0, 4));
  const [dept] = await db.select({ id: departments.id, code: departments.code }).from(departments).where(eq(departments.code, ORDER_BRIGADE));
  if (!dept) return null;
  const [bank] = await db
    .select({ id: accounts.id, iban: accounts.iban })
    .from(accounts)
    .where(and(eq(accounts.departmentId, dept.id), eq(accounts.code, 'B1')));
  const [order] = await db
    .select({ id: paymentOrders.id, msgId: paymentOrders.msgId })
    .from(paymentOrders)
    .where(and(eq(paymentOrders.departmentId, dept.id), eq(paymentOrders.year, year), isNull(paymentOrders.registeredAt), isNull(paymentOrders.cancelledAt)))
    .orderBy(desc(paymentOrders.id))
    .limit(1);
  if (!bank || !order) return null;
  const scope = await paymentScope(db, dept, year, today, new Date(`${today}T17:00:00Z`));
  const transfers = await orderTransfers(db, scope, order.id);
  const parties = await execRows<{ payment_id: number | string; amount: string; name: string; iban: string; document_number: string }>(
    db,
    sql`select pay.id as payment_id, pay.amount::text as amount, s.name1 as name, s.iban, m.document_number
        from movement_payments pay join movements m on m.id = pay.movement_id join suppliers s on s.id = m.supplier_id
        where pay.id in (select payment_id from payment_order_items where order_id = ${order.id})`,
  );
  const byPayment = new Map(parties.map((p) => [Number(p.payment_id), p]));
  const [latest] = await execRows<{ latest: string | null }>(
    db,
    sql`select max(d)::text as latest from (
          select m.record_date as d from movements m where m.account_id = ${bank.id} and m.year = ${year} and m.record_date <= ${today}
          union all select pay.date_paid from movement_payments pay join movements m on m.id = pay.movement_id
            where coalesce(pay.account_id, m.account_id) = ${bank.id} and pay.date_paid <= ${today}
          union all select t.record_date from account_transfers t where (t.account_from_id = ${bank.id} or t.account_to_id = ${bank.id}) and t.year = ${year}) d`,
  );
  const afterLatest = latest?.latest ? addDays(latest.latest, 1) : `${year}-01-01`;
  const monthStart = `${today.slice(0, 7)}-01`;
  const start = afterLatest > monthStart ? afterLatest : monthStart;
  const from = start > today ? today : start;
  const chapters = await execRows<{ chapter: string }>(
    db,
    sql`select c.chapter from movement_positions p join movements m on m.id = p.movement_id join chapter_budgets b on b.id = p.chapter_budget_id
          join chapters c on c.id = b.chapter_id
        where m.account_id = ${bank.id} and m.year <= ${year} and m.type = 0 and not m.cancelled
        group by c.chapter order by max(m.record_date) desc limit 2`,
  );
  const chapterAt = (i: number) => chapters[i]?.chapter ?? chapters[0]?.chapter ?? '';
  const revenues: DemoRevenue[] = [
    { name: 'Gemeinde Eppan an der Weinstraße', remittance: `Beitrag Feuerwehr ${year} 2. Rate`, amount: 1_250_000, chapter: chapterAt(0) },
    { name: 'Raiffeisenkasse Überetsch', remittance: `Sponsoring Feuerwehrfest ${year}`, amount: 38_000, chapter: chapterAt(1) },
  ];
  const credits: CamtEntry[] = revenues.map((r, i) => ({
    creditDebit: 'CRDT',
    bookingDate: from,
    acctSvcrRef: `RZS-${from.replace(/-/g, '')}-${i + 1}`,
    transactions: [{ amount: r.amount, name: r.name, iban: i === 0 ? 'IT18T0820058161000300001234' : 'IT53K0820058161000000012345', remittance: r.remittance }],
  }));
  const debit: CamtEntry = {
    creditDebit: 'DBIT',
    bookingDate: today,
    acctSvcrRef: `RZS-${today.replace(/-/g, '')}-9`,
    transactions: transfers.map((t) => {
      const first = byPayment.get(t.paymentIds[0]!);
      const amount = t.paymentIds.reduce((sum, id) => sum + toCents(byPayment.get(id)?.amount ?? 0), 0);
      return {
        amount,
        msgId: order.msgId,
        endToEndId: t.endToEndId,
        name: first?.name ?? '',
        iban: first?.iban ?? '',
        remittance: `Nr. ${first?.document_number ?? ''}`,
      };
    }),
  };
  const opening = await bookBalance(db, { departmentId: dept.id, year }, bank.id, addDays(from, -1));
  const content = camtXml({
    statementId: `${today.slice(0, 7)}-B1`,
    sequence: Number(today.slice(5, 7)),
    createdAt: `${today}T18:00:00+01:00`,
    iban: bank.iban,
    from,
    to: today,
    opening: { amount: opening, date: addDays(from, -1) },
    entries: [...credits, debit],
  });
  return { fileName: `camt053_${today}.xml`, content, orderId: order.id, revenues };
}
