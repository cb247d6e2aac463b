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
import { statisticsFigureRows } from './ledger/chapterFigures.ts';

const { departments, financialYears, userDepartments } = schema;

type Actor = Pick<Session, 'userId' | 'accessLevel'>;
type Input = Omit<StatisticsExportInput, 'withChapters' | 'language'> & { withChapters: boolean; language: 'de' | 'it'; departmentId?: number | undefined };

/**
 * Statistics export (spec 2 §2, spec 3 §2): the budget figures of the visible departments in the
 * code range, per year of the range, and the actual figures (payments, residues, open payments).
 * Without chapters one row per department and year (revenue and expense totals, also for a year
 * without budget); with chapters one row per chapter code (its current and residue lines).
 */
export async function exportStatistics(db: Db, actor: Actor, input: Input): Promise<StatisticsExport> {
  await requireItem(db, actor, 'statisticsExport', input.departmentId);
  const lang = input.language;
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
  const figures = await statisticsFigureRows(db, {
    departmentIds: depts.map((d) => d.id),
    yearFrom: input.yearFrom,
    yearTo: input.yearTo,
    withChapters: input.withChapters,
  });

  const rows: StatisticsRow[] = [];
  const empty = (d: (typeof depts)[number], year: number): StatisticsRow => ({
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
  });
  const add = (row: StatisticsRow, f: (typeof figures)[number]) => {
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
  };
  const byKey = new Map<string, typeof figures>();
  for (const f of figures) {
    const key = `${f.departmentId}/${f.year}`;
    byKey.set(key, [...(byKey.get(key) ?? []), f]);
  }
  for (const d of depts) {
    for (const year of years) {
      const lines = byKey.get(`${d.id}/${year}`) ?? [];
      if (!input.withChapters) {
        const row = empty(d, year);
        for (const f of lines) add(row, f);
        rows.push(row);
        continue;
      }
      for (const f of lines) {
        const row = { ...empty(d, year), chapter: formatChapter(f.chapter), description: lang === 'it' ? f.descriptionIta : f.descriptionDeu };
        add(row, f);
        rows.push(row);
      }
    }
  }
  return { language: lang, withChapters: input.withChapters, fileName: statisticsFileName(lang), rows };
}
