import { recordAudit } from './auditRecord.ts';
import { createHash, randomBytes } from 'node:crypto';
import { AUDIT_OFF, type Db, schema, toBool, type Tx } from '@app/db';
import { hashPassword, verifyPassword } from '@app/db/password';
import {
  type AccessLevel,
  AppError,
  type ChangePasswordInput,
  checkNewPassword,
  type Language,
  LOGIN_THROTTLE,
  type LoginInput,
  type LoginResult,
  SESSION_TTL_HOURS,
  type SessionUser,
  todayIso,
} from '@app/domain';
import { eq, sql } from 'drizzle-orm';
import type { Session } from '../context.ts';
import { toTrpcError } from '../errors.ts';

const { departments, loginThrottle, sessions, userDepartments, users } = schema;

export interface RequestMeta {
  ip: string;
  now: Date;
}

export function hashToken(token: string): string {
  return createHash('sha256').update(token).digest('hex');
}

type UserRow = typeof users.$inferSelect;

function toSessionUser(u: Omit<UserRow, 'passwordHash'>): SessionUser {
  return {
    userId: u.id,
    username: u.username,
    fullname: u.fullname,
    accessLevel: u.accessLevel as SessionUser['accessLevel'],
    language: (u.language === 'it' ? 'it' : 'de') as Language,
    mainDepartmentId: u.mainDepartmentId,
  };
}

function reject(code: ConstructorParameters<typeof AppError>[0]): never {
  throw toTrpcError(new AppError(code));
}

/** True when the user may not sign in at all (locked, or past valid-until). */
function blockedReason(u: Pick<UserRow, 'locked' | 'validUntil'>, now: Date): 'UserLocked' | 'UserExpired' | null {
  if (u.locked) return 'UserLocked';
  if (u.validUntil && u.validUntil < todayIso(now)) return 'UserExpired';
  return null;
}

const WINDOW_MS = LOGIN_THROTTLE.windowMinutes * 60_000;

function throttleKeys(username: string, ip: string) {
  const user = username.trim().toLowerCase().slice(0, 20);
  const address = ip.slice(0, 64);
  return { address: `a:${address}`, pair: `p:${address}|${user}`, user: `u:${user}` };
}

/**
 * Counts one attempt on a throttle key and returns the new count; the upsert locks the row until the
 * transaction ends, so concurrent attempts count one after the other. A passed window starts over.
 */
async function countAttempt(tx: Tx, key: string, now: Date): Promise<{ attempts: number; nextCheckAt: Date | null }> {
  const since = sql`${new Date(now.getTime() - WINDOW_MS).toISOString()}::timestamptz`;
  const at = sql`${now.toISOString()}::timestamptz`;
  const [row] = await tx
    .insert(loginThrottle)
    .values({ key, attempts: 1, windowStart: now })
    .onConflictDoUpdate({
      target: loginThrottle.key,
      set: {
        attempts: sql`case when ${loginThrottle.windowStart} <= ${since} then 1 else ${loginThrottle.attempts} + 1 end`,
        windowStart: sql`case when ${loginThrottle.windowStart} <= ${since} then ${at} else ${loginThrottle.windowStart} end`,
      },
    })
    .returning({ attempts: loginThrottle.attempts, nextCheckAt: loginThrottle.nextCheckAt });
  return row ?? { attempts: 1, nextCheckAt: null };
}

/**
 * Counts the attempt before its password is checked, atomically in the database (so it holds across
 * server instances and concurrent requests): refused with TooManyAttempts when the pair (username,
 * address) or the address has used its budget (the refused attempt counts nothing). A username past
 * `slowAfter` attempts gets a turn: the answer is how long this attempt waits for it (ms).
 */
async function reserveAttempt(db: Db, username: string, meta: RequestMeta): Promise<number> {
  const keys = throttleKeys(username, meta.ip);
  const now = meta.now.getTime();
  return db.transaction(async (tx) => {
    const address = await countAttempt(tx, keys.address, meta.now);
    const pair = await countAttempt(tx, keys.pair, meta.now);
    if (address.attempts > LOGIN_THROTTLE.maxPerAddress || pair.attempts > LOGIN_THROTTLE.maxPerPair) reject('TooManyAttempts');
    const user = await countAttempt(tx, keys.user, meta.now);
    if (user.attempts <= LOGIN_THROTTLE.slowAfter) return 0;
    const turn = Math.max(now, user.nextCheckAt?.getTime() ?? 0);
    if (turn - now > LOGIN_THROTTLE.maxWaitSeconds * 1000) reject('TooManyAttempts');
    const spacing = Math.min(LOGIN_THROTTLE.firstDelaySeconds * 2 ** (user.attempts - LOGIN_THROTTLE.slowAfter - 1), LOGIN_THROTTLE.maxDelaySeconds);
    await tx
      .update(loginThrottle)
      .set({ nextCheckAt: new Date(turn + spacing * 1000) })
      .where(eq(loginThrottle.key, keys.user));
    return turn - now;
  });
}

