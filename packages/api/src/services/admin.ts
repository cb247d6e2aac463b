import { type Db, likeEscape, schema } from '@app/db';
import { hashPassword } from '@app/db/password';
import {
  AccessLevel,
  Area,
  areaOfCode,
  type DepartmentUsersInput,
  newUserTemplate,
  type Page,
  PASSWORD_MIN,
  pageWindow,
  toPage,
  type UserCreateInput,
  type UserDepartmentIdInput,
  type UserDepartmentInput,
  type UserDepartmentListInput,
  type UserDepartmentPatchInput,
  type UserDepartmentRow,
  type UserDetail,
  type UserIdInput,
  type UserListInput,
  type UserPatchInput,
  type UserRow,
  type UserUpdateInput,
} from '@app/domain';
import { and, asc, count, eq, ilike, inArray, like, ne, or, type SQL, sql } from 'drizzle-orm';
import type { Session } from '../context.ts';
import { fail } from '../errors.ts';
import { requireItem } from './access.ts';
import { isUniqueViolation } from './dbErrors.ts';
import { assertDepartmentAccess } from './scope.ts';

const { departments, sessions, userDepartments, users } = schema;

type Actor = Pick<Session, 'userId' | 'accessLevel'>;

const userColumns = {
  id: users.id,
  username: users.username,
  fullname: users.fullname,
  accessLevel: users.accessLevel,
  locked: users.locked,
  validUntil: users.validUntil,
  mainDepartmentId: users.mainDepartmentId,
  language: users.language,
  mustChangePassword: users.passwordExpired,
};

// ---- users -----------------------------------------------------------------------------------

function toUserRow(row: Omit<UserRow, 'accessLevel' | 'language'> & { accessLevel: number; language: string }): UserRow {
  return { ...row, accessLevel: row.accessLevel as UserRow['accessLevel'], language: row.language === 'it' ? 'it' : 'de' };
}

export async function listUsers(db: Db, session: Actor, input: UserListInput): Promise<Page<UserRow>> {
  await requireItem(db, session, 'users', input.departmentId);
  const pattern = input.filter ? `%${likeEscape(input.filter)}%` : null;
  const where = and(
    pattern ? or(ilike(users.username, pattern), ilike(users.fullname, pattern)) : undefined,
    input.accessLevel !== undefined ? eq(users.accessLevel, input.accessLevel) : undefined,
  );
  const { limit, offset } = pageWindow(input);
  const [rows, [total]] = await Promise.all([
    db
      .select(userColumns)
      .from(users)
      .where(where)
      .orderBy(asc(sql`lower(${users.username})`))
      .limit(limit)
      .offset(offset),
    db.select({ n: count() }).from(users).where(where),
  ]);
  return toPage(rows.map(toUserRow), total?.n ?? 0, input);
}

async function loadUser(db: Db, id: number): Promise<UserDetail> {
  const [row] = await db.select(userColumns).from(users).where(eq(users.id, id)).limit(1);
  if (!row) fail('NotFound', { field: 'id' });
  const links = await db
    .select({ id: userDepartments.departmentId })
    .from(userDepartments)
    .where(eq(userDepartments.userId, id))
    .orderBy(asc(userDepartments.departmentId));
  return { ...toUserRow(row), departmentIds: links.map((l) => l.id) };
}

export async function getUser(db: Db, session: Actor, input: UserIdInput): Promise<UserDetail> {
  await requireItem(db, session, 'users', input.departmentId);
  return loadUser(db, input.id);
}

export async function userTemplate(db: Db, session: Actor, input: { departmentId?: number | undefined }) {
  await requireItem(db, session, 'users', input.departmentId);
  return { id: null, ...newUserTemplate() };
}

/** An administrator may not create, raise, change or delete a Supervisor. */
function assertMayTouch(session: Actor, targetLevel: number): void {
  if (session.accessLevel !== AccessLevel.Supervisor && targetLevel === AccessLevel.Supervisor) fail('Forbidden', { field: 'accessLevel' });
}

function checkPassword(password: string, repeat: string | undefined): void {
  if (password !== (repeat ?? '')) fail('PasswordRepeatWrong', { field: 'passwordRepeat' });
  if (password.length < PASSWORD_MIN) fail('PasswordTooShort', { field: 'password' });
}

async function assertDepartmentsExist(db: Db, ids: number[]): Promise<void> {
  if (ids.length === 0) return;
  const rows = await db.select({ id: departments.id }).from(departments).where(inArray(departments.id, ids));
  if (rows.length !== new Set(ids).size) fail('InvalidValue', { field: 'departmentIds' });
}

/**
 * The rules a user's department links must meet: a Standard or Administrator user needs at least
 * one department (DepartmentNeeded); the main department must be one of them.
 */
