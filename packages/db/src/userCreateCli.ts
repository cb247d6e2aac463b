/**
 * `npm run user:create -- --username NAME --level supervisor [--fullname "Full Name"] [--departments 000,100]`
 *
 * Creates a user in the database of DATABASE_URL (default: the embedded PGlite of `npm start`), who
 * must choose a new password at the first sign-in. The password comes from the environment variable
 * USER_PASSWORD or from a prompt (asked twice, not shown) — never from a flag, so it stays out of
 * the shell history and the process list. Exit code 0 when created, 1 when refused (the reason is
 * printed and nothing is written).
 */
import { existsSync } from 'node:fs';
import { join } from 'node:path';
import { parseArgs } from 'node:util';
import type { DbHandle } from './client.ts';
import { DEFAULT_DATABASE_URL, readDbEnv } from './env.ts';
import { checkAccount, checkPasswordRules, LEVEL_NAMES, parseLevel, UserAccountError } from './userAccountRules.ts';

const USAGE = `usage: npm run user:create -- --username NAME --level ${Object.keys(LEVEL_NAMES).join('|')} [--fullname "Full Name"] [--departments 101,102]
  The password is read from USER_PASSWORD or asked for; DATABASE_URL names the database (default ${DEFAULT_DATABASE_URL}).`;

class CliError extends Error {}

function readOptions(argv: string[]) {
  if (argv.some((a) => a === '--password' || a.startsWith('--password='))) {
    throw new CliError('a password is never taken as a flag (it would stay in the shell history): set USER_PASSWORD or answer the prompt');
  }
  let parsed;
  try {
    parsed = parseArgs({
      args: argv,
      options: {
        username: { type: 'string' },
        level: { type: 'string' },
        fullname: { type: 'string' },
        departments: { type: 'string' },
        help: { type: 'boolean' },
      },
      strict: true,
      allowPositionals: false,
    });
  } catch (error) {
    throw new CliError(`${(error as Error).message}\n${USAGE}`);
  }
  const v = parsed.values;
  if (v.help) return null;
  if (!v.username) throw new CliError(`--username is needed\n${USAGE}`);
  if (!v.level) throw new CliError(`--level is needed\n${USAGE}`);
  return {
    username: v.username,
    level: parseLevel(v.level),
    fullname: v.fullname,
    departmentCodes: v.departments ? v.departments.split(',') : [],
  };
}

/** Reads one line from the terminal without echoing it. */
function askHidden(question: string): Promise<string> {
  const stdin = process.stdin;
  return new Promise((resolve, reject) => {
    process.stderr.write(question);
    let value = '';
    stdin.setRawMode(true);
    stdin.resume();
    stdin.setEncoding('utf8');
    const done = (result: string | null) => {
      stdin.setRawMode(false);
      stdin.pause();
      stdin.off('data', onData);
      process.stderr.write('\n');
      if (result === null) reject(new CliError('cancelled'));
      else resolve(result);
    };
    const onData = (chunk: string) => {
      for (const ch of chunk) {
        if (ch === '\r' || ch === '\n') return done(value);
        if (ch === '\u0003' || ch === '\u0004') return done(null); // Ctrl+C, Ctrl+D
        if (ch === '\u007f' || ch === '\b') value = value.slice(0, -1);
        else if (ch >= ' ') value += ch;
      }
    };
    stdin.on('data', onData);
  });
}

async function readPassword(): Promise<string> {
  const fromEnv = readDbEnv().USER_PASSWORD;
  if (fromEnv !== undefined && fromEnv !== '') return checkPasswordRules(fromEnv);
  if (!process.stdin.isTTY) throw new CliError('no password: set USER_PASSWORD or run the command in a terminal to be asked');
  const password = checkPasswordRules(await askHidden('Password: '));
  const repeat = await askHidden('Repeat the password: ');
  if (repeat !== password) throw new UserAccountError('PasswordRepeatWrong', 'the repeated password differs');
  return password;
}

/** PGlite serves one process at a time: a running server holds `postmaster.pid` in its folder. */
function assertEmbeddedFree(url: string): void {
  if (!url.startsWith('pglite:')) return;
  const dir = url.slice('pglite:'.length);
  if (dir === '' || dir === 'memory') throw new CliError('pglite:memory is thrown away at exit: name a folder (pglite:./data/db) or a postgres:// URL');
  if (existsSync(join(dir, 'postmaster.pid'))) {
    throw new CliError(
      `the embedded database ${dir} is open in another process (a running server?): stop it and try again. ` +
        'If no server runs, a start and a clean stop of the server removes the stale postmaster.pid.',
    );
  }
}

async function main(): Promise<number> {
  const options = readOptions(process.argv.slice(2));
  if (!options) {
    console.log(USAGE);
    return 0;
  }
  const password = await readPassword();
  checkAccount({ ...options, password }); // refuse what needs no database before opening it
  const url = readDbEnv().DATABASE_URL || DEFAULT_DATABASE_URL;
  assertEmbeddedFree(url);
  // the database client, the migrations and the password hashing load only now: bad arguments are refused without them
  const [{ openDb }, { migrateDb }, { describeDatabase }, { createUserAccount }] = await Promise.all([
    import('./client.ts'),
    import('./migrate.ts'),
    import('./startup.ts'),
    import('./userAccounts.ts'),
  ]);
  let database: DbHandle | null = null;
  try {
    database = await openDb(url);
    await migrateDb(database);
    const user = await createUserAccount(database.db, { ...options, password });
    const level = Object.entries(LEVEL_NAMES).find(([, n]) => n === user.accessLevel)?.[0] ?? String(user.accessLevel);
    console.log(`created ${level} "${user.username}" in ${describeDatabase(database)}; the password must be changed at the first sign-in`);
    return 0;
  } finally {
    await database?.close().catch(() => undefined);
  }
}

try {
  process.exitCode = await main();
} catch (error) {
  if (error instanceof UserAccountError || error instanceof CliError) {
    console.error(`user:create: ${error.message}`);
  } else {
    console.error('user:create failed:', error);
  }
  process.exitCode = 1;
}
