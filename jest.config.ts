import type { Config } from 'jest';

// ESM-only packages that must go through Babel under jest.
const esmPackages = ['ol', 'color-rgba', 'color-parse', 'color-space', 'color-name', 'rbush', 'quickselect', 'earcut', 'pbf', 'geotiff', 'd3-.*', 'internmap', 'kdbush', 'geokdbush', 'flatbush', 'flatqueue', 'tinyqueue', 'cookie'].join('|');

const common = {
  transform: { '^.+\\.[cm]?[jt]sx?$': 'babel-jest' },
  transformIgnorePatterns: [`/node_modules/(?!(${esmPackages})/)`],
};

// The server's TypeScript runs through ts-jest, transpile only (isolatedModules): type checking the
// whole program per worker made the server tests twice as slow, and `npm test` runs `tsc --noEmit`
// over server/ and server/test/ before jest anyway. Measurements in docs/testing.md.
const server: Pick<Config, 'transform' | 'transformIgnorePatterns'> = {
  transform: {
    '^.+\\.tsx?$': ['ts-jest', { tsconfig: { isolatedModules: true } }],
    '^.+\\.[cm]?jsx?$': 'babel-jest',
  },
  transformIgnorePatterns: common.transformIgnorePatterns,
};

const config: Config = {
  projects: [
    { ...server, displayName: 'server', testEnvironment: 'node', testMatch: ['<rootDir>/server/test/**/*.test.ts', '<rootDir>/contract/**/*.test.ts'] },
    {
      ...common,
      displayName: 'app',
      testEnvironment: '<rootDir>/src/testing/jsdom-environment.js',
      testMatch: ['<rootDir>/src/**/*.test.ts?(x)'],
      setupFilesAfterEnv: ['<rootDir>/src/testing/setup.ts'],
      moduleNameMapper: { '\\.(css|svg|png)$': '<rootDir>/src/testing/file-stub.ts', '\\.po$': '<rootDir>/src/testing/catalog-stub.ts' },
    },
    { ...common, displayName: 'e2e', testEnvironment: 'node', testMatch: ['<rootDir>/e2e/**/*.test.ts'] },
  ],
  testTimeout: 60000,
  globalSetup: '<rootDir>/scripts/jest-track-timers.cjs',
  globalTeardown: '<rootDir>/scripts/jest-open-handles.cjs',
};

export default config;
