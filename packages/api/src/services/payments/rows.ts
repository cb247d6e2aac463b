import { type Db, execRows, schema, toCents } from '@app/db';
import { type CreditorInput, type Language, type PayableInput, type PayableItem, type PaymentRange, payableIn, normalizeIban } from '@app/domain';
import { eq, type SQL, sql } from 'drizzle-orm';
import { fail } from '../../errors.ts';
import type { BookingScope } from '../ledger/bookingScope.ts';
import { paidInYearSql } from '../ledger/counting.ts';

/** The scope of a payments call: the movements scope plus the caller (the operator of a registration). */
export interface PaymentScope extends BookingScope {
  userId: number;
  username: string;
  fullName: string;
  language: Language;
  /** The clock of the call (the stored order's creation instant). */
  now: Date;
}

/** An instalment of a PaymentOpen movement with its invoice, supplier and account (one SQL row). */
export interface InstalmentRow {
  paymentId: number;
  movementId: number;
  /** The movement's year (an earlier one for an instalment carried over into the scope year). */
  year: number;
  recordNumber: number;
  recordDate: string;
  documentNumber: string;
  documentDate: string | null;
  dateDue: string;
  datePaid: string | null;
  amount: number;
  accountId: number | null;
  accountCode: string;
  /** A paid instalment's account (the one a payment by hand chose, else the movement's) and the note of a payment by hand. */
  paidAccountId: number | null;
  paidAccountCode: string;
  note: string;
  chapter: string;
  supplier: CreditorInput | null;
  /** The stored order holding it (null: none). */
  orderId: number | null;
  orderNumber: number | null;
}

interface RawInstalment {
  payment_id: number | string;
  movement_id: number | string;
  year: number | string;
  record_number: number | string;
  record_date: string;
  document_number: string;
  document_date: string | null;
  date_due: string;
  date_paid: string | null;
  amount: string | number;
  account_id: number | string | null;
  account_code: string | null;
  paid_account_id: number | string | null;
  paid_account_code: string | null;
  note: string;
  chapter: string | null;
  supplier_id: number | string | null;
  supplier_code: number | string | null;
  supplier_name: string | null;
  street: string | null;
  postal_code: string | null;
  location: string | null;
  iso_code: string | null;
  iban: string | null;
  swift: string | null;
  order_id: number | string | null;
  order_number: number | string | null;
}

const numOrNull = (v: number | string | null): number | null => (v === null ? null : Number(v));

function toInstalment(r: RawInstalment): InstalmentRow {
  return {
    paymentId: Number(r.payment_id),
    movementId: Number(r.movement_id),
    year: Number(r.year),
    recordNumber: Number(r.record_number),
    recordDate: r.record_date,
    documentNumber: r.document_number,
    documentDate: r.document_date,
    dateDue: r.date_due,
    datePaid: r.date_paid,
    amount: toCents(r.amount),
    accountId: numOrNull(r.account_id),
    accountCode: r.account_code ?? '',
    paidAccountId: numOrNull(r.paid_account_id),
    paidAccountCode: r.paid_account_code ?? '',
    note: r.note,
    chapter: r.chapter ?? '',
    supplier:
      r.supplier_id === null
        ? null
        : {
            supplierId: Number(r.supplier_id),
            supplierCode: Number(r.supplier_code),
            name: r.supplier_name ?? '',
            street: r.street ?? '',
            postalCode: r.postal_code ?? '',
            town: r.location ?? '',
            country: r.iso_code ?? '',
            iban: r.iban ?? '',
            bic: r.swift ?? '',
          },
    orderId: numOrNull(r.order_id),
    orderNumber: numOrNull(r.order_number),
  };
}

/**
 * The instalments of PaymentOpen movements (type 2, not cancelled) matching `where` (a condition on
 * `m` movements, `pay` movement_payments, `s` suppliers, `i` payment_order_items, `o` payment_orders —
 * the order holding it: an order whose transfer the bank returned holds it no more, DOMAIN decision 22),
 * ordered by supplier code, document date, document number and instalment. `lock` (a store or a
 * registration, in its write transaction): first their movements are locked FOR SHARE, then the
 * instalments FOR UPDATE, each in id order — the order a movement save takes them (its movement FOR
 * UPDATE, then its instalments), so the two wait for each other and never deadlock — and the rows are
 * read after the locks (a fresh snapshot: what a concurrent store committed meanwhile is seen).
 */
