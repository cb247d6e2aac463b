import { execRows } from '@app/db';
import { areaOfCode } from '@app/domain';
import { sql } from 'drizzle-orm';
import { expect, it } from 'vitest';
import { chapterFigureRows } from '../ledger/chapterFigures.ts';
import { describeOnDatabases } from '../../test-utils.ts';

/**
 * The save's availability check asks the chapter figures in `spentOnly` mode (positions summed by
 * amount, instalments not read, movements not joined). On every chapter line of the demo data (both
 * years, every department, current and residue lines) it must give the same availability after planned
 * expenses and the same payments + open payments as the full figures — also "before" a movement.
 */
describeOnDatabases('availability check (spentOnly) against the full chapter figures', (get) => {
  it('equals the full figures on every demo line, with and without a movement left out', async () => {
    const db = get().db;
    const scopes = await execRows<{ department_id: number; code: string; year: number; chapter_year: number }>(
      db,
      sql`select distinct l.department_id, d.code, l.year, l.chapter_year from chapter_budgets l join departments d on d.id = l.department_id
          order by 1, 3, 4`,
    );
    let compared = 0;
    let withOpen = 0;
    let withBookings = 0;
    for (const s of scopes) {
      const [movement] = await execRows<{ id: number }>(
        db,
        sql`select m.id from movements m join movement_positions p on p.movement_id = m.id
            where m.department_id = ${s.department_id} and m.year = ${s.year} and m.kind = 'expenses' order by m.id limit 1`,
      );
      for (const exclude of [undefined, movement ? [Number(movement.id)] : undefined]) {
        const filter = {
          departmentId: Number(s.department_id),
          year: Number(s.year),
          chapterYear: Number(s.chapter_year),
          area: areaOfCode(s.code),
          withBudgetOnly: true,
          excludeMovementIds: exclude,
        };
        const full = await chapterFigureRows(db, filter);
        const spent = await chapterFigureRows(db, { ...filter, spentOnly: true });
        expect(spent.rows.map((r) => r.lineId)).toEqual(full.rows.map((r) => r.lineId));
        full.rows.forEach((f, i) => {
          const o = spent.rows[i];
          expect({ line: f.lineId, spent: o?.payments, available: o?.availableAfterPlannedExpenses, reservations: o?.reservations }).toEqual({
            line: f.lineId,
            spent: f.payments + f.openPayments,
            available: f.availableAfterPlannedExpenses,
            reservations: f.reservations,
          });
          compared++;
          if (f.openPayments !== 0) withOpen++;
          if (f.payments !== 0) withBookings++;
        });
      }
    }
    // the demo must exercise the difference: lines with open payments and lines with bookings
    expect(compared).toBeGreaterThan(200);
    expect(withOpen).toBeGreaterThan(0);
    expect(withBookings).toBeGreaterThan(100);
  });
});
