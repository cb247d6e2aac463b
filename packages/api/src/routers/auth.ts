import { ChangePasswordInput, Language, LoginInput, LoginResult, LogoutOutput, PasswordChangedOutput, SessionUser } from '@app/domain';
import { z } from 'zod';
import * as auth from '../services/auth.ts';
import { authedProcedure, publicProcedure, router } from '../trpc.ts';

export const authRouter = router({
  login: publicProcedure
    .input(LoginInput)
    .output(LoginResult)
    .mutation(({ ctx, input }) => auth.login(ctx.db, input, { ip: ctx.ip, now: ctx.now() })),
  changePasswordAndLogin: publicProcedure
    .input(ChangePasswordInput)
    .output(LoginResult)
    .mutation(({ ctx, input }) => auth.changePasswordAndLogin(ctx.db, input, { ip: ctx.ip, now: ctx.now() })),
  changePassword: publicProcedure
    .input(ChangePasswordInput)
    .output(PasswordChangedOutput)
    .mutation(({ ctx, input }) => auth.changePassword(ctx.db, input, { ip: ctx.ip, now: ctx.now() })),
  logout: authedProcedure.output(LogoutOutput).mutation(({ ctx }) => auth.logout(ctx.db, ctx.session, ctx.ip)),
  me: authedProcedure.output(SessionUser).query(({ ctx }) => auth.currentUser(ctx.session)),
  setLanguage: authedProcedure.input(z.object({ language: Language })).mutation(({ ctx, input }) => auth.setLanguage(ctx.db, ctx.session, input.language)),
});
