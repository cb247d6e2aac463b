/**
 * What the matching of a statement reads from the books (issue 28): the department's stored homebanking orders
 * named by the lines' MsgId or EndToEndId, the open instalments, the suppliers by IBAN, the matching rules and
 * the lines confirmed before. Plain reads of the scope; the payments area's own reads come in through the ports
 * (ports.ts), never by import.
 */
import { type Db, execRows, toBool, toCents } from '@app/db';
import { normalizeIban, type ProposedInstalment, type StatementLine, type StatementRule } from '@app/domain';
import { type SQL, sql } from 'drizzle-orm';
import type { YearScope } from '../ledger/bookingScope.ts';
import { sqlList } from '../ledger/sql.ts';

export interface StoredOrderRef {
  id: number;
  year: number;
  orderNumber: number;
  msgId: string;
  accountId: number;
  registered: boolean;
  cancelled: boolean;
  datePaid: string | null;
}

/** The MsgId a line names: its MsgId, or its EndToEndId without the transfer number (`<MsgId>-NNNN`, homebankingMessage.ts). */
export function namedMsgIds(line: Pick<StatementLine, 'msgId' | 'endToEndId'>): string[] {
  const ids: string[] = [];
  if (line.msgId) ids.push(line.msgId);
  const m = line.endToEndId ? /^(.*)-\d{4}$/.exec(line.endToEndId) : null;
  if (m?.[1]) ids.push(m[1]);
  return ids;
}

/** The department's orders whose MsgId a line names (any year: a December order may be booked in January). */
export async function ordersByMsgId(db: Db, scope: YearScope, lines: readonly StatementLine[]): Promise<Map<string, StoredOrderRef>> {
  const ids = [...new Set(lines.flatMap(namedMsgIds))];
  if (ids.length === 0) return new Map();
  const rows = await execRows<{
    id: number | string;
    year: number | string;
    order_number: number | string;
    msg_id: string;
    account_id: number | string;
    registered: boolean | string;
    cancelled: boolean | string;
    date_paid: string | null;
  }>(
    db,
    sql`select id, year, order_number, msg_id, account_id, registered_at is not null as registered, cancelled_at is not null as cancelled,
          date_paid::text as date_paid
        from payment_orders where department_id = ${scope.departmentId} and msg_id in (${sqlList(ids)})`,
  );
  return new Map(
    rows.map((r) => [
      r.msg_id,
      {
        id: Number(r.id),
        year: Number(r.year),
        orderNumber: Number(r.order_number),
        msgId: r.msg_id,
        accountId: Number(r.account_id),
        registered: toBool(r.registered),
        cancelled: toBool(r.cancelled),
        datePaid: r.date_paid,
      },
    ]),
  );
}

/** An instalment with what the matching compares: its account, the supplier's IBAN, its order. */
export interface InstalmentCandidate extends ProposedInstalment {
  accountId: number | null;
  iban: string;
  datePaid: string | null;
  orderId: number | null;
}

interface RawCandidate {
  payment_id: number | string;
  movement_id: number | string;
  year: number | string;
  record_number: number | string;
  document_number: string;
  supplier_name: string | null;
  amount: string | number;
  date_due: string;
  date_paid: string | null;
  account_id: number | string | null;
  iban: string | null;
  order_id: number | string | null;
}

function candidateSql(where: SQL): SQL {
  return sql`select pay.id as payment_id, m.id as movement_id, m.year, m.record_number, m.document_number,
      trim(concat_ws(' ', s.name1, nullif(s.name2, ''))) as supplier_name, pay.amount::text as amount, pay.date_due::text as date_due,
      pay.date_paid::text as date_paid, coalesce(pay.account_id, m.account_id) as account_id, s.iban, i.order_id
    from movement_payments pay
    join movements m on m.id = pay.movement_id
    left join suppliers s on s.id = m.supplier_id
    left join payment_order_items i on i.payment_id = pay.id and i.returned_on is null
    where m.kind = 'expenses' and m.type = 2 and not m.cancelled and ${where}
    order by pay.date_due, pay.id`;
}

