import { type Db, execRows, toBool } from '@app/db';
import { sql } from 'drizzle-orm';
import { fail } from '../../errors.ts';

/** The payment order holding an instalment of a movement: an unregistered one first (it freezes the most). */
export interface HoldingOrder {
  orderNumber: number;
  orderYear: number;
  /** Registered (the bank's date paid recorded): the bill's chapters and notes may still be corrected (DOMAIN decision 22). */
  registered: boolean;
}

/** The order holding an instalment of the movement, null when none does (one indexed query). */
export async function holdingOrder(db: Db, movementId: number): Promise<HoldingOrder | null> {
  const [held] = await execRows<{ order_number: number | string; year: number | string; registered: boolean | string }>(
    db,
    sql`select o.order_number, o.year, o.registered_at is not null as registered
        from payment_order_items i join payment_orders o on o.id = i.order_id
        where i.movement_id = ${movementId} order by o.registered_at is not null, o.year, o.order_number limit 1`,
  );
  return held ? { orderNumber: Number(held.order_number), orderYear: Number(held.year), registered: toBool(held.registered) } : null;
}

/** PaymentInOrder naming the order (field `field`). */
export function failInOrder(held: Pick<HoldingOrder, 'orderNumber' | 'orderYear'>, field = 'recordNumber'): never {
  fail('PaymentInOrder', { field, params: { orderNumber: held.orderNumber, orderYear: held.orderYear } });
}

/**
 * DOMAIN decision 6: a bill at the bank is frozen. While an instalment of the movement is in a stored
 * or registered order, the movement can't be deleted or cancelled, and saved again only as the
 * correction of a registered bill (services/movements/correct.ts, decision 22): PaymentInOrder naming
 * the order. Called inside the write transaction after the movement row is locked (a store locks the
 * instalments, so the two never interleave).
 */
export async function assertNotInOrder(db: Db, movementId: number): Promise<void> {
  const held = await holdingOrder(db, movementId);
  if (held) failInOrder(held);
}
