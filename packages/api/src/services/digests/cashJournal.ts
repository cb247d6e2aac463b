import { type Db, execRows, toBool } from '@app/db';
import type { AccountType, CashJournal, CashJournalQuery, CashJournalRow } from '@app/domain';
import { type SQL, sql } from 'drizzle-orm';
import { fail } from '../../errors.ts';
import { accountBalanceRowsSql } from '../ledger/cashBalances.ts';
import { firstYearSql } from '../ledger/firstYear.ts';
import { cashFlowRowsSql } from '../ledger/cashSources.ts';
import { paidBy } from '../ledger/counting.ts';
import { cents, type DigestScope, kindOrNull, notesSql, numOrNull, pageCondition, pageFields, receiptsSql, supplierNameSql, typeOrNull } from './common.ts';

/**
 * Digests/CashJournal (DOMAIN decision 9), one statement: the account's initial balance of the year
 * from services/cash (accountBalanceRowsSql: the typed first-year balance plus every earlier year's
 * bookings) and its rows from the same cash sources (cashFlowRowsSql: revenues on their record date,
 * paid instalments on their date paid (on the account they left), bank returns on their date, account
 * transfers on both accounts; cancelled records move nothing), one row per revenue movement, instalment and transfer. The running balance is a window
 * sum over the year's rows in journal order (date, revenues before instalments before transfers,
 * record number); rows before `dateFrom` only make up the balance at the start. A flow counts in the
 * year the sources give it (an instalment of an earlier year's bill carried over and paid in this year
 * is this year's cash: the bookings of every year up to this one are read, those of this year kept). So the final
 * balance of the whole year is the account's final balance of Accounts/Balance by construction. The
 * year's cancelled records on the account are rows of 0 (cancelledRowsSql), so every number shows.
 */

interface RawJournal {
  account_id: number | string;
  code: string;
  type: number | string;
  description_deu: string;
  description_ita: string;
  start_balance: string;
  profit: string;
  loss: string;
  row_count: number | string;
  open_payments: string;
  source: string | null;
  movement_id: number | string | null;
  payment_id: number | string | null;
  transfer_id: number | string | null;
  booked_on: string | null;
  amount: string | null;
  running: string | null;
  record_number: number | string | null;
  cancelled: boolean | string | null;
  receipts: number | string | null;
  kind: string | null;
  movement_type: number | string | null;
  document_date: string | null;
  document_number: string | null;
  supplier_id: number | string | null;
  supplier_code: number | string | null;
  supplier_name: string | null;
  description: string | null;
  counter_account_code: string | null;
  movement_year: number | string | null;
  order_number: number | string | null;
  order_year: number | string | null;
}

/**
 * The year's cancelled records on the account (DOMAIN decisions 1 and 27), each a row of 0 in the
 * flows' columns: a cancelled movement with the account (types 0, 1, 2, 4; transfers of chapters have
 * none) on its record date, a cancelled account transfer on both its accounts.
 */
function cancelledRowsSql(scope: DigestScope): SQL {
  const account = sql`(select account_id from acct)`;
  return sql`
      select case when m.kind = 'revenues' then 'revenue' else 'payment' end, m.id, null::int, null::int, null::int, m.record_date, m.record_number, 0::numeric, true
      from movements m
      where m.cancelled and m.account_id = ${account} and m.department_id = ${scope.departmentId} and m.year = ${scope.year}
      union all
      select 'accountTransfer', null::int, null::int, t.id, case when t.account_from_id = ${account} then t.account_to_id else t.account_from_id end,
             t.record_date, t.record_number, 0::numeric, true
      from account_transfers t
      where t.cancelled and ${account} in (t.account_from_id, t.account_to_id) and t.department_id = ${scope.departmentId} and t.year = ${scope.year}`;
}

const SOURCE_KIND = { revenue: 'revenue', payment: 'payment', paymentReturn: 'paymentReturn', accountTransfer: 'accountTransfer' } as const;

