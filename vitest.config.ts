import { BaseSequencer, type TestSpecification } from 'vitest/node';
import { configDefaults, defineConfig } from 'vitest/config';

/** Files that inject faults with timing bounds (terminated backends, "back within 5 s"): they run alone, after the rest. */
const alone = ['apps/server/src/dbOutage.test.ts', 'apps/server/src/faults/postgresRestart.test.ts'];

/**
 * Files whose time is not in their size (child processes, timed throttling, the fuzzer, the PGlite start-up checks): on a
 * fresh clone vitest has no durations and starts the largest files first, so these would start late and leave one core
 * busy alone at the end. They start first, longest first; the rest keeps vitest's order.
 */
const slowFirst = [
  'apps/server/src/rest/fuzz.test.ts',
  'apps/server/src/faults/pgliteKill.test.ts',
  'packages/api/src/services/userCreateCli.test.ts',
  'packages/api/src/services/startup.test.ts',
  'packages/api/src/services/auth.test.ts',
  'packages/db/src/index.test.ts',
  'apps/server/src/cli/backupCli.test.ts',
  'apps/server/src/mainMigration.test.ts',
  'apps/server/src/bundle.test.ts',
];

class SlowFirstSequencer extends BaseSequencer {
  override async sort(files: TestSpecification[]): Promise<TestSpecification[]> {
    const sorted = await super.sort(files);
    const rank = (spec: TestSpecification) => {
      const i = slowFirst.findIndex((path) => spec.moduleId.endsWith(`/${path}`));
      return i < 0 ? slowFirst.length : i;
    };
    return sorted
      .map((spec, i) => ({ spec, i }))
      .sort((a, b) => rank(a.spec) - rank(b.spec) || a.i - b.i)
      .map(({ spec }) => spec);
  }
}

export default defineConfig({
  test: {
    testTimeout: 30_000,
    hookTimeout: 60_000,
    pool: 'forks',
    sequence: { sequencer: SlowFirstSequencer },
    projects: [
      {
        extends: true,
        test: {
          name: 'parallel',
          include: ['packages/**/src/**/*.test.ts', 'apps/server/src/**/*.test.ts', 'apps/web/src/**/*.test.ts', 'scripts/**/*.test.ts'],
          exclude: [...configDefaults.exclude, ...alone],
          // the run's migrated test databases (empty and with the demo data), built once and copied per file
          globalSetup: ['packages/db/src/testTemplates.ts'],
          // every file has databases of its own: two files at a time on two cores (vitest's default is cores − 1)
          maxWorkers: 2,
          // the two workers keep their modules from file to file (no re-import of the app per file: 40 % of the step's CPU);
          // the tests mock nothing global (no vi.mock, stubbed env or fake timers) and every file opens its own databases
          isolate: false,
          sequence: { groupOrder: 0 },
        },
      },
      { extends: true, test: { name: 'alone', include: alone, fileParallelism: false, sequence: { groupOrder: 1 } } },
    ],
  },
});
