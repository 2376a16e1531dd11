// Worker-thread entry of analysisThreads (./analysis.ts): teach require() TypeScript, then load the worker,
// as the server's own pool does from its sources (server/src/ingest/analysis-worker-entry.cjs).
require('tsx/cjs/api').register();
module.exports = require('./analysis-thread-worker.ts');