export function cashJournalSql(scope: DigestScope, input: CashJournalQuery): SQL {
  const accountFilter = input.accountId !== undefined ? sql`a.id = ${input.accountId}` : sql`a.code = ${input.accountCode ?? ''}`;
  const inRange: SQL[] = [sql`true`];
  if (input.dateFrom) inRange.push(sql`o.booked_on >= ${input.dateFrom}::date`);
  if (input.dateTo) inRange.push(sql`o.booked_on <= ${input.dateTo}::date`);
  const before = input.dateFrom ? sql`o.booked_on < ${input.dateFrom}::date` : sql`false`;
  const order = sql`f.booked_on, case f.source when 'revenue' then 0 when 'payment' then 1 else 2 end, f.record_number, f.payment_id, f.transfer_id, f.movement_id`;
  return sql`
    with acct as (
      select b.account_id, b.code, b.type, b.description_deu, b.description_ita, b.initial_balance
      from (${accountBalanceRowsSql({ departmentId: scope.departmentId, year: scope.year }, accountFilter)}) b
    ),
    flows as (
      select f.source, f.movement_id, f.payment_id, f.transfer_id, f.counter_account_id, f.booked_on, f.record_number, sum(f.amount) as amount,
             false as cancelled
      from (${cashFlowRowsSql({ departmentId: scope.departmentId, yearFrom: firstYearSql(scope.departmentId, scope.year), yearTo: scope.year })}) f
      where f.account_id = (select account_id from acct) and f.year = ${scope.year}
      group by f.source, f.movement_id, f.payment_id, f.transfer_id, f.counter_account_id, f.booked_on, f.record_number
      union all
      ${cancelledRowsSql(scope)}
    ),
    ordered as (
      select f.*, (select initial_balance from acct) + sum(f.amount) over (order by ${order} rows between unbounded preceding and current row) as running,
             row_number() over (order by ${order}) as pos
      from flows f
    ),
    selected as (
      select o.*, row_number() over (order by o.pos) as seq from ordered o where ${sql.join(inRange, sql` and `)}
    ),
    box as materialized (
      select acct.*,
        acct.initial_balance + coalesce((select sum(o.amount) from ordered o where ${before}), 0) as start_balance,
        coalesce((select sum(s.amount) from selected s where s.amount > 0), 0) as profit,
        coalesce((select sum(-s.amount) from selected s where s.amount < 0), 0) as loss,
        (select count(*) from selected) as row_count,
        coalesce((select sum(pay.amount) from movement_payments pay join movements m on m.id = pay.movement_id
                  where m.account_id = acct.account_id and m.department_id = ${scope.departmentId} and m.year <= ${scope.year}
                    and not m.cancelled and not ${paidBy(sql`${scope.year}`)}), 0) as open_payments
      from acct
    )
    select box.account_id, box.code, box.type, box.description_deu, box.description_ita, box.start_balance::text as start_balance,
           box.profit::text as profit, box.loss::text as loss, box.row_count, box.open_payments::text as open_payments,
           r.source, r.movement_id, r.payment_id, r.transfer_id, r.booked_on::text as booked_on, r.amount::text as amount,
           r.running::text as running, r.record_number, r.cancelled, m.kind, m.type as movement_type, m.document_date::text as document_date,
           m.document_number, m.supplier_id, s.code as supplier_code, ${supplierNameSql('s')} as supplier_name,
           case when r.transfer_id is not null then t.note
                else (select ${notesSql} from movement_positions p where p.movement_id = r.movement_id) end as description,
           ca.code as counter_account_code, m.year as movement_year, ro.order_number, ro.year as order_year,
           ${receiptsSql(sql`r.movement_id`, sql`null::int`, sql`r.transfer_id`)} as receipts
    from box
    left join selected r on ${pageCondition(sql`r.seq`, input)}
    left join movements m on m.id = r.movement_id
    left join suppliers s on s.id = m.supplier_id
    left join account_transfers t on t.id = r.transfer_id
    left join accounts ca on ca.id = r.counter_account_id
    left join payment_order_items ri on r.source = 'paymentReturn' and ri.payment_id = r.payment_id and ri.returned_on = r.booked_on
    left join payment_orders ro on ro.id = ri.order_id
    order by r.seq`;
}

function toRow(r: RawJournal, year: number): CashJournalRow {
  const source = SOURCE_KIND[(r.source ?? 'revenue') as keyof typeof SOURCE_KIND];
  const isMovement = source !== 'accountTransfer';
  const cancelled = r.cancelled !== null && toBool(r.cancelled);
  return {
    // a bank return (DOMAIN decision 22) is its own kind: the money back on the order's account (+), the instalment open again (isPaid false)
    kind: source === 'payment' ? (Number(r.movement_type) === 2 ? 'paymentOpen' : 'paymentDone') : source,
    movementId: numOrNull(r.movement_id),
    movementKind: kindOrNull(r.kind),
    type: typeOrNull(r.movement_type),
    changeId: null,
    reservationId: null,
    accountTransferId: numOrNull(r.transfer_id),
    recordDate: r.booked_on ?? '',
    recordNumber: Number(r.record_number),
    documentDate: isMovement ? r.document_date : null,
    documentNumber: (isMovement ? r.document_number : null) ?? '',
    supplierId: numOrNull(r.supplier_id),
    supplierCode: numOrNull(r.supplier_code),
    supplierName: r.supplier_name ?? '',
    description: r.description ?? '',
    cancelled,
    receipts: Number(r.receipts ?? 0),
    recordYear: r.movement_year !== null && Number(r.movement_year) !== year ? Number(r.movement_year) : null,
    paymentId: numOrNull(r.payment_id),
    orderNumber: numOrNull(r.order_number),
    orderYear: numOrNull(r.order_year),
    counterAccountCode: r.counter_account_code,
    amount: cents(r.amount),
    isPaid: source === 'payment' ? (cancelled ? null : true) : source === 'paymentReturn' ? false : null,
    finalBalance: cents(r.running),
  };
}

/** The journal of one account in the scope year (RecordNotFound on accountId for an account of another department). */
export async function cashJournal(db: Db, scope: DigestScope, input: CashJournalQuery): Promise<CashJournal> {
  const raw = await execRows<RawJournal>(db, cashJournalSql(scope, input));
  const head = raw[0];
  if (!head) fail('RecordNotFound', { field: input.accountId !== undefined ? 'accountId' : 'accountCode' });
  const dateFromBalance = cents(head.start_balance);
  const totalProfit = cents(head.profit);
  const totalLoss = cents(head.loss);
  return {
    year: scope.year,
    accountId: Number(head.account_id),
    accountCode: head.code,
    accountType: Number(head.type) as AccountType,
    descriptionDeu: head.description_deu,
    descriptionIta: head.description_ita,
    dateFrom: input.dateFrom ?? null,
    dateTo: input.dateTo ?? null,
    dateFromBalance,
    totalProfit,
    totalLoss,
    movementsBalance: totalProfit - totalLoss,
    finalBalance: dateFromBalance + totalProfit - totalLoss,
    openPayments: cents(head.open_payments),
    movements: raw.filter((r) => r.source !== null).map((r) => toRow(r, scope.year)),
    ...pageFields(Number(head.row_count), input),
  };
}
