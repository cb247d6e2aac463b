import { type Db, type DbHandle, schema } from '@app/db';
import { AccessLevel } from '@app/domain';
import { drizzle as drizzlePglite } from 'drizzle-orm/pglite';
import { drizzle as drizzlePostgres } from 'drizzle-orm/postgres-js';
import { and, asc, eq, inArray } from 'drizzle-orm';
import { expect, it } from 'vitest';
import { CURRENT_YEAR, departmentId, describeOnDatabases } from '../../test-utils.ts';
import { carryOver } from './carryOver.ts';

const { chapterBudgets, chapters, reservations } = schema;

const Y = CURRENT_YEAR;

/**
 * A second drizzle database on the handle's own client whose logger records every statement it sends
 * (drizzle's query logger, as bench/bookings.ts captures the app's SQL), transactions included.
 */
function loggingDb(handle: DbHandle, statements: string[]): Db {
  const client = (handle.db as unknown as { $client: never }).$client;
  const logger = { logQuery: (query: string) => void statements.push(query) };
  return (handle.kind === 'postgres' ? drizzlePostgres({ client, schema, logger }) : drizzlePglite({ client, schema, logger })) as unknown as Db;
}

/**
 * The carry-over is set-based: the number of statements it sends does not grow with the number of
 * lines and reservations it creates or updates. Y's lines of FF Eppan (102) are written directly
 * (determined, as the determination would leave them: this suite is about what the carry-over sends).
 */
describeOnDatabases('carry-over statements', (get) => {
  const state = { lines: [] as number[], reservations: [] as number[] };

  async function target() {
    return {
      departmentId: await departmentId(get(), '102'),
      year: Y + 1,
      area: 3 as const,
      departmentCode: '102',
      today: `${Y + 1}-01-10`,
      accessLevel: AccessLevel.Standard,
    };
  }
  /** Adds `count` determined lines of Y (residue 100,00) with a reservation of 40,00 on the first `reserved` of them. */
  async function addLines(count: number, reserved: number) {
    const dept = await departmentId(get(), '102');
    const free = await get()
      .db.select({ id: chapters.id })
      .from(chapters)
      .where(and(eq(chapters.area, 3), eq(chapters.year, Y), eq(chapters.part, 2)))
      .orderBy(asc(chapters.chapter));
    const picked = free.slice(state.lines.length, state.lines.length + count);
    expect(picked).toHaveLength(count);
    const lines = await get()
      .db.insert(chapterBudgets)
      .values(picked.map((c) => ({ departmentId: dept, year: Y, chapterId: c.id, chapterYear: Y, budgetInitial: 100_000, finalResidue: 10_000 })))
      .returning({ id: chapterBudgets.id });
    state.lines.push(...lines.map((l) => l.id));
    const booked = await get()
      .db.insert(reservations)
      .values(
        lines.slice(0, reserved).map((l, i) => ({
          departmentId: dept,
          year: Y,
          recordNumber: state.reservations.length + i + 1,
          recordDate: `${Y}-03-01`,
          chapterBudgetId: l.id,
          amountBooked: 4_000,
        })),
      )
      .returning({ id: reservations.id });
    state.reservations.push(...booked.map((r) => r.id));
  }
  /** Runs the carry-over into Y+1 and answers its result with the number of statements it sent. */
  async function run() {
    const statements: string[] = [];
    const result = await carryOver(loggingDb(get(), statements), await target());
    return { result, statements: statements.length };
  }
  const counts: Record<string, number> = {};

  it('creating 1 line and 1 reservation or 6 lines and 4 reservations: the same statements', async () => {
    await addLines(1, 1);
    const one = await run();
    expect(one.result).toEqual({ linesCreated: 1, linesUpdated: 0, reservationsCarried: 1, reservationsUpdated: 0, instalmentsMoved: 0 });
    await addLines(6, 4);
    const six = await run();
    expect(six.result).toEqual({ linesCreated: 6, linesUpdated: 0, reservationsCarried: 4, reservationsUpdated: 0, instalmentsMoved: 0 });
    expect(six.statements).toBe(one.statements);
    counts.create = one.statements;
    // the copies are numbered gap-free in Y+1 in the order of their sources
    const copies = await get()
      .db.select({ recordNumber: reservations.recordNumber, carriedFromId: reservations.carriedFromId, booked: reservations.amountBooked })
      .from(reservations)
      .where(and(eq(reservations.departmentId, await departmentId(get(), '102')), eq(reservations.year, Y + 1)))
      .orderBy(asc(reservations.recordNumber));
    expect(copies).toEqual(state.reservations.map((id, i) => ({ recordNumber: i + 1, carriedFromId: id, booked: 4_000 })));
  });

  it('updating 7 lines and 5 reservations or 1 of each: the same statements; a re-run writes nothing', async () => {
    const update = async (lineIds: number[], reservationIds: number[], residue: number, booked: number) => {
      await get().db.update(chapterBudgets).set({ finalResidue: residue }).where(inArray(chapterBudgets.id, lineIds));
      await get().db.update(reservations).set({ amountBooked: booked }).where(inArray(reservations.id, reservationIds));
      return run();
    };
    const all = await update(state.lines, state.reservations, 20_000, 5_000);
    expect(all.result).toEqual({ linesCreated: 0, linesUpdated: 7, reservationsCarried: 0, reservationsUpdated: 5, instalmentsMoved: 0 });
    const single = await update(state.lines.slice(0, 1), state.reservations.slice(0, 1), 30_000, 6_000);
    expect(single.result).toEqual({ linesCreated: 0, linesUpdated: 1, reservationsCarried: 0, reservationsUpdated: 1, instalmentsMoved: 0 });
    expect(single.statements).toBe(all.statements);
    const again = await run();
    expect(again.result).toEqual({ linesCreated: 0, linesUpdated: 0, reservationsCarried: 0, reservationsUpdated: 0, instalmentsMoved: 0 });
    // a run without writes sends the reads and locks alone; creating adds the line upsert, the counter
    // upsert and the reservations insert, updating the line upsert and the reservations update
    expect([counts.create, all.statements]).toEqual([again.statements + 3, again.statements + 2]);
    const lines = await get()
      .db.select({ budgetInitial: chapterBudgets.budgetInitial })
      .from(chapterBudgets)
      .where(and(eq(chapterBudgets.departmentId, await departmentId(get(), '102')), eq(chapterBudgets.year, Y + 1)))
      .orderBy(asc(chapterBudgets.id));
    expect(lines.map((l) => l.budgetInitial)).toEqual([30_000, 20_000, 20_000, 20_000, 20_000, 20_000, 20_000]);
  });
});
