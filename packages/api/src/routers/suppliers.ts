import {
  DeletedOutput,
  Id,
  SupplierBriefPageOutput,
  SupplierExportInput,
  SupplierInput,
  SupplierListInput,
  SupplierOutput,
  SupplierPageOutput,
  SupplierSearchInput,
  SupplierTemplateOutput,
} from '@app/domain';
import { z } from 'zod';
import * as suppliers from '../services/suppliers.ts';
import { authedProcedure, router } from '../trpc.ts';
import { cachedRead } from '../readCache.ts';

const id = Id;
/** Suppliers belong to the scope's department; the year is ignored. */
const scope = { departmentId: id };

export const suppliersRouter = router({
  list: authedProcedure
    .input(SupplierListInput)
    .output(SupplierPageOutput)
    .query(({ ctx, input }) => suppliers.listSuppliers(ctx.db, ctx.session, input)),
  briefs: authedProcedure
    .input(SupplierListInput)
    .output(SupplierBriefPageOutput)
    .query(({ ctx, input }) => suppliers.supplierBriefs(ctx.db, ctx.session, input)),
  search: authedProcedure
    .input(SupplierSearchInput)
    .use(cachedRead)
    .output(SupplierBriefPageOutput)
    .query(({ ctx, input }) => suppliers.searchSuppliers(ctx.db, ctx.session, input)),
  get: authedProcedure
    .input(z.object({ id, ...scope }))
    .output(SupplierOutput)
    .query(({ ctx, input }) => suppliers.getSupplier(ctx.db, ctx.session, input)),
  template: authedProcedure
    .input(z.object(scope))
    .output(SupplierTemplateOutput)
    .query(({ ctx, input }) => suppliers.supplierTemplate(ctx.db, ctx.session, input)),
  create: authedProcedure
    .input(SupplierInput.extend(scope))
    .output(SupplierOutput)
    .mutation(({ ctx, input }) => suppliers.createSupplier(ctx.db, ctx.session, input)),
  update: authedProcedure
    .input(SupplierInput.extend({ id, ...scope }))
    .output(SupplierOutput)
    .mutation(({ ctx, input }) => suppliers.updateSupplier(ctx.db, ctx.session, input)),
  patch: authedProcedure
    .input(z.looseObject({ id, ...scope }))
    .output(SupplierOutput)
    .mutation(({ ctx, input }) => suppliers.patchSupplier(ctx.db, ctx.session, input)),
  delete: authedProcedure
    .input(z.object({ id, ...scope }))
    .output(DeletedOutput)
    .mutation(({ ctx, input }) => suppliers.deleteSupplier(ctx.db, ctx.session, input)),
  export: authedProcedure.input(SupplierExportInput).query(({ ctx, input }) => suppliers.exportSuppliers(ctx.db, ctx.session, input)),
});
