import { type Db, execRows, toBool, toCents } from '@app/db';
import {
  chapterFigures,
  chapterLineName,
  type DeterminedBounds,
  type Part,
  type ResidueChapter,
  type ResiduePosition,
  type ResidueBounds,
  residueBounds,
  residueChanged,
  residueFlag,
  residueProblem,
  type ResidueSource,
} from '@app/domain';
import { type SQL, sql } from 'drizzle-orm';
import { figureSourceSelects } from '../ledger/chapterFigures.ts';
import type { YearScope } from '../ledger/bookingScope.ts';
import { sqlList } from '../ledger/sql.ts';

/**
 * The chapter lines of a scope with their figures, for the residue screens (determination, export,
 * carry-over, manual residues), in one query: the lines (current: chapterYear = year; residue:
 * chapterYear < year), their chapters (the chart of the line's chapter year), the sum of their change
 * positions and the booking aggregates of every figure source (chapterFigures.ts), summed per line.
 */

export type ResidueScope = YearScope;

export interface ResidueLine {
  lineId: number;
  chapterId: number;
  chapter: string;
  chapterYear: number;
  part: Part;
  title: number;
  descriptionDeu: string;
  descriptionIta: string;
  searchKeyDeu: string;
  searchKeyIta: string;
  emptyChapter: boolean;
  /** The names typed on the line (empty chapter), '' when none. */
  lineDescriptionDeu: string;
  lineDescriptionIta: string;
  notes: string;
  budgetInitial: number;
  budgetChanges: number;
  payments: number;
  openPayments: number;
  reservations: number;
  finalResidue: number | null;
  /** The bounds stored with the determination (null: undetermined, or determined before they were stored). */
  determined: DeterminedBounds | null;
}

interface RawLine {
  line_id: number | string;
  chapter_id: number | string;
  chapter: string;
  chapter_year: number | string;
  part: number | string;
  title: number | string;
  description_deu: string;
  description_ita: string;
  search_key_deu: string;
  search_key_ita: string;
  empty_chapter: boolean | string;
  line_deu: string;
  line_ita: string;
  notes: string;
  budget_initial: string | number;
  budget_changes: string | number | null;
  payments: string | number | null;
  open_payments: string | number | null;
  reservations: string | number | null;
  final_residue: string | number | null;
  residue_minimum: string | number | null;
  residue_maximum: string | number | null;
}

/** Which lines: `source` 0 all, 1 current, 2 residue lines; or the given line ids. */
export interface LineFilter {
  source?: ResidueSource;
  lineIds?: readonly number[];
}

function sourceCondition(scope: ResidueScope, filter: LineFilter): SQL {
  const conditions: SQL[] = [sql`l.department_id = ${scope.departmentId}`, sql`l.year = ${scope.year}`];
  if (filter.source === 1) conditions.push(sql`l.chapter_year = l.year`);
  if (filter.source === 2) conditions.push(sql`l.chapter_year < l.year`);
  if (filter.lineIds) conditions.push(filter.lineIds.length ? sql`l.id in (${sqlList(filter.lineIds)})` : sql`false`);
  return sql.join(conditions, sql` and `);
}

