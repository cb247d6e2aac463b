import { sql } from 'drizzle-orm';
import { execRows } from '@app/db';
import { expect, it } from 'vitest';
import { accountIdOf, CURRENT_YEAR, departmentId, describeOnDatabases, signInAs } from '../../test-utils.ts';
import { workedExampleBudget } from '../bookings.testkit.ts';

const Y = CURRENT_YEAR;
const JULY = new Date(`${Y}-07-20T10:00:00Z`);

/**
 * DOMAIN decision 27 for reservations and account transfers (issue 25 item 2): a cancelled one keeps
 * what it was. FF Eppan (102), the worked-example budget in Y. A reservation on 21006 and a transfer
 * B1 → K1, each followed by a later one of its kind (so they are cancelled, not deleted), are
 * cancelled and the later ones deleted. Read back: amount 0, `cancelled`, `originalAmount` the amount
 * booked (get and the picker), `cancelled_amount` in the table; every figure they could move (the
 * chapter's reservations and availability, the reservation totals, the account balances, the cash
 * journals) is the same as before they were booked. A live one answers `originalAmount` = its amount.
 */
describeOnDatabases('a cancelled reservation or account transfer keeps its amount, counting 0', (get) => {
  const as = signInAs(get, '10.51', JULY);

  async function scope() {
    return { departmentId: await departmentId(get(), '102'), year: Y };
  }

  type Caller = Awaited<ReturnType<typeof as>>;
  /** What a reservation or a transfer could move. */
  async function counted(c: Caller) {
    const s = await scope();
    const line = await c.budget.chapter({ ...s, chapter: '21006', chapterYear: Y });
    const totals = (await c.reservations.printList({ ...s, status: 'all' })).totals;
    const journal = async (code: string) => {
      const j = await c.digests.cashJournal({ ...s, accountId: await accountIdOf(get(), '102', code) });
      // the cancelled transfer is listed (as cancelled), counting 0
      return [j.finalBalance, j.openPayments, j.movements.reduce((sum, r) => sum + r.amount, 0)];
    };
    return {
      line: [line.reservations, line.availableAfterPlannedExpenses, line.availableAfterDonePayments],
      totals,
      balances: (await c.accountBalances.get(s)).accounts.map((a) => [a.accountCode, a.finalBalance]),
      journals: [await journal('B1'), await journal('K1')],
    };
  }

  it('the reservation and the transfer stay at 0 with their original amounts; the figures as before', async () => {
    const c = await as('zwei');
    const s = await scope();
    await workedExampleBudget(c, s);
    const before = await counted(c);
    const [bank, cash] = [await accountIdOf(get(), '102', 'B1'), await accountIdOf(get(), '102', 'K1')];

    const reserve = (amountBooked: number, note: string) =>
      c.reservations.save({ ...s, recordDate: `${Y}-04-01`, chapterYear: Y, chapter: '21006', amountBooked, amountUsed: 0, note });
    const reservation = await reserve(43_210, 'Tankkarte');
    const laterReservation = await reserve(100, 'später');
    expect(reservation).toMatchObject({ cancelled: false, amountBooked: 43_210, originalAmount: 43_210 });
    const move = (amount: number, note: string) =>
      c.accountTransfers.save({ ...s, recordDate: `${Y}-02-10`, accountIdFrom: bank, accountIdTo: cash, amount, note });
    const transfer = await move(12_345, 'Bargeld für das Fest');
    const laterTransfer = await move(100, 'später');
    expect(transfer).toMatchObject({ cancelled: false, amount: 12_345, originalAmount: 12_345 });
    // they count while they stand
    expect((await counted(c)).line[0]).toBe((before.line[0] ?? 0) + 43_310);

    expect(await c.reservations.delete({ ...s, id: reservation.id })).toMatchObject({ deleted: false, cancelled: true });
    expect(await c.reservations.delete({ ...s, id: laterReservation.id })).toMatchObject({ deleted: true });
    expect(await c.accountTransfers.delete({ ...s, recordNumber: transfer.recordNumber })).toMatchObject({ deleted: false, cancelled: true });
    expect(await c.accountTransfers.delete({ ...s, recordNumber: laterTransfer.recordNumber })).toMatchObject({ deleted: true });

    // every figure as before the bookings: the kept amounts count nowhere
    expect(await counted(c)).toEqual(before);

    const keptReservation = await c.reservations.get({ ...s, recordNumber: reservation.recordNumber });
    expect(keptReservation).toMatchObject({ note: 'Tankkarte', amountBooked: 0, amountUsed: 0, cancelled: true, closed: true, originalAmount: 43_210 });
    const reservationList = await c.reservations.list({ ...s });
    expect(reservationList.entities.map((r) => [r.recordNumber, r.amountBooked, r.cancelled, r.originalAmount])).toEqual([
      [reservation.recordNumber, 0, true, 43_210],
    ]);
    const keptTransfer = await c.accountTransfers.get({ ...s, recordNumber: transfer.recordNumber });
    expect(keptTransfer).toMatchObject({ note: 'Bargeld für das Fest', amount: 0, cancelled: true, originalAmount: 12_345 });
    const transferList = await c.accountTransfers.list({ ...s });
    expect(transferList.entities.map((t) => [t.recordNumber, t.amount, t.cancelled, t.originalAmount])).toEqual([[transfer.recordNumber, 0, true, 12_345]]);

    // in the tables: amount 0, the amount it had in cancelled_amount
    const rows = await execRows<{ amount: string; kept: string }>(
      get().db,
      sql`select amount_booked::text as amount, cancelled_amount::text as kept from reservations where id = ${reservation.id}
          union all select amount::text, cancelled_amount::text from account_transfers where id = ${transfer.id}`,
    );
    expect(rows.map((r) => [Number(r.amount), Number(r.kept)])).toEqual([
      [0, 432.1],
      [0, 123.45],
    ]);

    // cancelling the reservation again changes nothing (the transfer is the latest now: a delete would remove it)
    await c.reservations.delete({ ...s, id: reservation.id });
    expect((await c.reservations.get({ ...s, recordNumber: reservation.recordNumber })).originalAmount).toBe(43_210);

    // one cancelled before the amounts were kept: its original amount is not known
    await execRows(get().db, sql`update account_transfers set cancelled_amount = null where id = ${transfer.id}`);
    expect((await c.accountTransfers.get({ ...s, recordNumber: transfer.recordNumber })).originalAmount).toBeNull();
  });
});
