import {
  DeletedRecordOutput,
  DepartmentUsersInput,
  Id,
  UserCreateInput,
  UserDepartmentIdInput,
  UserDepartmentInput,
  UserDepartmentListInput,
  UserDepartmentOutput,
  UserDepartmentPageOutput,
  UserDepartmentPatchInput,
  UserDepartmentUpdateInput,
  UserDetailOutput,
  UserIdInput,
  UserListInput,
  UserPageOutput,
  UserPatchInput,
  UserTemplateOutput,
  UserUpdateInput,
} from '@app/domain';
import { z } from 'zod';
import * as admin from '../services/admin.ts';
import { authedProcedure, router } from '../trpc.ts';

const AdminScope = z.object({ departmentId: Id.optional() });

/** Users, user-department links and the users of a department. */
export const adminRouter = router({
  users: router({
    list: authedProcedure
      .input(UserListInput)
      .output(UserPageOutput)
      .query(({ ctx, input }) => admin.listUsers(ctx.db, ctx.session, input)),
    get: authedProcedure
      .input(UserIdInput)
      .output(UserDetailOutput)
      .query(({ ctx, input }) => admin.getUser(ctx.db, ctx.session, input)),
    template: authedProcedure
      .input(AdminScope)
      .output(UserTemplateOutput)
      .query(({ ctx, input }) => admin.userTemplate(ctx.db, ctx.session, input)),
    create: authedProcedure
      .input(UserCreateInput)
      .output(UserDetailOutput)
      .mutation(({ ctx, input }) => admin.createUser(ctx.db, ctx.session, input)),
    update: authedProcedure
      .input(UserUpdateInput)
      .output(UserDetailOutput)
      .mutation(({ ctx, input }) => admin.updateUser(ctx.db, ctx.session, input)),
    patch: authedProcedure
      .input(UserPatchInput)
      .output(UserDetailOutput)
      .mutation(({ ctx, input }) => admin.patchUser(ctx.db, ctx.session, input)),
    delete: authedProcedure
      .input(UserIdInput)
      .output(DeletedRecordOutput)
      .mutation(({ ctx, input }) => admin.deleteUser(ctx.db, ctx.session, input)),
  }),
  userDepartments: router({
    list: authedProcedure
      .input(UserDepartmentListInput)
      .output(UserDepartmentPageOutput)
      .query(({ ctx, input }) => admin.listUserDepartments(ctx.db, ctx.session, input)),
    get: authedProcedure
      .input(UserDepartmentIdInput)
      .output(UserDepartmentOutput)
      .query(({ ctx, input }) => admin.getUserDepartment(ctx.db, ctx.session, input)),
    create: authedProcedure
      .input(UserDepartmentInput)
      .output(UserDepartmentOutput)
      .mutation(({ ctx, input }) => admin.createUserDepartment(ctx.db, ctx.session, input)),
    update: authedProcedure
      .input(UserDepartmentUpdateInput)
      .output(UserDepartmentOutput)
      .mutation(({ ctx, input }) => admin.updateUserDepartment(ctx.db, ctx.session, input)),
    patch: authedProcedure
      .input(UserDepartmentPatchInput)
      .output(UserDepartmentOutput)
      .mutation(({ ctx, input }) => admin.updateUserDepartment(ctx.db, ctx.session, input)),
    delete: authedProcedure
      .input(UserDepartmentIdInput)
      .output(DeletedRecordOutput)
      .mutation(({ ctx, input }) => admin.deleteUserDepartment(ctx.db, ctx.session, input)),
  }),
  /** The users of a department, for everyone linked to it. */
  departmentUsers: authedProcedure
    .input(DepartmentUsersInput)
    .output(UserDepartmentPageOutput)
    .query(({ ctx, input }) => admin.departmentUsers(ctx.db, ctx.session, input)),
});
