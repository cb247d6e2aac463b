import { AccessLevel, FULLNAME_MAX, PASSWORD_MAX, PASSWORD_MIN, USERNAME_MAX } from '@app/domain';
import { count, inArray, sql } from 'drizzle-orm';
import type { Db, Tx } from './client.ts';
import { hashPassword } from './password.ts';
import { departments, userDepartments, users } from './schema/index.ts';
import { lockFirstData } from './seed/index.ts';

/**
 * Users created from outside the app: `npm run user:create` and INITIAL_SUPERVISOR at start. Both
 * check the same rules as the users screen and set "must change the password at the next sign-in".
 */

export const LEVEL_NAMES = { supervisor: AccessLevel.Supervisor, administrator: AccessLevel.Administrator, standard: AccessLevel.Standard } as const;
export type LevelName = keyof typeof LEVEL_NAMES;

export type UserAccountErrorCode =
  | 'UsernameInvalid'
  | 'FullnameTooLong'
  | 'LevelInvalid'
  | 'PasswordMissing'
  | 'PasswordTooShort'
  | 'PasswordTooLong'
  | 'PasswordRepeatWrong'
  | 'DepartmentNeeded'
  | 'DepartmentUnknown'
  | 'UserExists';

/** A rule the new user breaks; `message` is for the operator's console (English, like the README). */
export class UserAccountError extends Error {
  constructor(
    readonly code: UserAccountErrorCode,
    message: string,
  ) {
    super(message);
    this.name = 'UserAccountError';
  }
}

export interface NewUserAccount {
  username: string;
  /** Defaults to the username. */
  fullname?: string | undefined;
  level: LevelName;
  password: string;
  /** Department codes; Administrators and Standard users need at least one, the first is the main one. */
  departmentCodes?: string[] | undefined;
}

export function parseLevel(value: string | undefined): LevelName {
  const name = (value ?? '').trim().toLowerCase();
  if (name in LEVEL_NAMES) return name as LevelName;
  throw new UserAccountError('LevelInvalid', `--level must be one of ${Object.keys(LEVEL_NAMES).join(', ')} (got "${value ?? ''}")`);
}

/** The password rules of the app: 4 to 20 characters. */
export function checkPasswordRules(password: string | undefined): string {
  if (password === undefined || password === '') throw new UserAccountError('PasswordMissing', 'a password is needed');
  if (password.length < PASSWORD_MIN) throw new UserAccountError('PasswordTooShort', `the password needs at least ${PASSWORD_MIN} characters`);
  if (password.length > PASSWORD_MAX) throw new UserAccountError('PasswordTooLong', `the password may have at most ${PASSWORD_MAX} characters`);
  return password;
}

export function checkUsername(username: string | undefined): string {
  const name = (username ?? '').trim();
  if (name === '' || name.length > USERNAME_MAX) {
    throw new UserAccountError('UsernameInvalid', `the user name must have 1 to ${USERNAME_MAX} characters (got "${username ?? ''}")`);
  }
  return name;
}

export interface CheckedAccount {
  username: string;
  fullname: string;
  accessLevel: number;
  password: string;
  departmentCodes: string[];
}

/** Checks the rules that need no database (name, full name, level, password, departments given). */
export function checkAccount(input: NewUserAccount): CheckedAccount {
  const username = checkUsername(input.username);
  const fullname = (input.fullname ?? '').trim() || username;
  if (fullname.length > FULLNAME_MAX) throw new UserAccountError('FullnameTooLong', `the full name may have at most ${FULLNAME_MAX} characters`);
  const accessLevel = LEVEL_NAMES[parseLevel(input.level)];
  const password = checkPasswordRules(input.password);
  const departmentCodes = [...new Set((input.departmentCodes ?? []).map((c) => c.trim()).filter(Boolean))];
  if (accessLevel !== AccessLevel.Supervisor && departmentCodes.length === 0) {
    throw new UserAccountError('DepartmentNeeded', 'an administrator or standard user needs at least one department (--departments 101,102)');
  }
  return { username, fullname, accessLevel, password, departmentCodes };
}

async function hasUsers(db: Db | Tx): Promise<boolean> {
  const [row] = await db.select({ n: count() }).from(users);
  return (row?.n ?? 0) > 0;
}

function userExists(username: string): UserAccountError {
  return new UserAccountError('UserExists', `a user "${username}" exists already; nothing was written`);
}

function isUniqueViolation(error: unknown): boolean {
  let current: unknown = error;
  for (let depth = 0; depth < 4 && current && typeof current === 'object'; depth++) {
    if ((current as { code?: unknown }).code === '23505') return true;
    current = (current as { cause?: unknown }).cause;
  }
  return false;
}

/**
 * Creates one user (must change the password at the first sign-in) in one transaction; refuses an
 * existing name (case-insensitive, like sign-in) and unknown department codes.
 */
export async function createUserAccount(db: Db, input: NewUserAccount): Promise<{ id: number; username: string; accessLevel: number }> {
  const account = checkAccount(input);
  const passwordHash = await hashPassword(account.password);
  try {
    return await db.transaction(async (tx) => {
      const [existing] = await tx
        .select({ id: users.id })
        .from(users)
        .where(sql`lower(${users.username}) = lower(${account.username})`)
        .limit(1);
      if (existing) throw userExists(account.username);
      const depts =
        account.departmentCodes.length > 0
          ? await tx.select({ id: departments.id, code: departments.code }).from(departments).where(inArray(departments.code, account.departmentCodes))
          : [];
      const unknown = account.departmentCodes.filter((code) => !depts.some((d) => d.code === code));
      if (unknown.length > 0) throw new UserAccountError('DepartmentUnknown', `no department with the code ${unknown.join(', ')}`);
      const mainCode = account.departmentCodes[0];
      const [row] = await tx
        .insert(users)
        .values({
          username: account.username,
          fullname: account.fullname,
          passwordHash,
          accessLevel: account.accessLevel,
          passwordExpired: true,
          mainDepartmentId: depts.find((d) => d.code === mainCode)?.id ?? null,
        })
        .returning({ id: users.id });
      if (!row) throw new Error('user insert returned nothing');
      if (depts.length > 0) await tx.insert(userDepartments).values(depts.map((d) => ({ userId: row.id, departmentId: d.id })));
      return { id: row.id, username: account.username, accessLevel: account.accessLevel };
    });
  } catch (error) {
    if (isUniqueViolation(error)) throw userExists(account.username);
    throw error;
  }
}

/**
 * INITIAL_SUPERVISOR at start: creates that Supervisor (must change the password at the first
 * sign-in) only while the database has no user; otherwise does nothing.
 * Returns whether it created the user; invalid values (a missing or too short password) throw, so
 * the start stops with the reason. Once a user exists the values are not looked at any more (the
 * password may then be removed from the environment).
 */
export async function createInitialSupervisor(db: Db, username: string, password: string | undefined): Promise<boolean> {
  if (await hasUsers(db)) return false;
  const account = checkAccount({ username, level: 'supervisor', password: password ?? '' });
  const passwordHash = await hashPassword(account.password);
  return db.transaction(async (tx) => {
    await lockFirstData(tx);
    if (await hasUsers(tx)) return false;
    await tx.insert(users).values({
      username: account.username,
      fullname: account.fullname,
      passwordHash,
      accessLevel: AccessLevel.Supervisor,
      passwordExpired: true,
    });
    return true;
  });
}
