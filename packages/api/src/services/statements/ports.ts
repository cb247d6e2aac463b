import type { Db } from '@app/db';
import type { Movement, MovementSave, RegisteredProtocol, RegisterOrderInput, ReturnInput, SettledInstalment, SettleInput } from '@app/domain';
import type { BookingScope } from '../ledger/bookingScope.ts';

/** A transfer of a stored, unregistered order as its bank file numbers it: its EndToEndId and the instalments it pays. */
export interface OrderTransfer {
  endToEndId: string;
  paymentIds: number[];
}

/**
 * The services of other areas a statement's confirmation applies (issue 28), handed in by the router (an area
 * never imports another): the payments area's registration, bank return and payment by hand, and the movements
 * area's save — the existing services with all their rules, called with the confirmation's transaction, so their
 * own transactions are savepoints in it. `S` is the caller's scope (the payments scope: the booking scope plus
 * the operator and the clock).
 */
export interface StatementPorts<S extends BookingScope = BookingScope> {
  scope: S;
  orderTransfers: (db: Db, scope: S, orderId: number) => Promise<OrderTransfer[]>;
  registerOrder: (db: Db, scope: S, input: RegisterOrderInput) => Promise<RegisteredProtocol>;
  returnInstalment: (db: Db, scope: S, input: ReturnInput) => Promise<RegisteredProtocol>;
  settleInstalment: (db: Db, scope: S, input: SettleInput) => Promise<SettledInstalment>;
  saveMovement: (db: Db, scope: S, input: MovementSave) => Promise<Movement>;
}

/** What the matching reads through the ports. */
export type MatchPorts<S extends BookingScope = BookingScope> = Pick<StatementPorts<S>, 'scope' | 'orderTransfers'>;
