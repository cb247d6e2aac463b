import { and, eq, inArray } from 'drizzle-orm';
import type { Tx } from '../client.ts';
import { budgetHeads, chapterBudgets, chapters } from '../schema/index.ts';

/**
 * The demo budget: in the given (previous) year every demo department has an approved, balanced
 * forecast on its area's chart (the surplus used closes the gap; title 1 revenues cover title 1
 * expenses; title 3 nets to zero), so the previous-year column of the current forecast has figures.
 */

/** [chapter, amount in euros] per area. */
const plans: Record<1 | 2 | 3, { lines: [string, number][]; surplus: [number, number, number, number, number] }> = {
  1: {
    lines: [
      ['11001', 850_000],
      ['11002', 45_000],
      ['11003', 120_000],
      ['11011', 1_200],
      ['12002', 300_000],
      ['13001', 18_000],
      ['13002', 60_000],
      ['21001', 65_000],
      ['21015', 180_000],
      ['21016', 285_000],
      ['21020', 15_000],
      ['21022', 40_000],
      ['21023', 1_200],
      ['21029', 310_000],
      ['21030', 95_000],
      ['22001', 280_000],
      ['22004', 70_000],
      ['23001', 18_000],
      ['23002', 60_000],
    ],
    // cash balance, revenues actual, revenues residue, expenses actual, expenses residue
    surplus: [210_000, 35_000, 12_000, 48_000, 19_000],
  },
  2: {
    lines: [
      ['11001', 25_000],
      ['11002', 8_000],
      ['11006', 1_000],
      ['11007', 3_500],
      ['11011', 40],
      ['13001', 800],
      ['21001', 2_400],
      ['21006', 1_500],
      ['21016', 6_000],
      ['21017', 9_500],
      ['21018', 4_200],
      ['21020', 2_800],
      ['21022', 3_000],
      ['21023', 140],
      ['22002', 12_000],
      ['23001', 800],
    ],
    surplus: [9_800, 1_200, 0, 2_100, 900],
  },
  3: {
    lines: [
      ['11001', 18_000],
      ['11002', 6_500],
      ['11005', 2_400],
      ['11006', 3_000],
      ['11007', 9_000],
      ['11008', 4_500],
      ['11011', 25],
      ['12001', 40_000],
      ['13001', 1_200],
      ['21001', 1_800],
      ['21002', 950],
      ['21003', 6_000],
      ['21004', 3_500],
      ['21006', 2_200],
      ['21007', 4_000],
      ['21008', 2_600],
      ['21011', 5_200],
      ['21015', 1_900],
      ['21016', 2_500],
      ['21019', 6_500],
      ['21023', 175],
      ['22002', 52_000],
      ['23001', 1_200],
    ],
    surplus: [12_480.5, 3_200, 1_500, 4_100.25, 2_350],
  },
};

/** The area of a demo department: the union 000 (1), a district x00 (2), a fire brigade (3). */
export function areaOf(code: string): 1 | 2 | 3 {
  if (code === '000') return 1;
  return code.endsWith('00') ? 2 : 3;
}

const cents = (euros: number) => Math.round(euros * 100);

/** The forecast lines and the surplus of one department (amounts scaled per department, in cents). */
export function demoForecast(area: 1 | 2 | 3, scalePercent: number) {
  const plan = plans[area];
  const scale = (euros: number) => Math.round((cents(euros) * scalePercent) / 100);
  const lines = plan.lines.map(([chapter, euros]) => ({ chapter, amount: scale(euros) }));
  const revenues = lines.filter((l) => l.chapter.startsWith('1')).reduce((s, l) => s + l.amount, 0);
  const expenses = lines.filter((l) => l.chapter.startsWith('2')).reduce((s, l) => s + l.amount, 0);
  const [cashBalance, revenuesActual, revenuesResidue, expensesActual, expensesResidue] = plan.surplus.map(scale) as [number, number, number, number, number];
  return { lines, surplus: { cashBalance, revenuesActual, revenuesResidue, expensesActual, expensesResidue, surplusUsed: expenses - revenues } };
}

/** Inserts the budget heads (approved, with the surplus) and the forecast lines of `year`. */
export async function seedBudget(tx: Tx, depts: { id: number; code: string }[], year: number): Promise<void> {
  const chart = await tx
    .select({ id: chapters.id, area: chapters.area, chapter: chapters.chapter })
    .from(chapters)
    .where(and(eq(chapters.year, year), inArray(chapters.area, [1, 2, 3])));
  const heads = [];
  const lines = [];
  for (const [i, d] of depts.entries()) {
    const area = areaOf(d.code);
    const forecast = demoForecast(area, [100, 110, 90, 105][i % 4] ?? 100);
    heads.push({ departmentId: d.id, year, forecastApproved: `${year - 1}-12-15`, ...forecast.surplus });
    for (const l of forecast.lines) {
      const chapter = chart.find((c) => c.area === area && c.chapter === l.chapter);
      if (!chapter) throw new Error(`demo chapter ${l.chapter} missing in area ${area}`);
      lines.push({ departmentId: d.id, year, chapterId: chapter.id, chapterYear: year, budgetInitial: l.amount });
    }
  }
  if (heads.length) await tx.insert(budgetHeads).values(heads);
  if (lines.length) await tx.insert(chapterBudgets).values(lines);
}
