// The import boundaries of the repository, checked by `make test` (docs/adr/008).
// Paths are relative to the repository root; workspace packages (`@darmankar/*`) resolve to
// their real folders, so `@darmankar/auth` and `services/auth/src/index.ts` are the same
// module and the rules tell them apart by how they were imported (`aliased-workspace`).

/** Code outside node_modules and Node's own modules: what the boundaries are about. */
const OURS = {
  couldNotResolve: false,
  dependencyTypesNot: [
    'core',
    'npm',
    'npm-dev',
    'npm-optional',
    'npm-peer',
    'npm-bundled',
    'npm-no-pkg',
    'npm-unknown',
  ],
};

/** @type {import('dependency-cruiser').IConfiguration} */
module.exports = {
  forbidden: [
    {
      name: 'no-service-to-other-service',
      severity: 'error',
      comment: 'A service reaches another only through its gRPC contract or its events, never its code.',
      from: { path: '^services/([^/]+)/' },
      to: { path: '^services/([^/]+)/', pathNot: '^services/$1/' },
    },
    {
      name: 'gateway-src-only-contracts-and-platform',
      severity: 'error',
      comment:
        'The gateway speaks to services over gRPC: besides npm packages it imports its own code, the generated contracts (@darmankar/proto) and the platform.',
      from: { path: '^gateway/src/' },
      to: { ...OURS, pathNot: '^(gateway/|proto/|packages/platform/)' },
    },
    {
      name: 'gateway-http-layer-knows-no-service',
      severity: 'error',
      comment:
        "The generic HTTP layer (routes, sessions, cookies, limits) serves every service module; a service's adapter and routes live in gateway/src/services/<name>/.",
      from: { path: '^gateway/src/http/' },
      to: { path: '^gateway/src/services/' },
    },
    {
      name: 'no-circular-within-a-part',
      severity: 'error',
      comment:
        "No import circle inside a part (the gateway, the web app, a service, a package): who reads whom goes one way, so config.ts builds on the service modules and they never import it back (docs/adr/011). Circles between parts are already refused by the rules above; Prisma's generated client is not ours.",
      from: {
        path: '^(gateway|web|services/[^/]+|packages/[^/]+|proto|scripts|deploy|bench)/',
        pathNot: '/src/db/generated/',
      },
      to: { path: '^$1/', circular: true },
    },
    {
      name: 'gateway-test-only-contracts-platform-and-services',
      severity: 'error',
      comment: 'Gateway tests import what the gateway may, plus services to start them.',
      from: { path: '^gateway/test/' },
      to: { ...OURS, pathNot: '^(gateway/|proto/|packages/platform/|services/)' },
    },
    {
      name: 'service-internals-stay-inside',
      severity: 'error',
      comment:
        'Outside its own folder a service is used through its package entry (@darmankar/<name>: config schema, migrations, start), never a file inside its source; tests and the chart check included.',
      from: { pathNot: '^services/' },
      to: { path: '^services/', pathNot: '^services/[^/]+/src/index\\.ts$' },
    },
    {
      name: 'service-entry-by-name',
      severity: 'error',
      comment: 'The package entry imported by a relative path is still a path into the service: use @darmankar/<name>.',
      from: { pathNot: '^services/' },
      to: { path: '^services/[^/]+/src/index\\.ts$', dependencyTypesNot: ['aliased-workspace'] },
    },
    {
      name: 'web-no-service-or-gateway',
      severity: 'error',
      comment: 'The web app talks to the gateway over HTTP; it imports no service or gateway source.',
      from: { path: '^web/' },
      to: { path: '^(services|gateway)/' },
    },
    {
      name: 'web-app-browser-safe-platform-only',
      severity: 'error',
      comment:
        'Code that reaches the browser bundle imports only the browser-safe platform modules (docs/conventions.md).',
      from: { path: '^web/app/' },
      to: {
        path: '^packages/platform/',
        pathNot: [
          '^packages/platform/src/(errors/catalogue|persian|jalali|money|number-words|print|session-cookies|closed-lists|hiring-defaults)\\.ts$',
          '^packages/platform/src/closed-lists/[^/]+\\.json$',
        ],
      },
    },
    {
      name: 'platform-no-service-or-gateway',
      severity: 'error',
      comment: 'The platform is the floor every part stands on; it depends on none of them.',
      from: { path: '^packages/platform/' },
      to: { path: '^(services|gateway|web)/' },
    },
    {
      name: 'domain-no-transport',
      severity: 'error',
      comment:
        'Business rules know nothing of gRPC, HTTP or generated contracts: the rpc/ handlers translate. Nor of the outside adapters: the domain declares the port, src/adapters/ implements it, app.ts wires them.',
      from: { path: '^services/([^/]+)/src/domain/' },
      to: {
        path: [
          '(^|/)node_modules/@grpc/grpc-js/',
          '(^|/)node_modules/express/',
          '^proto/',
          '^services/$1/src/rpc/',
          '^services/$1/src/adapters/',
        ],
      },
    },
    {
      name: 'domain-no-prisma-runtime-errors',
      severity: 'error',
      comment:
        'Database errors are translated where the query is written (src/db), not caught as Prisma runtime types in the domain. The generated client re-exports them (Prisma.PrismaClientKnownRequestError), so only type imports of it are allowed here.',
      from: { path: '^services/([^/]+)/src/domain/' },
      to: {
        path: ['(^|/)node_modules/@prisma/client/runtime/', '^services/$1/src/db/generated/'],
        dependencyTypesNot: ['type-only'],
      },
    },
    {
      name: 'no-unresolvable',
      severity: 'error',
      comment: 'An import the cruiser cannot resolve escapes every rule above.',
      from: {},
      // React Router's route types (./+types/<route>) are generated into .react-router/types.
      to: { couldNotResolve: true, pathNot: '(^|/)\\+types/' },
    },
  ],
  options: {
    doNotFollow: { path: '(^|/)node_modules/' },
    // Builds, generated route types and test output are not source.
    exclude: { path: '(^|/)(build|\\.react-router|test-results|\\.data)/' },
    // ESM throughout: a local function called `require` is not a CommonJS import.
    moduleSystems: ['es6', 'tsd'],
    tsPreCompilationDeps: true,
    tsConfig: { fileName: 'tsconfig.json' },
    enhancedResolveOptions: {
      exportsFields: ['exports'],
      conditionNames: ['import', 'require', 'node', 'default', 'types'],
      extensions: ['.ts', '.tsx', '.mts', '.js', '.mjs', '.cjs', '.d.ts', '.json'],
      mainFields: ['module', 'main', 'types', 'typings'],
    },
    // Workspace packages are recognised from the root package.json's `workspaces`.
    combinedDependencies: true,
    skipAnalysisNotInRules: true,
  },
};
