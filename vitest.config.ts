import { configDefaults, defineConfig } from 'vitest/config';

/** Files that inject faults with timing bounds (terminated backends, "back within 5 s"): they run alone, after the rest. */
const alone = ['apps/server/src/dbOutage.test.ts'];

export default defineConfig({
  test: {
    testTimeout: 30_000,
    hookTimeout: 60_000,
    pool: 'forks',
    projects: [
      {
        extends: true,
        test: {
          name: 'parallel',
          include: ['packages/**/src/**/*.test.ts', 'apps/server/src/**/*.test.ts', 'apps/web/src/**/*.test.ts'],
          exclude: [...configDefaults.exclude, ...alone],
          // the run's migrated test databases (empty and with the demo data), built once and copied per file
          globalSetup: ['packages/db/src/testTemplates.ts'],
          // every file has databases of its own: two files at a time on two cores (vitest's default is cores − 1)
          maxWorkers: 2,
          sequence: { groupOrder: 0 },
        },
      },
      { extends: true, test: { name: 'alone', include: alone, fileParallelism: false, sequence: { groupOrder: 1 } } },
    ],
  },
});
