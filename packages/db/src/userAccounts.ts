import { AccessLevel } from '@app/domain';
import { count, inArray, sql } from 'drizzle-orm';
import { appendAudit } from './auditAppend.ts';
import type { Db, Tx } from './client.ts';
import { hashPassword } from './password.ts';
import { departments, userDepartments, users } from './schema/index.ts';
import { lockFirstData } from './seed/index.ts';
import { checkAccount, type NewUserAccount, UserAccountError } from './userAccountRules.ts';

/** Users created from outside the app (`npm run user:create`, INITIAL_SUPERVISOR at start); the checks are in userAccountRules.ts. */
export * from './userAccountRules.ts';

async function hasUsers(db: Db | Tx): Promise<boolean> {
  const [row] = await db.select({ n: count() }).from(users);
  return (row?.n ?? 0) > 0;
}

function userExists(username: string): UserAccountError {
  return new UserAccountError('UserExists', `a user "${username}" exists already; nothing was written`);
}

/**
 * The trail row of a user created from outside the app (issue 27), in the creating transaction: nobody signed in did
 * it, so the actor is `system` (no user id, no address) and the procedure names the way in (`user:create`,
 * `INITIAL_SUPERVISOR`); `changes.rows` holds the inserted users (and user_departments) rows the capture triggers took,
 * without the password hash. Without it those captured rows would be purged at the next start, and the trail would
 * not say where the first supervisor came from.
 */
async function recordCreatedUser(
  tx: Tx,
  procedure: 'user:create' | 'INITIAL_SUPERVISOR',
  user: { id: number; username: string; fullname: string; accessLevel: number; departmentCodes: string[] },
): Promise<void> {
  await appendAudit(tx, {
    userId: null,
    userName: 'system',
    clientAddress: '',
    departmentId: null,
    year: null,
    entity: 'user',
    entityId: String(user.id),
    recordNumber: null,
    action: 'created',
    procedure,
    input: { username: user.username, fullname: user.fullname, accessLevel: user.accessLevel, departments: user.departmentCodes },
  });
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
      await recordCreatedUser(tx, 'user:create', { ...account, id: row.id });
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
    const [row] = await tx
      .insert(users)
      .values({
        username: account.username,
        fullname: account.fullname,
        passwordHash,
        accessLevel: AccessLevel.Supervisor,
        passwordExpired: true,
      })
      .returning({ id: users.id });
    if (!row) throw new Error('user insert returned nothing');
    await recordCreatedUser(tx, 'INITIAL_SUPERVISOR', { ...account, id: row.id });
    return true;
  });
}
