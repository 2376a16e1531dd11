// Worker-thread entry for the window tests: the XC solver runs many times slower inside jest's module
// sandbox, so the tests analyse and score in a real thread, as the server's analysis pool does.
module.exports = require('../helpers/test-worker.cjs')(require.resolve('./window-worker.ts'));
