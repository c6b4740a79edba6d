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

module.exports = {
  rootDir: __dirname,
  testEnvironment: 'node',
  roots: ['<rootDir>/apps', '<rootDir>/libs', '<rootDir>/tools'],
  testMatch: selected,
  transform: { '^.+\\.ts$': ['ts-jest', { tsconfig: '<rootDir>/tsconfig.json' }] },
  moduleNameMapper,
  globalSetup: '<rootDir>/libs/testing/src/jest-global-setup.js',
  testTimeout: 30_000,
  maxWorkers: 2,
};
