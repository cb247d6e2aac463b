import { type Db, execRows } from '@app/db';
import { sql } from 'drizzle-orm';
import { fail } from '../../errors.ts';

/**
 * A write that sets the date paid of instalments moves the figures of their movements' year (the cash
 * and the chapter's payments count in the movement's year). Once that year's final account is
 * approved, it is closed (DOMAIN decision 12): registering an order that holds an instalment of a
 * closed year is BudgetClosed (`params.year`), whichever year the registration runs in (the register
 * screen lists unregistered orders of every year). One query over the instalments.
 */
export async function assertInstalmentYearsOpen(db: Db, paymentIds: readonly number[]): Promise<void> {
  if (paymentIds.length === 0) return;
  const [closed] = await execRows<{ year: number | string }>(
    db,
    sql`select m.year from movement_payments pay
        join movements m on m.id = pay.movement_id
        join budget_heads h on h.department_id = m.department_id and h.year = m.year
        where pay.id in (${sql.join(
          paymentIds.map((id) => sql`${id}`),
          sql`, `,
        )}) and h.final_approved is not null
        order by m.year limit 1`,
  );
  if (closed) fail('BudgetClosed', { field: 'payments', params: { year: Number(closed.year) } });
}
