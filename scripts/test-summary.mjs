// Prints the time of each step of `npm test` (test-results/steps.json) and one closing line over all
// suites: "Tests: N passed, M failed" (vitest JSON + e2e JSON).
import { existsSync, readFileSync } from 'node:fs';

let passed = 0;
let failed = 0;
const read = (path) => (existsSync(path) ? JSON.parse(readFileSync(path, 'utf8')) : null);
const steps = read('test-results/steps.json');
if (steps) {
  console.log('Step times:');
  for (const s of steps) {
    const cpu = s.cpuSeconds === undefined ? '' : `  (CPU ${String(s.cpuSeconds).padStart(7)} s)`;
    console.log(`  ${s.step.padEnd(10)} ${String(s.seconds).padStart(7)} s${cpu}${s.ok ? '' : '  FAILED'}`);
  }
}
const unit = read('test-results/vitest.json');
if (unit) {
  passed += unit.numPassedTests ?? 0;
  failed += (unit.numFailedTests ?? 0) + (unit.numFailedTestSuites ?? 0);
}
const e2e = read('apps/web/test-results/e2e.json');
if (e2e) {
  passed += e2e.passed ?? 0;
  failed += e2e.failed ?? 0;
}
if (!unit && !e2e) {
  console.log('Tests: 0 passed, 1 failed');
  process.exit(1);
}
console.log(`Tests: ${passed} passed, ${failed} failed`);
