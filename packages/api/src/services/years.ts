import { type Db, schema } from '@app/db';
import type { ChartUnlockInput, FinancialYearState, FinancialYearStatus, FinancialYearStatusInput } from '@app/domain';
import { asc, eq, inArray, sql } from 'drizzle-orm';
import type { Session } from '../context.ts';
import { fail } from '../errors.ts';
import { requireItem } from './access.ts';

const { financialYears } = schema;

export async function listYears(db: Db): Promise<{ years: number[] }> {
  const rows = await db.select({ year: financialYears.year }).from(financialYears).orderBy(asc(financialYears.year));
  return { years: rows.map((r) => r.year) };
}

/**
 * Creates a financial year (permission newFinancialYear). The department, when given, decides the
 * area for an administrator; without one an administrator needs a link to the union. An existing
 * year writes nothing and answers the years with `created: false` and the message `YearExists`
 * (spec 1 §7, spec 2 §4: the collection and a warning with the year, not an error).
 */
export async function createYear(
  db: Db,
  session: Session,
  input: { year: number; departmentId?: number | undefined },
): Promise<{ years: number[]; year: number; created: boolean; message: 'YearCreated' | 'YearExists' }> {
  await requireItem(db, session, 'newFinancialYear', input.departmentId);
  const inserted = await db.insert(financialYears).values({ year: input.year }).onConflictDoNothing().returning({ year: financialYears.year });
  const created = inserted.length > 0;
  return { ...(await listYears(db)), year: input.year, created, message: created ? 'YearCreated' : 'YearExists' };
}

type YearRow = typeof financialYears.$inferSelect;

function toStatus(row: YearRow): FinancialYearState {
  return {
    year: row.year,
    areaUnlocked: { 1: row.unionUnlocked, 2: row.districtUnlocked, 3: row.departmentUnlocked },
    chartUnlocked: { 1: row.unionChartUnlocked, 2: row.districtChartUnlocked, 3: row.departmentChartUnlocked },
  };
}

/**
 * GET FinancialYears/Status: every year with its per-area year unlock (`areaUnlocked`: a past year
 * stays open for bookings and budget edits) and, for reading, the chart unlock (`chartUnlocked`).
 */
export async function yearStatus(db: Db): Promise<{ years: FinancialYearState[] }> {
  const rows = await db.select().from(financialYears).orderBy(asc(financialYears.year));
  return { years: rows.map(toStatus) };
}

/**
 * PUT FinancialYears/Status (permission unlock): sets the unlock flags of the listed years in one
 * statement; a year that does not exist is NotFound and nothing is written.
 */
export async function setYearStatus(db: Db, session: Session, input: FinancialYearStatusInput): Promise<{ years: FinancialYearState[] }> {
  await requireItem(db, session, 'yearUnlock', input.departmentId);
  if (input.years.length === 0) return yearStatus(db);
  const wanted = input.years.map((y) => y.year);
  if (new Set(wanted).size !== wanted.length) fail('InvalidValue', { field: 'years' });
  await db.transaction(async (tx) => {
    const existing = await tx.select({ year: financialYears.year }).from(financialYears).where(inArray(financialYears.year, wanted)).for('update');
    const missing = wanted.find((y) => !existing.some((e) => e.year === y));
    if (missing !== undefined) fail('NotFound', { field: 'years', params: { year: missing } });
    const flags = (pick: (s: FinancialYearStatus) => boolean) =>
      sql`case ${financialYears.year} ${sql.join(
        input.years.map((y) => sql`when ${y.year} then ${pick(y)}::boolean`),
        sql` `,
      )} end`;
    await tx
      .update(financialYears)
      .set({
        unionUnlocked: flags((y) => y.areaUnlocked[1]),
        districtUnlocked: flags((y) => y.areaUnlocked[2]),
        departmentUnlocked: flags((y) => y.areaUnlocked[3]),
      })
      .where(inArray(financialYears.year, wanted));
  });
  return yearStatus(db);
}

/**
 * chartOfAccounts/unlock (permission chartUnlock): unlocks (or locks again) the chart of one area and
 * year, so it stays editable although forecasts of the area are approved. Its own flag, apart from
 * the year unlock of FinancialYears/Status. The year row is locked like a forecast approval's.
 */
export async function setChartUnlocked(db: Db, session: Session, input: ChartUnlockInput): Promise<FinancialYearState> {
  await requireItem(db, session, 'chartUnlock', input.departmentId);
  const column = input.area === 1 ? 'unionChartUnlocked' : input.area === 2 ? 'districtChartUnlocked' : 'departmentChartUnlocked';
  const [row] = await db
    .update(financialYears)
    .set({ [column]: input.unlocked })
    .where(eq(financialYears.year, input.year))
    .returning();
  if (!row) fail('NotFound', { field: 'year', params: { year: input.year } });
  return toStatus(row);
}
