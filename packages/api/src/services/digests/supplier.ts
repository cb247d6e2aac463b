import { type Db, execRows, toBool, toInt } from '@app/db';
import type { MovementKind, MovementType, SupplierDigest, SupplierDigestQuery, SupplierDigestRow, SuppliersList, SuppliersListQuery } from '@app/domain';
import { type SQL, sql } from 'drizzle-orm';
import { fail } from '../../errors.ts';
import { cents, type DigestScope, notesSql, numOrNull, pageCondition, pageFields, type RowsPaging } from './common.ts';

/**
 * The supplier digest (Digests/Suppliers) and its print (Digests/Suppliers/List), one statement each:
 * the suppliers of the department asked for, their movements of the scope year (index
 * movements_supplier_idx) with each movement's positions total, paid and unpaid instalments, notes and
 * chapter codes, and per supplier the document count (cancelled movements are listed, not counted),
 * total paid and not paid (window-free grouped sums).
 */

interface RawSupplierDigest {
  supplier_id: number | string;
  code: number | string;
  name1: string;
  name2: string;
  street: string;
  postal_code: string;
  location: string;
  province: string;
  country: string;
  document_count: number | string;
  row_count: number | string;
  total_paid: string;
  total_not_paid: string;
  movement_id: number | string | null;
  kind: string | null;
  type: number | string | null;
  record_date: string | null;
  record_number: number | string | null;
  document_date: string | null;
  document_number: string | null;
  account_code: string | null;
  description: string | null;
  chapters: string | null;
  amount: string | null;
  paid: string | null;
  not_paid: string | null;
  cancelled: boolean | string | null;
}

function supplierDigestSql(scope: DigestScope, suppliers: SQL, withRows: boolean, withEmpty: boolean, paging: RowsPaging): SQL {
  return sql`
    with sup as (
      select s.* from suppliers s where s.department_id = ${scope.departmentId} and ${suppliers}
    ),
    mv as (
      select m.id, m.supplier_id, m.kind, m.type, m.record_date, m.record_number, m.document_date, m.document_number, m.cancelled,
             a.code as account_code, coalesce(pos.amount, 0) as amount, coalesce(pay.paid, 0) as paid, coalesce(pay.not_paid, 0) as not_paid,
             pos.description, pos.chapters,
             row_number() over (partition by m.supplier_id order by m.record_date, m.kind, m.record_number) as seq
      from movements m
      left join accounts a on a.id = m.account_id
      left join lateral (
        select sum(p.amount) as amount, ${notesSql} as description,
               string_agg(distinct c.chapter, ', ' order by c.chapter) as chapters
        from movement_positions p join chapter_budgets l on l.id = p.chapter_budget_id join chapters c on c.id = l.chapter_id
        where p.movement_id = m.id
      ) pos on true
      left join lateral (
        select sum(y.amount) filter (where y.date_paid is not null) as paid, sum(y.amount) filter (where y.date_paid is null) as not_paid
        from movement_payments y where y.movement_id = m.id and not m.cancelled
      ) pay on true
      where m.supplier_id in (select id from sup) and m.department_id = ${scope.departmentId} and m.year = ${scope.year}
    ),
    tot as (
      select mv.supplier_id, count(*) as n, count(*) filter (where not mv.cancelled) as documents,
             sum(mv.paid) as paid, sum(mv.not_paid) as not_paid
      from mv group by mv.supplier_id
    )
    select sup.id as supplier_id, sup.code, sup.name1, sup.name2, sup.street, sup.postal_code, sup.location, sup.province, sup.country,
           coalesce(tot.documents, 0) as document_count, coalesce(tot.n, 0) as row_count,
           coalesce(tot.paid, 0)::text as total_paid, coalesce(tot.not_paid, 0)::text as total_not_paid,
           r.id as movement_id, r.kind, r.type, r.record_date::text as record_date, r.record_number, r.document_date::text as document_date,
           r.document_number, r.account_code, r.description, r.chapters, r.amount::text as amount, r.paid::text as paid,
           r.not_paid::text as not_paid, r.cancelled
    from sup
    left join tot on tot.supplier_id = sup.id
    left join mv r on ${withRows ? sql`true` : sql`false`} and r.supplier_id = sup.id and ${pageCondition(sql`r.seq`, paging)}
    where ${withEmpty ? sql`true` : sql`tot.n > 0`}
    order by sup.code, r.seq`;
}

