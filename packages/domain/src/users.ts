import { z } from 'zod';
import { Id, safeString } from './primitives.ts';
import { FULLNAME_MAX, PASSWORD_MAX, USERNAME_MAX } from './auth.ts';
import { IsoDate } from './dates.ts';
import { PageInput } from './paging.ts';
import { AccessLevel, AccessLevelSchema, Language } from './roles.ts';

/** The user-name lookup field of the user-department lists accepts at most 10 characters (spec 2 §2). */
export const USER_LOOKUP_MAX = 10;

/** Admin calls may name the department the user works in; it decides an administrator's rights. */
const AdminScope = z.object({ departmentId: Id.optional() });

const UserFields = z.object({
  username: safeString().trim().min(1, 'InvalidValue').max(USERNAME_MAX, 'InvalidValue'),
  fullname: safeString().trim().min(1, 'InvalidValue').max(FULLNAME_MAX, 'InvalidValue'),
  accessLevel: AccessLevelSchema.default(AccessLevel.Standard),
  locked: z.boolean().default(false),
  validUntil: IsoDate.nullable().default(null),
  mainDepartmentId: Id.nullable().default(null),
  language: Language.default('de'),
});

const passwordText = safeString().max(PASSWORD_MAX, 'InvalidValue');

/** Create a user: the password is required; `mustChangePassword` (default on) forces a change at the first sign-in. */
export const UserCreateInput = AdminScope.extend(UserFields.shape).extend({
  password: passwordText.min(1, 'InvalidValue'),
  passwordRepeat: passwordText,
  mustChangePassword: z.boolean().default(true),
  /** The departments linked to the new user (at least one unless Supervisor). */
  departmentIds: z.array(Id).max(1000).default([]),
});
export type UserCreateInput = z.infer<typeof UserCreateInput>;

/**
 * Update a user. An empty or missing password keeps the old one; a new one is hashed and, unless
 * `mustChangePassword` is false, must be changed at the next sign-in. `departmentIds`, when given,
 * replaces the user's links.
 */
export const UserUpdateInput = AdminScope.extend(UserFields.shape).extend({
  id: Id,
  password: passwordText.optional(),
  passwordRepeat: passwordText.optional(),
  mustChangePassword: z.boolean().optional(),
  departmentIds: z.array(Id).max(1000).optional(),
});
export type UserUpdateInput = z.infer<typeof UserUpdateInput>;

export const UserPatchInput = AdminScope.extend(UserFields.partial().shape).extend({
  id: Id,
  password: passwordText.optional(),
  passwordRepeat: passwordText.optional(),
  mustChangePassword: z.boolean().optional(),
  departmentIds: z.array(Id).max(1000).optional(),
});
export type UserPatchInput = z.infer<typeof UserPatchInput>;

export const UserListInput = AdminScope.extend(PageInput.shape).extend({
  /** Contained in the user name or the full name. */
  filter: safeString().trim().max(50).optional(),
  accessLevel: AccessLevelSchema.optional(),
});
export type UserListInput = z.infer<typeof UserListInput>;

export const UserIdInput = AdminScope.extend({ id: Id });
export type UserIdInput = z.infer<typeof UserIdInput>;

export interface UserRow {
  id: number;
  username: string;
  fullname: string;
  accessLevel: z.infer<typeof AccessLevelSchema>;
  locked: boolean;
  validUntil: string | null;
  mainDepartmentId: number | null;
  language: Language;
  mustChangePassword: boolean;
}

export interface UserDetail extends UserRow {
  departmentIds: number[];
}

/** The blank form of a new user. */
export function newUserTemplate(): Omit<UserCreateInput, 'departmentId'> {
  return {
    username: '',
    fullname: '',
    accessLevel: AccessLevel.Standard,
    locked: false,
    validUntil: null,
    mainDepartmentId: null,
    language: 'de',
    password: '',
    passwordRepeat: '',
    mustChangePassword: true,
    departmentIds: [],
  };
}

// ---- user-department links -----------------------------------------------------------------

export const UserDepartmentListInput = AdminScope.extend(PageInput.shape).extend({
  /** A district or the union: its links and those of the departments below it. */
  superDepartmentId: Id.optional(),
  /** Only links of superDepartmentId itself. */
  onlyOwnDepartment: z.boolean().default(false),
  /** Prefix of the user name (at most 10 characters). */
  username: safeString().trim().max(USER_LOOKUP_MAX, 'InvalidValue').optional(),
  /** Prefix of the department code. */
  deptCode: safeString().trim().toUpperCase().max(3, 'InvalidValue').optional(),
  userId: Id.optional(),
});
export type UserDepartmentListInput = z.infer<typeof UserDepartmentListInput>;

export const UserDepartmentInput = AdminScope.extend({
  userId: Id,
  deptId: Id,
});
export type UserDepartmentInput = z.infer<typeof UserDepartmentInput>;

export const UserDepartmentIdInput = AdminScope.extend({ id: Id });
export type UserDepartmentIdInput = z.infer<typeof UserDepartmentIdInput>;

/** PUT Admin/UserDepartments/{id}: the link's user and department (both). */
export const UserDepartmentUpdateInput = UserDepartmentIdInput.extend(UserDepartmentInput.pick({ userId: true, deptId: true }).shape);
export type UserDepartmentUpdateInput = z.infer<typeof UserDepartmentUpdateInput>;

/** PATCH Admin/UserDepartments/{id}: only the fields sent. */
export const UserDepartmentPatchInput = UserDepartmentIdInput.extend(UserDepartmentInput.pick({ userId: true, deptId: true }).partial().shape);
export type UserDepartmentPatchInput = z.infer<typeof UserDepartmentPatchInput>;

export interface UserDepartmentRow {
  id: number;
  userId: number;
  deptId: number;
  username: string;
  userFullname: string;
  accessLevel: number;
  isLocked: boolean;
  validUntil: string | null;
  deptCode: string;
  name1Deu: string;
  name2Deu: string;
  name1Ita: string;
  name2Ita: string;
}

/** The users of the scope department (open to every user linked to it). */
export const DepartmentUsersInput = PageInput.extend({ departmentId: Id });
export type DepartmentUsersInput = z.infer<typeof DepartmentUsersInput>;
