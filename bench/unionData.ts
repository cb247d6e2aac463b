/**
 * Earlier years for the union bench (issue 29, `BENCH_YEARS_BACK`): the booking year's budgets and bookings
 * copied in SQL into each earlier year, so the statistics export has 10 years of every brigade without
 * generating them again. Year `y` gets the chart of the oldest generated year (chapters copied where the
 * year has none), every booking department's approved head, its lines on that year's chapters, and a copy of
 * every movement with its positions, transfer positions, instalments and shares, dates moved back by whole
 * years and ids shifted by a fixed offset per year (children keep pointing at their copied parents).
 */
import { type Tx } from '@app/db';
import { sql } from 'drizzle-orm';

const q = (tx: Tx, text: string) => tx.execute(sql.raw(text));

async function maxId(tx: Tx, table: string): Promise<number> {
  const rows = (await tx.execute(sql.raw(`select coalesce(max(id), 0)::int as n from ${table}`))) as unknown as { n: number }[];
  return Number(rows[0]?.n ?? 0);
}

/** Copies `from`'s budgets and bookings into each of `years` (each earlier than `from`); returns the movements written. */
export async function copyYears(tx: Tx, from: number, years: number[]): Promise<number> {
  const tables = ['movements', 'movement_positions', 'movement_transfer_positions', 'movement_payments', 'movement_payment_shares'] as const;
  // one id offset per year and table, above every id the table has
  const offsets = Object.fromEntries(await Promise.all(tables.map(async (t) => [t, (await maxId(tx, t)) + 1] as const))) as Record<
    (typeof tables)[number],
    number
  >;
  await q(tx, `insert into financial_years (year) select y from unnest(array[${years.join(',')}]) y on conflict do nothing`);
  // the chart of a year without one: the oldest chart's chapters (no category or title links: the statistics need none)
  await q(
    tx,
    `insert into chapters (year, area, part, chapter, title, chapter_short, search_key_deu, search_key_ita, description_deu, description_ita, empty_chapter, municipal_contrib, notes)
     select y, c.area, c.part, c.chapter, c.title, c.chapter_short, c.search_key_deu, c.search_key_ita, c.description_deu, c.description_ita, c.empty_chapter, c.municipal_contrib, c.notes
     from unnest(array[${years.join(',')}]) y cross join chapters c
     where c.year = (select min(year) from chapters) and not exists (select 1 from chapters x where x.year = y)`,
  );
  let written = 0;
  for (const [k, y] of years.entries()) {
    const back = from - y;
    const shift = (column: string) => `(${column} - interval '${back} years')::date`;
    const off = (t: (typeof tables)[number]) => offsets[t] * (k + 1);
    await q(
      tx,
      `insert into budget_heads (department_id, year, forecast_approved, surplus_used)
       select department_id, ${y}, ${shift('forecast_approved')}, surplus_used from budget_heads where year = ${from}`,
    );
    await q(
      tx,
      `create temp table line_map on commit drop as
       with copied as (
         insert into chapter_budgets (department_id, year, chapter_id, chapter_year, budget_initial, description_deu, description_ita)
         select l.department_id, ${y}, c2.id, ${y}, l.budget_initial, l.description_deu, l.description_ita
         from chapter_budgets l join chapters c on c.id = l.chapter_id
         join chapters c2 on c2.area = c.area and c2.chapter = c.chapter and c2.year = ${y}
         where l.year = ${from} and l.chapter_year = ${from}
         returning id, department_id, chapter_id
       )
       select l.id as old_id, n.id as new_id
       from copied n join chapters c2 on c2.id = n.chapter_id
       join chapters c on c.area = c2.area and c.chapter = c2.chapter and c.year = ${from}
       join chapter_budgets l on l.department_id = n.department_id and l.chapter_id = c.id and l.year = ${from} and l.chapter_year = ${from}`,
    );
    await q(tx, `create unique index on line_map (old_id)`);
    await q(
      tx,
      `insert into movements (id, department_id, year, kind, record_number, type, record_date, document_date, document_number, supplier_id, account_id, template_code, cancelled, created_at)
       select id + ${off('movements')}, department_id, ${y}, kind, record_number, type, ${shift('record_date')}, ${shift('document_date')}, document_number,
              supplier_id, account_id, template_code, cancelled, created_at - interval '${back} years'
       from movements where year = ${from}`,
    );
    await q(
      tx,
      `insert into movement_positions (id, movement_id, sort, chapter_budget_id, amount, note, cancelled_amount)
       select p.id + ${off('movement_positions')}, p.movement_id + ${off('movements')}, p.sort, lm.new_id, p.amount, p.note, p.cancelled_amount
       from movement_positions p join movements m on m.id = p.movement_id and m.year = ${from} join line_map lm on lm.old_id = p.chapter_budget_id`,
    );
    await q(
      tx,
      `insert into movement_transfer_positions (id, movement_id, sort, from_chapter_budget_id, to_chapter_budget_id, amount, note, cancelled_amount)
       select t.id + ${off('movement_transfer_positions')}, t.movement_id + ${off('movements')}, t.sort, lf.new_id, lt.new_id, t.amount, t.note, t.cancelled_amount
       from movement_transfer_positions t join movements m on m.id = t.movement_id and m.year = ${from}
       join line_map lf on lf.old_id = t.from_chapter_budget_id join line_map lt on lt.old_id = t.to_chapter_budget_id`,
    );
    await q(
      tx,
      `insert into movement_payments (id, movement_id, sort, amount, date_due, date_paid, account_id, note)
       select p.id + ${off('movement_payments')}, p.movement_id + ${off('movements')}, p.sort, p.amount, ${shift('p.date_due')}, ${shift('p.date_paid')}, p.account_id, p.note
       from movement_payments p join movements m on m.id = p.movement_id and m.year = ${from}`,
    );
    await q(
      tx,
      `insert into movement_payment_shares (id, payment_id, position_id, amount)
       select s.id + ${off('movement_payment_shares')}, s.payment_id + ${off('movement_payments')}, s.position_id + ${off('movement_positions')}, s.amount
       from movement_payment_shares s join movement_payments p on p.id = s.payment_id join movements m on m.id = p.movement_id and m.year = ${from}`,
    );
    await q(
      tx,
      `insert into record_counters (department_id, year, kind, last) select department_id, ${y}, kind, last from record_counters where year = ${from}`,
    );
    await q(tx, `drop table line_map`);
    const rows = (await tx.execute(sql.raw(`select count(*)::int as n from movements where year = ${y}`))) as unknown as { n: number }[];
    written += Number(rows[0]?.n ?? 0);
  }
  for (const t of tables) await q(tx, `select setval(pg_get_serial_sequence('${t}', 'id'), (select max(id) from ${t}))`);
  return written;
}
