// jsdom plus the fetch API of Node, which jest's jsdom environment leaves out (RTK Query needs it), in a
// process that watches what its tests leave open (scripts/jest-handles.cjs).
const JSDOMEnvironment = require('jest-environment-jsdom').default;
const { reportWhenTerminated, watchThisProcess } = require('../../scripts/jest-handles.cjs');
const { prefilterStyleRules } = require('./style-rule-prefilter.cjs');
const { fastComputedStyle } = require('./computed-style.cjs');
// Loaded once per worker process and handed to every test file (src/testing/shared-aria-query.cjs).
const ariaQuery = require('aria-query');

class JsdomWithFetch extends JSDOMEnvironment {
  constructor(...args) {
    super(...args);
    watchThisProcess();
    reportWhenTerminated();
    prefilterStyleRules(this.global);
    fastComputedStyle(this.global);
    this.global[Symbol.for('flightlog.ariaQuery')] = ariaQuery;
    Object.assign(this.global, { fetch, Request, Response, Headers, AbortController, AbortSignal, structuredClone, TextEncoder, TextDecoder });
  }
}

module.exports = JsdomWithFetch;