/** A right password takes its attempt back: the address budget is not used, pair and username start over. */
async function releaseAttempt(db: Db, username: string, meta: RequestMeta): Promise<void> {
  const keys = throttleKeys(username, meta.ip);
  await db.transaction(async (tx) => {
    await tx
      .update(loginThrottle)
      .set({ attempts: sql`greatest(${loginThrottle.attempts} - 1, 0)` })
      .where(eq(loginThrottle.key, keys.address));
    await tx.delete(loginThrottle).where(eq(loginThrottle.key, keys.pair));
    await tx.delete(loginThrottle).where(eq(loginThrottle.key, keys.user));
  });
}

/** Deletes counters whose window has passed (rows another request holds are left for later). */
async function dropPassedCounters(db: Db, now: Date): Promise<void> {
  const since = new Date(now.getTime() - WINDOW_MS).toISOString();
  await db.execute(sql`delete from ${loginThrottle} where ${loginThrottle.key} in (
    select ${loginThrottle.key} from ${loginThrottle}
    where ${loginThrottle.windowStart} <= ${since}::timestamptz and (${loginThrottle.nextCheckAt} is null or ${loginThrottle.nextCheckAt} <= ${now.toISOString()}::timestamptz)
    limit 200 for update skip locked)`);
}

/**
 * An argon2id hash (the parameters hashPassword uses) of a random password nobody knows: an unknown
 * username is checked against it, so it costs the same time as a known one from the first request on.
 */
export const DUMMY_PASSWORD_HASH = '$argon2id$v=19$m=19456,t=2,p=1$pcihGrA/jZM6dLP4GQJRKA$ivvJML3/n5rfKc9eTiRjeBuXYuRB1+K5aNG8Srpz/bU';

/**
 * Checks username and password (throttled, see reserveAttempt). A wrong pair is answered
 * WrongCredentials; an unknown username does the same argon2 work as a known one. A locked or expired
 * user is only told so once the password was right, so the answer gives nothing away to a guesser.
 */
async function authenticate(db: Db, username: string, password: string, meta: RequestMeta): Promise<UserRow> {
  const wait = await reserveAttempt(db, username, meta);
  if (wait > 0) await new Promise((resolve) => setTimeout(resolve, wait));
  const [user] = await db
    .select()
    .from(users)
    .where(sql`lower(${users.username}) = lower(${username})`)
    .limit(1);
  const ok = await verifyPassword(user ? user.passwordHash : DUMMY_PASSWORD_HASH, password);
  if (!user || !ok) {
    await dropPassedCounters(db, meta.now);
    await recordSignInFailed(db, user ?? null, username, meta, 'WrongCredentials');
    reject('WrongCredentials');
  }
  await releaseAttempt(db, username, meta);
  const blocked = blockedReason(user, meta.now);
  if (blocked) {
    await recordSignInFailed(db, user, username, meta, blocked);
    reject(blocked);
  }
  return user;
}

/** A refused sign-in in the audit trail (issue 27), in a transaction of its own: the sign-in itself answers a refusal. */
async function recordSignInFailed(db: Db, user: UserRow | null, username: string, meta: RequestMeta, reason: string): Promise<void> {
  await db.transaction((tx) =>
    recordAudit(
      tx as unknown as Db,
      { userId: user?.id ?? null, userName: user?.username ?? username, clientAddress: meta.ip },
      { entity: 'session', entityId: user?.id ?? null, action: 'signInFailed', procedure: 'auth.login', changes: { reason } },
    ),
  );
}

function userActor(user: Pick<UserRow, 'id' | 'username'>, ip: string) {
  return { userId: user.id, userName: user.username, clientAddress: ip };
}

