import { availableParallelism } from 'node:os';

/**
 * Jest runs the TypeScript sources as ES modules, transpiled file by file with esbuild (test/support/esbuild-transform.mjs;
 * `npm run typecheck` type-checks).
 */
export default {
  testEnvironment: 'node',
  extensionsToTreatAsEsm: ['.ts'],
  moduleNameMapper: { '^(\\.{1,2}/.*)\\.js$': '$1' },
  transform: {
    '^.+\\.ts$': '<rootDir>/test/support/esbuild-transform.mjs',
  },
  testMatch: ['<rootDir>/test/**/*.test.ts'],
  globalSetup: '<rootDir>/test/support/global-setup.mjs',
  globalTeardown: '<rootDir>/test/support/global-teardown.mjs',
  testTimeout: 60000,
  // Jest's default is one worker less than the cores: on a 2-core runner that is one, and every suite ran in band.
  // Many suites wait on child processes (git, helm, kubectl, Chromium), so use at least two workers, one per core above.
  maxWorkers: Math.max(2, availableParallelism()),
};
