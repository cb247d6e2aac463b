#!/usr/bin/env node
/**
 * `npm test`: the checks and test suites (README "Tests"), with the time of each step and the CPU seconds its
 * processes used written to test-results/steps.json (`.ci/run` prints them at the end).
 *
 *   node scripts/run-tests.mjs              # every step
 *   node scripts/run-tests.mjs lint cpd     # only the named steps
 *
 * Three phases, each starting only when the one before passed:
 *  1. the static checks and the client's build with its bundle size budget (scripts/bundle-budget.mjs), two at a
 *     time (the machine's two cores; each of them is one single-threaded process most of its time), longest first.
 *     Their output is printed whole when a step ends, so two steps' lines never interleave. Every step of the phase
 *     runs even when one fails, so one run reports every failing check;
 *  2. the unit/API tests (vitest uses every core itself);
 *  3. the e2e, whose own `npm run build` is then turbo's cache hit of phase 1's build (under a second): the client is
 *     built once per run.
 */
import { spawn } from 'node:child_process';
import { mkdirSync, writeFileSync } from 'node:fs';
import { availableParallelism } from 'node:os';

/** [name, npm script, expected seconds (the order within a parallel phase: longest first)]. */
const phases = [
  {
    parallel: true,
    steps: [
      ['typecheck', 'typecheck', 80],
      ['bundle', 'test:bundle', 60],
      ['lint', 'lint', 25],
      ['cpd', 'cpd', 15],
      ['format', 'format:check', 13],
      ['deps', 'deps:check', 10],
      ['i18n', 'i18n:check', 8],
      ['sizes', 'sizes', 3],
    ],
  },
  { parallel: false, steps: [['unit', 'test:unit', 0]] },
  { parallel: false, steps: [['e2e', 'test:e2e', 0]] },
];

/**
 * Runs `npm run <script>` in a shell that prints its children's CPU time (`times`: user and system of the finished
 * children, the second line) on file descriptor 3 when the script ends: the step's own CPU, also when steps run side
 * by side. `buffered`: the step's output is collected and printed at its end, under its heading.
 */
function runStep([name, script], buffered) {
  return new Promise((resolvePromise) => {
    const start = Date.now();
    const heading = `\n== ${name} (npm run ${script})`;
    if (!buffered) console.log(heading);
    const child = spawn('bash', ['-c', 'npm run "$0"; status=$?; times >&3; exit $status', script], {
      stdio: ['ignore', buffered ? 'pipe' : 'inherit', buffered ? 'pipe' : 'inherit', 'pipe'],
    });
    const output = [];
    if (buffered) {
      child.stdout.on('data', (d) => output.push(d));
      child.stderr.on('data', (d) => output.push(d));
    }
    let timesText = '';
    child.stdio[3].on('data', (d) => (timesText += d.toString()));
    child.on('close', (code) => {
      const seconds = Math.round((Date.now() - start) / 100) / 10;
      if (buffered) {
        console.log(`${heading} — ${seconds} s`);
        process.stdout.write(Buffer.concat(output));
      }
      resolvePromise({ step: name, seconds, cpuSeconds: cpuOfTimes(timesText), ok: code === 0 });
    });
  });
}

/** `times`' second line, e.g. "1m2.345s 0m3.210s": the children's user + system seconds. */
function cpuOfTimes(text) {
  const line = text.trim().split('\n')[1] ?? '';
  const parts = [...line.matchAll(/(\d+)m([\d.]+)s/g)].map((m) => Number(m[1]) * 60 + Number(m[2]));
  return parts.length === 2 ? Math.round((parts[0] + parts[1]) * 10) / 10 : NaN;
}

/** Runs `steps` at most `lanes` at a time, in the given order; answers their results in that order. */
async function runPool(steps, lanes) {
  const results = new Array(steps.length);
  let next = 0;
  const lane = async () => {
    while (next < steps.length) {
      const index = next++;
      results[index] = await runStep(steps[index], lanes > 1);
    }
  };
  await Promise.all(Array.from({ length: Math.min(lanes, steps.length) }, lane));
  return results;
}

const only = process.argv.slice(2);
const times = [];
let ok = true;
for (const phase of phases) {
  const chosen = phase.steps.filter(([name]) => !only.length || only.includes(name)).sort((a, b) => b[2] - a[2]);
  if (!chosen.length) continue;
  const lanes = phase.parallel ? Math.max(1, Math.min(2, availableParallelism())) : 1;
  const results = await runPool(chosen, lanes);
  times.push(...results);
  ok = results.every((r) => r.ok);
  if (!ok) break;
}
mkdirSync('test-results', { recursive: true });
writeFileSync('test-results/steps.json', JSON.stringify(times, null, 2));
console.log(`\n== steps: ${times.map((t) => `${t.step} ${t.seconds} s (CPU ${t.cpuSeconds} s)${t.ok ? '' : ' (failed)'}`).join(', ')}`);
process.exit(ok ? 0 : 1);
