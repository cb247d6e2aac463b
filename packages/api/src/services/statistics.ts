import { type Db, schema } from '@app/db';
import {
  areaOfCode,
  departmentName,
  formatChapter,
  Part,
  type StatisticsExport,
  type StatisticsExportInput,
  type StatisticsRow,
  seesAllDepartments,
  statisticsFileName,
} from '@app/domain';
import { and, asc, eq, gte, lte, type SQL } from 'drizzle-orm';
import type { Session } from '../context.ts';
import { requireItem } from './access.ts';
import { type StatisticsFigureRow, statisticsFigureRows } from './ledger/chapterFigures.ts';

const { departments, financialYears, userDepartments } = schema;

type Actor = Pick<Session, 'userId' | 'accessLevel'>;
type Input = Omit<StatisticsExportInput, 'withChapters' | 'language'> & { withChapters: boolean; language: 'de' | 'it'; departmentId?: number | undefined };

type Department = typeof departments.$inferSelect;

/** Figure rows per cursor fetch of the streamed export (a few hundred kB of CSV at a time). */
const STATISTICS_BATCH = 2000;

/** What an export covers: the visible departments in the code range (by code) and the years of the range. */
async function exportScope(db: Db, actor: Actor, input: Input): Promise<{ depts: Department[]; years: number[] }> {
  await requireItem(db, actor, 'statisticsExport', input.departmentId);
  const conditions: SQL[] = [];
  if (input.deptFrom) conditions.push(gte(departments.code, input.deptFrom));
  if (input.deptTo) conditions.push(lte(departments.code, input.deptTo));
  const base = db.select({ dept: departments }).from(departments);
  const depts = (
    seesAllDepartments(actor)
      ? await base.where(and(...conditions)).orderBy(asc(departments.code))
      : await base
          .innerJoin(userDepartments, and(eq(userDepartments.departmentId, departments.id), eq(userDepartments.userId, actor.userId)))
          .where(and(...conditions))
          .orderBy(asc(departments.code))
  ).map((r) => r.dept);
  const years = (
    await db
      .select({ year: financialYears.year })
      .from(financialYears)
      .where(and(gte(financialYears.year, input.yearFrom), lte(financialYears.year, input.yearTo)))
      .orderBy(asc(financialYears.year))
  ).map((y) => y.year);
  return { depts, years };
}

function emptyRow(d: Department, year: number, lang: 'de' | 'it'): StatisticsRow {
  return {
    departmentCode: d.code,
    departmentName: departmentName(d, lang),
    year,
    area: areaOfCode(d.code),
    chapter: '',
    description: '',
    revenuesInitial: 0,
    revenuesChanges: 0,
    revenuesFinal: 0,
    revenuesPayments: 0,
    expensesInitial: 0,
    expensesChanges: 0,
    expensesFinal: 0,
    expensesPayments: 0,
    revenuesResidues: 0,
    revenuesResiduesPayments: 0,
    revenuesFinalResidues: 0,
    expensesOpenPayments: 0,
    expensesResidues: 0,
    expensesResiduesPayments: 0,
    expensesFinalResidues: 0,
  };
}

function addFigures(row: StatisticsRow, f: StatisticsFigureRow): void {
  const side = f.part === Part.Revenues ? 'revenues' : 'expenses';
  row[`${side}Initial`] += f.budgetInitial;
  row[`${side}Changes`] += f.budgetChanges;
  row[`${side}Final`] += f.budgetFinal;
  row[`${side}Payments`] += f.payments;
  row[`${side}Residues`] += f.residues;
  row[`${side}ResiduesPayments`] += f.residuesPayments;
  row[`${side}FinalResidues`] += f.finalResidues;
  // revenues have no open payments (DOMAIN "Figures of a chapter")
  row.expensesOpenPayments += f.openPayments;
}

