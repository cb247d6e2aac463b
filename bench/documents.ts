/**
 * A receipt's upload held at most once (issue 28 "Documents in"): the peak RSS a server process gains while it takes
 * one `POST /api/Documents` of an 8 MB PDF (BENCH_DOCUMENTS_BYTES), beside the file's size, on PostgreSQL and on PGlite.
 *
 *   node --import tsx bench/documents.ts
 *
 * The server is the real one (`apps/server/src/main.ts` under tsx, demo data `fixture`) in a process of its own, on a
 * fresh database of each kind (PostgreSQL `bench_documents`, recreated; a PGlite directory under /tmp, in the server's
 * process as in a small installation). As `kassier` on 101 (last year) it first attaches and downloads a small PDF
 * (code paths warm), then attaches BENCH_DOCUMENTS_RUNS large files, each of other random bytes (no copy kept before).
 * Before each: the process's peak RSS is reset to its current RSS (`/proc/<pid>/clear_refs` = 5); after the answer the
 * peak (VmHWM) less the RSS before is the upload's cost. BENCH_DOCUMENTS_ROOT measures another checkout's server (a
 * worktree of main: the figures before).
 */
import { spawn } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { readFileSync, rmSync, writeFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import postgres from 'postgres';
import { benchEnv, childEnv } from './env.ts';
import { freePort } from './ports.ts';

const root = benchEnv.documentsRoot ?? fileURLToPath(new URL('..', import.meta.url));
const year = new Date().getFullYear() - 1;
const MB = 1024 * 1024;

/** A field of /proc/<pid>/status in bytes (VmRSS, VmHWM). */
function statusBytes(pid: number, field: 'VmRSS' | 'VmHWM'): number {
  const match = new RegExp(`^${field}:\\s+(\\d+) kB`, 'm').exec(readFileSync(`/proc/${pid}/status`, 'utf8'));
  return Number(match?.[1] ?? Number.NaN) * 1024;
}

/** The fresh database of a kind: its URL for the server. */
async function freshDatabase(kind: 'postgres' | 'pglite'): Promise<string> {
  if (kind === 'pglite') {
    rmSync('/tmp/bench-documents-pglite', { recursive: true, force: true });
    return 'pglite:/tmp/bench-documents-pglite';
  }
  const admin = postgres(`${benchEnv.documentsPostgresUrl}/postgres`, { max: 1, onnotice: () => {} });
  await admin.unsafe('drop database if exists bench_documents with (force)');
  await admin.unsafe('create database bench_documents');
  await admin.end();
  return `${benchEnv.documentsPostgresUrl}/bench_documents`;
}

/** The server on `databaseUrl` in its own process, once /health answers. */
async function startServer(databaseUrl: string) {
  const port = await freePort();
  const child = spawn(process.execPath, ['--import', 'tsx', 'apps/server/src/main.ts'], {
    cwd: root,
    stdio: ['ignore', 'pipe', 'pipe'],
    env: childEnv({ PORT: String(port), HOST: '127.0.0.1', DATABASE_URL: databaseUrl, DEMO_DATA: 'fixture', SEED_DEMO: 'always', LOG_LEVEL: 'warn' }),
  });
  let output = '';
  child.stdout.on('data', (d: Buffer) => (output += d.toString()));
  child.stderr.on('data', (d: Buffer) => (output += d.toString()));
  const base = `http://127.0.0.1:${port}`;
  for (const started = Date.now(); ; await new Promise((r) => setTimeout(r, 100))) {
    if (child.exitCode !== null) throw new Error(`the server exited (${child.exitCode}): ${output}`);
    if (Date.now() - started > 600_000) throw new Error(`the server is not healthy: ${output}`);
    if (
      await fetch(`${base}/health`).then(
        (r) => r.ok,
        () => false,
      )
    )
      break;
  }
  const stop = () => new Promise<void>((resolve) => (child.once('exit', () => resolve()), child.kill('SIGTERM')));
  return { base, pid: child.pid!, stop };
}

/** A PDF of `size` bytes: its head, then random bytes (a content stored for the first time). */
function pdfOf(size: number): Buffer {
  const bytes = randomBytes(size);
  Buffer.from('%PDF-1.4\n').copy(bytes);
  return bytes;
}

async function measure(kind: 'postgres' | 'pglite') {
  const server = await startServer(await freshDatabase(kind));
  try {
    const login = await fetch(`${server.base}/api/Authenticate/login`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ username: 'kassier', password: 'demo' }),
    });
    const auth = { authorization: `Bearer ${((await login.json()) as { token: string }).token}` };
    const get = async (path: string) => (await fetch(`${server.base}/api/${path}`, { headers: auth })).json() as Promise<Record<string, unknown>>;
    const departments = (await get('Scopes')).departments as { id: number; code: string }[];
    const q = `departmentId=${departments.find((d) => d.code === '101')!.id}&year=${year}`;
    const [movement] = (await get(`Movements/Expenses?${q}&pageSize=1`)).entities as { id?: number; movementId?: number }[];
    const recordId = movement!.movementId ?? movement!.id!;
    const attach = async (bytes: Buffer, name: string) => {
      const form = new FormData();
      form.append('recordKind', 'movement');
      form.append('recordId', String(recordId));
      form.append('file', new Blob([bytes], { type: 'application/pdf' }), name);
      const res = await fetch(`${server.base}/api/Documents?${q}`, { method: 'POST', headers: auth, body: form });
      if (!res.ok) throw new Error(`attach ${name}: ${res.status} ${await res.text()}`);
      return (await res.json()) as { id: number; size: number };
    };
    // warm: the upload's and the download's code paths loaded once
    for (let i = 0; i < 2; i++) {
      const small = await attach(pdfOf(64 * 1024), `warm-${i}.pdf`);
      await (await fetch(`${server.base}/api/Documents/${small.id}?${q}`, { headers: auth })).arrayBuffer();
    }
    const deltas: number[] = [];
    for (let run = 0; run < benchEnv.documentsRuns; run++) {
      const file = pdfOf(benchEnv.documentsBytes);
      await new Promise((r) => setTimeout(r, 500));
      const before = statusBytes(server.pid, 'VmRSS');
      writeFileSync(`/proc/${server.pid}/clear_refs`, '5');
      const started = performance.now();
      const doc = await attach(file, `gross-${run}.pdf`);
      const ms = performance.now() - started;
      if (doc.size !== file.length) throw new Error(`stored ${doc.size} bytes of ${file.length}`);
      const delta = statusBytes(server.pid, 'VmHWM') - before;
      deltas.push(delta);
      console.log(
        `[documents bench] ${kind} run ${run + 1}: +${(delta / MB).toFixed(1)} MB peak RSS (${(delta / file.length).toFixed(2)}× the file), ${Math.round(ms)} ms`,
      );
    }
    return deltas;
  } finally {
    await server.stop();
  }
}

const median = (xs: number[]) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)]!;
const results: [string, number[]][] = [];
for (const kind of ['postgres', 'pglite'] as const) results.push([kind, await measure(kind)]);
const size = benchEnv.documentsBytes;
console.log(`\nserver: ${root}\n| attach of ${(size / MB).toFixed(0)} MB | peak RSS delta, median MB | × file size | all runs × |`);
console.log('|---|---|---|---|');
for (const [kind, deltas] of results)
  console.log(
    `| ${kind} | ${(median(deltas) / MB).toFixed(1)} | ${(median(deltas) / size).toFixed(2)} | ${deltas.map((d) => (d / size).toFixed(2)).join(', ')} |`,
  );