function checkLinks(accessLevel: number, departmentIds: number[], mainDepartmentId: number | null): void {
  if (accessLevel !== AccessLevel.Supervisor && departmentIds.length === 0) fail('DepartmentNeeded', { field: 'departmentIds' });
  if (mainDepartmentId !== null && accessLevel !== AccessLevel.Supervisor && !departmentIds.includes(mainDepartmentId)) {
    fail('InvalidValue', { field: 'mainDepartmentId' });
  }
}

async function assertUsernameFree(db: Db, username: string, exceptId: number | null): Promise<void> {
  const [row] = await db
    .select({ id: users.id })
    .from(users)
    .where(and(sql`lower(${users.username}) = lower(${username})`, exceptId !== null ? ne(users.id, exceptId) : undefined))
    .limit(1);
  if (row) fail('UserExists', { field: 'username' });
}

function uniqueOr(error: unknown): never {
  if (isUniqueViolation(error)) fail('UserExists', { field: 'username' });
  throw error;
}

export async function createUser(db: Db, session: Actor, input: UserCreateInput): Promise<UserDetail> {
  await requireItem(db, session, 'users', input.departmentId);
  assertMayTouch(session, input.accessLevel);
  checkPassword(input.password, input.passwordRepeat);
  const departmentIds = [...new Set(input.departmentIds)];
  checkLinks(input.accessLevel, departmentIds, input.mainDepartmentId);
  await assertDepartmentsExist(db, [...departmentIds, ...(input.mainDepartmentId !== null ? [input.mainDepartmentId] : [])]);
  await assertUsernameFree(db, input.username, null);
  const passwordHash = await hashPassword(input.password);
  try {
    const id = await db.transaction(async (tx) => {
      const [row] = await tx
        .insert(users)
        .values({
          username: input.username,
          fullname: input.fullname,
          passwordHash,
          accessLevel: input.accessLevel,
          locked: input.locked,
          validUntil: input.validUntil,
          passwordExpired: input.mustChangePassword,
          language: input.language,
          mainDepartmentId: input.mainDepartmentId,
        })
        .returning({ id: users.id });
      if (!row) fail('NotFound');
      if (departmentIds.length > 0) await tx.insert(userDepartments).values(departmentIds.map((departmentId) => ({ userId: row.id, departmentId })));
      return row.id;
    });
    return loadUser(db, id);
  } catch (error) {
    return uniqueOr(error);
  }
}

export async function updateUser(db: Db, session: Actor, input: UserUpdateInput): Promise<UserDetail> {
  await requireItem(db, session, 'users', input.departmentId);
  const existing = await loadUser(db, input.id);
  assertMayTouch(session, existing.accessLevel);
  assertMayTouch(session, input.accessLevel);
  if (input.id === session.userId && input.accessLevel !== existing.accessLevel) fail('Forbidden', { field: 'accessLevel' });
  const newPassword = input.password ? input.password : null;
  if (newPassword !== null) checkPassword(newPassword, input.passwordRepeat);
  const departmentIds = input.departmentIds !== undefined ? [...new Set(input.departmentIds)] : existing.departmentIds;
  checkLinks(input.accessLevel, departmentIds, input.mainDepartmentId);
  await assertDepartmentsExist(db, [...departmentIds, ...(input.mainDepartmentId !== null ? [input.mainDepartmentId] : [])]);
  await assertUsernameFree(db, input.username, input.id);
  const passwordHash = newPassword !== null ? await hashPassword(newPassword) : null;
  try {
    await db.transaction(async (tx) => {
      await tx
        .update(users)
        .set({
          username: input.username,
          fullname: input.fullname,
          accessLevel: input.accessLevel,
          locked: input.locked,
          validUntil: input.validUntil,
          language: input.language,
          mainDepartmentId: input.mainDepartmentId,
          // a password set by an administrator must be changed at the next sign-in unless unticked
          passwordExpired: input.mustChangePassword ?? (passwordHash !== null ? true : existing.mustChangePassword),
          ...(passwordHash !== null ? { passwordHash } : {}),
        })
        .where(eq(users.id, input.id));
      // a new password ends the user's other sessions; locking ends every one (unlocking revives none: README "Sessions")
      if (input.locked || (passwordHash !== null && input.id !== session.userId)) await tx.delete(sessions).where(eq(sessions.userId, input.id));
      if (input.departmentIds !== undefined) {
        await tx.delete(userDepartments).where(eq(userDepartments.userId, input.id));
        if (departmentIds.length > 0) await tx.insert(userDepartments).values(departmentIds.map((departmentId) => ({ userId: input.id, departmentId })));
      }
    });
  } catch (error) {
    return uniqueOr(error);
  }
  return loadUser(db, input.id);
}

