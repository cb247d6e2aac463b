import { type Db, execRows, toCents } from '@app/db';
import { chapterFigures, type ChapterFigures, type Part } from '@app/domain';
import { type SQL, sql } from 'drizzle-orm';
import { figureSourceSelects } from '../ledger/chapterFigures.ts';

/** One chapter line of the year (current or residue line) with every figure the final account needs. */
export interface YearLine extends ChapterFigures {
  lineId: number;
  chapter: string;
  chapterYear: number;
  part: Part;
  title: number;
  titleNameDeu: string;
  titleNameIta: string;
  descriptionDeu: string;
  descriptionIta: string;
  /** Sum of the positive change positions and of the negative ones (a negative amount). */
  forecastIncreased: number;
  forecastDecreased: number;
  etsCategoryId: number | null;
}

interface RawLine {
  line_id: number | string;
  chapter: string;
  chapter_year: number | string;
  part: number | string;
  title: number | string;
  title_deu: string | null;
  title_ita: string | null;
  description_deu: string;
  description_ita: string;
  ets_category_id: number | string | null;
  budget_initial: string | null;
  increased: string | null;
  decreased: string | null;
  payments: string | null;
  open_payments: string | null;
  reservations: string | null;
  final_residue: string | null;
}

/**
 * The booking aggregates of the scope's lines (every registered figure source: payments, open
 * payments, remaining reservations), summed per line: one relation for the whole scope.
 */
export function scopeBookingsSql(departmentId: number, year: number): SQL {
  const scope = { departmentIds: [departmentId], yearFrom: year, yearTo: year };
  const parts = figureSourceSelects(scope);
  return sql`select chapter_budget_id, sum(payments) as payments, sum(open_payments) as open_payments, sum(reservations) as reservations
             from (${sql.join(parts, sql` union all `)}) s group by chapter_budget_id`;
}

/**
 * Every chapter line of the department and year (current management and residue lines), with the
 * chapter and title names, the changes split into increases and decreases, the bookings and the
 * final residue, sorted by part, chapter year (current first) and code. One query.
 */
export async function yearLines(db: Db, scope: { departmentId: number; year: number }): Promise<YearLine[]> {
  const rows = await execRows<RawLine>(
    db,
    sql`
    with changes as (
      select p.chapter_budget_id,
             sum(p.amount) filter (where p.amount > 0) as increased,
             sum(p.amount) filter (where p.amount < 0) as decreased
      from budget_change_positions p join budget_changes h on h.id = p.change_id
      where h.department_id = ${scope.departmentId} and h.year = ${scope.year}
      group by p.chapter_budget_id
    ),
    bookings as (${scopeBookingsSql(scope.departmentId, scope.year)})
    select l.id as line_id, c.chapter, l.chapter_year, c.part, c.title, t.description_deu as title_deu, t.description_ita as title_ita,
           case when c.empty_chapter and l.description_deu <> '' then l.description_deu else c.description_deu end as description_deu,
           case when c.empty_chapter and l.description_ita <> '' then l.description_ita else c.description_ita end as description_ita,
           c.ets_category_id, l.budget_initial::text as budget_initial, ch.increased::text as increased, ch.decreased::text as decreased,
           b.payments::text as payments, b.open_payments::text as open_payments, b.reservations::text as reservations,
           l.final_residue::text as final_residue
    from chapter_budgets l
    join chapters c on c.id = l.chapter_id
    left join titles t on t.area = c.area and t.year = c.year and t.part = c.part and t.title = c.title
    left join changes ch on ch.chapter_budget_id = l.id
    left join bookings b on b.chapter_budget_id = l.id
    where l.department_id = ${scope.departmentId} and l.year = ${scope.year}
    order by c.part, l.chapter_year desc, c.chapter`,
  );
  return rows.map((r): YearLine => {
    const part = Number(r.part) as Part;
    const forecastIncreased = toCents(r.increased);
    const forecastDecreased = toCents(r.decreased);
    const figures = chapterFigures({
      part,
      budgetInitial: toCents(r.budget_initial),
      budgetChanges: forecastIncreased + forecastDecreased,
      payments: toCents(r.payments),
      openPayments: toCents(r.open_payments),
      reservations: toCents(r.reservations),
      finalResidue: r.final_residue === null ? null : toCents(r.final_residue),
    });
    return {
      ...figures,
      lineId: Number(r.line_id),
      chapter: r.chapter,
      chapterYear: Number(r.chapter_year),
      part,
      title: Number(r.title),
      titleNameDeu: r.title_deu ?? '',
      titleNameIta: r.title_ita ?? '',
      descriptionDeu: r.description_deu,
      descriptionIta: r.description_ita,
      forecastIncreased,
      forecastDecreased,
      etsCategoryId: r.ets_category_id === null ? null : Number(r.ets_category_id),
    };
  });
}
