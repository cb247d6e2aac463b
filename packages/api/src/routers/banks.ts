import {
  BankImportInput,
  BankImportOutput,
  BankInput,
  BankListInput,
  BankOutput,
  BankPageOutput,
  BankTemplateOutput,
  DeletedOutput,
  Id,
  safeString,
} from '@app/domain';
import { z } from 'zod';
import * as banks from '../services/banks.ts';
import { authedProcedure, router } from '../trpc.ts';

const id = Id;
/** Writes to the shared directory need bankImport in the area of the scope department (or the union link without one). */
const scope = { departmentId: id.optional() };

export const banksRouter = router({
  list: authedProcedure
    .input(BankListInput)
    .output(BankPageOutput)
    .query(({ ctx, input }) => banks.listBanks(ctx.db, input)),
  find: authedProcedure
    .input(z.object({ key: safeString().trim().min(1).max(20) }))
    .output(BankOutput.nullable())
    .query(({ ctx, input }) => banks.findBank(ctx.db, input)),
  get: authedProcedure
    .input(z.object({ id }))
    .output(BankOutput)
    .query(({ ctx, input }) => banks.getBank(ctx.db, input)),
  template: authedProcedure.output(BankTemplateOutput).query(() => banks.bankTemplate()),
  create: authedProcedure
    .input(z.object(scope).and(BankInput))
    .output(BankOutput)
    .mutation(({ ctx, input }) => banks.createBank(ctx.db, ctx.session, input)),
  update: authedProcedure
    .input(z.object({ id, ...scope }).and(BankInput))
    .output(BankOutput)
    .mutation(({ ctx, input }) => banks.updateBank(ctx.db, ctx.session, input)),
  patch: authedProcedure
    .input(z.looseObject({ id, ...scope }))
    .output(BankOutput)
    .mutation(({ ctx, input }) => banks.patchBank(ctx.db, ctx.session, input)),
  delete: authedProcedure
    .input(z.object({ id, ...scope }))
    .output(DeletedOutput)
    .mutation(({ ctx, input }) => banks.deleteBank(ctx.db, ctx.session, input)),
  import: authedProcedure
    .input(BankImportInput)
    .output(BankImportOutput)
    .mutation(({ ctx, input }) => banks.importBanks(ctx.db, ctx.session, input)),
});
