import { type ChildProcess, spawn } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { DEMO_PASSWORD } from '@app/db/seed';
import { childEnv, freshPostgresDatabase, testDatabaseUrl } from '@app/db/testing';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
// @ts-expect-error -- a plain .mjs script without types
import { buildServerBundle } from '../../../scripts/serverBundle.mjs';

/**
 * The server as `npm start` runs it (issue 29): the esbuild bundle (scripts/serverBundle.mjs) under plain node, no tsx.
 * On a fresh database it must find drizzle/'s migrations, PGlite's wasm and data files and argon2's native addon from
 * the bundle: it migrates, seeds, answers /health and a signed-in REST call.
 */
const repoRoot = fileURLToPath(new URL('../../../', import.meta.url));
// inside apps/server so the external dependencies resolve from the repository's node_modules, as from apps/server/dist
const outDir = join(repoRoot, `apps/server/dist/test-${process.pid}`);
const bundle = join(outDir, 'main.mjs');
const dataDir = mkdtempSync(join(tmpdir(), 'fwh-bundle-test-'));

beforeAll(async () => {
  const { bytes } = (await buildServerBundle({ outfile: bundle })) as { bytes: number };
  expect(bytes).toBeGreaterThan(100_000);
}, 120_000);
afterAll(() => {
  rmSync(outDir, { recursive: true, force: true });
  rmSync(dataDir, { recursive: true, force: true });
});

interface Running {
  base: string;
  output: () => string;
  stop: () => Promise<number | null>;
}

/** Starts the bundle on a free port and waits for its "läuft auf" line (printed once it listens). */
async function startBundle(databaseUrl: string): Promise<Running> {
  const env = childEnv({ DATABASE_URL: databaseUrl, PORT: '0', HOST: '127.0.0.1', SEED_DEMO: 'always', DEMO_DATA: 'fixture', LOG_LEVEL: 'warn' });
  const child: ChildProcess = spawn(process.execPath, [bundle], { cwd: repoRoot, env, stdio: ['ignore', 'pipe', 'pipe'] });
  let output = '';
  const exited = new Promise<number | null>((resolve) => child.once('exit', (code) => resolve(code)));
  const port = await new Promise<string>((resolve, reject) => {
    const onData = (d: Buffer) => {
      output += d.toString();
      const match = /läuft auf http:\/\/localhost:(\d+)/.exec(output);
      if (match) resolve(match[1]!);
    };
    child.stdout!.on('data', onData);
    child.stderr!.on('data', onData);
    void exited.then((code) => reject(new Error(`the bundled server exited (${code}): ${output}`)));
  });
  return {
    base: `http://127.0.0.1:${port}`,
    output: () => output,
    stop: async () => {
      child.kill('SIGTERM');
      return exited;
    },
  };
}

/** /health, then the REST sign-in (argon2) and the scopes of the fixture's user "zwei" (two departments). */
async function checkAnswers(base: string) {
  const health = await fetch(`${base}/health`);
  expect(health.status).toBe(200);
  const login = await fetch(`${base}/api/Authenticate/login`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ username: 'zwei', password: DEMO_PASSWORD }),
  });
  expect(login.status).toBe(200);
  const { token } = (await login.json()) as { token: string };
  const scopes = await fetch(`${base}/api/Scopes`, { headers: { authorization: `Bearer ${token}` } });
  expect(scopes.status).toBe(200);
  const body = (await scopes.json()) as { departments: { code: string }[] };
  expect(body.departments.map((d) => d.code)).toEqual(['102', '201']);
  // the API docs: swagger-ui-dist's files found from the bundle
  const docs = await fetch(`${base}/api/docs/swagger-ui.css`);
  expect(docs.status).toBe(200);
}

describe('the bundled server (npm start)', { timeout: 300_000 }, () => {
  it('starts on a fresh PGlite: migrates, seeds, answers /health and REST', async () => {
    const server = await startBundle(`pglite:${join(dataDir, 'db')}`);
    try {
      await checkAnswers(server.base);
      expect(server.output()).toContain('demo data: seeded now');
    } finally {
      expect(await server.stop()).toBe(0);
    }
  });

  it.skipIf(!testDatabaseUrl())('starts on a fresh PostgreSQL database: migrates, seeds, answers /health and REST', async () => {
    const fresh = await freshPostgresDatabase(testDatabaseUrl()!);
    try {
      const server = await startBundle(fresh.url);
      try {
        await checkAnswers(server.base);
        expect(server.output()).toContain('demo data: seeded now');
      } finally {
        expect(await server.stop()).toBe(0);
      }
    } finally {
      await fresh.drop();
    }
  });
});