export async function instalmentRows(db: Db, where: SQL, options: { lock?: boolean } = {}): Promise<InstalmentRow[]> {
  const from = sql`from movement_payments pay
        join movements m on m.id = pay.movement_id
        left join suppliers s on s.id = m.supplier_id
        left join accounts a on a.id = m.account_id
        left join accounts pa on pa.id = coalesce(pay.account_id, m.account_id)
        left join payment_order_items i on i.payment_id = pay.id and i.returned_on is null
        left join payment_orders o on o.id = i.order_id
        where m.kind = 'expenses' and m.type = 2 and not m.cancelled and ${where}`;
  if (options.lock) {
    await execRows(db, sql`select m.id ${from} order by m.id for share of m`);
    await execRows(db, sql`select pay.id ${from} order by pay.id for update of pay`);
  }
  const rows = await execRows<RawInstalment>(
    db,
    sql`select pay.id as payment_id, m.id as movement_id, m.year, m.record_number, m.record_date::text as record_date, m.document_number,
          m.document_date::text as document_date, pay.date_due::text as date_due, pay.date_paid::text as date_paid, pay.amount::text as amount,
          m.account_id, a.code as account_code, pa.id as paid_account_id, pa.code as paid_account_code, pay.note,
          (select c.chapter from movement_positions p join chapter_budgets b on b.id = p.chapter_budget_id join chapters c on c.id = b.chapter_id
            where p.movement_id = m.id order by p.sort, p.id limit 1) as chapter,
          s.id as supplier_id, s.code as supplier_code, s.name1 as supplier_name, s.street, s.postal_code, s.location, s.iso_code, s.iban, s.swift,
          o.id as order_id, o.order_number
        ${from}
        order by s.code nulls last, m.document_date nulls first, m.document_number, pay.id`,
  );
  return rows.map(toInstalment);
}

/** The filters of spec 3 §2 (account, supplier code range, due-date and document-date ranges) as one condition. */
export function filterCondition(filter: {
  accountId?: number | null;
  supplierFrom?: number | null;
  supplierTo?: number | null;
  dateDueFrom?: string | null;
  dateDueTo?: string | null;
  documentDateFrom?: string | null;
  documentDateTo?: string | null;
}): SQL {
  const parts: SQL[] = [sql`true`];
  if (filter.accountId) parts.push(sql`m.account_id = ${filter.accountId}`);
  if (filter.supplierFrom !== null && filter.supplierFrom !== undefined) parts.push(sql`s.code >= ${filter.supplierFrom}`);
  if (filter.supplierTo !== null && filter.supplierTo !== undefined) parts.push(sql`s.code <= ${filter.supplierTo}`);
  if (filter.dateDueFrom) parts.push(sql`pay.date_due >= ${filter.dateDueFrom}::date`);
  if (filter.dateDueTo) parts.push(sql`pay.date_due <= ${filter.dateDueTo}::date`);
  if (filter.documentDateFrom) parts.push(sql`m.document_date >= ${filter.documentDateFrom}::date`);
  if (filter.documentDateTo) parts.push(sql`m.document_date <= ${filter.documentDateTo}::date`);
  return sql.join(parts, sql` and `);
}

/**
 * The instalments the scope year pays (DOMAIN decisions 11 and 13): those of the scope's own movements
 * and those of the department's movements of an earlier year carried over into it — a position of the
 * movement on a line whose residue line (same chapter and chapter year) exists in the scope year,
 * exactly the instalments ledger/movementFigures.ts carriedInstalments counts there (ledger/counting.ts carriedLine). They keep their
 * movement (its year and record number) and their order; paid in the scope year they count as paid on
 * its residue line. An earlier year's instalment whose line is not carried yet stays out (it is still
 * that year's business). One condition on `m` (a semi-join, no per-row query).
 */
