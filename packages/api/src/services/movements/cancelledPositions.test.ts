import { readFileSync } from 'node:fs';
import type { MovementSaveInput } from '@app/domain';
import { sql } from 'drizzle-orm';
import { expect, it } from 'vitest';
import { accountIdOf, CURRENT_YEAR, departmentId, describeOnDatabases, signInAs } from '../../test-utils.ts';
import { workedExampleBudget } from '../bookings.testkit.ts';

const Y = CURRENT_YEAR;
const JUNE = new Date(`${Y}-06-15T10:00:00Z`);

/**
 * DOMAIN decision 27 (issue 25 item 2): a cancelled record keeps what it was. FF Eppan (102), the
 * worked-example budget in Y. An expense with two noted positions, a transfer expense with a noted
 * transfer position and a noted revenue are booked, each followed by a later record of its kind (so
 * they are cancelled, not deleted); they are cancelled and the later ones deleted. Read back, every
 * position keeps its chapter and note, `cancelled: true`, `originalAmount` the amount booked, and 0
 * in every figure (amount, paid, open); the record picker lists them at 0 with the original amount.
 * Every figure read before the bookings is the same after the cancel: the chapter figures of every
 * line, the account balances, the cash journals, the chapter registers' totals, the final report.
 */
describeOnDatabases('a cancelled record keeps its positions, counting 0', (get) => {
  const as = signInAs(get, '10.29', JUNE);

  async function scope() {
    return { departmentId: await departmentId(get(), '102'), year: Y };
  }

  /** Every figure the cancelled records could move. */
  async function figures() {
    const c = await as('zwei');
    const s = await scope();
    const chapters = await c.budget.chapters({ ...s, pageSize: 100 });
    const [bank, cash] = [await accountIdOf(get(), '102', 'B1'), await accountIdOf(get(), '102', 'K1')];
    const journal = async (accountId: number) => {
      const j = await c.digests.cashJournal({ ...s, accountId });
      return [j.finalBalance, j.openPayments, j.movements.filter((r) => !r.cancelled).map((r) => [r.recordNumber, r.amount])];
    };
    const register = async (chapter: string) => {
      const d = await c.digests.chapter({ ...s, chapter });
      return [d.movements.filter((r) => !r.cancelled).map((r) => [r.recordNumber, r.amount]), d.movements.reduce((sum, r) => sum + r.amount, 0)];
    };
    return {
      chapters: chapters.entities.map((e) => JSON.stringify(e)),
      balances: (await c.accountBalances.get(s)).accounts.map((a) => [a.accountCode, a.finalBalance]),
      journals: [await journal(bank), await journal(cash)],
      registers: [await register('21006'), await register('21001'), await register('21003'), await register('11001')],
      report: (await c.finalBalance.report(s)).results,
      home: (await c.overview.home(s)).bookings,
    };
  }

  it('positions, transfer positions and notes kept with their original amounts; every figure as before the bookings', async () => {
    const c = await as('zwei');
    const s = await scope();
    await workedExampleBudget(c, s);
    const before = await figures();
    const bank = await accountIdOf(get(), '102', 'B1');
    const head = { ...s, recordDate: `${Y}-03-05`, documentDate: `${Y}-03-01`, accountId: bank } satisfies Partial<MovementSaveInput>;
    const bill = await c.movements.save({
      ...head,
      kind: 'expenses',
      type: 1,
      documentNumber: 'R-STORNO',
      positions: [
        { chapter: '21006', amount: 12_345, note: 'Schläuche' },
        { chapter: '21001', amount: 6_789, note: 'Toner' },
      ],
    });
    const transfer = await c.movements.save({
      ...head,
      kind: 'expenses',
      type: 3,
      accountId: null,
      documentDate: null,
      transferPositions: [{ chapterFrom: '11001', chapterTo: '21003', amount: 4_321, note: 'Quellensteuer' }],
    });
    const later = await c.movements.save({ ...head, kind: 'expenses', type: 1, positions: [{ chapter: '21003', amount: 100 }] });
    const revenue = await c.movements.save({
      ...head,
      kind: 'revenues',
      type: 0,
      documentDate: null,
      positions: [{ chapter: '11001', amount: 50_000, note: 'Gemeinde' }],
    });
    const laterRevenue = await c.movements.save({ ...head, kind: 'revenues', type: 0, documentDate: null, positions: [{ chapter: '11001', amount: 100 }] });
    // they count while they stand
    expect((await c.budget.chapter({ ...s, chapter: '21006' })).payments).toBeGreaterThan(0);

    for (const [kind, record] of [
      ['expenses', bill],
      ['expenses', transfer],
      ['revenues', revenue],
    ] as const)
      expect(await c.movements.delete({ ...s, kind, recordNumber: record.recordNumber })).toMatchObject({ cancelled: true });
    expect(await c.movements.delete({ ...s, kind: 'expenses', recordNumber: later.recordNumber })).toMatchObject({ deleted: true });
    expect(await c.movements.delete({ ...s, kind: 'revenues', recordNumber: laterRevenue.recordNumber })).toMatchObject({ deleted: true });

    // every figure as before the bookings: the kept positions count 0
    expect(await figures()).toEqual(before);

    const kept = await c.movements.get({ ...s, kind: 'expenses', recordNumber: bill.recordNumber });
    expect(kept).toMatchObject({ cancelled: true, isEditable: false, total: 0, transferTotal: 0 });
    expect(kept.positions.map((p) => [p.chapter, p.note, p.amount, p.paid, p.open, p.cancelled, p.originalAmount])).toEqual([
      ['21006', 'Schläuche', 0, 0, 0, true, 12_345],
      ['21001', 'Toner', 0, 0, 0, true, 6_789],
    ]);
    // its instalment is kept as it was (DOMAIN decision 27)
    expect(kept.payments.map((p) => [p.amount, p.datePaid])).toEqual([[19_134, `${Y}-03-05`]]);
    const keptTransfer = await c.movements.get({ ...s, kind: 'expenses', recordNumber: transfer.recordNumber });
    expect(keptTransfer.transferPositions.map((t) => [t.from.chapter, t.to.chapter, t.note, t.amount, t.cancelled, t.originalAmount])).toEqual([
      ['11001', '21003', 'Quellensteuer', 0, true, 4_321],
    ]);
    const keptRevenue = await c.movements.get({ ...s, kind: 'revenues', recordNumber: revenue.recordNumber });
    expect(keptRevenue.positions.map((p) => [p.chapter, p.note, p.amount, p.cancelled, p.originalAmount])).toEqual([['11001', 'Gemeinde', 0, true, 50_000]]);

    // the record picker: 0, cancelled, the original amount
    const list = await c.movements.list({ ...s, kind: 'expenses' });
    expect(list.entities.filter((e) => e.cancelled).map((e) => [e.recordNumber, e.amount, e.originalAmount])).toEqual([
      [transfer.recordNumber, 0, 4_321],
      [bill.recordNumber, 0, 19_134],
    ]);

    // cancelling it again changes nothing: the original amounts stay
    expect(await c.movements.delete({ ...s, kind: 'expenses', recordNumber: bill.recordNumber })).toMatchObject({ cancelled: true });
    expect((await c.movements.get({ ...s, kind: 'expenses', recordNumber: bill.recordNumber })).positions.map((p) => p.originalAmount)).toEqual([
      12_345, 6_789,
    ]);
    expect((await c.budget.chapters({ ...s, pageSize: 100 })).entities.map((e) => JSON.stringify(e))).toEqual(before.chapters);

    // a live record: not cancelled, booked at what it counts
    const live = await c.movements.save({ ...head, kind: 'expenses', type: 1, positions: [{ chapter: '21006', amount: 2_500 }] });
    expect(live.positions.map((p) => [p.amount, p.cancelled, p.originalAmount])).toEqual([[2_500, false, 2_500]]);
    const read = await c.movements.get({ ...s, kind: 'expenses', recordNumber: live.recordNumber });
    expect(read.positions.map((p) => [p.amount, p.cancelled, p.originalAmount])).toEqual([[2_500, false, 2_500]]);
    expect((await c.movements.list({ ...s, kind: 'expenses' })).entities[0]).toMatchObject({ amount: 2_500, originalAmount: 2_500, cancelled: false });
  });

  it('migration 0017: a record cancelled before the amounts were kept gets its one position back from its instalments, else unknown', async () => {
    const c = await as('zwei');
    const s = await scope();
    const head = {
      ...s,
      kind: 'expenses',
      type: 1,
      recordDate: `${Y}-04-01`,
      documentDate: `${Y}-04-01`,
      accountId: await accountIdOf(get(), '102', 'B1'),
    } as const;
    const one = await c.movements.save({ ...head, positions: [{ chapter: '21003', amount: 4_444, note: 'eine' }] });
    const two = await c.movements.save({
      ...head,
      positions: [
        { chapter: '21003', amount: 1_111 },
        { chapter: '21006', amount: 2_222 },
      ],
    });
    await c.movements.save({ ...head, positions: [{ chapter: '21003', amount: 100 }] });
    for (const record of [one, two]) await c.movements.delete({ ...s, kind: 'expenses', recordNumber: record.recordNumber });
    // as they were before 0017: amounts 0, nothing kept
    await get().db.execute(sql`update movement_positions set cancelled_amount = null where movement_id in (${one.id}, ${two.id})`);
    const migration = readFileSync(new URL('../../../../../drizzle/0017_cancelled_amounts.sql', import.meta.url), 'utf8');
    const backfill = migration.split('--> statement-breakpoint').at(-1) ?? '';
    expect(backfill).toContain('UPDATE "movement_positions"');
    await get().db.execute(sql.raw(backfill));
    const read = async (recordNumber: number) =>
      (await c.movements.get({ ...s, kind: 'expenses', recordNumber })).positions.map((p) => [p.chapter, p.amount, p.cancelled, p.originalAmount]);
    expect(await read(one.recordNumber)).toEqual([['21003', 0, true, 4_444]]);
    expect(await read(two.recordNumber)).toEqual([
      ['21003', 0, true, null],
      ['21006', 0, true, null],
    ]);
    const list = (await c.movements.list({ ...s, kind: 'expenses' })).entities;
    expect(list.filter((e) => e.recordNumber === one.recordNumber || e.recordNumber === two.recordNumber).map((e) => [e.amount, e.originalAmount])).toEqual([
      [0, null],
      [0, 4_444],
    ]);
  });
});