function toRow(r: RawSupplierDigest): SupplierDigestRow {
  const notPaid = cents(r.not_paid);
  return {
    movementId: Number(r.movement_id),
    movementKind: r.kind as MovementKind,
    type: Number(r.type) as MovementType,
    recordDate: r.record_date ?? '',
    recordNumber: Number(r.record_number),
    documentDate: r.document_date,
    documentNumber: r.document_number ?? '',
    accountCode: r.account_code,
    description: r.description ?? '',
    chapters: r.chapters ?? '',
    amount: cents(r.amount),
    paid: cents(r.paid),
    notPaid,
    isPaid: notPaid === 0,
    cancelled: toBool(r.cancelled),
  };
}

function digestsOf(raw: RawSupplierDigest[], year: number, paging: RowsPaging): SupplierDigest[] {
  const bySupplier = new Map<number, RawSupplierDigest[]>();
  for (const r of raw) {
    const id = Number(r.supplier_id);
    const list = bySupplier.get(id);
    if (list) list.push(r);
    else bySupplier.set(id, [r]);
  }
  return [...bySupplier.values()].map((rows) => {
    const head = rows[0] as RawSupplierDigest;
    const totalPaid = cents(head.total_paid);
    const totalNotPaid = cents(head.total_not_paid);
    return {
      year,
      supplierId: Number(head.supplier_id),
      supplierCode: Number(head.code),
      description: `${head.name1} ${head.name2}`.trim(),
      name1: head.name1,
      name2: head.name2,
      address: { street: head.street, postalCode: head.postal_code, location: head.location, province: head.province, country: head.country },
      documentCount: toInt(head.document_count),
      totalPaid,
      totalNotPaid,
      totalSum: totalPaid + totalNotPaid,
      movements: rows.filter((r) => numOrNull(r.movement_id) !== null).map(toRow),
      ...pageFields(toInt(head.row_count), paging),
    };
  });
}

/** Digests/Suppliers: one supplier of the department (RecordNotFound on supplierId/supplierCode otherwise). */
export async function supplierDigest(db: Db, scope: DigestScope, input: SupplierDigestQuery): Promise<SupplierDigest> {
  const which = input.supplierId !== undefined ? sql`s.id = ${input.supplierId}` : sql`s.code = ${input.supplierCode ?? 0}`;
  const [digest] = digestsOf(await execRows<RawSupplierDigest>(db, supplierDigestSql(scope, which, true, true, input)), scope.year, input);
  if (!digest) fail('RecordNotFound', { field: input.supplierId !== undefined ? 'supplierId' : 'supplierCode' });
  return digest;
}

/** Digests/Suppliers/List: the digests of the code range (only suppliers with movements in the year unless withEmpty), every row. */
export async function suppliersList(db: Db, scope: DigestScope, input: SuppliersListQuery): Promise<SuppliersList> {
  const range: SQL[] = [sql`true`];
  if (input.supplierFrom !== undefined) range.push(sql`s.code >= ${input.supplierFrom}`);
  if (input.supplierTo !== undefined) range.push(sql`s.code <= ${input.supplierTo}`);
  const raw = await execRows<RawSupplierDigest>(db, supplierDigestSql(scope, sql.join(range, sql` and `), input.withMovements, input.withEmpty, {}));
  const suppliers = digestsOf(raw, scope.year, {});
  const sum = (f: (d: SupplierDigest) => number) => suppliers.reduce((s, d) => s + f(d), 0);
  return {
    year: scope.year,
    withMovements: input.withMovements,
    suppliers,
    totals: {
      documentCount: sum((d) => d.documentCount),
      totalPaid: sum((d) => d.totalPaid),
      totalNotPaid: sum((d) => d.totalNotPaid),
      totalSum: sum((d) => d.totalSum),
    },
  };
}