function toCandidate(r: RawCandidate): InstalmentCandidate {
  return {
    paymentId: Number(r.payment_id),
    movementId: Number(r.movement_id),
    movementYear: Number(r.year),
    recordNumber: Number(r.record_number),
    documentNumber: r.document_number,
    supplierName: r.supplier_name ?? '',
    amount: toCents(r.amount),
    dateDue: r.date_due,
    datePaid: r.date_paid,
    accountId: r.account_id === null ? null : Number(r.account_id),
    iban: normalizeIban(r.iban ?? ''),
    orderId: r.order_id === null ? null : Number(r.order_id),
  };
}

/** The open instalments of the department up to the scope year that no stored order holds. */
export async function openInstalments(db: Db, scope: YearScope): Promise<InstalmentCandidate[]> {
  const rows = await execRows<RawCandidate>(
    db,
    candidateSql(sql`m.department_id = ${scope.departmentId} and m.year <= ${scope.year} and pay.date_paid is null and i.order_id is null`),
  );
  return rows.map(toCandidate);
}

/** The instalments of the given ids (any state), in due-date order. */
export async function instalmentsById(db: Db, scope: YearScope, paymentIds: readonly number[]): Promise<InstalmentCandidate[]> {
  if (paymentIds.length === 0) return [];
  const rows = await execRows<RawCandidate>(db, candidateSql(sql`m.department_id = ${scope.departmentId} and pay.id in (${sqlList([...paymentIds])})`));
  return rows.map(toCandidate);
}

/** The instalments a registered order paid and the bank has not returned. */
export async function executedInstalments(db: Db, orderId: number): Promise<InstalmentCandidate[]> {
  const rows = await execRows<RawCandidate>(
    db,
    candidateSql(sql`pay.id in (select it.payment_id from payment_order_items it join payment_orders o on o.id = it.order_id
        where it.order_id = ${orderId} and it.returned_on is null and o.date_paid is not null) and pay.date_paid is not null`),
  );
  return rows.map(toCandidate);
}

export interface SupplierRef {
  id: number;
  chapterProposal: string;
}

/** The department's suppliers by IBAN (normalised; the first by code when two share one). */
export async function suppliersByIban(db: Db, scope: YearScope): Promise<Map<string, SupplierRef>> {
  const rows = await execRows<{ id: number | string; iban: string; chapter_proposal: string }>(
    db,
    sql`select id, iban, chapter_proposal from suppliers where department_id = ${scope.departmentId} and iban <> '' order by code`,
  );
  const map = new Map<string, SupplierRef>();
  for (const r of rows) {
    const iban = normalizeIban(r.iban);
    if (!map.has(iban)) map.set(iban, { id: Number(r.id), chapterProposal: r.chapter_proposal.trim() });
  }
  return map;
}

export async function rulesOf(db: Db, departmentId: number): Promise<StatementRule[]> {
  const rows = await execRows<{ id: number | string; kind: string; text: string; chapter: string }>(
    db,
    sql`select id, kind, text, chapter from statement_rules where department_id = ${departmentId} order by id`,
  );
  return rows.map((r) => ({ id: Number(r.id), kind: r.kind as StatementRule['kind'], text: r.text, chapter: r.chapter }));
}

/** The lines of the account confirmed before and booked (not skipped), by key: the statement and the outcome. */
export async function bookedKeys(db: Db, accountId: number, keys: readonly string[]): Promise<Map<string, { statementId: number; outcome: string }>> {
  if (keys.length === 0) return new Map();
  const rows = await execRows<{ entry_key: string; statement_id: number | string; outcome: string }>(
    db,
    sql`select entry_key, statement_id, outcome from bank_statement_entries
        where account_id = ${accountId} and outcome <> 'skipped' and entry_key in (${sqlList([...new Set(keys)])})`,
  );
  return new Map(rows.map((r) => [r.entry_key, { statementId: Number(r.statement_id), outcome: r.outcome }]));
}
