import {
  AccountBriefsOutput,
  AccountInput,
  AccountListInput,
  AccountOutput,
  AccountPageOutput,
  AccountPrintInput,
  AccountTemplateOutput,
  DeletedOutput,
  Id,
  Year,
} from '@app/domain';
import { z } from 'zod';
import * as accounts from '../services/accounts.ts';
import { authedProcedure, router } from '../trpc.ts';

const id = Id;
/** Accounts belong to the scope's department; the scope year is the year of `canInactivate` (its balance). */
const scope = { departmentId: id };
const scoped = { departmentId: id, year: Year };

export const accountsRouter = router({
  list: authedProcedure
    .input(AccountListInput)
    .output(AccountPageOutput)
    .query(({ ctx, input }) => accounts.listAccounts(ctx.db, ctx.session, input)),
  briefs: authedProcedure
    .input(z.object({ ...scope, includeInactive: z.boolean().default(false) }))
    .output(AccountBriefsOutput)
    .query(({ ctx, input }) => accounts.accountBriefs(ctx.db, ctx.session, input)),
  get: authedProcedure
    .input(z.object({ id, ...scoped }))
    .output(AccountOutput)
    .query(({ ctx, input }) => accounts.getAccount(ctx.db, ctx.session, input)),
  template: authedProcedure
    .input(z.object(scope))
    .output(AccountTemplateOutput)
    .query(({ ctx, input }) => accounts.accountTemplate(ctx.db, ctx.session, input)),
  create: authedProcedure
    .input(AccountInput.extend({ ...scope, year: Year.optional() }))
    .output(AccountOutput)
    .mutation(({ ctx, input }) => accounts.createAccount(ctx.db, ctx.session, input)),
  update: authedProcedure
    .input(AccountInput.extend({ id, ...scoped }))
    .output(AccountOutput)
    .mutation(({ ctx, input }) => accounts.updateAccount(ctx.db, ctx.session, input)),
  patch: authedProcedure
    .input(z.looseObject({ id, ...scoped }))
    .output(AccountOutput)
    .mutation(({ ctx, input }) => accounts.patchAccount(ctx.db, ctx.session, input)),
  delete: authedProcedure
    .input(z.object({ id, ...scope }))
    .output(DeletedOutput)
    .mutation(({ ctx, input }) => accounts.deleteAccount(ctx.db, ctx.session, input)),
  print: authedProcedure.input(AccountPrintInput).query(({ ctx, input }) => accounts.printAccounts(ctx.db, ctx.session, input)),
});
