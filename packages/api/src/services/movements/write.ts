import { type Db, execRows, schema } from '@app/db';
import type { MovementKind, MovementType } from '@app/domain';
import { type SQL, sql } from 'drizzle-orm';
import { nextRecordNumberSql, type RecordKind, type RecordScope } from '../ledger/recordCounters.ts';

/** A money amount (cents) as the numeric the `money` column stores. */
function money(cents: number): SQL {
  return sql`${schema.movementPositions.amount.mapToDriverValue(cents)}::numeric`;
}

/** `(values (...), (...)) as name(columns)`: rows of typed parameters (each value cast in its row). */
function valuesOf(name: string, columns: string[], rows: SQL[][]): SQL {
  const body = sql.join(
    rows.map((row) => sql`(${sql.join(row, sql`, `)})`),
    sql`, `,
  );
  return sql`(values ${body}) as ${sql.raw(name)}(${sql.raw(columns.join(', '))})`;
}

const int = (v: number | null): SQL => sql`${v}::int`;
const text = (v: string): SQL => sql`${v}::varchar`;
const day = (v: string | null): SQL => sql`${v}::date`;

export interface MovementHeadValues {
  type: MovementType;
  recordDate: string;
  documentDate: string | null;
  documentNumber: string;
  supplierId: number | null;
  accountId: number | null;
  templateCode: number | null;
}

export interface MovementRows {
  /**
   * A new record of `kind` in the scope, numbered from `counter` in the same statement (the counter
   * row stays locked until COMMIT); or the saved movement, whose head was updated and whose
   * positions, transfer positions and payments were deleted before.
   */
  target: { scope: RecordScope; kind: MovementKind; counter: RecordKind; head: MovementHeadValues } | { movementId: number; recordNumber: number };
  positions: { lineId: number; amount: number; note: string; reservationId: number | null; reservationAmount: number }[];
  transfers: { fromLineId: number; toLineId: number; amount: number; note: string }[];
  /** `accountId`/`note`: what a payment by hand recorded (DOMAIN decision 21), kept by a re-save (save.ts keptByHand). */
  payments: { amount: number; dateDue: string; datePaid: string | null; accountId?: number | null; note?: string }[];
  /** The amount of payment k on position j (`shares[k][j]`); zeros are not written. */
  shares: number[][];
  /**
   * Selects run in the same statement (CTEs named `name`; they see the data as it was before the
   * writes) whose rows come back in `alongside[name]`: the save's availability figures.
   */
  alongside?: { name: string; sql: SQL }[];
}

export interface WrittenMovement {
  movementId: number;
  recordNumber: number;
  /** The new ids in the order of the input rows. */
  positionIds: number[];
  transferIds: number[];
  paymentIds: number[];
  /** The rows of each `alongside` select, by name. */
  alongside: Record<string, unknown[]>;
}

/** A json column (parsed by postgres.js and PGlite; text from another driver). */
function parsedJson(value: unknown): unknown[] {
  return (typeof value === 'string' ? JSON.parse(value) : (value ?? [])) as unknown[];
}

/** `[[sort, id], ...]` as json (parsed by postgres.js and PGlite; text from another driver) to ids by sort. */
function idsBySort(value: unknown): number[] {
  const pairs = parsedJson(value) as [number, number][];
  const ids: number[] = [];
  for (const [sort, id] of pairs) ids[sort] = Number(id);
  return ids;
}

/**
 * Writes a movement's rows in ONE statement (data-modifying CTEs: each insert sees the ids the one
 * before returned; foreign keys are checked at its end): for a new record the next number and the
 * head, then its positions, transfer positions, payments and the payments' shares on the positions.
 * One round trip instead of five, and the record counter is locked only from this statement to COMMIT.
 */
