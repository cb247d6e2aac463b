import { type Db, type DbHandle, schema } from '@app/db';
import { AccessLevel } from '@app/domain';
import { drizzle as drizzlePglite } from 'drizzle-orm/pglite';
import { drizzle as drizzlePostgres } from 'drizzle-orm/postgres-js';
import { and, asc, eq, inArray } from 'drizzle-orm';
import { expect, it } from 'vitest';
import { CURRENT_YEAR, departmentId, describeOnDatabases } from '../../test-utils.ts';
import { carryOver, carryOverPossible } from './carryOver.ts';

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

/** The carry-over's scope: FF Eppan (102) in Y+1, on 10.1. */
async function target(get: () => DbHandle) {
  return {
    departmentId: await departmentId(get(), '102'),
    year: Y + 1,
    area: 3 as const,
    departmentCode: '102',
    today: `${Y + 1}-01-10`,
    accessLevel: AccessLevel.Standard,
  };
}

/** Expense chapters of area 3 in Y, in code order. */
async function expenseChapters(get: () => DbHandle) {
  return get()
    .db.select({ id: chapters.id, chapter: chapters.chapter })
    .from(chapters)
    .where(and(eq(chapters.area, 3), eq(chapters.year, Y), eq(chapters.part, 2)))
    .orderBy(asc(chapters.chapter));
}

/**
 * The carry-over is set-based: the number of statements it sends does not grow with the number of
 * lines and reservations it creates or updates. Y's lines of FF Eppan (102) are written directly
 * (determined, as the determination would leave them: this suite is about what the carry-over sends).
 */