/**
 * The export's rows in order, merged from the departments and years (every department and year without
 * chapters, also a year without budget) and the figure rows, which come in the same order (department
 * code, year, part, chapter): a batch of rows is yielded per batch of figures, nothing is held beyond it.
 */
async function* exportRows(
  depts: Department[],
  years: number[],
  figures: AsyncIterable<StatisticsFigureRow[]>,
  input: Pick<Input, 'withChapters' | 'language'>,
): AsyncGenerator<StatisticsRow[]> {
  const lang = input.language;
  const position = new Map(depts.map((d, i) => [d.id, i]));
  const yearAt = new Map(years.map((y, i) => [y, i]));
  // a key's place in the export's order (department, then year); -1 for a year outside the range's financial years
  const rank = (deptIndex: number, yearIndex: number) => deptIndex * years.length + yearIndex;
  const rankOf = (f: StatisticsFigureRow) => {
    const d = position.get(f.departmentId);
    const y = yearAt.get(f.year);
    return d === undefined || y === undefined ? -1 : rank(d, y);
  };
  let next = 0; // the next department-year key without a row yet
  let open: StatisticsRow | undefined; // the totals row of key `next` (without chapters)
  const upTo = (end: number, out: StatisticsRow[]) => {
    // every key before `end` is complete: without chapters each gets its row (empty when no figures came)
    for (; next < end; next++) {
      if (input.withChapters) continue;
      const d = depts[Math.floor(next / years.length)] as Department;
      out.push(open ?? emptyRow(d, years[next % years.length] as number, lang));
      open = undefined;
    }
  };
  for await (const batch of figures) {
    const out: StatisticsRow[] = [];
    for (const f of batch) {
      const at = rankOf(f);
      if (at < next) continue;
      upTo(at, out);
      const d = depts[Math.floor(at / years.length)] as Department;
      if (input.withChapters) {
        const row = { ...emptyRow(d, f.year, lang), chapter: formatChapter(f.chapter), description: lang === 'it' ? f.descriptionIta : f.descriptionDeu };
        addFigures(row, f);
        out.push(row);
      } else {
        open ??= emptyRow(d, f.year, lang);
        addFigures(open, f);
      }
    }
    if (out.length) yield out;
  }
  const rest: StatisticsRow[] = [];
  upTo(depts.length * years.length, rest);
  if (rest.length) yield rest;
}

/**
 * Statistics export (spec 2 §2, spec 3 §2): the budget figures of the visible departments in the
 * code range, per year of the range, and the actual figures (payments, residues, open payments).
 * Without chapters one row per department and year (revenue and expense totals, also for a year
 * without budget); with chapters one row per chapter code (its current and residue lines).
 */
export async function exportStatistics(db: Db, actor: Actor, input: Input): Promise<StatisticsExport> {
  const { rows, ...head } = await streamStatistics(db, actor, input, null);
  const all: StatisticsRow[] = [];
  for await (const batch of rows) all.push(...batch);
  return { ...head, rows: all };
}

/**
 * The same export as `exportStatistics` with its rows as they come (REST's streamed CSV): the scope and the
 * permission are settled before it answers (a refusal is an error, not a broken download); the rows follow in
 * batches of `batch` figure rows read from a cursor of the one figures statement (null: one batch of all), so a
 * union's ten years are never in memory at once.
 */
export async function streamStatistics(
  db: Db,
  actor: Actor,
  input: Input,
  batch: number | null = STATISTICS_BATCH,
): Promise<Omit<StatisticsExport, 'rows'> & { rows: AsyncGenerator<StatisticsRow[]> }> {
  const { depts, years } = await exportScope(db, actor, input);
  const figures = statisticsFigureRows(
    db,
    { departmentIds: depts.map((d) => d.id), yearFrom: input.yearFrom, yearTo: input.yearTo, withChapters: input.withChapters },
    batch ?? undefined,
  );
  const lang = input.language;
  return { language: lang, withChapters: input.withChapters, fileName: statisticsFileName(lang), rows: exportRows(depts, years, figures, input) };
}
