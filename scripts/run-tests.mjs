#!/usr/bin/env node
/**
 * `npm test`: the checks and test suites in order (README "Tests"), stopping at the first that fails,
 * with the time of each step written to test-results/steps.json (`.ci/run` prints them at the end).
 *
 *   node scripts/run-tests.mjs              # every step
 *   node scripts/run-tests.mjs lint cpd     # only the named steps, in the order below
 */
import { spawnSync } from 'node:child_process';
import { mkdirSync, writeFileSync } from 'node:fs';

/** [name, npm script]: the static checks first (cheap, fail fast), then the unit/API tests, then the e2e. */
const steps = [
  ['format', 'format:check'],
  ['lint', 'lint'],
  ['typecheck', 'typecheck'],
  ['i18n', 'i18n:check'],
  ['deps', 'deps:check'],
  ['cpd', 'cpd'],
  ['sizes', 'sizes'],
  ['unit', 'test:unit'],
  ['e2e', 'test:e2e'],
];

const only = process.argv.slice(2);
const chosen = only.length ? steps.filter(([name]) => only.includes(name)) : steps;
const times = [];
let status = 0;
for (const [name, script] of chosen) {
  const start = Date.now();
  console.log(`\n== ${name} (npm run ${script})`);
  const run = spawnSync('npm', ['run', script], { stdio: 'inherit' });
  status = run.status ?? 1;
  times.push({ step: name, seconds: Math.round((Date.now() - start) / 100) / 10, ok: status === 0 });
  if (status !== 0) break;
}
mkdirSync('test-results', { recursive: true });
writeFileSync('test-results/steps.json', JSON.stringify(times, null, 2));
console.log(`\n== steps: ${times.map((t) => `${t.step} ${t.seconds} s${t.ok ? '' : ' (failed)'}`).join(', ')}`);
process.exit(status);
