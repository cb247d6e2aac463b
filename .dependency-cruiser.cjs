/**
 * Import rules (issue 10): arrows only point downward.
 * Run with `npm run deps:check` (part of `npm test`).
 * @type {import('dependency-cruiser').IConfiguration}
 */
module.exports = {
  forbidden: [
    {
      name: 'no-circular',
      severity: 'error',
      comment: 'No import cycles inside the apps and packages sources.',
      from: { path: '^(apps/(web|server)/src|packages/[^/]+/src)/' },
      to: { circular: true },
    },
    {
      name: 'no-feature-cycles',
      severity: 'error',
      comment:
        'No cycle between the web features (folders under apps/web/src/features), even without a module cycle: of two features that need each other one sits below the other; move what both need down (the lower feature, lib/ or ui/).',
      scope: 'folder',
      from: { path: '^apps/web/src/features/[^/]+' },
      to: { path: '^apps/web/src/features/[^/]+', circular: true },
    },
    {
      name: 'web-lib-ui-not-features',
      severity: 'error',
      comment: 'apps/web/src/lib and apps/web/src/ui are shared building blocks: they must not import features.',
      from: { path: '^apps/web/src/(lib|ui)/' },
      to: { path: '^apps/web/src/features/' },
    },
    {
      name: 'packages-not-apps',
      severity: 'error',
      comment: 'Packages are libraries for the apps: they never import apps/*.',
      from: { path: '^packages/' },
      to: { path: '^apps/' },
    },
  ],
  options: {
    doNotFollow: { path: 'node_modules' },
    exclude: { path: '(^|/)(node_modules|dist|test-results|drizzle)/|routeTree\\.gen\\.ts$' },
    tsPreCompilationDeps: true,
    enhancedResolveOptions: {
      exportsFields: ['exports'],
      conditionNames: ['import', 'require', 'node', 'default', 'types'],
      extensions: ['.ts', '.tsx', '.js', '.mjs', '.cjs', '.json'],
    },
    reporterOptions: { text: { highlightFocused: true } },
  },
};
