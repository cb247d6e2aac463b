import {
  Reconciliation,
  ReconciliationInput,
  ScopeInput,
  StatementBrief,
  StatementConfirmInput,
  StatementConfirmResult,
  StatementImportInput,
  StatementImportResult,
  StatementListInput,
  StatementRule,
  StatementRuleKey,
  StatementRuleSaveInput,
} from '@app/domain';
import { z } from 'zod';
import { saveMovement } from '../services/movements/save.ts';
import { settleInstalment } from '../services/payments/byHand.ts';
import { orderTransfers, registerOrder } from '../services/payments/orders.ts';
import { returnInstalment } from '../services/payments/returns.ts';
import type { PaymentScope } from '../services/payments/rows.ts';
import { confirmStatement, importStatement } from '../services/statements/index.ts';
import type { StatementPorts } from '../services/statements/ports.ts';
import { listStatements, reconcile } from '../services/statements/reconcile.ts';
import { deleteRule, listRules, saveRule } from '../services/statements/rules.ts';
import { bookingProcedure, router } from '../trpc.ts';
import { demoStatementFile } from '../demo/files.ts';
import { paymentsProcedure } from './payments.ts';

/** The services a statement's lines are applied with (the router joins the areas: statements never imports payments or movements). */
function portsOf(scope: PaymentScope): StatementPorts<PaymentScope> {
  return { scope, orderTransfers, registerOrder, returnInstalment, settleInstalment, saveMovement };
}

/**
 * Bank statements (issue 28): `import` reads a camt.053 (or camt.054) file and answers each line's proposal,
 * writing nothing; `confirm` applies the confirmed lines in one transaction through the payments and movements
 * services and stores the statement; `reconciliation` sets the bank's closing balance beside the books; the
 * matching rules are the department's. The file travels as its text (REST `POST Statements/Import` takes it as
 * the multipart part `file`).
 */
export const statementsRouter = router({
  /** The living demo's bank statement of the month (FF Eppan's running year in a demo installation; null elsewhere). */
  demoFile: bookingProcedure
    .input(ScopeInput)
    .output(z.strictObject({ fileName: z.string(), content: z.string() }).nullable())
    .query(({ ctx }) => demoStatementFile(ctx.db, ctx.bookingScope)),
  /** Reads a statement and proposes a booking for each line (nothing is written). */
  import: paymentsProcedure
    .input(StatementImportInput)
    .output(StatementImportResult)
    .mutation(({ ctx, input }) => importStatement(ctx.db, portsOf(ctx.paymentScope), input, ctx.documentMaxBytes)),
  /** Applies the confirmed lines (accept, skip, an alternative, an edited draft) in one transaction and stores the statement. */
  confirm: paymentsProcedure
    .input(StatementConfirmInput)
    .output(StatementConfirmResult)
    .mutation(({ ctx, input }) => confirmStatement(ctx.db, portsOf(ctx.paymentScope), input, ctx.documentMaxBytes)),
  /** The stored statements of the scope year, newest first. */
  list: bookingProcedure
    .input(StatementListInput)
    .output(z.array(StatementBrief))
    .query(({ ctx, input }) => listStatements(ctx.db, ctx.bookingScope, input)),
  /** Bank balance beside book balance of an account on a day, with the lines and bookings that explain the difference. */
  reconciliation: bookingProcedure
    .input(ReconciliationInput)
    .output(Reconciliation)
    .query(({ ctx, input }) => reconcile(ctx.db, ctx.bookingScope, input)),
  /** The department's matching rules (text contains … → chapter). */
  rules: bookingProcedure
    .input(ScopeInput)
    .output(z.array(StatementRule))
    .query(({ ctx }) => listRules(ctx.db, ctx.bookingScope)),
  /** Creates or changes a matching rule. */
  saveRule: bookingProcedure
    .input(StatementRuleSaveInput)
    .output(StatementRule)
    .mutation(({ ctx, input }) => saveRule(ctx.db, ctx.bookingScope, input)),
  /** Deletes a matching rule. */
  deleteRule: bookingProcedure
    .input(StatementRuleKey)
    .output(z.literal(true))
    .mutation(({ ctx, input }) => deleteRule(ctx.db, ctx.bookingScope, input)),
});
