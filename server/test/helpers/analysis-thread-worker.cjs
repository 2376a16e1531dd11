// Worker-thread entry of analysisThreads (./analysis.ts): the worker compiled for the run, or its source
// through tsx, as the server's own pool loads its compiled worker or server/src/ingest/analysis-worker-entry.cjs.
module.exports = require('./test-worker.cjs')(require.resolve('./analysis-thread-worker.ts'));
