import { type Db, execRows } from '@app/db';
import { sql } from 'drizzle-orm';
import { fail } from '../../errors.ts';

/**
 * DOMAIN decision 6: a bill at the bank is frozen. While an instalment of the movement is in a stored
 * or registered order, the movement can't be saved again (amounts, due dates, paid dates, positions),
 * deleted or cancelled: PaymentInOrder naming the order. Called by services/movements/save.ts inside
 * its write transaction, after the movement row is locked (a store locks the instalments, so the two
 * never interleave).
 */
export async function assertNotInOrder(db: Db, movementId: number): Promise<void> {
  const [held] = await execRows<{ order_number: number | string; year: number | string }>(
    db,
    sql`select o.order_number, o.year from payment_order_items i join payment_orders o on o.id = i.order_id
        where i.movement_id = ${movementId} order by o.year, o.order_number limit 1`,
  );
  if (held) fail('PaymentInOrder', { field: 'recordNumber', params: { orderNumber: Number(held.order_number), orderYear: Number(held.year) } });
}