/** The lines of the scope (by source or ids) with their figures, sorted by chapter year (current first), part and chapter. */
export async function residueLines(db: Db, scope: ResidueScope, filter: LineFilter = {}): Promise<ResidueLine[]> {
  const figureScope = { departmentIds: [scope.departmentId], yearFrom: scope.year, yearTo: scope.year };
  const bookings = sql.join(
    figureSourceSelects(figureScope).map((s) => sql`(${s})`),
    sql` union all `,
  );
  const query = sql`
    with lines as (select l.* from chapter_budgets l where ${sourceCondition(scope, filter)}),
    changes as (
      select p.chapter_budget_id, sum(p.amount) as amount
      from budget_change_positions p join budget_changes h on h.id = p.change_id
      where h.department_id = ${scope.departmentId} and h.year = ${scope.year}
      group by p.chapter_budget_id
    ),
    bookings as (
      select s.chapter_budget_id, sum(s.payments) as payments, sum(s.open_payments) as open_payments, sum(s.reservations) as reservations
      from (${bookings}) s (chapter_budget_id, payments, open_payments, reservations)
      where s.chapter_budget_id in (select id from lines)
      group by s.chapter_budget_id
    )
    select l.id as line_id, c.id as chapter_id, c.chapter, l.chapter_year, c.part, c.title, c.description_deu, c.description_ita,
           c.search_key_deu, c.search_key_ita, c.empty_chapter, l.description_deu as line_deu, l.description_ita as line_ita, l.notes,
           l.budget_initial::text as budget_initial, ch.amount::text as budget_changes, b.payments::text as payments,
           b.open_payments::text as open_payments, b.reservations::text as reservations, l.final_residue::text as final_residue,
           l.residue_minimum::text as residue_minimum, l.residue_maximum::text as residue_maximum
    from lines l
    join chapters c on c.id = l.chapter_id
    left join changes ch on ch.chapter_budget_id = l.id
    left join bookings b on b.chapter_budget_id = l.id
    order by (l.chapter_year = l.year) desc, c.part, c.chapter, l.chapter_year`;
  const rows = await execRows<RawLine>(db, query);
  return rows.map((r) => {
    const emptyChapter = toBool(r.empty_chapter);
    return {
      lineId: Number(r.line_id),
      chapterId: Number(r.chapter_id),
      chapter: r.chapter,
      chapterYear: Number(r.chapter_year),
      part: Number(r.part) as Part,
      title: Number(r.title),
      descriptionDeu: chapterLineName(emptyChapter, r.description_deu, r.line_deu),
      descriptionIta: chapterLineName(emptyChapter, r.description_ita, r.line_ita),
      searchKeyDeu: r.search_key_deu,
      searchKeyIta: r.search_key_ita,
      emptyChapter,
      lineDescriptionDeu: r.line_deu,
      lineDescriptionIta: r.line_ita,
      notes: r.notes,
      budgetInitial: toCents(r.budget_initial),
      budgetChanges: toCents(r.budget_changes),
      payments: toCents(r.payments),
      openPayments: toCents(r.open_payments),
      reservations: toCents(r.reservations),
      finalResidue: r.final_residue === null ? null : toCents(r.final_residue),
      determined:
        r.final_residue === null || r.residue_minimum === null || r.residue_maximum === null
          ? null
          : { minimum: toCents(r.residue_minimum), maximum: toCents(r.residue_maximum) },
    };
  });
}

/** What bookings use of a line: payments + open payments + remaining reservations. */
export function lineUsed(line: ResidueLine): number {
  return line.payments + line.openPayments + line.reservations;
}

export function residueChapter(line: ResidueLine): ResidueChapter {
  return {
    chapterId: line.chapterId,
    chapter: line.chapter,
    chapterYear: line.chapterYear,
    part: line.part,
    title: line.title,
    descriptionDeu: line.descriptionDeu,
    descriptionIta: line.descriptionIta,
    searchKeyDeu: line.searchKeyDeu,
    searchKeyIta: line.searchKeyIta,
    isEditable: line.emptyChapter,
  };
}

/** The bounds of a line's final residue (domain residueBounds: open payments + reservations .. availability; overspent). */
export function lineBounds(line: ResidueLine): ResidueBounds {
  return residueBounds({ part: line.part, ...chapterFigures(line) });
}

/** A line as a residue position (spec §3): budget figures, flags, bounds, the amount shown, whether it may be typed and its state. */
export function residuePosition(line: ResidueLine, writable: boolean): ResiduePosition {
  const f = chapterFigures(line);
  const bounds = lineBounds(line);
  return {
    chapter: residueChapter(line),
    budget: {
      budgetId: line.lineId,
      allocated: f.budgetFinal,
      payments: f.payments,
      available: f.availableAfterDonePayments,
      finalResidue: f.finalResidue,
      reservations: f.reservations,
      openPayments: f.openPayments,
      flag: residueFlag(f.reservations, f.openPayments),
    },
    isEditable: writable && !bounds.overspent && bounds.maximum > 0,
    amount: f.finalResidue ?? bounds.proposal,
    isDetermined: f.finalResidue !== null,
    minimum: bounds.minimum,
    maximum: bounds.maximum,
    proposal: bounds.proposal,
    isOverspent: bounds.overspent,
    isChanged: residueChanged(f.finalResidue, line.determined, bounds),
    isOutOfBounds: f.finalResidue !== null && residueProblem(f.finalResidue, bounds) !== null,
  };
}
