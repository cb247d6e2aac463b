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
      name: 'no-api-folder-cycles',
      severity: 'error',
      comment:
        'No cycle between the folders of packages/api (routers, services, the service areas, the ledger), even without a module cycle: of two folders that need each other one sits below the other.',
      scope: 'folder',
      from: { path: '^packages/api/src' },
      to: { path: '^packages/api/src', circular: true },
    },
    {
      name: 'no-service-area-imports',
      severity: 'error',
      comment:
        'A service area (a folder directly under packages/api/src/services) imports itself, the ledger (services/ledger) and the shared top-level services (services/*.ts), never another area: what two areas need belongs in the ledger, or the router joins them. Tests (*.test.ts) may look through another area.',
      from: { path: '^packages/api/src/services/([^/]+)/', pathNot: ['^packages/api/src/services/ledger/', '\\.test\\.ts$'] },
      to: { path: '^packages/api/src/services/[^/]+/', pathNot: ['^packages/api/src/services/$1/', '^packages/api/src/services/ledger/'] },
    },
    {
      name: 'ledger-imports-no-service',
      severity: 'error',
      comment:
        'services/ledger is the kernel every booking area stands on: it imports nothing of packages/api but itself and the base modules (errors, context, guards) — no area, no top-level service, no router.',
      from: { path: '^packages/api/src/services/ledger/', pathNot: '\\.test\\.ts$' },
      to: { path: '^packages/api/src/(services|routers)/|^packages/api/src/(root|trpc|index)\\.ts$', pathNot: '^packages/api/src/services/ledger/' },
    },
    {
      name: 'shared-services-import-no-area',
      severity: 'error',
      comment:
        'The top-level services (services/*.ts: scope, access, years, accounts, overview, …) are shared: any area may import them, so they import the ledger and each other, never an area folder.',
      from: { path: '^packages/api/src/services/[^/]+\\.ts$', pathNot: '\\.test\\.ts$' },
      to: { path: '^packages/api/src/services/[^/]+/', pathNot: '^packages/api/src/services/ledger/' },
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
