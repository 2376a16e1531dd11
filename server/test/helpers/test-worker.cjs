// Loads a worker thread's TypeScript module for the tests' own pools (the optimizer's oracle, the analysis
// windows, the labelled corpus, analysisThreads): the copy the global setup compiled for this run
// (FLIGHTLOG_TEST_SERVER_DIR/test-workers, scripts/build-if-stale.mjs TEST_WORKER_ENTRIES), else the source
// through tsx (a file run without the global setup), which compiles it again in every thread (about 0.4 s of CPU).
const { existsSync } = require('node:fs');
const { join, relative } = require('node:path');

module.exports = function loadTestWorker(source) {
  const dir = process.env.FLIGHTLOG_TEST_SERVER_DIR;
  const compiled = dir && join(dir, 'test-workers', relative(join(__dirname, '..'), source).replace(/\.ts$/, '.js'));
  if (compiled && existsSync(compiled)) return require(compiled);
  require('tsx/cjs/api').register();
  return require(source);
};