async function createSession(db: Db, user: UserRow, remember: boolean, meta: RequestMeta): Promise<LoginResult> {
  const now = meta.now;
  const token = randomBytes(32).toString('base64url');
  const ttl = remember ? SESSION_TTL_HOURS.remembered : SESSION_TTL_HOURS.tab;
  const expiresAt = new Date(now.getTime() + ttl * 3_600_000);
  await db.transaction(async (tx) => {
    await tx.insert(sessions).values({ tokenHash: hashToken(token), userId: user.id, remember, createdAt: now, expiresAt });
    await recordAudit(tx as unknown as Db, userActor(user, meta.ip), {
      entity: 'session',
      entityId: user.id,
      action: 'signedIn',
      procedure: 'auth.login',
      changes: { remember },
    });
  });
  return { ...toSessionUser(user), token, expiresAt: expiresAt.toISOString() };
}

export async function login(db: Db, input: LoginInput, meta: RequestMeta): Promise<LoginResult> {
  const user = await authenticate(db, input.username, input.password, meta);
  if (user.passwordExpired) reject('PasswordExpired');
  return createSession(db, user, input.remember, meta);
}

async function setNewPassword(
  db: Db,
  input: ChangePasswordInput,
  meta: RequestMeta,
  procedure: 'auth.changePassword' | 'auth.changePasswordAndLogin',
): Promise<UserRow> {
  const problem = checkNewPassword(input.password, input.newPassword, input.newPasswordRepeat);
  if (problem === 'PasswordRepeatWrong') reject(problem);
  const user = await authenticate(db, input.username, input.password, meta);
  if (problem) reject(problem);
  const passwordHash = await hashPassword(input.newPassword);
  await db.transaction(async (tx) => {
    await tx.update(users).set({ passwordHash, passwordExpired: false }).where(eq(users.id, user.id));
    // a new password ends every other session of the user
    await tx.delete(sessions).where(eq(sessions.userId, user.id));
    await recordAudit(tx as unknown as Db, userActor(user, meta.ip), {
      entity: 'user',
      entityId: user.id,
      action: 'passwordChanged',
      procedure,
    });
  });
  return { ...user, passwordHash, passwordExpired: false };
}

/** Changes the password (also when it has expired) and signs in. */
export async function changePasswordAndLogin(db: Db, input: ChangePasswordInput, meta: RequestMeta): Promise<LoginResult> {
  const user = await setNewPassword(db, input, meta, 'auth.changePasswordAndLogin');
  return createSession(db, user, input.remember, meta);
}

/** Changes the password without signing in; the client then shows PasswordChanged and the sign-in form. */
export async function changePassword(db: Db, input: ChangePasswordInput, meta: RequestMeta): Promise<{ changed: true; message: 'PasswordChanged' }> {
  await setNewPassword(db, input, meta, 'auth.changePassword');
  return { changed: true, message: 'PasswordChanged' };
}

/** A scoped call's department as the session lookup read it along (resolveSessionWithDepartment). */
export interface AskedDepartment {
  id: number;
  /** Its id and code (all a scope needs); null: no such department. */
  row: { id: number; code: string } | null;
  /** The session's user is linked to it (user_departments). */
  linked: boolean;
}

/**
 * The session behind a token, or null when unknown, expired, or its user is locked or past
 * valid-until (so a lock takes effect at once). Sliding expiry: a session used after half its
 * lifetime is extended.
 */
export async function resolveSession(db: Db, token: string, now: Date): Promise<Session | null> {
  return (await resolveSessionWithDepartment(db, token, now, null))?.session ?? null;
}

/**
 * The session statement, built once per database handle and run prepared (issue 29: building a
 * select of three tables on every call cost more CPU than running it): the session by its token
 * hash, its user, and — in the variant with a department — the asked department's row and whether
 * the user is linked to it. `snapshot` is the database's current snapshot (readCache.ts: the key
 * that changes whenever any write anywhere completes).
 */
