#!/usr/bin/env node
/**
 * `npm test`: the checks and test suites in order (README "Tests"), stopping at the first that fails,
 * with the time of each step and the CPU seconds its processes used written to test-results/steps.json (`.ci/run`
 * prints them at the end).
 *
 *   node scripts/run-tests.mjs              # every step
 *   node scripts/run-tests.mjs lint cpd     # only the named steps, in the order below
 */
import { spawnSync } from 'node:child_process';
import { mkdirSync, readFileSync, writeFileSync } from 'node:fs';

/**
 * [name, npm script]: the static checks first (cheap, fail fast), then the unit/API tests, then the client's build with
 * its bundle size budget (scripts/bundle-budget.mjs), then the e2e. The e2e's own `npm run build` is then turbo's cache
 * hit of that build (under a second): the client is built once per run.
 */
const steps = [
  ['format', 'format:check'],
  ['lint', 'lint'],
  ['typecheck', 'typecheck'],
  ['i18n', 'i18n:check'],
  ['deps', 'deps:check'],
  ['cpd', 'cpd'],
  ['sizes', 'sizes'],
  ['unit', 'test:unit'],
  ['bundle', 'test:bundle'],
  ['e2e', 'test:e2e'],
];

/**
 * CPU seconds (user + system) of this process's finished children so far (/proc/self/stat cutime + cstime, clock ticks of
 * 1/100 s): a step's CPU is what it adds, its processes and theirs. On a shared machine the wall time varies with the
 * load, the CPU much less: compare runs by it. PostgreSQL's server processes are not children and not counted.
 */
function childCpuSeconds() {
  try {
    const fields = readFileSync('/proc/self/stat', 'utf8').split(') ')[1].split(' ');
    return (Number(fields[13]) + Number(fields[14])) / 100;
  } catch {
    return NaN; // no /proc (not Linux)
  }
}

const only = process.argv.slice(2);
const chosen = only.length ? steps.filter(([name]) => only.includes(name)) : steps;
const times = [];
let status = 0;
for (const [name, script] of chosen) {
  const start = Date.now();
  const cpuStart = childCpuSeconds();
  console.log(`\n== ${name} (npm run ${script})`);
  const run = spawnSync('npm', ['run', script], { stdio: 'inherit' });
  status = run.status ?? 1;
  const cpuSeconds = Math.round((childCpuSeconds() - cpuStart) * 10) / 10;
  times.push({ step: name, seconds: Math.round((Date.now() - start) / 100) / 10, cpuSeconds, ok: status === 0 });
  if (status !== 0) break;
}
mkdirSync('test-results', { recursive: true });
writeFileSync('test-results/steps.json', JSON.stringify(times, null, 2));
console.log(`\n== steps: ${times.map((t) => `${t.step} ${t.seconds} s (CPU ${t.cpuSeconds} s)${t.ok ? '' : ' (failed)'}`).join(', ')}`);
process.exit(status);
