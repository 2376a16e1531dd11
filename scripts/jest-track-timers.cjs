// Remembers where each interval and each timer of 5 s or more was created, so that the global teardown
// (jest-open-handles.cjs) can say which test code left one running. Installed before the test
// environments copy the timer functions into their globals.
const { promisify } = require('node:util');

const LONG_MS = 5000;

module.exports = async function trackTimers() {
  const tracked = new Set();
  globalThis.__openTimers = tracked;
  for (const name of ['setInterval', 'setTimeout']) {
    const original = globalThis[name];
    globalThis[name] = function trackedTimer(callback, ms, ...args) {
      const timer = original.call(this, callback, ms, ...args);
      if (name === 'setInterval' || (ms ?? 0) >= LONG_MS) {
        timer.__createdAt = new Error(`${name}(${ms} ms)`).stack;
        tracked.add(timer);
        if (tracked.size % 500 === 0) for (const t of tracked) if (t._destroyed) tracked.delete(t);
      }
      return timer;
    };
    // util.promisify(setTimeout) keeps working.
    globalThis[name][promisify.custom] = original[promisify.custom];
  }
};
