import { schema } from '@app/db';
import { hashPassword } from '@app/db/password';
import { passwordChecks } from '@app/db/password';
import { TRPCError } from '@trpc/server';
import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { createContextInner } from '../context.ts';
import { safeErrorInfo } from '../errors.ts';
import { createCaller } from '../root.ts';
import { anonymous, describeOnDatabases, expectAppError, signedIn } from '../test-utils.ts';
import { DUMMY_PASSWORD_HASH, hashToken } from './auth.ts';

describeOnDatabases('auth', (get) => {
  describe('sign-in', () => {
    it('signs a demo user in and returns token, level, id and language', async () => {
      const { login } = await signedIn(get(), 'kassier');
      expect(login.username).toBe('kassier');
      expect(login.accessLevel).toBe(2);
      expect(login.language).toBe('de');
      expect(login.token).toMatch(/^[A-Za-z0-9_-]{43}$/);
      const [row] = await get()
        .db.select()
        .from(schema.sessions)
        .where(eq(schema.sessions.tokenHash, hashToken(login.token)));
      expect(row?.userId).toBe(login.userId);
      // only the hash is stored
      const all = await get().db.select({ h: schema.sessions.tokenHash }).from(schema.sessions);
      expect(all.some((s) => s.h === login.token)).toBe(false);
    });

    it('ignores the case of the username', async () => {
      const { login } = await signedIn(get(), 'KASSIER');
      expect(login.username).toBe('kassier');
    });

    it('refuses a wrong password and an unknown user with WrongCredentials', async () => {
      const c = await anonymous(get(), '10.1.0.1');
      await expectAppError(c.auth.login({ username: 'kassier', password: 'wrong', remember: false }), 'WrongCredentials');
      await expectAppError(c.auth.login({ username: 'nobody', password: 'demo', remember: false }), 'WrongCredentials');
    });

    it('refuses a locked user, but only with the right password', async () => {
      const c = await anonymous(get(), '10.1.0.2');
      await expectAppError(c.auth.login({ username: 'gesperrt', password: 'demo', remember: false }), 'UserLocked');
      await expectAppError(c.auth.login({ username: 'gesperrt', password: 'nope', remember: false }), 'WrongCredentials');
    });

    it('refuses a user past valid-until and ends their open sessions at once', async () => {
      const { caller } = await signedIn(get(), 'zwei', 'demo', '10.1.0.3');
      expect((await caller.auth.me()).username).toBe('zwei');
      await get().db.update(schema.users).set({ validUntil: '2020-01-01' }).where(eq(schema.users.username, 'zwei'));
      try {
        await expectAppError(caller.auth.me(), 'NotAuthenticated');
        await expectAppError((await anonymous(get(), '10.1.0.3')).auth.login({ username: 'zwei', password: 'demo', remember: false }), 'UserExpired');
      } finally {
        await get().db.update(schema.users).set({ validUntil: null }).where(eq(schema.users.username, 'zwei'));
      }
    });

    it('answers InvalidValue for a username over 20 characters', async () => {
      const c = await anonymous(get(), '10.1.0.4');
      await expectAppError(c.auth.login({ username: 'x'.repeat(21), password: 'demo', remember: false }), 'InvalidValue');
    });
  });

  describe('sessions', () => {
    it('needs a token for authed calls', async () => {
      await expectAppError((await anonymous(get())).auth.me(), 'NotAuthenticated');
      const bogus = createCaller(await createContextInner({ db: get().db, token: 'not-a-token' }));
      await expectAppError(bogus.auth.me(), 'NotAuthenticated');
    });

    it('ends the session on sign-out', async () => {
      const { caller } = await signedIn(get(), 'admin');
      expect((await caller.auth.logout()).ok).toBe(true);
      await expectAppError(caller.auth.me(), 'NotAuthenticated');
    });

    it('expires a tab session after 12 hours and a remembered one after 30 days', async () => {
      const now = new Date('2026-03-01T08:00:00Z');
      const c = createCaller(await createContextInner({ db: get().db, ip: '10.1.0.5', now: () => now }));
      const tab = await c.auth.login({ username: 'admin', password: 'demo', remember: false });
      const kept = await c.auth.login({ username: 'admin', password: 'demo', remember: true });
      expect(new Date(tab.expiresAt).getTime() - now.getTime()).toBe(12 * 3_600_000);
      expect(new Date(kept.expiresAt).getTime() - now.getTime()).toBe(30 * 24 * 3_600_000);
      const later = new Date(now.getTime() + 13 * 3_600_000);
      const atLater = async (token: string) => createCaller(await createContextInner({ db: get().db, token, now: () => later }));
      await expectAppError((await atLater(tab.token)).auth.me(), 'NotAuthenticated');
      expect((await (await atLater(kept.token)).auth.me()).username).toBe('admin');
    });

    it('keeps the language per user', async () => {
      const { caller, login } = await signedIn(get(), 'admin');
      expect((await caller.auth.setLanguage({ language: 'it' })).language).toBe('it');
      const again = await signedIn(get(), 'admin');
      expect(again.login.language).toBe('it');
      await caller.auth.setLanguage({ language: 'de' });
      expect(login.userId).toBe(again.login.userId);
    });
  });

  describe('throttling', () => {
    const login = async (ip: string, username: string, password: string, now?: Date) =>
      createCaller(await createContextInner({ db: get().db, ip, ...(now ? { now: () => now } : {}) })).auth.login({ username, password, remember: false });
    const codeOf = async (promise: Promise<unknown>): Promise<string> => {
      try {
        await promise;
        return 'ok';
      } catch (error) {
        return (error instanceof TRPCError && safeErrorInfo(error)?.code) || 'unexpected';
      }
    };

    it('refuses a username from one address after 5 failures there, but lets the right password in from another address', async () => {
      for (let i = 0; i < 5; i++) await expectAppError(login('10.2.0.1', 'kassier', 'bad'), 'WrongCredentials');
      await expectAppError(login('10.2.0.1', 'kassier', 'demo'), 'TooManyAttempts');
      await expectAppError(login('10.2.0.1', 'KASSIER ', 'demo'), 'TooManyAttempts');
      // the same office address still signs other users in, the user signs in from elsewhere
      expect((await login('10.2.0.1', 'zwei', 'demo')).username).toBe('zwei');
      expect((await login('10.2.0.2', 'kassier', 'demo')).username).toBe('kassier');
    });

    it('checks at most 5 passwords of 30 simultaneous wrong attempts from one address', async () => {
      const before = passwordChecks();
      const codes = await Promise.all(Array.from({ length: 30 }, () => codeOf(login('10.2.1.1', 'admin', 'bad'))));
      expect(passwordChecks() - before).toBe(5);
      expect(codes.filter((c) => c === 'WrongCredentials')).toHaveLength(5);
      expect(codes.filter((c) => c === 'TooManyAttempts')).toHaveLength(25);
    });

    it('answers TooManyAttempts after 30 failures from one address, for any user', async () => {
      for (let i = 0; i < 30; i++) await expectAppError(login('10.3.0.1', `guess${i}`, 'bad'), 'WrongCredentials');
      const before = passwordChecks();
      await expectAppError(login('10.3.0.1', 'admin', 'demo'), 'TooManyAttempts');
      expect(passwordChecks()).toBe(before);
      // another address is not affected
      expect((await login('10.3.0.2', 'admin', 'demo')).username).toBe('admin');
    });

    it('does not spend the address budget on successful sign-ins (an office behind one address)', async () => {
      for (let i = 0; i < 35; i++) expect((await login('10.3.1.1', i % 2 ? 'admin' : 'zwei', 'demo')).token).toHaveLength(43);
      await expectAppError(login('10.3.1.1', 'kassier', 'bad'), 'WrongCredentials');
    });

    it('starts a pair over after a right password', async () => {
      for (let i = 0; i < 4; i++) await expectAppError(login('10.3.2.1', 'zwei', 'bad'), 'WrongCredentials');
      expect((await login('10.3.2.1', 'zwei', 'demo')).username).toBe('zwei');
      for (let i = 0; i < 5; i++) await expectAppError(login('10.3.2.1', 'zwei', 'bad'), 'WrongCredentials');
      await expectAppError(login('10.3.2.1', 'zwei', 'demo'), 'TooManyAttempts');
    });

    it('slows a username down after 5 failures from anywhere instead of refusing it', async () => {
      const now = new Date();
      for (let i = 0; i < 5; i++) await expectAppError(login(`10.4.1.${i}`, 'supervisor', 'bad', now), 'WrongCredentials');
      // the sixth check runs at once and books the next turn a second later
      let started = Date.now();
      await expectAppError(login('10.4.1.10', 'supervisor', 'bad', now), 'WrongCredentials');
      expect(Date.now() - started).toBeLessThan(900);
      started = Date.now();
      expect((await login('10.4.1.11', 'supervisor', 'demo', now)).username).toBe('supervisor');
      expect(Date.now() - started).toBeGreaterThanOrEqual(950);
      // the right password cleared the username's counter: no more waiting
      started = Date.now();
      await expectAppError(login('10.4.1.12', 'supervisor', 'bad', now), 'WrongCredentials');
      expect(Date.now() - started).toBeLessThan(900);
    });

    it('refuses an attempt whose turn is more than 15 seconds away (a flood from many addresses)', async () => {
      const now = new Date();
      await get()
        .db.insert(schema.loginThrottle)
        .values({ key: 'u:gesperrt', attempts: 12, windowStart: now, nextCheckAt: new Date(now.getTime() + 20_000) })
        .onConflictDoUpdate({ target: schema.loginThrottle.key, set: { attempts: 12, windowStart: now, nextCheckAt: new Date(now.getTime() + 20_000) } });
      const before = passwordChecks();
      await expectAppError(login('10.4.2.1', 'gesperrt', 'demo', now), 'TooManyAttempts');
      expect(passwordChecks()).toBe(before);
      // a refused attempt counts nothing: the pair is still free once the flood is over
      const later = new Date(now.getTime() + 21_000);
      await expectAppError(login('10.4.2.1', 'gesperrt', 'demo', later), 'UserLocked');
    });

    it('does the same password work for an unknown user as for a known one', async () => {
      let before = passwordChecks();
      await expectAppError(login('10.5.0.1', 'niemand', 'bad'), 'WrongCredentials');
      expect(passwordChecks() - before).toBe(1);
      before = passwordChecks();
      await expectAppError(login('10.5.0.1', 'kassier', 'bad'), 'WrongCredentials');
      expect(passwordChecks() - before).toBe(1);
      // the dummy hash costs what a real one does: same algorithm and parameters as a fresh hash
      const params = (h: string) => h.split('$').slice(1, 4).join('$');
      expect(params(DUMMY_PASSWORD_HASH)).toBe(params(await hashPassword('x')));
      expect(params(DUMMY_PASSWORD_HASH)).toBe('argon2id$v=19$m=19456,t=2,p=1');
      // and it is throttled alike
      for (let i = 0; i < 4; i++) await expectAppError(login('10.5.0.1', 'niemand', 'bad'), 'WrongCredentials');
      await expectAppError(login('10.5.0.1', 'niemand', 'bad'), 'TooManyAttempts');
    });

    it('lets a user in again once the window has passed and drops passed counters', async () => {
      const later = new Date(Date.now() + 16 * 60_000);
      expect((await login('10.3.0.1', 'admin', 'demo', later)).username).toBe('admin');
      await expectAppError(login('10.6.0.1', 'admin', 'bad', later), 'WrongCredentials');
      const keys = (await get().db.select({ key: schema.loginThrottle.key }).from(schema.loginThrottle)).map((r) => r.key);
      expect(keys).not.toContain('a:10.2.1.1');
      expect(keys).toContain('a:10.6.0.1');
    });
  });

  describe('password change', () => {
    it('switches an expired password to change mode and signs in with the new one', async () => {
      await get().db.update(schema.users).set({ passwordExpired: true }).where(eq(schema.users.username, 'kassier'));
      const c = await anonymous(get(), '10.4.0.1');
      await expectAppError(c.auth.login({ username: 'kassier', password: 'demo', remember: false }), 'PasswordExpired');
      await expectAppError(
        c.auth.changePasswordAndLogin({ username: 'kassier', password: 'demo', newPassword: 'neu1', newPasswordRepeat: 'neu2', remember: false }),
        'PasswordRepeatWrong',
      );
      await expectAppError(
        c.auth.changePasswordAndLogin({ username: 'kassier', password: 'demo', newPassword: 'demo', newPasswordRepeat: 'demo', remember: false }),
        'PasswordSameAsOld',
      );
      await expectAppError(
        c.auth.changePasswordAndLogin({ username: 'kassier', password: 'wrong', newPassword: 'neu1', newPasswordRepeat: 'neu1', remember: false }),
        'WrongCredentials',
      );
      const login = await c.auth.changePasswordAndLogin({
        username: 'kassier',
        password: 'demo',
        newPassword: 'neu1',
        newPasswordRepeat: 'neu1',
        remember: false,
      });
      expect(login.username).toBe('kassier');
      await expectAppError(c.auth.login({ username: 'kassier', password: 'demo', remember: false }), 'WrongCredentials');
      // change it back without signing in
      const result = await c.auth.changePassword({ username: 'kassier', password: 'neu1', newPassword: 'demo', newPasswordRepeat: 'demo', remember: false });
      expect(result).toEqual({ changed: true, message: 'PasswordChanged' });
      const [row] = await get().db.select().from(schema.users).where(eq(schema.users.username, 'kassier'));
      expect(row?.passwordExpired).toBe(false);
      expect(row?.passwordHash.startsWith('$argon2id$')).toBe(true);
    });

    it('ends the other sessions when the password changes', async () => {
      const { caller } = await signedIn(get(), 'admin', 'demo', '10.4.0.2');
      const c = await anonymous(get(), '10.4.0.2');
      await c.auth.changePassword({ username: 'admin', password: 'demo', newPassword: 'geheim', newPasswordRepeat: 'geheim', remember: false });
      await expectAppError(caller.auth.me(), 'NotAuthenticated');
      await c.auth.changePassword({ username: 'admin', password: 'geheim', newPassword: 'demo', newPasswordRepeat: 'demo', remember: false });
    });
  });
});