function sessionStatements(db: Db, withWalLsn: boolean) {
  const tokenHash = sql.placeholder('tokenHash');
  const departmentId = sql.placeholder('departmentId');
  // with a read replica (DATABASE_READ_URL) also the primary's WAL position: a replica that has replayed it holds every commit before this call
  const snapshot = withWalLsn ? sql<string>`pg_current_snapshot()::text || '|' || pg_current_wal_lsn()::text` : sql<string>`pg_current_snapshot()::text`;
  // only the columns a call needs: never the password hash, the department's 40 address fields
  const session = { id: sessions.id, expiresAt: sessions.expiresAt, remember: sessions.remember };
  const user = {
    id: users.id,
    username: users.username,
    fullname: users.fullname,
    accessLevel: users.accessLevel,
    language: users.language,
    mainDepartmentId: users.mainDepartmentId,
    locked: users.locked,
    validUntil: users.validUntil,
    passwordExpired: users.passwordExpired,
  };
  const plain = db
    .select({ session, user, snapshot })
    .from(sessions)
    .innerJoin(users, eq(users.id, sessions.userId))
    .where(eq(sessions.tokenHash, tokenHash))
    .limit(1)
    .prepare('session_lookup');
  const withDepartment = db
    .select({
      session,
      user,
      snapshot,
      department: { id: departments.id, code: departments.code },
      linked: sql<unknown>`exists (select 1 from ${userDepartments} ud where ud.user_id = ${users.id} and ud.department_id = ${departmentId})`,
    })
    .from(sessions)
    .innerJoin(users, eq(users.id, sessions.userId))
    .leftJoin(departments, eq(departments.id, departmentId))
    .where(eq(sessions.tokenHash, tokenHash))
    .limit(1)
    .prepare('session_lookup_department');
  return { plain, withDepartment };
}
const preparedSessions = new WeakMap<Db, ReturnType<typeof sessionStatements>>();
const preparedSessionsWithWal = new WeakMap<Db, ReturnType<typeof sessionStatements>>();

/**
 * resolveSession, with the department a scoped call asks for (`departmentId`, not null) read in the
 * same statement: the row and whether the user is linked to it, for the access check
 * (scope.ts departmentAccess) — one round trip for session and scope on every scoped call.
 */
export async function resolveSessionWithDepartment(
  db: Db,
  token: string,
  now: Date,
  departmentId: number | null,
  options: { walLsn?: boolean } = {},
): Promise<{ session: Session; department: AskedDepartment | null; snapshot: string; walLsn?: string } | null> {
  const withWal = options.walLsn === true;
  const prepared = withWal ? preparedSessionsWithWal : preparedSessions;
  let statements = prepared.get(db);
  if (!statements) prepared.set(db, (statements = sessionStatements(db, withWal)));
  const tokenHash = hashToken(token);
  let row: Awaited<ReturnType<ReturnType<typeof sessionStatements>['plain']['execute']>>[number] | undefined;
  let department: AskedDepartment | null = null;
  if (departmentId === null) row = (await statements.plain.execute({ tokenHash }))[0];
  else {
    const found = (await statements.withDepartment.execute({ tokenHash, departmentId }))[0];
    row = found;
    if (found) department = { id: departmentId, row: found.department, linked: toBool(found.linked) };
  }
  if (!row) return null;
  if (row.session.expiresAt <= now) return null;
  if (blockedReason(row.user, now) || row.user.passwordExpired) return null;
  const ttlMs = (row.session.remember ? SESSION_TTL_HOURS.remembered : SESSION_TTL_HOURS.tab) * 3_600_000;
  if (row.session.expiresAt.getTime() - now.getTime() < ttlMs / 2) {
    await db
      .update(sessions)
      .set({ expiresAt: new Date(now.getTime() + ttlMs) })
      .where(eq(sessions.id, row.session.id));
  }
  return {
    session: { ...toSessionUser(row.user), sessionId: row.session.id },
    department,
    ...(withWal
      ? { snapshot: row.snapshot.slice(0, row.snapshot.indexOf('|')), walLsn: row.snapshot.slice(row.snapshot.indexOf('|') + 1) }
      : { snapshot: row.snapshot }),
  };
}

export async function logout(db: Db, session: Session, ip = ''): Promise<{ ok: true }> {
  await db.transaction(async (tx) => {
    await tx.delete(sessions).where(eq(sessions.id, session.sessionId));
    await recordAudit(
      tx as unknown as Db,
      { userId: session.userId, userName: session.username, clientAddress: ip },
      {
        entity: 'session',
        entityId: session.userId,
        action: 'signedOut',
        procedure: 'auth.logout',
      },
    );
  });
  return { ok: true };
}

/** The user's own interface language: not an audited write (actions.ts), so its row is not captured either (nothing is left for the start-up purge). */
export async function setLanguage(db: Db, session: Session, language: Language): Promise<SessionUser> {
  const [user] = await db.transaction(async (tx) => {
    await tx.execute(AUDIT_OFF);
    return tx.update(users).set({ language }).where(eq(users.id, session.userId)).returning();
  });
  if (!user) reject('NotAuthenticated');
  return toSessionUser(user);
}

export function currentUser(session: Session): SessionUser {
  const { sessionId: _ignored, ...user } = session;
  return user;
}

export type { AccessLevel };
