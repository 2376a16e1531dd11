// Worker-thread entry for the window tests: the XC solver runs many times slower inside jest's module
// sandbox, so the tests analyse and score in a real thread, as the server's analysis pool does.
require('tsx/cjs/api').register();
module.exports = require('./window-worker.ts');
