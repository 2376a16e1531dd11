// Worker-thread entry for corpus.test.ts: the analysis runs several times slower inside jest's module
// sandbox (about 60 s of CPU for the corpus against 15-20 s through tsx; docs/validation.md), so the
// test reads the corpus in a real thread, as `npm run validate` and the server's analysis pool do.
const { validateCorpus } = require('../helpers/test-worker.cjs')(require.resolve('./corpus.ts'));
module.exports = () => validateCorpus();
