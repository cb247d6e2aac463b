/**
 * Not the app's SQL: the chapter-figures query as proposed in bench/README.md ("Why the targets are
 * missed"), timed bare next to the app's captured query so the gain shows in the same run. The same
 * columns and joins as chapterFigureRows (packages/api/src/services/chapterFigures.ts), but the
 * booking sums are a LATERAL subquery per chapter line, driven by the line indexes
 * (movement_positions_line_idx, movement_transfer_positions_from_idx / _to_idx; a transfer's two
 * sides are two branches, as the app's VALUES cross join counts it once per side), instead of one
 * aggregate over every booking of the scope joined afterwards.
 * Parameters: $1 department id, $2 year (= chapter year), $3 area, $4 chapter codes (text[]),
 * $5 movement ids left out (int[]).
 */
export const proposedFiguresQuery = `
with lines as (
  select id, chapter_id, budget_initial, final_residue, description_deu, description_ita from chapter_budgets
  where department_id = $1 and year = $2 and chapter_year = $2
),
changes as (
  select p.chapter_budget_id, sum(p.amount) as amount
  from budget_change_positions p join budget_changes h on h.id = p.change_id
  where h.department_id = $1 and h.year = $2
  group by p.chapter_budget_id
)
select c.id as chapter_id, c.chapter, c.part, c.title, c.description_deu, c.description_ita, c.search_key_deu, c.search_key_ita,
       c.empty_chapter, l.id as line_id, l.description_deu as line_deu, l.description_ita as line_ita,
       l.budget_initial::text as budget_initial, ch.amount::text as budget_changes, b.payments::text as payments,
       b.open_payments::text as open_payments, b.reservations::text as reservations, l.final_residue::text as final_residue,
       count(*) over () as total
from chapters c
left join lines l on l.chapter_id = c.id
left join changes ch on ch.chapter_budget_id = l.id
left join lateral (
  select sum(x.payments) as payments, sum(x.open_payments) as open_payments, sum(x.reservations) as reservations from (
    select p.amount as payments, 0::numeric as open_payments, 0::numeric as reservations
    from movement_positions p join movements m on m.id = p.movement_id
    where p.chapter_budget_id = l.id and m.kind = 'revenues' and not m.cancelled and m.id <> all($5::int[])
    union all
    select case when pay.date_paid is null then 0::numeric else s.amount end,
           case when pay.date_paid is null then s.amount else 0::numeric end, 0::numeric
    from movement_positions p join movements m on m.id = p.movement_id
    join movement_payment_shares s on s.position_id = p.id join movement_payments pay on pay.id = s.payment_id
    where p.chapter_budget_id = l.id and m.kind = 'expenses' and not m.cancelled and m.id <> all($5::int[])
    union all
    select t.amount, 0::numeric, 0::numeric
    from movement_transfer_positions t join movements m on m.id = t.movement_id
    where t.from_chapter_budget_id = l.id and not m.cancelled and m.id <> all($5::int[])
    union all
    select t.amount, 0::numeric, 0::numeric
    from movement_transfer_positions t join movements m on m.id = t.movement_id
    where t.to_chapter_budget_id = l.id and not m.cancelled and m.id <> all($5::int[])
  ) x
) b on true
where c.area = $3 and c.year = $2 and c.chapter = any($4::text[])
order by c.chapter`;
