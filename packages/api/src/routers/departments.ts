import {
  checkDepartment,
  DeletedOutput,
  DepartmentBriefPageOutput,
  DepartmentExportInput,
  DepartmentFields,
  DepartmentListInput,
  DepartmentOutput,
  DepartmentPageOutput,
  DepartmentSearchInput,
  DepartmentTemplateOutput,
  Id,
} from '@app/domain';
import { z } from 'zod';
import * as departments from '../services/departments.ts';
import { authedProcedure, router } from '../trpc.ts';

const id = Id;
/** The department of the user's scope: decides the permission `departments` of writes. */
const scope = { departmentId: id };
const optionalScope = { departmentId: id.optional() };

export const departmentsRouter = router({
  list: authedProcedure
    .input(DepartmentListInput.extend(optionalScope))
    .output(DepartmentPageOutput)
    .query(({ ctx, input }) => departments.listDepartments(ctx.db, ctx.session, input)),
  adminList: authedProcedure
    .input(DepartmentListInput.extend(scope))
    .output(DepartmentPageOutput)
    .query(({ ctx, input }) => departments.adminListDepartments(ctx.db, ctx.session, input)),
  search: authedProcedure
    .input(DepartmentSearchInput.extend(optionalScope))
    .output(DepartmentBriefPageOutput)
    .query(({ ctx, input }) => departments.searchDepartments(ctx.db, ctx.session, input)),
  get: authedProcedure
    .input(z.object({ id, ...optionalScope }))
    .output(DepartmentOutput)
    .query(({ ctx, input }) => departments.getDepartment(ctx.db, ctx.session, input)),
  template: authedProcedure.output(DepartmentTemplateOutput).query(() => departments.departmentTemplate()),
  create: authedProcedure
    .input(DepartmentFields.extend(scope).superRefine(checkDepartment))
    .output(DepartmentOutput)
    .mutation(({ ctx, input }) => departments.createDepartment(ctx.db, ctx.session, input)),
  update: authedProcedure
    .input(DepartmentFields.extend({ id, ...scope }).superRefine(checkDepartment))
    .output(DepartmentOutput)
    .mutation(({ ctx, input }) => departments.updateDepartment(ctx.db, ctx.session, input)),
  /** Only the fields sent change (checked again as a whole after merging). */
  patch: authedProcedure
    .input(z.looseObject({ id, ...scope }))
    .output(DepartmentOutput)
    .mutation(({ ctx, input }) => departments.patchDepartment(ctx.db, ctx.session, input)),
  delete: authedProcedure
    .input(z.object({ id, ...scope }))
    .output(DeletedOutput)
    .mutation(({ ctx, input }) => departments.deleteDepartment(ctx.db, ctx.session, input)),
  export: authedProcedure
    .input(DepartmentExportInput.extend(optionalScope))
    .query(({ ctx, input }) => departments.exportDepartments(ctx.db, ctx.session, input)),
});
