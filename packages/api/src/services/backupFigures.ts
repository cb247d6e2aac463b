import { createHash } from 'node:crypto';
import { type Db, execRows } from '@app/db';
import { areaOfCode } from '@app/domain';
import { sql } from 'drizzle-orm';
import { cashTotal } from './ledger/cashBalances.ts';
import { chapterFigureRows } from './ledger/chapterFigures.ts';

/** The figures of one department in one financial year, as a backup's header keeps them. */
export interface DepartmentYearFigures {
  department: string;
  year: number;
  /** The cash total in cents (Accounts/Balance/Total). */
  cash: number;
  /** Chapters with a budget line of the year. */
  chapters: number;
  /** Sums over those chapters, in cents. */
  budgetFinal: number;
  payments: number;
  openPayments: number;
  reservations: number;
  /** sha256 of every chapter's figures (code and all amounts): any single amount that differs shows. */
  digest: string;
}

/**
 * Every department's cash total and chapter figures in every financial year, computed with the app's own
 * aggregates (cashTotal, chapterFigureRows): what a backup records and a restore must find again (and the
 * upgrade test compares before and after each migration).
 */
export async function backupFigures(db: Db): Promise<DepartmentYearFigures[]> {
  const departments = await execRows<{ id: number; code: string }>(db, sql`select id, code from departments order by code`);
  const years = await execRows<{ year: number }>(db, sql`select year from financial_years order by year`);
  const list: DepartmentYearFigures[] = [];
  for (const d of departments)
    for (const { year } of years) {
      const scope = { departmentId: Number(d.id), year: Number(year) };
      const { rows } = await chapterFigureRows(db, { ...scope, area: areaOfCode(d.code), withBudgetOnly: true });
      const amounts = rows.map((r) => [r.chapter, r.budgetInitial, r.budgetChanges, r.payments, r.openPayments, r.reservations, r.finalResidue]);
      list.push({
        department: d.code,
        year: scope.year,
        cash: await cashTotal(db, scope),
        chapters: rows.length,
        budgetFinal: rows.reduce((s, r) => s + r.budgetFinal, 0),
        payments: rows.reduce((s, r) => s + r.payments, 0),
        openPayments: rows.reduce((s, r) => s + r.openPayments, 0),
        reservations: rows.reduce((s, r) => s + r.reservations, 0),
        digest: createHash('sha256').update(JSON.stringify(amounts)).digest('hex'),
      });
    }
  return list;
}
