// Stands in for aria-query inside a test file's sandbox (the app project's moduleNameMapper): the copy the
// test environment loaded once for its worker process (src/testing/jsdom-environment.js). aria-query is
// tables of WAI-ARIA roles that Testing Library and jest-dom only read; building them again in every test
// file cost about 30 ms of CPU per file (docs/testing.md, Session 15).
const shared = globalThis[Symbol.for('flightlog.ariaQuery')];
if (!shared) throw new Error('aria-query was not shared by the test environment: run the app project with src/testing/jsdom-environment.js');
module.exports = shared;