export async function patchUser(db: Db, session: Actor, input: UserPatchInput): Promise<UserDetail> {
  await requireItem(db, session, 'users', input.departmentId);
  const existing = await loadUser(db, input.id);
  const { departmentIds: _links, mustChangePassword: _must, ...current } = existing;
  const merged: UserUpdateInput = {
    ...current,
    ...Object.fromEntries(Object.entries(input).filter(([, v]) => v !== undefined)),
    id: input.id,
  };
  return updateUser(db, session, merged);
}

export async function deleteUser(db: Db, session: Actor, input: UserIdInput): Promise<{ deleted: true }> {
  await requireItem(db, session, 'users', input.departmentId);
  if (input.id === session.userId) fail('Forbidden', { field: 'id' });
  const existing = await loadUser(db, input.id);
  assertMayTouch(session, existing.accessLevel);
  // links and sessions go with the user (on delete cascade)
  await db.delete(users).where(eq(users.id, input.id));
  return { deleted: true };
}

// ---- user-department links -------------------------------------------------------------------

const linkColumns = {
  id: userDepartments.id,
  userId: userDepartments.userId,
  deptId: userDepartments.departmentId,
  username: users.username,
  userFullname: users.fullname,
  accessLevel: users.accessLevel,
  isLocked: users.locked,
  validUntil: users.validUntil,
  deptCode: departments.code,
  name1Deu: departments.name1Deu,
  name2Deu: departments.name2Deu,
  name1Ita: departments.name1Ita,
  name2Ita: departments.name2Ita,
};

/** Departments below (and including) a superior one: the union has all, a district its own `x..`. */
async function subtreeCondition(db: Db, superDepartmentId: number, onlyOwn: boolean): Promise<SQL | undefined> {
  const [dept] = await db.select({ code: departments.code }).from(departments).where(eq(departments.id, superDepartmentId)).limit(1);
  if (!dept) fail('NotFound', { field: 'superDepartmentId' });
  if (onlyOwn) return eq(departments.id, superDepartmentId);
  const area = areaOfCode(dept.code);
  if (area === Area.Union) return undefined;
  if (area === Area.District) return like(departments.code, `${likeEscape(dept.code.charAt(0))}%`);
  return eq(departments.id, superDepartmentId);
}

/** Admin/UserDepartments (permission userDepartments): links with user and department, filtered and paged. */
export async function listUserDepartments(db: Db, session: Actor, input: UserDepartmentListInput): Promise<Page<UserDepartmentRow>> {
  await requireItem(db, session, 'userDepartments', input.departmentId);
  const where = and(
    input.superDepartmentId !== undefined ? await subtreeCondition(db, input.superDepartmentId, input.onlyOwnDepartment) : undefined,
    input.username ? ilike(users.username, `${likeEscape(input.username)}%`) : undefined,
    input.deptCode ? like(departments.code, `${likeEscape(input.deptCode)}%`) : undefined,
    input.userId !== undefined ? eq(userDepartments.userId, input.userId) : undefined,
  );
  const { limit, offset } = pageWindow(input);
  const base = () =>
    db
      .select(linkColumns)
      .from(userDepartments)
      .innerJoin(users, eq(users.id, userDepartments.userId))
      .innerJoin(departments, eq(departments.id, userDepartments.departmentId));
  const [rows, [total]] = await Promise.all([
    base()
      .where(where)
      .orderBy(asc(departments.code), asc(sql`lower(${users.username})`))
      .limit(limit)
      .offset(offset),
    db
      .select({ n: count() })
      .from(userDepartments)
      .innerJoin(users, eq(users.id, userDepartments.userId))
      .innerJoin(departments, eq(departments.id, userDepartments.departmentId))
      .where(where),
  ]);
  return toPage(rows, total?.n ?? 0, input);
}

async function loadLink(db: Db, id: number): Promise<UserDepartmentRow> {
  const [row] = await db
    .select(linkColumns)
    .from(userDepartments)
    .innerJoin(users, eq(users.id, userDepartments.userId))
    .innerJoin(departments, eq(departments.id, userDepartments.departmentId))
    .where(eq(userDepartments.id, id))
    .limit(1);
  if (!row) fail('NotFound', { field: 'id' });
  return row;
}

export async function getUserDepartment(db: Db, session: Actor, input: UserDepartmentIdInput): Promise<UserDepartmentRow> {
  await requireItem(db, session, 'userDepartments', input.departmentId);
  return loadLink(db, input.id);
}

