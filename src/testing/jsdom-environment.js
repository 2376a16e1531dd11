// jsdom plus the fetch API of Node, which jest's jsdom environment leaves out (RTK Query needs it).
const JSDOMEnvironment = require('jest-environment-jsdom').default;

class JsdomWithFetch extends JSDOMEnvironment {
  constructor(...args) {
    super(...args);
    Object.assign(this.global, { fetch, Request, Response, Headers, AbortController, AbortSignal, structuredClone, TextEncoder, TextDecoder });
  }
}

module.exports = JsdomWithFetch;
