// Import rules that keep features apart (docs/decisions/007-feature-seams.md), checked by
// `npm run lint`.
// scripts/import-rules.test.ts shows that each rule can fail.
// Every rule counts `import type` as well: a cycle made only of types is still a cycle, and
// a type imported from another feature's internals still ties the two features together.

/** @type {import('dependency-cruiser').IConfiguration} */
module.exports = {
  forbidden: [
    {
      name: 'no-circular',
      severity: 'error',
      comment: 'No import cycles, type-only imports included.',
      from: {},
      to: { circular: true },
    },
    {
      name: 'feature-internals',
      severity: 'error',
      comment:
        "A feature reaches another feature only through that feature's top-level service.ts " +
        "or index.ts. Tests may use other features' helpers, and any feature's testing/ folder.",
      from: {
        path: '^server/features/([^/]+)/',
        pathNot: ['\\.test\\.ts$', '^server/features/[^/]+/testing/'],
      },
      to: {
        path: '^server/features/[^/]+/',
        pathNot: [
          '^server/features/$1/',
          '^server/features/[^/]+/(service|index)\\.ts$',
          '^server/features/[^/]+/testing/',
        ],
      },
    },
    {
      name: 'lib-is-a-library',
      severity: 'error',
      comment:
        'server/lib holds pure engines: features import them, never the other way round, and ' +
        'they do not reach the composition root (app.ts, services.ts) or the job registry.',
      from: { path: '^server/lib/' },
      to: { path: '^server/(features/|jobs/|jobs\\.ts$|app\\.ts$|services\\.ts$)' },
    },
    {
      name: 'client-screens',
      severity: 'error',
      comment:
        'A screen (client/pages/<screen>/) uses only its own widgets; shared ones go to ' +
        'client/components or client/lib.',
      from: { path: '^client/pages/([^/]+)/' },
      to: { path: '^client/pages/', pathNot: '^client/pages/$1/' },
    },
    {
      name: 'client-shared-code',
      severity: 'error',
      comment: 'client/components and client/lib are shared by the screens and import none.',
      from: { path: '^client/(components|lib)/' },
      to: { path: '^client/pages/' },
    },
    {
      name: 'common-is-shared',
      severity: 'error',
      comment: 'common/ is the contract both sides import, so it imports neither.',
      from: { path: '^common/' },
      to: { path: '^(server|client)/' },
    },
    {
      name: 'server-client-apart',
      severity: 'error',
      comment: 'The server and the client meet only in common/.',
      from: { path: '^(server|client)/' },
      to: { path: '^(server|client)/', pathNot: '^$1/' },
    },
    {
      name: 'not-to-unresolvable',
      severity: 'error',
      comment:
        'An import the cruiser cannot resolve is one no rule above can see, so it fails ' +
        'rather than passing unchecked.',
      from: {},
      to: { couldNotResolve: true },
    },
  ],
  options: {
    doNotFollow: { path: 'node_modules' },
    // Follow `import type` and type-only re-exports, which the compiled JavaScript drops.
    tsPreCompilationDeps: true,
    // For the @/ and @common/ paths.
    tsConfig: { fileName: 'tsconfig.json' },
    enhancedResolveOptions: {
      exportsFields: ['exports'],
      conditionNames: ['import', 'require', 'node', 'default', 'types'],
      mainFields: ['module', 'main', 'types', 'typings'],
    },
    skipAnalysisNotInRules: true,
  },
};
