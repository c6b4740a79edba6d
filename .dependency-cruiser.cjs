/**
 * The layering rules (DEVELOPERS.md; docs/decisions.md, "Layering, checked by a tool"),
 * checked by dependency-cruiser on every import, .ts and .tsx, in `npm test`
 * (tools/architecture/layering.spec.ts). A violation names its rule.
 */
const TESTS = '\\.(spec|int-spec|e2e-spec|contract|fixture|mongo-double)\\.tsx?$|/(e2e|testing)/|^e2e/';
const DRIVERS = '^node_modules/(kafkajs|mongoose|ioredis|lmdb|express|multer|@grpc|@aws-sdk)/';
/** Adapters: an app's adapters and transports, a lib's adapter modules and their entry points. */
const ADAPTERS =
  '^apps/[^/]+/src/(adapters|grpc)/|^libs/[^/]+/src/[^/]*\\.(embedded|mongo)[-.][^/]*\\.ts$|^libs/[^/]+/src/(embedded|mongo|kafka|redis|s3)[-.][^/]*\\.ts$|^libs/[^/]+/src/(embedded|mongo|kafka|redis|s3)\\.ts$';
/** Domain code: an app's domain, and the libs that hold shapes and rules rather than drivers. */
const DOMAIN = '^apps/[^/]+/src/domain/|^libs/(contracts|clock|couriers|webhooks|accounts|webhook-deliveries|wording|proof-media)/src/';

module.exports = {
  forbidden: [
    {
      name: 'domain-reaches-no-driver',
      comment: 'Domain code knows ports, never a driver: not even through a barrel that loads an adapter.',
      severity: 'error',
      from: { path: DOMAIN, pathNot: `${TESTS}|${ADAPTERS}` },
      to: { path: DRIVERS, reachable: true },
    },
    {
      name: 'domain-imports-no-adapter',
      comment: 'Domain code imports ports; the composition (start.ts, main.ts) hands it the adapters.',
      severity: 'error',
      from: { path: DOMAIN, pathNot: `${TESTS}|${ADAPTERS}` },
      to: { path: ADAPTERS },
    },
    {
      name: 'no-app-imports-another-app',
      comment: 'Apps share through libs; the standalone is the one composition root.',
      severity: 'error',
      from: { path: '^apps/([^/]+)/', pathNot: `^apps/standalone/|${TESTS}` },
      to: { path: '^apps/', pathNot: '^apps/$1/' },
    },
    {
      name: 'standalone-through-entry-points',
      comment: 'The standalone composes each app through its public entry point (apps/<app>/src/index.ts), never its insides.',
      severity: 'error',
      from: { path: '^apps/standalone/', pathNot: TESTS },
      to: { path: '^apps/(?!standalone/)[^/]+/src/(?!index\\.ts$)' },
    },
    {
      name: 'system-tests-through-entry-points',
      comment: 'The system tests (e2e/) start and drive the apps as a composition does: through each app\'s src/index.ts, never its insides.',
      severity: 'error',
      from: { path: '^e2e/' },
      to: { path: '^apps/[^/]+/src/(?!index\\.ts$)' },
    },
    {
      name: 'libs-import-no-app',
      severity: 'error',
      from: { path: '^libs/' },
      to: { path: '^apps/' },
    },
    {
      name: 'port-entry-points-export-no-adapter',
      comment: "A lib's main entry holds its ports; adapters have their own entry (@delivery/<lib>/mongo, /embedded, /kafka, /redis).",
      severity: 'error',
      from: { path: '^libs/(?!testing/)[^/]+/src/index\\.ts$' },
      to: { path: ADAPTERS },
    },
    {
      name: 'console-imports-only-api-types',
      comment: 'The console is a browser page: it knows the console API through its schemas in libs/contracts, nothing of the server.',
      severity: 'error',
      from: { path: '^apps/console/' },
      to: { pathNot: '^apps/console/|^libs/contracts/|^node_modules/(react|react-dom|scheduler|zod|leaflet)/' },
    },
    {
      name: 'production-code-imports-no-testing-lib',
      severity: 'error',
      from: { pathNot: `${TESTS}|^tools/|^bench/` },
      to: { path: '^libs/testing/' },
    },
    {
      name: 'domain-folders-import-no-tracing-or-transport',
      comment:
        "An app's domain takes typed events from a consumer file per topic and calls ports: spans, frames and the wire stay at the edge (consumers, adapters, grpc).",
      severity: 'error',
      from: { path: '^apps/[^/]+/src/domain/', pathNot: TESTS },
      to: { path: '^libs/observability/|^libs/event-bus/|^libs/rpc/|^node_modules/(kafkajs|@grpc|express|@opentelemetry)/' },
    },
    {
      name: 'settings-change-through-use-cases',
      comment:
        "Console routes and admin commands read accounts through AccountReader and change them through accountSettings (libs/accounts/src/settings): the store's write half is the use cases' and the compositions' alone.",
      severity: 'error',
      from: { path: '^apps/gateway/src/routes/|^apps/admin/src/(?!main\\.ts$|admin-deps\\.ts$)', pathNot: TESTS },
      to: { path: '^libs/accounts/src/(store|account\\.repository|sealed-account\\.repository)\\.ts$' },
    },
    {
      name: 'no-circular',
      comment: 'No module reaches itself through its imports: a shared shape gets a file of its own.',
      severity: 'error',
      from: {},
      to: { circular: true },
    },
    {
      name: 'contracts-depend-on-zod-alone',
      severity: 'error',
      from: { path: '^libs/contracts/', pathNot: TESTS },
      to: { path: '^(apps|libs)/|^node_modules/', pathNot: '^libs/contracts/|^node_modules/zod/' },
    },
  ],
  options: {
    doNotFollow: { path: 'node_modules' },
    exclude: { path: '^libs/rpc/src/generated/|^dist/' },
    tsPreCompilationDeps: true,
    tsConfig: { fileName: 'tsconfig.base.json' },
    enhancedResolveOptions: {
      exportsFields: ['exports'],
      conditionNames: ['import', 'require', 'node', 'default'],
      extensions: ['.ts', '.tsx', '.js', '.json'],
    },
    moduleSystems: ['cjs', 'es6'],
  },
};
