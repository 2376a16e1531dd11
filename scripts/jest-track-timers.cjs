// Says once which groups of tests this run skips, and remembers where each interval and each timer of 5 s or more was created, so that the global teardown
// (jest-open-handles.cjs) can say which test code left one running. Installed before the test
// environments copy the timer functions into their globals.
const { promisify } = require('node:util');

const LONG_MS = 5000;

/** One line per group of tests this run leaves out, said once for the whole run. */
function noteSkippedGroups() {
  if (!process.env.TEST_DATABASE_URL) console.info('PostgreSQL runs skipped: set TEST_DATABASE_URL=postgres://... to include them.');
  if (!process.env.CHROMIUM_PATH) console.info('Browser journeys skipped: set CHROMIUM_PATH to a Chromium binary (e.g. /usr/bin/chromium).');
}

module.exports = async function trackTimers() {
  noteSkippedGroups();
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
