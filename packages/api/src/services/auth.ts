import { createHash, randomBytes } from 'node:crypto';
import { type Db, hashPassword, schema, verifyPassword } from '@app/db';
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
import { and, count, eq, gt, sql } from 'drizzle-orm';
import type { Session } from '../context.ts';
import { toTrpcError } from '../errors.ts';

const { loginFailures, sessions, users } = schema;

export interface RequestMeta {
  ip: string;
  now: Date;
}

export function hashToken(token: string): string {
  return createHash('sha256').update(token).digest('hex');
}

type UserRow = typeof users.$inferSelect;

function toSessionUser(u: UserRow): SessionUser {
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
function blockedReason(u: UserRow, now: Date): 'UserLocked' | 'UserExpired' | null {
  if (u.locked) return 'UserLocked';
  if (u.validUntil && u.validUntil < todayIso(now)) return 'UserExpired';
  return null;
}

async function assertNotThrottled(db: Db, username: string, meta: RequestMeta): Promise<void> {
  const since = new Date(meta.now.getTime() - LOGIN_THROTTLE.windowMinutes * 60_000);
  const [byUser] = await db
    .select({ n: count() })
    .from(loginFailures)
    .where(and(sql`lower(${loginFailures.username}) = lower(${username})`, gt(loginFailures.at, since)));
  const [byAddress] = await db
    .select({ n: count() })
    .from(loginFailures)
    .where(and(eq(loginFailures.address, meta.ip), gt(loginFailures.at, since)));
  if ((byUser?.n ?? 0) >= LOGIN_THROTTLE.maxPerUser || (byAddress?.n ?? 0) >= LOGIN_THROTTLE.maxPerAddress) {
    reject('TooManyAttempts');
  }
}

/**
 * Checks username and password (throttled per user and per address). A wrong pair is recorded as a
 * failure and answered WrongCredentials; a locked or expired user is only told so once the password
 * was right, so the answer gives nothing away to a guesser.
 */
async function authenticate(db: Db, username: string, password: string, meta: RequestMeta): Promise<UserRow> {
  await assertNotThrottled(db, username, meta);
  const [user] = await db
    .select()
    .from(users)
    .where(sql`lower(${users.username}) = lower(${username})`)
    .limit(1);
  const ok = user ? await verifyPassword(user.passwordHash, password) : false;
  if (!user || !ok) {
    await db.insert(loginFailures).values({ username: username.slice(0, 20), address: meta.ip.slice(0, 64), at: meta.now });
    reject('WrongCredentials');
  }
  const blocked = blockedReason(user, meta.now);
  if (blocked) reject(blocked);
  return user;
}

async function createSession(db: Db, user: UserRow, remember: boolean, now: Date): Promise<LoginResult> {
  const token = randomBytes(32).toString('base64url');
  const ttl = remember ? SESSION_TTL_HOURS.remembered : SESSION_TTL_HOURS.tab;
  const expiresAt = new Date(now.getTime() + ttl * 3_600_000);
  await db.transaction(async (tx) => {
    await tx.insert(sessions).values({ tokenHash: hashToken(token), userId: user.id, remember, createdAt: now, expiresAt });
    await tx.delete(loginFailures).where(sql`lower(${loginFailures.username}) = lower(${user.username})`);
  });
  return { ...toSessionUser(user), token, expiresAt: expiresAt.toISOString() };
}

export async function login(db: Db, input: LoginInput, meta: RequestMeta): Promise<LoginResult> {
  const user = await authenticate(db, input.username, input.password, meta);
  if (user.passwordExpired) reject('PasswordExpired');
  return createSession(db, user, input.remember, meta.now);
}

async function setNewPassword(db: Db, input: ChangePasswordInput, meta: RequestMeta): Promise<UserRow> {
  const problem = checkNewPassword(input.password, input.newPassword, input.newPasswordRepeat);
  if (problem === 'PasswordRepeatWrong') reject(problem);
  const user = await authenticate(db, input.username, input.password, meta);
  if (problem) reject(problem);
  const passwordHash = await hashPassword(input.newPassword);
  await db.transaction(async (tx) => {
    await tx.update(users).set({ passwordHash, passwordExpired: false }).where(eq(users.id, user.id));
    // a new password ends every other session of the user
    await tx.delete(sessions).where(eq(sessions.userId, user.id));
  });
  return { ...user, passwordHash, passwordExpired: false };
}

/** Changes the password (also when it has expired) and signs in. */
export async function changePasswordAndLogin(db: Db, input: ChangePasswordInput, meta: RequestMeta): Promise<LoginResult> {
  const user = await setNewPassword(db, input, meta);
  return createSession(db, user, input.remember, meta.now);
}

/** Changes the password without signing in; the client then shows PasswordChanged and the sign-in form. */
export async function changePassword(db: Db, input: ChangePasswordInput, meta: RequestMeta): Promise<{ changed: true; message: 'PasswordChanged' }> {
  await setNewPassword(db, input, meta);
  return { changed: true, message: 'PasswordChanged' };
}

/**
 * The session behind a token, or null when unknown, expired, or its user is locked or past
 * valid-until (so a lock takes effect at once). Sliding expiry: a session used after half its
 * lifetime is extended.
 */
export async function resolveSession(db: Db, token: string, now: Date): Promise<Session | null> {
  const rows = await db
    .select({ session: sessions, user: users })
    .from(sessions)
    .innerJoin(users, eq(users.id, sessions.userId))
    .where(eq(sessions.tokenHash, hashToken(token)))
    .limit(1);
  const row = rows[0];
  if (!row) return null;
  if (row.session.expiresAt <= now) return null;
  if (blockedReason(row.user, now) || row.user.passwordExpired) return null;
  const ttlMs = (row.session.remember ? SESSION_TTL_HOURS.remembered : SESSION_TTL_HOURS.tab) * 3_600_000;
  if (row.session.expiresAt.getTime() - now.getTime() < ttlMs / 2) {
    await db.update(sessions).set({ expiresAt: new Date(now.getTime() + ttlMs) }).where(eq(sessions.id, row.session.id));
  }
  return { ...toSessionUser(row.user), sessionId: row.session.id };
}

export async function logout(db: Db, session: Session): Promise<{ ok: true }> {
  await db.delete(sessions).where(eq(sessions.id, session.sessionId));
  return { ok: true };
}

export async function setLanguage(db: Db, session: Session, language: Language): Promise<SessionUser> {
  const [user] = await db.update(users).set({ language }).where(eq(users.id, session.userId)).returning();
  if (!user) reject('NotAuthenticated');
  return toSessionUser(user);
}

export function currentUser(session: Session): SessionUser {
  const { sessionId: _ignored, ...user } = session;
  return user;
}

export type { AccessLevel };
