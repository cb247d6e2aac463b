import {
  OpenPaymentsInput,
  OpenPaymentsList,
  OrderExportResult,
  OrderKey,
  OrderListInput,
  OrderRequestInput,
  PayableItem,
  PayablesInput,
  PaymentOrderBrief,
  PaymentOrderDetail,
  PaymentsContext,
  RegisteredProtocol,
  RegisterOrderInput,
  ReopenInput,
  ReturnInput,
  ScopeInput,
  SettledInstalment,
  SettleInput,
} from '@app/domain';
import { z } from 'zod';
import { cancelOrder, exportOrder, registerOrder, storeOrder } from '../services/payments/orders.ts';
import { reopenInstalment, settleInstalment } from '../services/payments/byHand.ts';
import { orderProtocol } from '../services/payments/protocol.ts';
import { listOrders, openPayments, payables, paymentsContext, unregisteredOrder } from '../services/payments/read.ts';
import { returnInstalment } from '../services/payments/returns.ts';
import { bookingProcedure, router } from '../trpc.ts';
import { cachedRead } from '../readCache.ts';

/**
 * Payments of the scope (spec 3 §2 Open payments print, Homebanking, Register payments): only where the
 * department allows open payments (Forbidden otherwise, like the menu). Every rule lives in
 * services/payments; every answer declares its schema (amounts as Cents: euros on REST).
 */
export const paymentsProcedure = bookingProcedure.use(({ ctx, next }) => {
  const now = ctx.now();
  const { session } = ctx;
  return next({
    ctx: {
      paymentScope: {
        ...ctx.bookingScope,
        now,
        userId: session.userId,
        username: session.username,
        fullName: session.fullname,
        language: session.language,
      },
    },
  });
});

export const paymentsRouter = router({
  /** Payments/Open: unpaid instalments by supplier with totals (the landscape PDF `DD.MM.YYYY.pdf`). */
  open: paymentsProcedure
    .input(OpenPaymentsInput)
    .use(cachedRead)
    .output(OpenPaymentsList)
    .query(({ ctx, input }) => openPayments(ctx.db, ctx.paymentScope, input)),
  /** Payments/Payables: a new order's payable instalments (with the not-payable ones and why), or a previous order's. */
  payables: paymentsProcedure
    .input(PayablesInput)
    .output(z.array(PayableItem))
    .query(({ ctx, input }) => payables(ctx.db, ctx.paymentScope, input)),
  /** Payments/Orders: the scope year's orders, or the unregistered ones of every year up to it. */
  orders: paymentsProcedure
    .input(OrderListInput)
    .output(z.array(PaymentOrderBrief))
    .query(({ ctx, input }) => listOrders(ctx.db, ctx.paymentScope, input)),
  /** Payments/Orders/Unregistered: an unregistered order with its instalments. */
  unregistered: paymentsProcedure
    .input(OrderKey)
    .output(PaymentOrderDetail)
    .query(({ ctx, input }) => unregisteredOrder(ctx.db, ctx.paymentScope, input)),
  /** Proposals of the homebanking form: file name, execution date, next order number; CUC present; editable. */
  context: paymentsProcedure
    .input(ScopeInput)
    .output(PaymentsContext)
    .query(({ ctx }) => paymentsContext(ctx.db, ctx.paymentScope)),
  /** Payments/Orders/Export: the bank file (XML) and the order print; a new order is not stored. */
  export: paymentsProcedure
    .input(OrderRequestInput)
    .output(OrderExportResult)
    .mutation(({ ctx, input }) => exportOrder(ctx.db, ctx.paymentScope, input)),
  /** Payments/Orders (POST): stores a new order with the next gap-free number. */
  store: paymentsProcedure
    .input(OrderRequestInput)
    .output(PaymentOrderDetail)
    .mutation(({ ctx, input }) => storeOrder(ctx.db, ctx.paymentScope, input)),
  /** Cancels a stored, unregistered order: its instalments are payable again, its number is kept. */
  cancel: paymentsProcedure
    .input(OrderKey)
    .output(PaymentOrderBrief)
    .mutation(({ ctx, input }) => cancelOrder(ctx.db, ctx.paymentScope, input)),
  /** Payments/Orders/Registered: the bank's date paid onto the ticked instalments; answers the protocol. */
  register: paymentsProcedure
    .input(RegisterOrderInput)
    .output(RegisteredProtocol)
    .mutation(({ ctx, input }) => registerOrder(ctx.db, ctx.paymentScope, input)),
  /** Payments/Orders/Protocol (ours): a registered order's protocol as it stands (bank returns included). */
  protocol: paymentsProcedure
    .input(OrderKey)
    .output(RegisteredProtocol)
    .query(({ ctx, input }) => orderProtocol(ctx.db, ctx.paymentScope, input)),
  /** Payments/Orders/Returned: the bank returned a registered order's transfer; the instalment is open again. */
  returned: paymentsProcedure
    .input(ReturnInput)
    .output(RegisteredProtocol)
    .mutation(({ ctx, input }) => returnInstalment(ctx.db, ctx.paymentScope, input)),
  /** Payments/Settle (POST): an open instalment paid by hand (date paid, account, note), without homebanking. */
  settle: paymentsProcedure
    .input(SettleInput)
    .output(SettledInstalment)
    .mutation(({ ctx, input }) => settleInstalment(ctx.db, ctx.paymentScope, input)),
  /** Payments/Settle (DELETE): a payment by hand undone ("wieder offen"). */
  reopen: paymentsProcedure
    .input(ReopenInput)
    .output(SettledInstalment)
    .mutation(({ ctx, input }) => reopenInstalment(ctx.db, ctx.paymentScope, input)),
});
