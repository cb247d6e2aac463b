import { defineConfig } from '@lingui/conf';
import { formatter } from '@lingui/format-po';

export default defineConfig({
  sourceLocale: 'de',
  locales: ['de', 'it'],
  fallbackLocales: { default: 'de' },
  catalogs: [
    {
      path: '<rootDir>/src/locales/{locale}/messages',
      include: ['<rootDir>/src'],
      exclude: ['**/*.test.ts', '**/routeTree.gen.ts'],
    },
  ],
  format: formatter({ lineNumbers: false }),
});
