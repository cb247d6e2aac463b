import { z } from 'zod';
import { safeString } from './primitives.ts';
import { AccessLevelSchema, Language } from './roles.ts';

export const USERNAME_MAX = 20;
export const PASSWORD_MAX = 20;
export const PASSWORD_MIN = 4;
export const FULLNAME_MAX = 50;

/**
 * Sign-in throttling (README Decisions). Within a window of `windowMinutes` from the first attempt:
 * a username from one address gets `maxPerPair` failed attempts, an address `maxPerAddress` failed
 * attempts for any usernames, then TooManyAttempts. A username itself is never refused: after
 * `slowAfter` failures from anywhere its password checks are spaced, `firstDelaySeconds` doubling up
 * to `maxDelaySeconds` apart; an attempt that would wait more than `maxWaitSeconds` for its turn
 * (only during a flood from many addresses) is answered TooManyAttempts.
 */
export const LOGIN_THROTTLE = {
  windowMinutes: 15,
  maxPerPair: 5,
  maxPerAddress: 30,
  slowAfter: 5,
  firstDelaySeconds: 1,
  maxDelaySeconds: 8,
  maxWaitSeconds: 15,
} as const;
/** Session lifetimes: a remembered sign-in lasts 30 days, a tab session 12 hours (both sliding). */
export const SESSION_TTL_HOURS = { remembered: 24 * 30, tab: 12 } as const;

export const Username = safeString().trim().min(1, 'InvalidValue').max(USERNAME_MAX, 'InvalidValue');
export const Password = safeString().min(1, 'InvalidValue').max(PASSWORD_MAX, 'InvalidValue');

export const LoginInput = z.object({
  username: Username,
  password: Password,
  remember: z.boolean().optional().default(false),
});
export type LoginInput = z.infer<typeof LoginInput>;

export const ChangePasswordInput = z.object({
  username: Username,
  password: Password,
  newPassword: Password,
  newPasswordRepeat: Password,
  remember: z.boolean().optional().default(false),
});
export type ChangePasswordInput = z.infer<typeof ChangePasswordInput>;

export const SessionUser = z.object({
  userId: z.number().int(),
  username: z.string(),
  fullname: z.string(),
  accessLevel: AccessLevelSchema,
  language: Language,
  mainDepartmentId: z.number().int().nullable(),
});
export type SessionUser = z.infer<typeof SessionUser>;

export const LoginResult = SessionUser.extend({
  token: z.string(),
  expiresAt: z.string(),
});
export type LoginResult = z.infer<typeof LoginResult>;

/**
 * The rules a new password must meet, checked before anything is written.
 * Returns the business error code or null.
 */
export function checkNewPassword(old: string, next: string, repeat: string): 'PasswordRepeatWrong' | 'PasswordSameAsOld' | 'PasswordTooShort' | null {
  if (next !== repeat) return 'PasswordRepeatWrong';
  if (next === old) return 'PasswordSameAsOld';
  if (next.length < PASSWORD_MIN) return 'PasswordTooShort';
  return null;
}
