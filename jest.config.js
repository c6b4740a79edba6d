/**
 * One Jest run for the whole workspace. Types are checked once by `npm run typecheck`,
 * so ts-jest only transpiles (isolatedModules) and suites start fast.
 */
const { compilerOptions } = require('./tsconfig.base.json');

const moduleNameMapper = Object.fromEntries(
  Object.entries(compilerOptions.paths).map(([alias, [target]]) => [`^${alias}$`, `<rootDir>/${target}`]),
);

const kinds = {
  unit: ['**/*.spec.ts'],
  integration: ['**/*.int-spec.ts'],
  e2e: ['**/*.e2e-spec.ts'],
};
const selected = process.env.TEST_KIND ? kinds[process.env.TEST_KIND] : Object.values(kinds).flat();

const project = {
  rootDir: __dirname,
  testEnvironment: 'node',
  roots: ['<rootDir>/apps', '<rootDir>/libs', '<rootDir>/tools'],
  transform: { '^.+\\.ts$': ['ts-jest', { tsconfig: '<rootDir>/tsconfig.json' }] },
  moduleNameMapper,
};

module.exports = {
  globalSetup: '<rootDir>/libs/testing/src/jest-global-setup.js',
  testTimeout: 30_000,
  maxWorkers: 2,
  projects: [
    { ...project, displayName: 'all', testMatch: selected },
    // The standalone calls its services in process; the gateway's end-to-end suites run a
    // second time with them served over gRPC on loopback, so both adapters pass the same tests.
    ...(selected.includes(kinds.e2e[0])
      ? [
          {
            ...project,
            displayName: 'gateway e2e over gRPC',
            testMatch: ['<rootDir>/apps/gateway/e2e/**/*.e2e-spec.ts'],
            // Not the API over its transport: the console's page in a browser, the README's
            // walkthroughs (also run against the distributed shape, all gRPC), the admin CLI
            // (which reads orders over a real gRPC port in either run), and the console's
            // sign-in flood (the gateway's own accounts store, no service called).
            testPathIgnorePatterns: ['/console-page\\.', '/readme-walkthrough\\.', '/admin-orders\\.', '/console-sign-in-flood\\.'],
            setupFiles: ['<rootDir>/libs/testing/src/e2e-over-grpc.js'],
          },
        ]
      : []),
  ],
};
