// Worker-thread entry for the optimizer's oracle tests: igc-xc-score runs many times slower inside
// jest's module sandbox, so both optimizers run in a real thread, as the server's analysis pool does.
module.exports = require('../helpers/test-worker.cjs')(require.resolve('./oracle-worker.ts'));
