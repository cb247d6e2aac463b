#!/usr/bin/env node
/**
 * `npm run typecheck`: the TypeScript check of every workspace in three programs side by side instead of one per
 * workspace. The workspaces import each other's sources, so a program per workspace checked packages/db, domain and
 * api again in every program that imports them; the workspaces with the base compiler options (db, domain, api, client,
 * server, bench) are one program (tsconfig.typecheck.json), reports (DOM lib) and web (DOM, JSX, vite types) keep
 * their own. `npm run typecheck --workspace @app/api` still checks one workspace alone. Exits non-zero when one fails.
 */
import { spawn } from 'node:child_process';
import { createRequire } from 'node:module';

const tsc = createRequire(import.meta.url).resolve('typescript/bin/tsc');
const programs = ['tsconfig.typecheck.json', 'packages/reports/tsconfig.json', 'apps/web/tsconfig.json'];

const results = await Promise.all(
  programs.map(
    (project) =>
      new Promise((resolve) => {
        const run = spawn(process.execPath, [tsc, '--noEmit', '-p', project], { stdio: ['ignore', 'pipe', 'pipe'] });
        let output = '';
        run.stdout.on('data', (chunk) => (output += chunk));
        run.stderr.on('data', (chunk) => (output += chunk));
        run.on('close', (code) => resolve({ project, code, output }));
      }),
  ),
);
for (const { project, code, output } of results) {
  console.log(`${code === 0 ? 'ok    ' : 'FAILED'} tsc -p ${project}`);
  if (output.trim()) console.log(output.trimEnd());
}
process.exit(results.every((r) => r.code === 0) ? 0 : 1);