describeOnDatabases('carry-over statements', (get) => {
  const state = { lines: [] as number[], reservations: [] as number[] };

  /** Adds `count` determined lines of Y (residue 100,00) with a reservation of 40,00 on the first `reserved` of them. */
  async function addLines(count: number, reserved: number) {
    const dept = await departmentId(get(), '102');
    const free = await expenseChapters(get);
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
    const result = await carryOver(loggingDb(get(), statements), await target(get));
    return { result, statements: statements.length };
  }
  const counts: Record<string, number> = {};

  it('creating 1 line and 1 reservation or 6 lines and 4 reservations: the same statements', async () => {
    await addLines(1, 1);
    const one = await run();
    expect(one.result).toEqual({
      linesCreated: 1,
      linesUpdated: 0,
      linesRemoved: 0,
      linesKept: 0,
      reservationsCarried: 1,
      reservationsUpdated: 0,
      instalmentsMoved: 0,
    });
    await addLines(6, 4);
    const six = await run();
    expect(six.result).toEqual({
      linesCreated: 6,
      linesUpdated: 0,
      linesRemoved: 0,
      linesKept: 0,
      reservationsCarried: 4,
      reservationsUpdated: 0,
      instalmentsMoved: 0,
    });
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
    expect(all.result).toEqual({
      linesCreated: 0,
      linesUpdated: 7,
      linesRemoved: 0,
      linesKept: 0,
      reservationsCarried: 0,
      reservationsUpdated: 5,
      instalmentsMoved: 0,
    });
    const single = await update(state.lines.slice(0, 1), state.reservations.slice(0, 1), 30_000, 6_000);
    expect(single.result).toEqual({
      linesCreated: 0,
      linesUpdated: 1,
      linesRemoved: 0,
      linesKept: 0,
      reservationsCarried: 0,
      reservationsUpdated: 1,
      instalmentsMoved: 0,
    });
    expect(single.statements).toBe(all.statements);
    const again = await run();
    expect(again.result).toEqual({
      linesCreated: 0,
      linesUpdated: 0,
      linesRemoved: 0,
      linesKept: 0,
      reservationsCarried: 0,
      reservationsUpdated: 0,
      instalmentsMoved: 0,
    });
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

/**
 * Issue 24 item 8: after the carry-over Y changes; Y+1's carry-over state says so and lists what
 * differs, and a re-run brings Y+1 in line. Y's lines of FF Eppan (102) are written directly, as above:
 * A 100,00 with a reservation of 40,00, B 50,00, C 30,00 carried; then A determined 120,00 and its
 * reservation booked 50,00, B and C 0,00 (nothing left on them: B's line goes, C's stays at 0 because
 * a cancelled reservation of Y+1 stands on it) and a new line D 25,00.
 */
describeOnDatabases('carry-over out of date', (get) => {
  const ids = { A: 0, B: 0, C: 0, reservation: 0, chapters: [] as string[] };

  async function line(chapterId: number, residue: number) {
    const [row] = await get()
      .db.insert(chapterBudgets)
      .values({ departmentId: await departmentId(get(), '102'), year: Y, chapterId, chapterYear: Y, budgetInitial: 100_000, finalResidue: residue })
      .returning({ id: chapterBudgets.id });
    return row?.id ?? 0;
  }
  const state = async () => carryOverPossible(get().db, await target(get));
  const differences = async () => (await state()).lines.map((l) => [l.chapter, l.carried, l.current, l.action, l.kept]);

  it('carried: in line, nothing differs', async () => {
    const [a, b, c, d] = await expenseChapters(get);
    ids.chapters = [a, b, c, d].map((x) => x?.chapter ?? '');
    ids.A = await line(a?.id ?? 0, 10_000);
    ids.B = await line(b?.id ?? 0, 5_000);
    ids.C = await line(c?.id ?? 0, 3_000);
    const [r] = await get()
      .db.insert(reservations)
      .values({
        departmentId: await departmentId(get(), '102'),
        year: Y,
        recordNumber: 1,
        recordDate: `${Y}-03-01`,
        chapterBudgetId: ids.A,
        amountBooked: 4_000,
      })
      .returning({ id: reservations.id });
    ids.reservation = r?.id ?? 0;
    expect(await state()).toMatchObject({ possible: true, carriedBefore: false, outOfDate: false, lines: [], reservations: [] });
    expect(await carryOver(get().db, await target(get))).toMatchObject({ linesCreated: 3, reservationsCarried: 1 });
    expect(await state()).toMatchObject({ carriedBefore: true, outOfDate: false, lines: [], reservations: [] });
  });

  it('Y changes: out of date with the lines and the reservation that differ; a re-run brings Y+1 in line', async () => {
    const [, , , d] = await expenseChapters(get);
    const [A, B, C, D] = ids.chapters;
    await get().db.update(chapterBudgets).set({ finalResidue: 12_000 }).where(eq(chapterBudgets.id, ids.A));
    await get()
      .db.update(chapterBudgets)
      .set({ finalResidue: 0 })
      .where(inArray(chapterBudgets.id, [ids.B, ids.C]));
    await get().db.update(reservations).set({ amountBooked: 5_000 }).where(eq(reservations.id, ids.reservation));
    await line(d?.id ?? 0, 2_500);
    // on C's line of Y+1 a cancelled reservation: nothing counts, but the line is in use
    const dept = await departmentId(get(), '102');
    const [cLine] = await get()
      .db.select({ id: chapterBudgets.id })
      .from(chapterBudgets)
      .where(and(eq(chapterBudgets.departmentId, dept), eq(chapterBudgets.year, Y + 1), eq(chapterBudgets.budgetInitial, 3_000)));
    await get()
      .db.insert(reservations)
      .values({
        departmentId: dept,
        year: Y + 1,
        recordNumber: 100,
        recordDate: `${Y + 1}-01-05`,
        chapterBudgetId: cLine?.id ?? 0,
        amountBooked: 0,
        closed: true,
        cancelled: true,
      });

    const stale = await state();
    expect(stale).toMatchObject({ possible: true, carriedBefore: true, outOfDate: true });
    expect(await differences()).toEqual([
      [A, 10_000, 12_000, 'update', false],
      [B, 5_000, 0, 'remove', false],
      [C, 3_000, 0, 'update', true],
      [D, null, 2_500, 'create', false],
    ]);
    expect(stale.reservations).toEqual([{ recordNumber: 1, chapter: A, chapterYear: Y, note: '', carried: 4_000, current: 5_000 }]);

    expect(await carryOver(get().db, await target(get))).toEqual({
      linesCreated: 1,
      linesUpdated: 2,
      linesRemoved: 1,
      linesKept: 1,
      reservationsCarried: 0,
      reservationsUpdated: 1,
      instalmentsMoved: 0,
    });
    // in line: only C is listed, kept at 0 (something stands on it)
    expect(await state()).toMatchObject({ outOfDate: false, reservations: [] });
    expect(await differences()).toEqual([[C, 0, 0, 'keep', true]]);
    const lines = await get()
      .db.select({ chapterId: chapterBudgets.chapterId, budgetInitial: chapterBudgets.budgetInitial })
      .from(chapterBudgets)
      .where(and(eq(chapterBudgets.departmentId, dept), eq(chapterBudgets.year, Y + 1)))
      .orderBy(asc(chapterBudgets.budgetInitial));
    expect(lines.map((l) => l.budgetInitial)).toEqual([0, 2_500, 12_000]);
    const [copy] = await get().db.select({ booked: reservations.amountBooked }).from(reservations).where(eq(reservations.carriedFromId, ids.reservation));
    expect(copy?.booked).toBe(5_000);
    // a re-run writes nothing (C still kept)
    expect(await carryOver(get().db, await target(get))).toMatchObject({
      linesCreated: 0,
      linesUpdated: 0,
      linesRemoved: 0,
      linesKept: 1,
      reservationsUpdated: 0,
    });
  });

  it('a determination of Y cleared after the carry-over: out of date, the line stays (no removal) until Y is determined again', async () => {
    const [, , , D] = ids.chapters;
    const [, , , d] = await expenseChapters(get);
    const dept = await departmentId(get(), '102');
    const where = and(eq(chapterBudgets.departmentId, dept), eq(chapterBudgets.year, Y), eq(chapterBudgets.chapterId, d?.id ?? 0));
    await get().db.update(chapterBudgets).set({ finalResidue: null }).where(where);
    expect(await state()).toMatchObject({ possible: false, reason: 'UndeterminedResidues', outOfDate: true });
    expect((await differences()).filter((l) => l[0] === D)).toEqual([[D, 2_500, null, 'update', false]]);
    await get().db.update(chapterBudgets).set({ finalResidue: 2_500 }).where(where);
    expect(await state()).toMatchObject({ possible: true, outOfDate: false });
  });
});
