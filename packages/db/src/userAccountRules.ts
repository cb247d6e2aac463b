import { AccessLevel, FULLNAME_MAX, PASSWORD_MAX, PASSWORD_MIN, USERNAME_MAX } from '@app/domain';

/**
 * Users created from outside the app: `npm run user:create` and INITIAL_SUPERVISOR at start. Both
 * check the same rules as the users screen and set "must change the password at the next sign-in".
 * These are the rules that need no database (userAccounts.ts writes): `npm run user:create` refuses bad
 * arguments with them before it loads the database client.
 */

export const LEVEL_NAMES = {
  supervisor: AccessLevel.Supervisor,
  administrator: AccessLevel.Administrator,
  standard: AccessLevel.Standard,
  auditor: AccessLevel.Auditor,
} as const;
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
