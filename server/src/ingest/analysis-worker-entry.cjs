// Worker-thread entry of the analysis pool when the server runs from its sources (jest, tsx):
// teach require() TypeScript, then load the worker. The compiled server loads dist/server/analysis-worker.js.
require('tsx/cjs/api').register();
module.exports = require('./analysis-worker.ts');
