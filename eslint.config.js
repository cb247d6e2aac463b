import js from '@eslint/js';
import reactHooks from 'eslint-plugin-react-hooks';
import globals from 'globals';
import tseslint from 'typescript-eslint';

/** The env modules: the only files that read process.env (DESIGN.md convention 2: one per area). */
const ENV_MODULES = [
  'apps/server/src/env.ts', // the server (zod-validated) and the REST fuzz test's knobs
  'packages/db/src/env.ts', // npm run user:create and the test databases
  'apps/web/devServerEnv.ts', // vite.config.ts: the dev server's proxy target
  'apps/web/e2e/env.mjs', // the e2e runner and specs
  'bench/env.ts', // the performance bench
  'packages/client/examples/env.ts', // the example scripts of the typed client
];
const NO_PROCESS_ENV = 'Read the environment in the env module of this area (eslint.config.js ENV_MODULES), not here.';

export default tseslint.config(
  {
    ignores: [
      '**/node_modules/**',
      '**/dist/**',
      '.tools/**',
      'data/**',
      'drizzle/**',
      '**/routeTree.gen.ts',
      '**/test-results/**',
      '**/*.po',
      '**/locales/**/*.js',
      '**/locales/**/*.mjs',
    ],
  },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  {
    languageOptions: { globals: { ...globals.node } },
    rules: {
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_', varsIgnorePattern: '^_' }],
      '@typescript-eslint/consistent-type-imports': ['error', { fixStyle: 'inline-type-imports' }],
      'no-console': 'off',
    },
  },
  {
    ignores: ENV_MODULES,
    rules: {
      'no-restricted-properties': ['error', { object: 'process', property: 'env', message: NO_PROCESS_ENV }],
      'no-restricted-syntax': [
        'error',
        { selector: "ImportDeclaration[source.value=/^(node:)?process$/] > ImportSpecifier[imported.name='env']", message: NO_PROCESS_ENV },
      ],
    },
  },
  {
    // arrows only downward: lib/ and ui/ are below the features (dependency-cruiser checks the same in npm run deps:check)
    files: ['apps/web/src/lib/**', 'apps/web/src/ui/**'],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          patterns: [
            {
              regex: '(^|/)features(/|$)',
              message: 'lib/ and ui/ sit below the features: move what both need into lib/ or ui/ instead of importing a feature.',
            },
          ],
        },
      ],
    },
  },
  {
    files: ['apps/web/**/*.{ts,tsx}'],
    languageOptions: { globals: { ...globals.browser } },
    plugins: { 'react-hooks': reactHooks },
    rules: { ...reactHooks.configs.recommended.rules },
  },
);
