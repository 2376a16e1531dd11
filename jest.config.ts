import { availableParallelism, tmpdir } from 'node:os';
import { join } from 'node:path';
import type { Config } from 'jest';

// ESM-only packages that must go through Babel under jest.
const esmPackages = ['ol', 'color-rgba', 'color-parse', 'color-space', 'color-name', 'rbush', 'quickselect', 'earcut', 'pbf', 'geotiff', 'd3-.*', 'internmap', 'kdbush', 'geokdbush', 'flatbush', 'flatqueue', 'tinyqueue', 'cookie'].join('|');

// Outside the clone, so a new clone of the same sources (CI clones into a new folder each time) finds the
// transforms of the last one; a project option (jest reads none from the top level once there are projects).
const cacheDirectory = join(tmpdir(), 'flightlog-jest');

// Every transformer goes through scripts/jest-transform.cjs, whose cache keys hold no absolute path.
const via = (use: string, options?: Record<string, unknown>): [string, Record<string, unknown>] => ['<rootDir>/scripts/jest-transform.cjs', { use, options }];

const common = {
  cacheDirectory,
  transform: { '^.+\\.[cm]?[jt]sx?$': via('babel-jest') },
  transformIgnorePatterns: [`/node_modules/(?!(${esmPackages})/)`],
};

// The server's TypeScript runs through ts-jest, transpile only (isolatedModules): type checking the
// whole program per worker made the server tests twice as slow, and `npm test` runs `tsc --noEmit`
// over server/ and server/test/ before jest anyway. Measurements in docs/testing.md.
const server: Pick<Config, 'cacheDirectory' | 'transform' | 'transformIgnorePatterns'> = {
  cacheDirectory,
  transform: {
    '^.+\\.tsx?$': via('ts-jest', { tsconfig: { isolatedModules: true } }),
    '^.+\\.[cm]?jsx?$': via('babel-jest'),
  },
  transformIgnorePatterns: common.transformIgnorePatterns,
};

const config: Config = {
  projects: [
    // A fixed id per project (jest's default hashes the root folder), so the cache folder is the same in every clone.
    { ...server, id: 'flightlog-server', displayName: 'server', testEnvironment: '<rootDir>/scripts/jest-node-environment.cjs', testMatch: ['<rootDir>/server/test/**/*.test.ts', '<rootDir>/contract/**/*.test.ts'] },
    {
      ...common,
      id: 'flightlog-app',
      displayName: 'app',
      testEnvironment: '<rootDir>/src/testing/jsdom-environment.js',
      testMatch: ['<rootDir>/src/**/*.test.ts?(x)'],
      setupFilesAfterEnv: ['<rootDir>/src/testing/setup.ts'],
      moduleNameMapper: { '^aria-query$': '<rootDir>/src/testing/shared-aria-query.cjs', '\\.(css|svg|png)$': '<rootDir>/src/testing/file-stub.ts', '\\.po$': '<rootDir>/src/testing/catalog-stub.ts' },
    },
    { ...common, id: 'flightlog-e2e', displayName: 'e2e', testEnvironment: '<rootDir>/scripts/jest-node-environment.cjs', testMatch: ['<rootDir>/e2e/**/*.test.ts'] },
  ],
  testTimeout: 60000,
  // One worker process per core: jest's default (cores - 1) meant one worker on two cores, so every file ran
  // in jest's own process, one after the other. The files share no port, folder or database (docs/testing.md).
  // With the browser journeys one more: a journey waits on Chromium and its server much of the time, and with a
  // worker per core the two cores stood idle 42 % of a CI run (docs/testing.md, "One worker per core").
  maxWorkers: Math.max(2, availableParallelism()) + (process.env.CHROMIUM_PATH ? 1 : 0),
  // Journeys alternate with the other files (scripts/jest-sequencer.cjs).
  testSequencer: '<rootDir>/scripts/jest-sequencer.cjs',
  globalSetup: '<rootDir>/scripts/jest-global-setup.cjs',
  globalTeardown: '<rootDir>/scripts/jest-global-teardown.cjs',
};

export default config;
