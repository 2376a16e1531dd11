// Worker-thread entry of the analysis pool: teach require() TypeScript, then load the worker.
require('tsx/cjs/api').register();
module.exports = require('./analysis-worker.ts');
