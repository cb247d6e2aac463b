import { spawn } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { type DbHandle, openDb, schema } from '@app/db';
import { childEnv, freshPostgresDatabase, testDatabaseUrl } from '@app/db/testing';
import { afterAll, describe, expect, it } from 'vitest';
import { anonymous, expectAppError } from '../test-utils.ts';

const repoRoot = fileURLToPath(new URL('../../../../', import.meta.url));

interface Run {
  code: number | null;
  stdout: string;
  stderr: string;
}

/** The real command, as an operator types it: `npm run user:create -- ...`. */
function userCreate(databaseUrl: string, args: string[], password?: string): Promise<Run> {
  const env = childEnv({ DATABASE_URL: databaseUrl, USER_PASSWORD: password }); // no password: USER_PASSWORD unset
  return new Promise((resolve, reject) => {
    const child = spawn('npm', ['run', '--silent', 'user:create', '--', ...args], { cwd: repoRoot, env, stdio: ['ignore', 'pipe', 'pipe'] });
    let stdout = '';
    let stderr = '';
    child.stdout.on('data', (d: Buffer) => (stdout += d.toString()));
    child.stderr.on('data', (d: Buffer) => (stderr += d.toString()));
    child.on('error', reject);
    child.on('close', (code) => resolve({ code, stdout, stderr }));
  });
}

interface Target {
  name: string;
  url: string;
  cleanup(): Promise<void>;
}

async function makeTarget(kind: 'pglite' | 'postgres'): Promise<Target> {
  if (kind === 'pglite') {
    const dir = mkdtempSync(join(tmpdir(), 'fwh-user-create-'));
    return { name: 'pglite', url: `pglite:${join(dir, 'db')}`, cleanup: async () => rmSync(dir, { recursive: true, force: true }) };
  }
  const base = testDatabaseUrl();
  if (!base) throw new Error('TEST_DATABASE_URL is not set');
  const fresh = await freshPostgresDatabase(base);
  return { name: 'postgres', url: fresh.url, cleanup: fresh.drop };
}

const kinds: Array<'pglite' | 'postgres'> = testDatabaseUrl() ? ['pglite', 'postgres'] : ['pglite'];

for (const kind of kinds) {
  describe(`npm run user:create [${kind}]`, () => {
    let target: Target | undefined;
    let handle: DbHandle | undefined;
    afterAll(async () => {
      await handle?.close();
      await target?.cleanup();
    });

    it(
      'creates the first supervisor in a new database, refuses bad input and an existing name, and the user must change the password at sign-in',
      { timeout: 240_000 },
      async () => {
        target = await makeTarget(kind);
        const url = target.url;

        // refused before anything is written: no password, a password as a flag, a short one, an unknown level
        const noPassword = await userCreate(url, ['--username', 'chef', '--level', 'supervisor']);
        expect(noPassword.code).toBe(1);
        expect(noPassword.stderr).toContain('no password: set USER_PASSWORD');
        const flag = await userCreate(url, ['--username', 'chef', '--level', 'supervisor', '--password', 'Anfang1']);
        expect(flag.code).toBe(1);
        expect(flag.stderr).toContain('a password is never taken as a flag');
        const short = await userCreate(url, ['--username', 'chef', '--level', 'supervisor'], 'abc');
        expect(short.code).toBe(1);
        expect(short.stderr).toContain('the password needs at least 4 characters');
        const level = await userCreate(url, ['--username', 'chef', '--level', 'chef'], 'Anfang1');
        expect(level.code).toBe(1);
        expect(level.stderr).toContain('--level must be one of supervisor, administrator, standard');

        const created = await userCreate(url, ['--username', 'chef', '--level', 'supervisor', '--fullname', 'Christa Chef'], 'Anfang1');
        expect(created.stderr).toBe('');
        expect(created.code).toBe(0);
        expect(created.stdout.trim()).toMatch(
          /^created supervisor "chef" in (PGlite \/\S+|PostgreSQL [^@\s]+:\d+\/t_\w+); the password must be changed at the first sign-in$/,
        );
        expect(created.stdout).not.toContain('Anfang1');

        const again = await userCreate(url, ['--username', 'CHEF', '--level', 'supervisor'], 'Anders1');
        expect(again.code).toBe(1);
        expect(again.stderr).toContain('a user "CHEF" exists already; nothing was written');
        const noDept = await userCreate(url, ['--username', 'kassa', '--level', 'standard'], 'Anfang1');
        expect(noDept.code).toBe(1);
        expect(noDept.stderr).toContain('needs at least one department');

        handle = await openDb(url);
        if (kind === 'pglite') {
          // the embedded database serves one process: while it is open here, the command refuses
          const busy = await userCreate(url, ['--username', 'zweiter', '--level', 'supervisor'], 'Anfang1');
          expect(busy.code).toBe(1);
          expect(busy.stderr).toContain('is open in another process');
        }
        const rows = await handle.db.select().from(schema.users);
        expect(rows.map((u) => ({ username: u.username, fullname: u.fullname, accessLevel: u.accessLevel, passwordExpired: u.passwordExpired }))).toEqual([
          { username: 'chef', fullname: 'Christa Chef', accessLevel: 3, passwordExpired: true },
        ]);
        expect(await handle.db.select().from(schema.departments)).toEqual([]);

        const c = await anonymous(handle, '10.8.0.1');
        await expectAppError(c.auth.login({ username: 'chef', password: 'Anders1', remember: false }), 'WrongCredentials');
        await expectAppError(c.auth.login({ username: 'chef', password: 'Anfang1', remember: false }), 'PasswordExpired');
        const signedIn = await c.auth.changePasswordAndLogin({
          username: 'chef',
          password: 'Anfang1',
          newPassword: 'Feuer22',
          newPasswordRepeat: 'Feuer22',
          remember: false,
        });
        expect(signedIn).toMatchObject({ username: 'chef', fullname: 'Christa Chef', accessLevel: 3 });
        expect((await c.auth.login({ username: 'chef', password: 'Feuer22', remember: false })).accessLevel).toBe(3);
        expect((await c.system.info()).demo).toBe(false);
      },
    );
  });
}