export function ofScope(scope: Pick<BookingScope, 'departmentId' | 'year'>): SQL {
  return paidInYearSql(sql`m.department_id = ${scope.departmentId}`, scope.year);
}

/**
 * The instalments the scope year paid by hand (ofScope, paid in the scope year, in no order: DOMAIN decision 21).
 * The year as a date range and "in no order" as an anti-join, so the planner estimates them and starts from the
 * scope's movements (an `extract(year …)` and a left join's `i.id is null` made it walk every instalment of the
 * installation: 195 ms against 12 ms on the bench's 21,500 instalments, bench/yearEnd.ts).
 */
export function paidByHandOfScope(scope: Pick<BookingScope, 'departmentId' | 'year'>): SQL {
  return sql`${ofScope(scope)} and pay.date_paid >= ${`${scope.year}-01-01`}::date and pay.date_paid < ${`${scope.year + 1}-01-01`}::date
    and not exists (select 1 from payment_order_items x where x.payment_id = pay.id and x.returned_on is null)`;
}

/** The unpaid instalments the scope year pays (ofScope). */
export function unpaidOfScope(scope: Pick<BookingScope, 'departmentId' | 'year'>): SQL {
  return sql`${ofScope(scope)} and pay.date_paid is null`;
}

const noCreditor: Pick<CreditorInput, 'iban' | 'bic'> = { iban: '', bic: '' };

/** Can the instalment go into an order of the range: 'payable' or the reason (OtherRange: it belongs to the other kind of order). */
export function payabilityOf(row: InstalmentRow, range: PaymentRange): ReturnType<typeof payableIn> {
  return payableIn(row.supplier ?? noCreditor, range);
}

/** The payable item of spec 3 §3 for an instalment in an order of the range. */
export function toPayableItem(row: InstalmentRow, range: PaymentRange): PayableItem {
  const where = payabilityOf(row, range);
  return {
    payment: { id: row.paymentId, dateDue: row.dateDue, amount: row.amount },
    invoice: {
      movementId: row.movementId,
      year: row.year,
      recordNumber: row.recordNumber,
      documentNumber: row.documentNumber,
      documentDate: row.documentDate,
      issuedBy: { id: row.supplier?.supplierId ?? null, code: row.supplier?.supplierCode ?? null, name: row.supplier?.name ?? '' },
      chapter: row.chapter,
      accountCode: row.accountCode,
    },
    iban: normalizeIban(row.supplier?.iban ?? ''),
    doHomeBank: where === 'payable',
    notPayable: where === 'payable' ? null : where,
  };
}

/** The instalment as the homebanking plan takes it (a supplier is required for a PaymentOpen movement). */
export function toPayableInput(row: InstalmentRow): PayableInput {
  return {
    paymentId: row.paymentId,
    movementId: row.movementId,
    amount: row.amount,
    dateDue: row.dateDue,
    documentNumber: row.documentNumber,
    documentDate: row.documentDate,
    creditor: row.supplier ?? { supplierId: 0, supplierCode: 0, name: '', iban: '', bic: '' },
  };
}

/** The department as the payments need it; Forbidden unless it allows open payments (spec 3 §6: the open-payments menus). */
export async function paymentsDepartment(db: Db, scope: Pick<BookingScope, 'departmentId'>) {
  const { departments } = schema;
  const [department] = await db
    .select({
      code: departments.code,
      name1Deu: departments.name1Deu,
      name2Deu: departments.name2Deu,
      name1Ita: departments.name1Ita,
      name2Ita: departments.name2Ita,
      streetDeu: departments.streetDeu,
      postalCode: departments.postalCode,
      locationDeu: departments.locationDeu,
      openPaymentsAllowed: departments.openPaymentsAllowed,
      cbiCuc: departments.cbiCuc,
      homebankingFile: departments.homebankingFile,
    })
    .from(departments)
    .where(eq(departments.id, scope.departmentId));
  if (!department) fail('NotFound', { field: 'departmentId' });
  if (!department.openPaymentsAllowed) fail('Forbidden', { field: 'departmentId' });
  return department;
}
