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
  roots: ['<rootDir>/apps', '<rootDir>/libs', '<rootDir>/tools', '<rootDir>/e2e'],
  transform: { '^.+\\.ts$': ['ts-jest', { tsconfig: '<rootDir>/tsconfig.json' }] },
  moduleNameMapper,
};

module.exports = {
  globalSetup: '<rootDir>/libs/testing/src/jest-global-setup.js',
  testTimeout: 30_000,
  // Three: most suites wait on their servers and child processes more than they compute, so a
  // third worker fills the two cores the waits leave idle.
  maxWorkers: 3,
  testSequencer: '<rootDir>/tools/ci/test-sequencer.js',
  // Each suite runs once. The gateway's suites call the services in process, which give the
  // values the wire gives (docs/decisions.md, "The standalone's calls between services");
  // what only the wire adds has its own suite (e2e/grpc-transport.e2e-spec.ts),
  // and the distributed suites run every flow over gRPC between processes.
  projects: [{ ...project, displayName: 'all', testMatch: selected }],
};