export async function writeMovementRows(tx: Db, rows: MovementRows): Promise<WrittenMovement> {
  const { target } = rows;
  const alongside = rows.alongside ?? [];
  const ctes: SQL[] = alongside.map((a) => sql`${sql.raw(a.name)} as (${a.sql})`);
  if ('movementId' in target) {
    ctes.push(sql`m as (select ${int(target.movementId)} as id, ${int(target.recordNumber)} as record_number)`);
  } else {
    const { scope, kind, head } = target;
    ctes.push(sql`n as (${nextRecordNumberSql(scope, target.counter)})`);
    ctes.push(sql`m as (insert into movements (department_id, year, kind, record_number, type, record_date, document_date, document_number,
        supplier_id, account_id, template_code)
      select ${int(scope.departmentId)}, ${int(scope.year)}, ${text(kind)}, n.last, ${sql`${head.type}::smallint`}, ${day(head.recordDate)},
        ${day(head.documentDate)}, ${text(head.documentNumber)}, ${int(head.supplierId)}, ${int(head.accountId)}, ${int(head.templateCode)}
      from n returning id, record_number)`);
  }
  if (rows.positions.length > 0) {
    const values = valuesOf(
      'v',
      ['sort', 'line', 'amount', 'note', 'reservation_id', 'reservation_amount'],
      rows.positions.map((p, i) => [int(i), int(p.lineId), money(p.amount), text(p.note), int(p.reservationId), money(p.reservationAmount)]),
    );
    ctes.push(sql`p as (insert into movement_positions (movement_id, sort, chapter_budget_id, amount, note, reservation_id, reservation_amount)
      select m.id, v.sort, v.line, v.amount, v.note, v.reservation_id, v.reservation_amount from m, ${values} returning id, sort)`);
  }
  if (rows.transfers.length > 0) {
    const values = valuesOf(
      'v',
      ['sort', 'line_from', 'line_to', 'amount', 'note'],
      rows.transfers.map((t, i) => [int(i), int(t.fromLineId), int(t.toLineId), money(t.amount), text(t.note)]),
    );
    ctes.push(sql`t as (insert into movement_transfer_positions (movement_id, sort, from_chapter_budget_id, to_chapter_budget_id, amount, note)
      select m.id, v.sort, v.line_from, v.line_to, v.amount, v.note from m, ${values} returning id, sort)`);
  }
  const shareRows = rows.payments.flatMap((_, k) => (rows.shares[k] ?? []).flatMap((amount, j) => (amount === 0 ? [] : [[int(k), int(j), money(amount)]])));
  if (rows.payments.length > 0) {
    const values = valuesOf(
      'v',
      ['sort', 'amount', 'date_due', 'date_paid', 'account_id', 'note'],
      rows.payments.map((p, k) => [int(k), money(p.amount), day(p.dateDue), day(p.datePaid), int(p.accountId ?? null), text(p.note ?? '')]),
    );
    ctes.push(sql`pay as (insert into movement_payments (movement_id, sort, amount, date_due, date_paid, account_id, note)
      select m.id, v.sort, v.amount, v.date_due, v.date_paid, v.account_id, v.note from m, ${values} returning id, sort)`);
    if (shareRows.length > 0 && rows.positions.length > 0)
      ctes.push(sql`s as (insert into movement_payment_shares (payment_id, position_id, amount)
        select pay.id, p.id, v.amount from ${valuesOf('v', ['payment_sort', 'position_sort', 'amount'], shareRows)}
        join pay on pay.sort = v.payment_sort join p on p.sort = v.position_sort)`);
  }
  const idsOf = (cte: string, present: boolean) =>
    present ? sql`(select coalesce(json_agg(json_build_array(x.sort, x.id)), '[]'::json) from ${sql.raw(cte)} x)` : sql`'[]'::json`;
  const selected = alongside.map((a) => sql`, (select coalesce(json_agg(x), '[]'::json) from ${sql.raw(a.name)} x) as ${sql.raw(a.name)}`);
  const [row] = await execRows<
    { id: number | string; record_number: number | string; positions: unknown; transfers: unknown; payments: unknown } & Record<string, unknown>
  >(
    tx,
    sql`with ${sql.join(ctes, sql`, `)}
      select m.id, m.record_number, ${idsOf('p', rows.positions.length > 0)} as positions, ${idsOf('t', rows.transfers.length > 0)} as transfers,
        ${idsOf('pay', rows.payments.length > 0)} as payments${sql.join(selected, sql``)}
      from m`,
  );
  if (!row) throw new Error('movement write returned nothing');
  return {
    movementId: Number(row.id),
    recordNumber: Number(row.record_number),
    positionIds: idsBySort(row.positions),
    transferIds: idsBySort(row.transfers),
    paymentIds: idsBySort(row.payments),
    alongside: Object.fromEntries(alongside.map((a) => [a.name, parsedJson(row[a.name])])),
  };
}
