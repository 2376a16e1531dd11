import type { Config } from 'jest';

// ESM-only packages that must go through Babel under jest.
const esmPackages = ['ol', 'color-rgba', 'color-parse', 'color-space', 'color-name', 'rbush', 'quickselect', 'earcut', 'pbf', 'geotiff', 'd3-.*', 'internmap', 'kdbush', 'geokdbush', 'tinyqueue', 'cookie'].join('|');

const common = {
  transform: { '^.+\\.[cm]?[jt]sx?$': 'babel-jest' },
  transformIgnorePatterns: [`/node_modules/(?!(${esmPackages})/)`],
};

const config: Config = {
  projects: [
    { ...common, displayName: 'server', testEnvironment: 'node', testMatch: ['<rootDir>/server/test/**/*.test.ts', '<rootDir>/contract/**/*.test.ts'] },
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
};

export default config;