export async function createUserDepartment(db: Db, session: Actor, input: UserDepartmentInput): Promise<UserDepartmentRow> {
  await requireItem(db, session, 'userDepartments', input.departmentId);
  const [user] = await db.select({ accessLevel: users.accessLevel }).from(users).where(eq(users.id, input.userId)).limit(1);
  if (!user) fail('InvalidValue', { field: 'userId' });
  assertMayTouch(session, user.accessLevel);
  const [dept] = await db.select({ id: departments.id }).from(departments).where(eq(departments.id, input.deptId)).limit(1);
  if (!dept) fail('InvalidValue', { field: 'deptId' });
  const inserted = await db
    .insert(userDepartments)
    .values({ userId: input.userId, departmentId: input.deptId })
    .onConflictDoNothing()
    .returning({ id: userDepartments.id });
  const row = inserted[0];
  if (!row) fail('AlreadyLinked');
  return loadLink(db, row.id);
}

/**
 * PUT/PATCH Admin/UserDepartments/{id}: moves a link to another user and/or department (fields not
 * sent stay). Both users must be ones the actor may touch; the old user keeps at least one department
 * (DepartmentNeeded) and loses the main department that left; an existing link is AlreadyLinked.
 */
export async function updateUserDepartment(db: Db, session: Actor, input: UserDepartmentPatchInput): Promise<UserDepartmentRow> {
  await requireItem(db, session, 'userDepartments', input.departmentId);
  const link = await loadLink(db, input.id);
  assertMayTouch(session, link.accessLevel);
  const userId = input.userId ?? link.userId;
  const deptId = input.deptId ?? link.deptId;
  if (userId === link.userId && deptId === link.deptId) return link;
  const [user] = await db.select({ accessLevel: users.accessLevel }).from(users).where(eq(users.id, userId)).limit(1);
  if (!user) fail('InvalidValue', { field: 'userId' });
  assertMayTouch(session, user.accessLevel);
  const [dept] = await db.select({ id: departments.id }).from(departments).where(eq(departments.id, deptId)).limit(1);
  if (!dept) fail('InvalidValue', { field: 'deptId' });
  await db.transaction(async (tx) => {
    const links = await tx
      .select({ id: userDepartments.id, userId: userDepartments.userId, departmentId: userDepartments.departmentId })
      .from(userDepartments)
      .where(inArray(userDepartments.userId, [...new Set([link.userId, userId])]))
      .for('update');
    if (links.some((l) => l.id !== input.id && l.userId === userId && l.departmentId === deptId)) fail('AlreadyLinked');
    if (userId !== link.userId && link.accessLevel !== AccessLevel.Supervisor && links.filter((l) => l.userId === link.userId).length <= 1)
      fail('DepartmentNeeded');
    await tx.update(userDepartments).set({ userId, departmentId: deptId }).where(eq(userDepartments.id, input.id));
    await tx
      .update(users)
      .set({ mainDepartmentId: null })
      .where(and(eq(users.id, link.userId), eq(users.mainDepartmentId, link.deptId)));
  });
  return loadLink(db, input.id);
}

/** Removes a link; the last department of a Standard or Administrator user stays (DepartmentNeeded). */
export async function deleteUserDepartment(db: Db, session: Actor, input: UserDepartmentIdInput): Promise<{ deleted: true }> {
  await requireItem(db, session, 'userDepartments', input.departmentId);
  const link = await loadLink(db, input.id);
  assertMayTouch(session, link.accessLevel);
  await db.transaction(async (tx) => {
    // lock the user's links so two concurrent deletes cannot remove the last two at once
    const links = await tx.select({ id: userDepartments.id }).from(userDepartments).where(eq(userDepartments.userId, link.userId)).for('update');
    if (link.accessLevel !== AccessLevel.Supervisor && links.length <= 1) fail('DepartmentNeeded');
    await tx.delete(userDepartments).where(eq(userDepartments.id, input.id));
    await tx
      .update(users)
      .set({ mainDepartmentId: null })
      .where(and(eq(users.id, link.userId), eq(users.mainDepartmentId, link.deptId)));
  });
  return { deleted: true };
}

/** departmentUsers: the users linked to the scope department; open to every user linked to it. */
export async function departmentUsers(db: Db, session: Actor, input: DepartmentUsersInput): Promise<Page<UserDepartmentRow>> {
  await assertDepartmentAccess(db, session, input.departmentId);
  const where = eq(userDepartments.departmentId, input.departmentId);
  const { limit, offset } = pageWindow(input);
  const [rows, [total]] = await Promise.all([
    db
      .select(linkColumns)
      .from(userDepartments)
      .innerJoin(users, eq(users.id, userDepartments.userId))
      .innerJoin(departments, eq(departments.id, userDepartments.departmentId))
      .where(where)
      .orderBy(asc(sql`lower(${users.username})`))
      .limit(limit)
      .offset(offset),
    db.select({ n: count() }).from(userDepartments).where(where),
  ]);
  return toPage(rows, total?.n ?? 0, input);
}
